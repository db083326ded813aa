/**
 * Words kept whole where a column is narrow: a word may move to the next line, never be cut
 * across two. A sweep of every page found four places that cut them (session 44): the tabletop
 * cards' actions table at 1280 px ("aft", "er", "15 s" and "at", "onc", "e", squeezed by the
 * targets' long lists), the worksheet's retry table at 390 px ("Attempt", "s"), the example
 * worksheet's filled tables at 390 px ("Resourc", "e"; "Att", "em", "pts"), and an exponent in
 * the run sheet at 390 px ("10⁻" ending one line, "⁶%" starting the next).
 *
 * A word here runs between spaces, hyphens and slashes (a line may break after a hyphen); code, and
 * a link that shows its own path, break anywhere on purpose and are left out; an exponent (<sup>)
 * is one word. Where a hyphenated word is kept whole too, a word runs between spaces only: the
 * interview question cards' "Model answer, rubric and follow-ups" at 390 px ("follow-" ending one
 * line, "ups" alone on the next; session 48).
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";

/**
 * Each word in `selector` that the page lays out on more than one line, with the lines' text.
 * `hyphens`: whether a word ends at a hyphen (true), or runs on across it ("follow-ups" is one).
 */
function brokenWords(page: Page, selector: string, hyphens = true): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots, hyphens) => {
    const found: string[] = [];
    const lines = (rects: DOMRectList) => new Set([...rects].map((r) => Math.round(r.top))).size;
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest("code, pre") || parent.getClientRects().length === 0) continue;
        // A link that shows its own path ("/blast-radius/present/opening/") breaks anywhere, as code does.
        if (/^(\/|https?:)/.test(parent.closest("a")?.textContent?.trim() ?? "")) continue;
        // Text kept for screen readers in a 1 px box (a stacked table's headings) is not laid out to be read.
        let hidden = false;
        for (let el: Element | null = parent; el && !hidden; el = el.parentElement)
          hidden = el.getBoundingClientRect().width <= 1;
        if (hidden) continue;
        for (const m of (node.textContent ?? "").matchAll(hyphens ? /[^\s\-/‐–—→]+/g : /\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          if (lines(range.getClientRects()) > 1) found.push(`"${m[0]}" in ${parent.tagName.toLowerCase()}`);
        }
      }
      for (const sup of root.querySelectorAll("sup"))
        if (lines(sup.getClientRects()) > 1) found.push(`exponent "${sup.textContent}"`);
    }
    return found;
  }, hyphens);
}

/**
 * The places to sweep. `holds`: a word the place must show, where the check is for that word; a
 * place with one keeps its hyphenated words whole too (a word runs between spaces only).
 */
const cases: readonly { page: string; width: number; selector: string; holds?: RegExp }[] = [
  { page: "gameday/cards/", width: 1280, selector: ".gd-card table.stack-narrow" },
  // A tablet's width, where the actions table is still a table.
  { page: "gameday/cards/", width: 700, selector: ".gd-card table.stack-narrow" },
  { page: "worksheet/", width: 390, selector: ".worksheet__table" },
  { page: "worksheet/example/", width: 390, selector: ".worksheet__table" },
  { page: "worksheet/example/", width: 1280, selector: ".worksheet__table" },
  { page: "run-sheet/half-day/", width: 390, selector: ".runsheet__table" },
  { page: "run-sheet/ninety-minutes/", width: 390, selector: ".runsheet__table" },
  {
    page: "interview-playbook/questions/design/",
    width: 390,
    selector: ".bank__details > summary",
    holds: /follow-ups/,
  },
  {
    page: "interview-playbook/questions/capacity/",
    width: 390,
    selector: ".bank__details > summary",
    holds: /follow-ups/,
  },
];

describeInBrowser("words kept whole in narrow columns", (browser) => {
  test.each(cases)(
    "$page at $width px: no word cut across two lines in $selector",
    async ({ page: path, width, selector, holds }) => {
      const { page } = browser;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${browser.site}/${path}`);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await expect(page.locator(selector).count()).resolves.toBeGreaterThan(0);
      if (holds) await expect(page.locator(selector).first().textContent()).resolves.toMatch(holds);
      expect(await brokenWords(page, selector, !holds)).toEqual([]);
    },
  );
});

describeInBrowser("the filled worksheet's sentence", (browser) => {
  test("at 390 px, the punctuation after each filled gap stays on the gap's last line", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${browser.site}/worksheet/example/`);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Each text that follows a gap and starts with a comma or a full stop (", because", "."): where
    // its first letter is, and where the gap's words end. A gap laid out as one box as wide as its
    // words put them on lines of their own.
    const joins = await page.locator(".worksheet__sentence").evaluate((sentence) =>
      [...sentence.querySelectorAll(".worksheet__gap")].flatMap((gap) => {
        const next = gap.nextSibling;
        if (next?.nodeType !== Node.TEXT_NODE || !/^[,.]/.test(next.textContent ?? "")) return [];
        const range = document.createRange();
        range.setStart(next, 0);
        range.setEnd(next, 1);
        const gapLines = [...gap.getClientRects()];
        return [
          {
            text: `${gap.textContent?.slice(-12)}${next.textContent?.trim().slice(0, 10)}`,
            apart: Math.abs(range.getClientRects()[0]!.bottom - gapLines[gapLines.length - 1]!.bottom) > 2,
          },
        ];
      }),
    );
    expect(joins.length).toBeGreaterThanOrEqual(2);
    expect(joins.filter((j) => j.apart)).toEqual([]);
  });
});
