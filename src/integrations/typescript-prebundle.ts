/**
 * The page's type-checker worker (src/playground/typecheck-worker.ts) imports `typescript`, a
 * 9 MB CommonJS file. Through Vite's CommonJS conversion and Rollup it took the client build from
 * about 12 s to 33 s on this machine (docs/PERFORMANCE.md). This plugin hands the worker build
 * TypeScript already bundled by esbuild instead: one minified ES module (its `export default` is
 * what `import ts from "typescript"` reads), made once per installed version into Vite's cache
 * folder, with the package's own "browser" field leaving out Node's modules as Vite did.
 */
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
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

/** A Vite plugin: `typescript`, imported by the type-checker's worker, resolves to the prebundled file. */
export function typescriptPrebundle(cacheDir: string) {
  return {
    name: "blast-radius:typescript-prebundle",
    enforce: "pre" as const,
    resolveId(id: string) {
      return id === "typescript" ? prebundledTypescript(cacheDir) : null;
    },
  };
}
