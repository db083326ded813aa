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
  // Nothing after "#map=" (or only the version): the link was cut short, not made elsewhere.
  if (version.startsWith(payload))
    throw new Error(`this map link is empty: it has no map after "${prefix}" (was it cut short when it was copied?)`);
  if (!payload.startsWith(version)) {
    // Only a later version's number ("2.") means a newer page: anything else (no number, a
    // hand-edited hash) is no map link at all, and calling it newer would send the reader
    // looking for an update that does not exist.
    const number = /^(\d+)\./.exec(payload)?.[1];
    if (number !== undefined && Number(number) > Number.parseInt(version, 10))
      throw new Error("this map link was made by a newer version of the page");
    throw new Error(`this is not a map link the builder made (its map part should start with "${version}")`);
  }
  try {
    return await unpackText(payload.slice(version.length), { fatal: true });
  } catch (error) {
    if (error instanceof UnpackedTooLarge)
      throw new Error(`this map link is too large: ${error.message}, far more than any map the builder takes`);
    throw new Error("this map link is damaged (was it cut short when it was copied?)");
  }
}
