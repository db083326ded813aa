/**
 * The ThemeProvider override (ThemeProvider.astro beside this file) makes a refused storage read as
 * an undefined `localStorage`, which Starlight's theme scripts skip. That holds only while every
 * use of it in the installed Starlight is behind `typeof localStorage !== 'undefined'`: a new
 * Starlight that reads or writes it otherwise fails here, naming the file.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { starlightComponentPath } from "../../integrations/starlight-search-patch.ts";

const guard = "typeof localStorage !== 'undefined'";

test.each(["ThemeProvider.astro", "ThemeSelect.astro"])(
  "Starlight's %s uses localStorage only behind a check that it is defined",
  (file) => {
    const source = readFileSync(starlightComponentPath(file), "utf8");
    const uses = [...source.matchAll(/localStorage\.\w+/g)];
    expect(uses.length, `${file} no longer uses localStorage: is the override still needed?`).toBeGreaterThan(0);
    for (const use of uses) {
      // The guard on the same line, or opening the `if` just above.
      const before = source.slice(0, use.index);
      const lines = before.split("\n");
      const near = lines.slice(-2).join("\n");
      expect(near, `${file}: ${use[0]} at line ${lines.length}`).toContain(guard);
    }
  },
);
