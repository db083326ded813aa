/**
 * After Starlight's Pagefind step has indexed the finished pages, writes the list of the site's
 * words that search asks before it reads a page's data (src/widgets/search/word-list.ts), to
 * search-words/<part>.txt: a word no page has finds nothing at once, rather than after reading
 * the data of every page Pagefind found for a start of it. The words are read from Pagefind's own
 * page data (its fragment files), the text and titles search compares a query word with.
 *
 * It must run after Starlight's integration (whose build-done step runs Pagefind) and before the
 * service worker lists the built files (offline.ts), which then keeps the list offline.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import type { AstroIntegration } from "astro";
import { wordListParts } from "../widgets/search/word-list.ts";
import { type ResultData, wordListPath } from "../widgets/search/whole-words.ts";

/** Pagefind writes each page's data as gzipped JSON behind this signature. */
const fragmentSignature = "pagefind_dcd";

/** One of Pagefind's fragment files, as the page data search reads. */
export function parseFragment(file: Buffer, name: string): ResultData {
  const text = gunzipSync(file).toString("utf8");
  if (!text.startsWith(fragmentSignature))
    throw new Error(`${name} is not Pagefind page data: update src/integrations/search-words.ts.`);
  return JSON.parse(text.slice(fragmentSignature.length)) as ResultData;
}

/** The data of every page Pagefind indexed in the build at `root`. */
export async function builtPages(root: string): Promise<ResultData[]> {
  const dir = join(root, "pagefind", "fragment");
  const names = (await readdir(dir)).filter((n) => n.endsWith(".pf_fragment"));
  if (names.length === 0) throw new Error(`No Pagefind page data in ${dir}.`);
  return Promise.all(names.map(async (n) => parseFragment(await readFile(join(dir, n)), n)));
}

export default function searchWords(): AstroIntegration {
  return {
    name: "blast-radius:search-words",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const pages = await builtPages(root);
        const parts = wordListParts(pages);
        let words = 0;
        for (const [part, text] of parts) {
          const file = join(root, wordListPath(part));
          await mkdir(join(file, ".."), { recursive: true });
          await writeFile(file, text);
          words += text.split("\n").length - 1;
        }
        logger.info(`search: ${words} words of ${pages.length} pages listed in ${parts.size} parts`);
      },
    },
  };
}
