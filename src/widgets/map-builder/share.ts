/**
 * Share links: the map text, deflated and base64url-encoded, in the URL hash
 * (`#map=1.<data>`), so a map travels in a link without any server. Uses the standard
 * Compression Streams API, present in current browsers and in Node.
 */
const prefix = "#map=";
const version = "1.";

async function pipe(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array<ArrayBuffer>> {
  const body = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** "#map=1.<data>" for a map text. */
export async function encodeShareHash(text: string): Promise<string> {
  const packed = await pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw"));
  return prefix + version + toBase64Url(packed);
}

/** Whether a location hash carries a shared map. */
export const isShareHash = (hash: string) => hash.startsWith(prefix);

/** The map text in a share hash; throws with a readable message when the link is damaged. */
export async function decodeShareHash(hash: string): Promise<string> {
  if (!isShareHash(hash)) throw new Error("this link carries no map");
  const payload = hash.slice(prefix.length);
  if (!payload.startsWith(version)) throw new Error("this map link was made by a newer version of the page");
  try {
    const bytes = await pipe(fromBase64Url(payload.slice(version.length)), new DecompressionStream("deflate-raw"));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error("this map link is damaged (was it cut short when it was copied?)");
  }
}
