/**
 * Where a link carries a game day result code: after `code=` in its query or fragment. Its own
 * module, importing nothing, so the page's bootstrap can ask whether the address holds a code
 * without loading the game.
 */

/**
 * The code after `code=` in `text` (a whole link, or a location's hash), %-escapes decoded, or
 * null when there is none. A malformed escape ("%E0%A4%A", a link cut short) is left as it is,
 * never thrown: the code's own check then says the code is damaged, where a thrown URIError froze
 * the game day and hid the results board's stored runs.
 */
export function codeInLink(text: string): string | null {
  const match = /[#&?]code=([^&#\s]+)/.exec(text);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}
