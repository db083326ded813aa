import { readdir } from "node:fs/promises";
import { join } from "node:path";

/** Every .html file under `dir`, recursively. */
export async function htmlFilesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(".html")).map((e) => join(e.parentPath, e.name));
}
