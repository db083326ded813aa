/**
 * Import a TypeScript module (a solution file and what it imports) from a CLI that runs as plain
 * JavaScript. Under tsx (tests, `npx tsx`) Node imports .ts directly. The compiled CLIs
 * (.cli/, built by scripts/build-cli.mjs when the project is installed) bundle the file with
 * esbuild on demand instead: a few milliseconds, and always the file as it is on disk now.
 */
import { pathToFileURL } from "node:url";

/** True when this process can import .ts files itself (tsx is loaded). */
let nativeTs: boolean | undefined;

export async function importTypeScript<T>(file: string): Promise<T> {
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
  const { build } = await import("esbuild");
  const result = await build({
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
