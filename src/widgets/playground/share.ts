/**
 * Share links: the code, deflated and base64url-encoded, in the URL's hash
 * (`#play-<name>=<data>`), so nothing leaves the reader's browser until they send the link.
 */
import { packText, UnpackedTooLarge, unpackText } from "../../course/url-text.ts";

export function shareHashPrefix(name: string): string {
  return `#play-${name}=`;
}

export async function shareUrl(name: string, code: string): Promise<string> {
  return `${location.origin}${location.pathname}${shareHashPrefix(name)}${await packText(code)}`;
}

/**
 * What a URL hash holds for one playground: nothing (no link for it), its code, or a link that
 * could not be read, with why in words. A damaged link is not the same as no link: the reader
 * followed it expecting someone's code, so the playground must say it is showing something else.
 */
export type SharedCode = { kind: "none" } | { kind: "code"; code: string } | { kind: "damaged"; reason: string };

/** The shared code for this playground in `hash` (a location's hash, "#play-<name>=<data>"). */
export async function readSharedCode(name: string, hash: string): Promise<SharedCode> {
  const prefix = shareHashPrefix(name);
  if (!hash.startsWith(prefix)) return { kind: "none" };
  try {
    // Fatal on bytes that are not UTF-8: the page packed text, so such bytes mean damage, and
    // decoding them anyway would show garbled code as if it were what was shared.
    return { kind: "code", code: await unpackText(hash.slice(prefix.length), { fatal: true }) };
  } catch (error) {
    if (error instanceof UnpackedTooLarge)
      return { kind: "damaged", reason: `it is too large (${error.message}, far more than any program)` };
    return { kind: "damaged", reason: "it is damaged, perhaps cut short when it was copied" };
  }
}

/** The shared code for this playground in the current URL. */
export function sharedCode(name: string): Promise<SharedCode> {
  return readSharedCode(name, location.hash);
}
