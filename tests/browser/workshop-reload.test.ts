/**
 * A facilitator who reloads a presenter view mid-session (a frozen projector, a stray F5) comes
 * back to the slide, the reveal or the saturated resource the room was on; a link opened anew, or
 * a new tab, starts at the beginning. QA: every presenter view went back to its first stage on a reload.
 */
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { failureMapExamples } from "../../src/sim/failure-map/index.ts";
import { encodeShareHash } from "../../src/course/map-share.ts";
import { describeInBrowser } from "../support/browser-suite.ts";

/** The view's stage and status line, once its script has written them. */
async function where(page: Page): Promise<{ stage: string | null; status: string }> {
  await expect.poll(() => page.locator("[data-reveal-status]").innerText(), { timeout: 20_000 }).not.toBe("");
  return {
    stage: await page.locator("[data-stage]").first().getAttribute("data-stage"),
    status: await page.locator("[data-reveal-status]").innerText(),
  };
}

describeInBrowser("presenter views across a reload", (browser) => {
  const { site } = browser;

  const views = async () => [
    { path: "/present/opening/", steps: 3, ready: "[data-deck]" },
    { path: "/present/explorer/", steps: 1, ready: "[data-shuffle-explorer]" },
    {
      path: `/present/map-builder/${await encodeShareHash(failureMapExamples.find((e) => e.id === "before-bulkheads")!.text)}`,
      steps: 2,
      ready: "[data-present-map][data-ready]",
    },
  ];

  test("a reload keeps the stage the presenter stepped to; a new tab opens at the first", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 720 });
    for (const view of await views()) {
      await page.goto(`${site}${view.path}`);
      await page.locator(view.ready).waitFor();
      const start = await where(page);
      expect(start.stage, view.path).toBe("0");
      for (let i = 0; i < view.steps; i++) await page.keyboard.press("PageDown");
      const stepped = await where(page);
      expect(stepped.stage, view.path).toBe(String(view.steps));
      await page.reload();
      await page.locator(view.ready).waitFor();
      await expect.poll(() => where(page), { timeout: 20_000 }).toEqual(stepped);
      // Stepping back after the reload goes on from there.
      await page.keyboard.press("PageUp");
      await expect.poll(async () => (await where(page)).stage).toBe(String(view.steps - 1));
      // The same link opened again (from the run sheet, not a reload) starts from the beginning,
      // answers held back; so does another tab (the projector's, opened fresh).
      await page.goto("about:blank");
      await page.goto(`${site}${view.path}`);
      await page.locator(view.ready).waitFor();
      await expect.poll(() => where(page), { timeout: 20_000 }).toEqual(start);
      const fresh = await browser.context.newPage();
      try {
        await fresh.goto(`${site}${view.path}`);
        await fresh.locator(view.ready).waitFor();
        await expect.poll(() => where(fresh), { timeout: 20_000 }).toEqual(start);
      } finally {
        await fresh.close();
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
