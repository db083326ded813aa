/**
 * After the build, every page's numbers keep their units on their line (`keepUnitsInPage`,
 * src/format/units.ts): the game day's briefing ended a line at "500" before "ms" at 1280 px, the
 * landing page's caption at "2" before "seconds" at 390 px. Wherever the text came from, a
 * chapter's prose, a figure the course's code computed or a template's string, it is bound here.
 */
import type { AstroIntegration } from "astro";
import { keepUnitsInPage } from "../format/units.ts";
import { rewriteBuiltPages } from "./html-files.ts";

export default function numberUnits(): AstroIntegration {
  return {
    name: "blast-radius:number-units",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const { pages, changed } = await rewriteBuiltPages(dir, keepUnitsInPage);
        logger.info(`numbers kept on the line of their units in ${changed} of ${pages} pages`);
      },
    },
  };
}
