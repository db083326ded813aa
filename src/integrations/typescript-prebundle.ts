/**
 * TypeScript for the page's type-checker worker (src/playground/typecheck-worker.ts), as a file
 * of its own beside the worker's chunk, outside the bundler. `typescript` is a 9 MB CommonJS
 * file: through Vite's CommonJS conversion and Rollup it took the client build's transform step
 * from about 12 s to 33 s on this machine, and 21 to 28 s when prebundled by esbuild but still
 * handed to Rollup (docs/PERFORMANCE.md). Now esbuild bundles it once per installed version into
 * Vite's cache folder (one minified ES module whose `export default` is the package, with the
 * package's own "browser" field leaving out Node's modules as Vite did), the build copies that
 * file into its assets unread, and the worker imports it by address at start:
 * `virtual:blast-radius/typescript-url` is that address.
 */
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { buildSync } from "esbuild";

const require = createRequire(import.meta.url);

/** The prebundled file for the installed TypeScript, made on first use. */
export function prebundledTypescript(cacheDir: string): string {
  const { version } = JSON.parse(readFileSync(require.resolve("typescript/package.json"), "utf8")) as {
    version: string;
  };
  const file = join(cacheDir, `typescript-${version}.mjs`);
  if (existsSync(file)) return file;
  mkdirSync(cacheDir, { recursive: true });
  // Written beside, then renamed: two builds side by side never read half a file.
  const partial = `${file}.${process.pid}`;
  buildSync({
    entryPoints: [require.resolve("typescript")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    outfile: partial,
    logLevel: "silent",
  });
  renameSync(partial, file);
  return file;
}

const virtualId = "virtual:blast-radius/typescript-url";
const resolvedId = `\0${virtualId}`;

/**
 * A Vite plugin: `virtual:blast-radius/typescript-url` exports the address of the prebundled
 * TypeScript, emitted as an asset (`_astro/typescript-<hash>.js`) by the worker's build and
 * served from the cache folder by the dev server (which serves a worker's modules through the
 * page's plugins, so the plugin is in both lists).
 */
export function typescriptPrebundle(cacheDir: string) {
  let command: "build" | "serve" = "build";
  let base = "/";
  let emitted: string | undefined;
  return {
    name: "blast-radius:typescript-url",
    configResolved(config: { command: "build" | "serve"; base: string }) {
      command = config.command;
      base = config.base;
    },
    resolveId(id: string) {
      return id === virtualId ? resolvedId : null;
    },
    load(this: { emitFile(file: { type: "asset"; name: string; source: Uint8Array }): string }, id: string) {
      if (id !== resolvedId) return null;
      const file = prebundledTypescript(cacheDir);
      if (command === "serve") return `export default ${JSON.stringify(`${base}@fs${resolve(file)}`)};`;
      emitted = this.emitFile({ type: "asset", name: "typescript.js", source: readFileSync(file) });
      return `export default import.meta.ROLLUP_FILE_URL_${emitted};`;
    },
    // Vite writes workers as classic scripts (an IIFE), where Rollup would resolve the address
    // against `document`, which a worker lacks: resolve it against the worker's own script.
    resolveFileUrl({ referenceId, relativePath }: { referenceId: string; relativePath: string }) {
      return referenceId === emitted ? `new URL(${JSON.stringify(relativePath)}, self.location.href).href` : null;
    },
  };
}
