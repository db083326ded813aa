/**
 * Search finds prose, not code: a nonsense query ("xyzzyqq") matched playground code on its
 * one-letter names and listed five chapters whose excerpts were code (search falls back on the
 * longest start of a query that is a word, here "x"). Code blocks are kept out of the index
 * (tests/site/search-index.test.ts), and prose multiplies with × rather than a letter x
 * (tests/site/times-sign.test.ts), so it finds nothing; here the site's own search, as a reader
 * uses it.
 */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { searchResults } from "../support/search-results.ts";

describeInBrowser("search and code", { ownContext: false }, (browser) => {
  test("code is not what search finds: a name only the code uses finds nothing there, no excerpt is code, and the prose still is found", async () => {
    const phone = await browser.open({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = phone;
      await page.goto(`${browser.site}/failure-modes/`);
      await page.getByRole("button", { name: "Search" }).first().click();
      const input = page.locator("#starlight__search input");
      await input.waitFor();
      const results = async (query: string) => {
        await input.fill(query);
        return searchResults(page, query);
      };
      // BreakerState is a type in the circuit-breaker chapter's code, and nowhere in its prose: no
      // excerpt shows it. (Search may still list the chapter: with no word "breakerstate" in the
      // index it falls back on the longest start of the query that is one, "breakers", in the
      // prose. Until the question bank's terms and answers were written a space apart, a joined
      // "…breakerState…" of theirs matched instead.)
      const breaker = await results("BreakerState");
      expect(breaker.excerpts.length).toBeGreaterThan(0);
      for (const excerpt of breaker.excerpts) expect(excerpt, excerpt).not.toMatch(/breakerstate/i);
      // The QA's nonsense query matched the programs' one-letter names and a prose x for "times".
      const nonsense = await results("xyzzyqq");
      expect(nonsense.links).toEqual([]);
      for (const excerpt of breaker.excerpts)
        expect(excerpt, excerpt).not.toMatch(/=>|console\.log|\bconst |\);|\.reduce\(/);
      const prose = await results("metastable");
      expect(prose.links.some((l) => l.endsWith("/retry-storm/"))).toBe(true);
    } finally {
      await phone.close();
    }
  });

  test("formulas are not what search finds: no excerpt is LaTeX, a formula's letters find nothing, and the prose around them is found", async () => {
    // KaTeX's MathML keeps a formula's source beside what the reader sees, and search indexed both:
    // "q/capacityq / \text{capacity}" was an excerpt, and "qqzzxx" found the "qq" of "a queue of
    // q" (src/integrations/math-search.ts; the whole index: tests/site/search-index.test.ts).
    const desk = await browser.open({ viewport: { width: 1280, height: 900 } });
    try {
      const { page } = desk;
      await page.goto(`${browser.site}/bulkheads/`);
      await page.keyboard.press("Control+k");
      const input = page.locator("#starlight__search input");
      await input.waitFor();
      const results = async (query: string) => {
        await input.fill(query);
        return searchResults(page, query);
      };
      // Each query's first results quoted a formula's source beside the formula.
      for (const query of ["capacity", "holding time"]) {
        const { excerpts } = await results(query);
        expect(excerpts.length, query).toBeGreaterThan(0);
        for (const excerpt of excerpts) expect(excerpt, `${query}: ${excerpt}`).not.toMatch(/\\[a-zA-Z]+/);
      }
      const nonsense = await results("qqzzxx");
      expect(nonsense.links).toEqual([]);
      // The sentence the formula sat in is still found.
      const wait = await results("joins a queue");
      expect(wait.links.some((l) => l.endsWith("/load-shedding/"))).toBe(true);
    } finally {
      await desk.close();
    }
  });
});
