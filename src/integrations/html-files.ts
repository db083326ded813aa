import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Every .html file under `dir`, recursively. */
async function htmlFilesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(".html")).map((e) => join(e.parentPath, e.name));
}

/**
 * Passes every built page under `dir` (the build's output, as `astro:build:done` gives it)
 * through `rewrite`, and writes back each page it changed: how many pages there are, and how many
 * changed.
 */
export async function rewriteBuiltPages(
  dir: URL,
  rewrite: (html: string) => string,
): Promise<{ pages: number; changed: number }> {
  const files = await htmlFilesIn(fileURLToPath(dir));
  let changed = 0;
  for (const file of files) {
    const html = await readFile(file, "utf8");
    const rewritten = rewrite(html);
    if (rewritten !== html) {
      await writeFile(file, rewritten);
      changed += 1;
    }
  }
  return { pages: files.length, changed };
}
