/**
 * The source files under a folder, for checks that read the code itself (the import boundaries,
 * the one number formatter): TypeScript, Astro and MDX, nested folders included, leaving out
 * node_modules and hidden folders.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|mts|astro|mdx)$/.test(name)) out.push(path);
  }
  return out;
}
