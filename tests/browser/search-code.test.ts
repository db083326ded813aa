/**
 * Search finds prose, not code: a nonsense query ("xyzzyqq") matched playground code on its
 * one-letter names and listed five chapters whose excerpts were code (search falls back on the
 * longest start of a query that is a word, here "x"). Code blocks are kept out of the index
 * (tests/site/search-index.test.ts), and prose multiplies with × rather than a letter x
 * (tests/site/times-sign.test.ts), so it finds nothing; here the site's own search, as a reader
 * uses it.
 *
 * And a word in no page finds nothing at all: Pagefind's fallback on the longest indexed start of
 * it listed 40 pages for "asdfgh", each marked on "as". The pages found that way are now kept only
 * if they have a word starting with the one typed (src/widgets/search/whole-words.ts), so a word
 * typed halfway still finds the pages with it whole. A word that starts words in the index reads no
 * page's data for that (src/widgets/search/whole-words.ts tells it from a substitute by a second
 * search): the dialog reads only the pages it shows. And a word no page has reads no page's data
 * at all: the build lists the site's words (src/integrations/search-words.ts), and a word that
 * starts none of them finds nothing at once.
 */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { searchResults } from "../support/search-results.ts";

describeInBrowser("search and code", { ownContext: false }, (browser) => {
  test("code is not what search finds, nor a word in no page: a name only the code uses and a typo find nothing, no excerpt is code, and the prose still is found, also by a word typed halfway, whose search reads only the pages it shows", async () => {
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
      const message = page.locator("#starlight__search .pagefind-ui__message");
      const marks = () => page.locator("#starlight__search .pagefind-ui__result-excerpt mark").allInnerTexts();
      // A word typed halfway that starts indexed words ("bulkh", of "bulkhead") keeps every page
      // Pagefind found without reading their data: the only pages' data read (one fragment file
      // each) are the pages the dialog shows. (The filter used to read every page found before the
      // count showed.) The page is fresh, so no page's data was read before.
      const fragments: string[] = [];
      const onRequest = (request: { url(): string }) => {
        if (request.url().endsWith(".pf_fragment")) fragments.push(request.url());
      };
      page.on("request", onRequest);
      await results("bulkh");
      page.off("request", onRequest);
      const shown = await page.locator("#starlight__search .pagefind-ui__result").count();
      expect(shown).toBeGreaterThan(0);
      expect(new Set(fragments).size).toBe(shown);
      await expect(message.innerText()).resolves.toMatch(/^\d+ results for bulkh$/);
      expect(Number((await message.innerText()).split(" ")[0])).toBeGreaterThan(shown);
      // BreakerState is a type in the circuit-breaker chapter's code, and nowhere in its prose: it
      // finds nothing. (With no word "breakerstate" in the index, search fell back on the longest
      // start of the query that is one, "breakers", and listed the chapter for its prose.)
      const breaker = await results("BreakerState");
      expect(breaker.links).toEqual([]);
      // The QA's nonsense query matched the programs' one-letter names and a prose x for "times".
      const nonsense = await results("xyzzyqq");
      expect(nonsense.links).toEqual([]);
      // A typo finds nothing, and says so in Pagefind's words: it listed 40 pages marked on "as".
      // No page's data is read for it (it read the data of all 40): the site's list of words,
      // its part for "a", says no page has a word starting with "asdfgh".
      const typoRequests: string[] = [];
      const onTypoRequest = (request: { url(): string }) => typoRequests.push(request.url());
      page.on("request", onTypoRequest);
      const typo = await results("asdfgh");
      page.off("request", onTypoRequest);
      expect(typo.links).toEqual([]);
      await expect(message.innerText()).resolves.toBe("No results for asdfgh");
      expect(typoRequests.filter((url) => url.endsWith(".pf_fragment"))).toEqual([]);
      expect(typoRequests.filter((url) => url.endsWith("/search-words/a.txt"))).toHaveLength(1);
      // What a search found is said to a screen reader, in the dialog's own words, once per search:
      // the dialog had no live region, so "No results for asdfgh" was silent. Its status line
      // (src/widgets/search/results-status.ts) holds nothing while a search runs and is never
      // "Searching for…".
      const status = page.locator('#starlight__search [role="status"]');
      await expect(status.count()).resolves.toBe(1);
      await expect(status.textContent()).resolves.toBe("No results for asdfgh");
      // Heard, not seen: it takes no room (the UI's reset undid the class that hid it, and it showed
      // above the search box).
      const size = await status.boundingBox();
      expect(size!.width * size!.height).toBeLessThanOrEqual(1);
      await status.evaluate((line) => {
        const said: string[] = [];
        (window as unknown as { qaSaid: string[] }).qaSaid = said;
        new MutationObserver(() => said.push(line.textContent ?? "")).observe(line, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
      // A word typed halfway finds the chapter with it whole, and every word marked starts with it.
      const typed = await results("bulkh");
      const bulkhCount = await message.innerText();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { qaSaid: string[] }).qaSaid.filter(Boolean)))
        .toEqual([bulkhCount]);
      expect(typed.links.some((l) => l.endsWith("/bulkheads/"))).toBe(true);
      const bulkh = await marks();
      expect(bulkh.length).toBeGreaterThan(0);
      for (const mark of bulkh) expect(mark, mark).toMatch(/^\W*bulkh/i);
      // Halfway past the stem ("sharding" is indexed as "shard", and no indexed word starts with
      // "shardi"), Pagefind falls back on the stem and finds every page with a word indexed as
      // "shard" (shards, sharding...); the dialog lists those where a word it matched starts with
      // "shardi", and no other.
      const stem = await results("shardi");
      expect(stem.links.some((l) => l.endsWith("/shuffle-sharding/"))).toBe(true);
      // Pagefind's own answer, read in the page (a string, so the test runner leaves its import be):
      // how many pages it found, and on how many a word it matched starts with "shardi".
      // Pagefind's index holds only a word's stem: its exact searches of "sharding" and "shards" find
      // the same pages at the same places, so which pages have "sharding" is in their text alone,
      // and the dialog reads every page found for "shardi" before it counts them.
      const pagefindAlone = (await page.evaluate(`(async () => {
        const pagefind = await import(${JSON.stringify(`${browser.site}/pagefind/pagefind.js`)});
        const { results } = await pagefind.search("shardi");
        const pages = await Promise.all(results.map(async (r) => {
          const { content, locations } = await r.data();
          const words = content.split(/\\s+/);
          return locations.some((at) => /^\\W*(\\w+\\W+)*shardi/i.test(words[at] ?? ""));
        }));
        const places = async (term) => (await pagefind.search(term)).results.map((r) => r.id + "@" + r.words).sort();
        const [sharding, shards] = await Promise.all([places('"sharding"'), places('"shards"')]);
        const [denial, denialBeyond] = await Promise.all([places("denialofserv"), places("denialofserv\\u0001")]);
        const joined = (await pagefind.search('"minretryconcurrency"')).results.length;
        const underscored = (await pagefind.search('"min_retry_concurrency"')).results.length;
        return { found: pages.length, withShardi: pages.filter(Boolean).length, sharding, shards, denial, denialBeyond, joined, underscored };
      })()`)) as {
        found: number;
        withShardi: number;
        sharding: string[];
        shards: string[];
        denial: string[];
        denialBeyond: string[];
        joined: number;
        underscored: number;
      };
      expect(pagefindAlone.withShardi).toBeGreaterThan(0);
      expect(pagefindAlone.withShardi).toBeLessThan(pagefindAlone.found);
      await expect(message.innerText()).resolves.toBe(`${pagefindAlone.withShardi} results for shardi`);
      expect(pagefindAlone.sharding.length).toBe(pagefindAlone.found);
      expect(pagefindAlone.shards).toEqual(pagefindAlone.sharding);
      // Nor do Pagefind's searches prove a word is on no page: "denialofserv" finds the same pages at
      // the same places as its search with a character no word has after it (a substitute's), since
      // "denial-of-service" sits where its part "denial" does; and the index holds
      // "min_retry_concurrency" (in the retry-budgets chapter) only with its underscores.
      expect(pagefindAlone.denial.length).toBeGreaterThan(0);
      expect(pagefindAlone.denialBeyond).toEqual(pagefindAlone.denial);
      expect(pagefindAlone.joined).toBe(0);
      expect(pagefindAlone.underscored).toBeGreaterThan(0);
      // A name inside a dotted name is found from its start, also by a start judged page by page
      // ("circuitbre" ends in "e", which the stemmer may take off): the Envoy setting
      // config.cluster.v3.CircuitBreakers.… in the retry-budgets chapter, which Pagefind found.
      const dotted = await results("circuitbre");
      expect(dotted.links.some((l) => l.endsWith("/retry-budgets/"))).toBe(true);
      // "bulkh" starts a name in the bulkheads chapter's code too (bulkheadSize): no excerpt is code.
      for (const excerpt of typed.excerpts)
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
