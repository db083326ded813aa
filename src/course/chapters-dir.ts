/**
 * The project's content/chapters/, found by walking up from this module: at build time this code
 * runs from a bundled chunk inside the output folder, whose depth depends on OUT_DIR (dist/,
 * .builds/<name>/, or dist-sub/ for npm test's build under a sub-path), and the terminal's commands
 * run from .cli/, so a fixed "../../" finds the chapters only from some of them. Its own module,
 * with no parser behind it, so a command that only needs the folder loads nothing else.
 */
import { existsSync } from "node:fs";

function findChaptersDir(): URL {
  let dir = new URL("./", import.meta.url);
  for (;;) {
    const candidate = new URL("content/chapters/", dir);
    if (existsSync(candidate)) return candidate;
    const up = new URL("../", dir);
    if (up.href === dir.href) throw new Error(`no content/chapters/ above ${import.meta.url}`);
    dir = up;
  }
}

export const chaptersDir = findChaptersDir();
