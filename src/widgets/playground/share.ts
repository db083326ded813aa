/**
 * Share links: the code, deflated and base64url-encoded, in the URL's hash
 * (`#play-<name>=<data>`), so nothing leaves the reader's browser until they send the link.
 */

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

export async function encodeCode(code: string): Promise<string> {
  return toBase64Url(await pipe(new TextEncoder().encode(code), new CompressionStream("deflate-raw")));
}

export async function decodeCode(data: string): Promise<string> {
  return new TextDecoder().decode(await pipe(fromBase64Url(data), new DecompressionStream("deflate-raw")));
}

export function shareHashPrefix(name: string): string {
  return `#play-${name}=`;
}

export async function shareUrl(name: string, code: string): Promise<string> {
  return `${location.origin}${location.pathname}${shareHashPrefix(name)}${await encodeCode(code)}`;
}

/** The shared code for this playground in the current URL, if any. */
export async function sharedCode(name: string): Promise<string | null> {
  const prefix = shareHashPrefix(name);
  if (!location.hash.startsWith(prefix)) return null;
  try {
    return await decodeCode(location.hash.slice(prefix.length));
  } catch {
    return null;
  }
}
