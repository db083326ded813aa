/**
 * Text packed for a URL hash: deflated (Compression Streams, in every current browser and in
 * Node) and base64url-encoded, so a program or a map travels in a link without any server.
 */

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function pipe(
  bytes: Uint8Array<ArrayBuffer>,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array<ArrayBuffer>> {
  const body = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

export async function packText(text: string): Promise<string> {
  return toBase64Url(await pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw")));
}

/** The text back; throws on damaged data, and with `fatal` also on bytes that are not UTF-8. */
export async function unpackText(data: string, { fatal = false } = {}): Promise<string> {
  return new TextDecoder("utf-8", { fatal }).decode(
    await pipe(fromBase64Url(data), new DecompressionStream("deflate-raw")),
  );
}
