/**
 * Every chapter on a 390 px phone: no table and no display formula in its prose is wider than its
 * box, so none scrolls sideways inside itself. QA measured the bulkhead sizes (473 px in 358), the
 * breaker libraries' defaults (504 in 358), the retry-storm defences (525 in 332) and two formulas
 * of the timeouts chapter (394 in 358, 379 in 318) scrolling. The page as a whole not scrolling is
 * every-page.test.ts; the static-stability widgets at 320 px are static-stability-narrow.test.ts.
 */
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import { describeInBrowser } from "../support/browser-suite.ts";

const chapters = loadChapters().map((c) => c.slug);

describeInBrowser("chapter tables and formulas at 390 px", { viewport: { width: 390, height: 844 } }, (browser) => {
  test.each(chapters)("%s: every prose table and display formula fits its box", async (slug) => {
    const { page } = browser;
    await page.goto(`${browser.site}/${slug}/`);
    // A prediction's result (one of the retry-storm tables) is hidden until the reader answers.
    for (const skip of await page.locator("[data-predict-skip]").all()) await skip.click();
    await expect.poll(() => page.locator("[data-predict-reveal][hidden]").count()).toBe(0);
    // A formula's width is its math font's: measure once the fonts the page uses have loaded.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const found = await page.evaluate(() => {
      const out: string[] = [];
      const boxes = [
        ...document.querySelectorAll<HTMLElement>(
          ".sl-markdown-content table, .sl-markdown-content .katex:has(> math[display='block'])",
        ),
      ].filter(
        (e) =>
          // Deliberate scroll boxes, labelled and reachable by keyboard, not prose: diagrams and
          // widgets (.not-content), an exercise's situation table (.br-sit__scroll) and any other
          // named, focusable region; code blocks are not tables or formulas.
          !e.closest(".not-content, .br-sit__scroll, [role='region'][tabindex], pre"),
      );
      for (const e of boxes) {
        const what = e.tagName === "TABLE" ? `table "${e.querySelector("th")?.textContent ?? ""}"` : "formula";
        if (e.clientWidth === 0) out.push(`${what}: not shown`);
        else if (e.scrollWidth > e.clientWidth + 1) out.push(`${what}: ${e.scrollWidth} px in ${e.clientWidth}`);
      }
      return out;
    });
    expect(found).toEqual([]);
  });
});
