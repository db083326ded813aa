/**
 * A link to a place far down a chapter lands on it, on a 1280 px screen, with blocks far below
 * the screen left unrendered as a reader's browser has them (src/styles/course.css). Before
 * src/widgets/anchor-jumps.ts, the table of contents put "Exercises" on /cells/ 1,369 px below
 * the top of the window and a shared link to /retry-storm/#the-replay 131 px above it. Before
 * src/widgets/land-on-place.ts landed a page opened at a place while it was parsed, the jump came
 * after a first frame at the page's top, in the frame that rendered the blocks above at their real
 * heights, and the text it showed counted as moved: a layout shift of 0.37 on
 * /retry-storm/#the-replay at 1280 px (0.11 to 0.37 on the interview playbook's mock interview and
 * question bank and the retry storm's further reading, at 1280 and 390 px).
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { layoutShift } from "../support/layout-shift.ts";
import { twoFrames } from "../../tools/frames.ts";

/**
 * Where `id` is in the window, two frames apart (it must not move), against where the jump
 * should put it: the window's scroll padding below its top (the header's height), unless the
 * page is scrolled as far as it goes.
 */
async function landing(page: Page, id: string) {
  const read = () =>
    page.evaluate((id) => {
      const html = document.documentElement;
      return {
        top: Math.round(document.getElementById(id)!.getBoundingClientRect().top),
        wanted: Math.round(Number.parseFloat(getComputedStyle(html).scrollPaddingTop) || 0),
        atEnd: Math.ceil(scrollY + innerHeight) >= html.scrollHeight,
      };
    }, id);
  await twoFrames(page);
  const first = await read();
  await twoFrames(page);
  await twoFrames(page);
  return { first, later: await read() };
}

describeInBrowser("links to places far down a page", { offScreenBlocks: "auto" }, (browser) => {
  const { site } = browser;

  test("an address with a place in it lands on the place, it stays there, and nothing moves", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [path, id] of [
      ["/retry-storm/", "the-replay"],
      ["/circuit-breakers/", "ex-diagnose-breaker"],
      ["/cells/", "exercises"],
    ] as const) {
      await page.goto(`${site}${path}#${id}`, { waitUntil: "load" });
      const { first, later } = await landing(page, id);
      expect(first.wanted, "the header's height as scroll padding").toBeGreaterThan(40);
      expect(first.atEnd).toBe(false);
      expect(first.top, `${path}#${id}`).toBe(first.wanted);
      expect(later.top, `${path}#${id}, two frames later`).toBe(first.top);
      // The blocks rendered for the landing are skipped again: every shift it made is counted. The
      // bound is the reload's (reload-place.test.ts), a tenth of the 0.1 Lighthouse calls good.
      await page.waitForFunction(() => !document.querySelector(".br-shown"));
      expect(await layoutShift(page), `${path}#${id}: layout shift`).toBeLessThan(0.01);
    }
  });

  test("the table of contents lands on the section it names", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of ["/cells/", "/circuit-breakers/", "/bulkheads/"]) {
      await page.goto(`${site}${path}`, { waitUntil: "load" });
      await page.locator('.right-sidebar starlight-toc a[href="#exercises"]').click();
      await page.waitForFunction(() => location.hash === "#exercises");
      const { first, later } = await landing(page, "exercises");
      expect(first.top, `${path}: Exercises`).toBe(first.wanted);
      expect(later.top).toBe(first.top);
    }
  });
});
