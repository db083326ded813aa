/**
 * /review/ for a new reader (nothing stored): the page is built with the status line its script
 * writes for them, so nothing moves when the scripts run. Its status once said "This page needs
 * JavaScript" (one line) until the script wrote the two-line empty state, and the topics below
 * moved down 28 px (a layout shift of 0.007 to 0.013 at 1280 to 320 px).
 *
 * A new reader sees one empty state, the status line; the topics table, with no chapter to show,
 * is not drawn (it once said the same thing again under it).
 *
 * The page's scripts are held until it has been drawn without them, as a slow connection draws
 * it, so the shift they cause is measured whether or not a fast local server would have run them
 * before the first frame.
 */
import { expect, test } from "vitest";
import { twoFrames } from "../../tools/frames.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { layoutShift } from "../support/layout-shift.ts";

describeInBrowser("the review page's first paint", (browser) => {
  test("a new reader's review page is built as its script leaves it: no layout shift at 320, 390 and 1280 px", async () => {
    const { site } = browser;
    const built = await (await fetch(`${site}/review/`)).text();
    const shifts: Record<number, number> = {};
    const statuses = new Set<string>();
    for (const width of [320, 390, 1280]) {
      const { page } = await browser.open({ viewport: { width, height: 900 }, offScreenBlocks: "auto" });
      let release = () => {};
      const drawn = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/_astro\/.*\.js$/, async (route) => {
        await drawn;
        await route.continue();
      });
      await page.goto(`${site}/review/`, { waitUntil: "commit" });
      // Parsed and styled, its scripts not yet run: two frames drawn as the server built it.
      await page.waitForFunction(
        () =>
          document.readyState !== "loading" &&
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
      );
      await twoFrames(page);
      release();
      // "load" comes after the page's module scripts have run.
      await page.waitForLoadState("load");
      shifts[width] = await layoutShift(page);
      statuses.add((await page.locator("[data-review-status]").textContent()) ?? "");
      // One empty state, the status line: the topics table under it once said the same again
      // ("Nothing yet: solve an exercise in a chapter and it joins the schedule").
      const shown = await page.locator("[data-review-page]").innerText();
      expect(shown.match(/solve an exercise/gi), shown).toHaveLength(1);
      await expect(page.locator("[data-review-topics-section]").isVisible()).resolves.toBe(false);
    }
    expect(Object.entries(shifts).filter(([, shift]) => shift >= 0.001)).toEqual([]);
    const [status] = [...statuses];
    expect(statuses.size).toBe(1);
    expect(status).toMatch(/^Nothing to review yet\./);
    expect(built.match(/data-review-status[^>]*>([^<]*)</)?.[1]).toBe(status);
  });
});
