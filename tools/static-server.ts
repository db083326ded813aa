/**
 * A tiny static file server for the built site (dist/). Tests use it instead of
 * `astro preview`: it starts in milliseconds, needs no child process, and can be told
 * to go "offline" to test the service worker.
 */
import { createServer, type Server } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** Types a host compresses on the fly (fonts and images are compressed already). */
const compressible = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".xml", ".txt", ".webmanifest"]);

export interface ServeOptions {
  port?: number;
  /**
   * Compress text responses as a static host does: brotli when the client accepts it, else
   * gzip (used by the Lighthouse benchmark, which should see what a reader's browser gets).
   */
  compress?: boolean;
  /**
   * The path the site answers under ("/" unless given), as a project site answers under
   * `/<project>/`: `${base}x` serves `root/x`; an address outside it gets the 404 page.
   */
  base?: string;
  /**
   * Seconds a browser may keep each file without asking again (`Cache-Control: max-age`), as a
   * static host lets it; without it no file carries a caching header and each load fetches
   * every file anew.
   */
  maxAge?: number;
}

export async function serveStatic(root: string, portOrOptions: number | ServeOptions = 0): Promise<StaticServer> {
  const {
    port = 0,
    compress = false,
    base = "/",
    maxAge,
  } = typeof portOrOptions === "number" ? { port: portOrOptions } : portOrOptions;
  const cache = new Map<string, { br: Buffer; gzip: Buffer }>();
  const encode = (file: string, body: Buffer, accept: string): { body: Buffer; encoding?: string } => {
    if (!compress || !compressible.has(extname(file))) return { body };
    let packed = cache.get(file);
    if (!packed) {
      packed = {
        br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(body, { level: 9 }),
      };
      cache.set(file, packed);
    }
    if (/\bbr\b/.test(accept)) return { body: packed.br, encoding: "br" };
    if (/\bgzip\b/.test(accept)) return { body: packed.gzip, encoding: "gzip" };
    return { body };
  };
  const server: Server = createServer(async (req, res) => {
    try {
      const requested = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
      // Outside the base nothing is served (the 404 page below answers).
      const inside = requested.startsWith(base);
      let file = normalize(join(root, inside ? requested.slice(base.length - 1) : "/"));
      if (!file.startsWith(normalize(root))) {
        res.writeHead(403).end();
        return;
      }
      const info = await stat(file).catch(() => null);
      if (info?.isDirectory()) file = join(file, "index.html");
      const body = inside ? await readFile(file).catch(() => null) : null;
      if (!body) {
        const notFound = await readFile(join(root, "404.html")).catch(() => Buffer.from("not found"));
        res.writeHead(404, { "content-type": types[".html"] }).end(notFound);
        return;
      }
      const sent = encode(file, body, String(req.headers["accept-encoding"] ?? ""));
      const headers: Record<string, string> = { "content-type": types[extname(file)] ?? "application/octet-stream" };
      if (maxAge !== undefined) headers["cache-control"] = `max-age=${maxAge}`;
      if (sent.encoding) {
        headers["content-encoding"] = sent.encoding;
        headers.vary = "Accept-Encoding";
      }
      res.writeHead(200, headers).end(sent.body);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("server has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
