/**
 * Text packed for a URL hash: deflated (Compression Streams, in every current browser and in
 * Node) and base64url-encoded, so a program or a map travels in a link without any server.
 */
import { grouped } from "../format/number.ts";

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * The most bytes a link's text may unpack to: ten times the largest map the builder takes
 * (100,000 characters) and far more than any program, yet far below what freezes a page. Deflate
 * packs repeated text about a thousand to one, so a 64 KB link could otherwise unpack to 50 MB.
 */
export const maxUnpackedBytes = 1_000_000;

/** A link whose text unpacks to more than `maxUnpackedBytes`: refused before it is all unpacked. */
export class UnpackedTooLarge extends Error {}

/** The stream's bytes, read chunk by chunk; reading stops (and throws) past `limit`. */
async function collect(stream: ReadableStream<Uint8Array>, limit = Infinity): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new UnpackedTooLarge(`it unpacks to more than ${grouped(limit)} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

export async function packText(text: string): Promise<string> {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64Url(await collect(stream));
}

/**
 * The text back; throws on damaged data, `UnpackedTooLarge` past `maxUnpackedBytes`, and with
 * `fatal` also on bytes that are not UTF-8.
 */
export async function unpackText(data: string, { fatal = false } = {}): Promise<string> {
  const stream = new Blob([fromBase64Url(data)]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new TextDecoder("utf-8", { fatal }).decode(await collect(stream, maxUnpackedBytes));
}
