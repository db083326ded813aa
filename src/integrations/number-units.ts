/**
 * After the build, every page's numbers keep their units on their line (`keepUnitsInPage`,
 * src/format/units.ts): the game day's briefing ended a line at "500" before "ms" at 1280 px, the
 * landing page's caption at "2" before "seconds" at 390 px. Wherever the text came from, a
 * chapter's prose, a figure the course's code computed or a template's string, it is bound here.
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { keepUnitsInPage } from "../format/units.ts";
import { htmlFilesIn } from "./html-files.ts";

export default function numberUnits(): AstroIntegration {
  return {
    name: "blast-radius:number-units",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const files = await htmlFilesIn(fileURLToPath(dir));
        let changed = 0;
        for (const file of files) {
          const html = await readFile(file, "utf8");
          const kept = keepUnitsInPage(html);
          if (kept !== html) {
            await writeFile(file, kept);
            changed += 1;
          }
        }
        logger.info(`numbers kept on the line of their units in ${changed} of ${files.length} pages`);
      },
    },
  };
}
