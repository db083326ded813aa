/**
 * Share links: the map text, deflated and base64url-encoded, in the URL hash
 * (`#map=1.<data>`), so a map travels in a link without any server.
 */
import { packText, UnpackedTooLarge, unpackText } from "./url-text.ts";

const prefix = "#map=";
const version = "1.";

/** "#map=1.<data>" for a map text. */
export async function encodeShareHash(text: string): Promise<string> {
  return prefix + version + (await packText(text));
}

/** Whether a location hash carries a shared map. */
export const isShareHash = (hash: string) => hash.startsWith(prefix);

/** The map text in a share hash; throws with a readable message when the link is damaged. */
export async function decodeShareHash(hash: string): Promise<string> {
  if (!isShareHash(hash)) throw new Error("this link carries no map");
  const payload = hash.slice(prefix.length);
  if (!payload.startsWith(version)) throw new Error("this map link was made by a newer version of the page");
  try {
    return await unpackText(payload.slice(version.length), { fatal: true });
  } catch (error) {
    if (error instanceof UnpackedTooLarge)
      throw new Error(`this map link is too large: ${error.message}, far more than any map the builder takes`);
    throw new Error("this map link is damaged (was it cut short when it was copied?)");
  }
}
