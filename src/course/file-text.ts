/**
 * A file's text as the course reads it, on the page and in the terminal alike: a byte-order mark
 * (U+FEFF) at its start is no part of it. Windows Notepad writes one at the start of a file it saves
 * as "UTF-8 with BOM". The page reads an imported file with File.text(), whose UTF-8 decode drops
 * it (https://encoding.spec.whatwg.org/#utf-8-decode); Node's readFileSync(path, "utf8") keeps it,
 * and JSON.parse then refuses the whole file as not JSON.
 */
export function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
