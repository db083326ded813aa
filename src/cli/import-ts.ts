/**
 * Import a TypeScript module (a solution file and what it imports) from a CLI that runs as plain
 * JavaScript. The compiled CLIs (.cli/, built by scripts/cli-build.ts) find it compiled in their
 * build (BLAST_RADIUS_CLI_BUILD, set by scripts/cli-run.ts, which rebuilds when a source is
 * newer). Under tsx (tests, `npx tsx`) Node imports .ts directly. Otherwise the file is bundled
 * with esbuild on demand.
 */
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

/** True when this process can import .ts files itself (tsx is loaded). */
let nativeTs: boolean | undefined;

export async function importTypeScript<T>(file: string, root?: string): Promise<T> {
  const build = process.env.BLAST_RADIUS_CLI_BUILD;
  if (build && root) {
    const compiled = join(build, relative(root, file)).replace(/\.ts$/, ".mjs");
    if (existsSync(compiled)) return (await import(pathToFileURL(compiled).href)) as T;
  }
  if (nativeTs !== false) {
    try {
      const module = (await import(pathToFileURL(file).href)) as T;
      nativeTs = true;
      return module;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ERR_UNKNOWN_FILE_EXTENSION") throw error;
      nativeTs = false;
    }
  }
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    write: false,
    logLevel: "silent",
  });
  // The bundle imports nothing, so it can be loaded from its text.
  const code = Buffer.from(result.outputFiles[0]!.text).toString("base64");
  return (await import(`data:text/javascript;base64,${code}`)) as T;
}
