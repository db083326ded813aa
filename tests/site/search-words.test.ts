/**
 * The build lists the site's words for search (src/integrations/search-words.ts), which answers a
 * word no page has without reading any page's data: a word left off the list would find nothing
 * though a page has it. Each part written is the part made from every page Pagefind indexed in
 * this build (which words a part holds: src/widgets/search/word-list.test.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { builtPages } from "../../src/integrations/search-words.ts";
import { parseWordList, startsWordOf, wordListPart, wordListPath } from "../../src/widgets/search/whole-words.ts";
import { wordListParts } from "../../src/widgets/search/word-list.ts";
import { distDir } from "../../tools/built-site.ts";

test("the list of words search asks is written, in every part, from every page Pagefind indexed", async () => {
  const pages = await builtPages(distDir);
  const parts = wordListParts(pages);
  const built = new Map(
    [...parts.keys()].map((part) => [part, readFileSync(join(distDir, wordListPath(part)), "utf8")]),
  );
  expect(built).toEqual(parts);
  const read = (first: string) => parseWordList(built.get(wordListPart(first)) ?? "");
  // The words of the pages search is asked about in tests/browser/search-code.test.ts.
  expect(startsWordOf(read("s"), "shardi")).toBe(true);
  expect(startsWordOf(read("a"), "asdfgh")).toBe(false);
});
