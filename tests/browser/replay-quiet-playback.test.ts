/**
 * While the retry-storm replay or the pool film plays, a screen reader hears nothing until it
 * stops: then it hears where it stopped, once. Checked against what Chromium hands assistive
 * technology (its accessibility tree, through the DevTools protocol): every element whose text
 * changed during playback, and each of its ancestors, must not be a live region. An `<output>` is
 * one by default (role status, polite), so a clock in one would be read out at every step.
 */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { announcedChanges, recordTextChanges } from "../support/live-regions.ts";

describeInBrowser("retry-storm replay and pool film: quiet while playing", (browser) => {
  const { site } = browser;

  test("the replay: nothing is read out while it plays; where it stops is read once", async () => {
    const { page } = browser;
    await page.goto(`${site}/retry-storm/`);
    const replay = page.locator("[data-retry-storm]").first();
    await replay.locator('input[name="seed"]').focus();
    await page.waitForSelector('[data-retry-storm][data-state="ready"]', { state: "attached", timeout: 60_000 });
    const cdp = await browser.context.newCDPSession(page);
    await recordTextChanges(replay);
    await replay.locator("[data-play]").click();
    await page.waitForFunction(() => Number((document.querySelector("[data-scrub]") as HTMLInputElement).value) >= 30);
    // Still playing: the clock and the moment have changed many times by now.
    await expect(replay.locator("[data-play]").textContent()).resolves.toBe("Pause");
    expect(await announcedChanges(page, cdp)).toEqual([]);
    await replay.locator("[data-play]").click();
    // Paused: the moment it stopped at is said in the replay's live region.
    const moment = await replay.locator("[data-moment]").textContent();
    await expect(replay.locator("[data-live]").textContent()).resolves.toBe(moment);
    await cdp.detach();
  });

  test("the pool film: nothing is read out while it plays; the caption where it stops is read", async () => {
    const { page } = browser;
    const pool = page.locator("[data-pool-fill]");
    // A click is a touch: the film does not start by itself after it. This one jumps to the start.
    await pool.locator('[data-pf-jump="0"]').click();
    await page.waitForSelector('[data-pool-fill][data-ready][data-frame="0"]', { state: "attached" });
    await expect(pool.locator("[data-pf-play]").textContent()).resolves.toBe("Play");
    const cdp = await browser.context.newCDPSession(page);
    await recordTextChanges(pool);
    await pool.locator("[data-pf-play]").click();
    await page.waitForFunction(
      () => Number((document.querySelector("[data-pool-fill]") as HTMLElement).dataset.frame) >= 4,
    );
    await expect(pool.locator("[data-pf-play]").textContent()).resolves.toBe("Pause");
    expect(await announcedChanges(page, cdp)).toEqual([]);
    await pool.locator("[data-pf-play]").click();
    await expect(pool.locator("[data-pf-caption]").getAttribute("aria-live")).resolves.toBe("polite");
    await cdp.detach();
  });
});
