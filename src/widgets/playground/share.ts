/**
 * Share links: the code, deflated and base64url-encoded, in the URL's hash
 * (`#play-<name>=<data>`), so nothing leaves the reader's browser until they send the link.
 */
import { packText, unpackText } from "../../course/url-text.ts";

export function shareHashPrefix(name: string): string {
  return `#play-${name}=`;
}

export async function shareUrl(name: string, code: string): Promise<string> {
  return `${location.origin}${location.pathname}${shareHashPrefix(name)}${await packText(code)}`;
}

/** The shared code for this playground in the current URL, if any. */
export async function sharedCode(name: string): Promise<string | null> {
  const prefix = shareHashPrefix(name);
  if (!location.hash.startsWith(prefix)) return null;
  try {
    return await unpackText(location.hash.slice(prefix.length));
  } catch {
    return null;
  }
}
