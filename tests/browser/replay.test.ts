/** The retry-storm replay, as a reader meets it: static first, then interactive, in Chromium. */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { openBrowser, skipBrowser, type Session } from "../support/chromium.ts";
import { weighPage } from "../support/page-weight.ts";

const golden = JSON.parse(
  readFileSync(new URL("../../src/sim/retry-storm/golden/summaries.json", import.meta.url), "utf8"),
);

describe.skipIf(skipBrowser)("retry-storm replay in Chromium", () => {
  const site = inject("siteUrl");
  let browser: Session;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => browser?.close());

  const replay = () => browser.page.locator("[data-retry-storm]").first();
  const ready = () =>
    browser.page.waitForSelector('[data-retry-storm][data-state="ready"]', { state: "attached", timeout: 60_000 });

  test("before any interaction: the naive and defended results as static charts and text", async () => {
    const { page } = browser;
    const weight = await weighPage(page, `${site}/retry-storm/`);
    expect(weight.jsGzipBytes / 1024).toBeLessThanOrEqual(30);
    expect(weight.scripts.some((s) => /uPlot/i.test(s))).toBe(false);
    await expect(replay().locator("svg.rs-svg").count()).resolves.toBe(10);
    await expect(replay().locator(".uplot").count()).resolves.toBe(0);
    const naive = await replay().locator('[data-side="naive"] [data-summary]').textContent();
    expect(naive).toContain(
      `the first request is refused at ${Math.round(golden.naive.firstRefusalSeconds * 10) / 10} s`,
    );
    expect(naive).toContain("it recovers only at the intervention (11 min 0 s)");
    expect(await replay().locator('[data-side="defended"] [data-summary]').textContent()).toContain(
      "no request is refused",
    );
    await expect(replay().locator("[data-live]").getAttribute("aria-live")).resolves.toBe("polite");
    await expect(replay().locator("[data-table] tbody tr").count()).resolves.toBe(72);
  });

  test("first interaction loads the charts; Node and Chromium agree on the summary bytes", async () => {
    const { page } = browser;
    await page.goto(`${site}/retry-storm/`);
    await page.locator("[data-scrub]").focus();
    await ready();
    await expect(replay().locator(".uplot").count()).resolves.toBe(10);
    // The page reran both scenarios in workers; the bytes equal the golden summaries from Node.
    await expect(replay().getAttribute("data-naive-summary")).resolves.toBe(JSON.stringify(golden.naive));
    await expect(replay().getAttribute("data-defended-summary")).resolves.toBe(
      JSON.stringify(golden["bulkhead+breaker+budget+jitter+timeout+shed"]),
    );
  });

  test("the playhead scrubs with the keyboard and describes the moment", async () => {
    const { page } = browser;
    const scrub = page.locator("[data-scrub]");
    await scrub.focus();
    await page.keyboard.press("Home");
    await expect(page.locator("[data-moment]").textContent()).resolves.toMatch(
      /^At -30 s: Naive: \d+ of 20 connections in use/,
    );
    await page.keyboard.press("End");
    await expect(page.locator("[data-time]").textContent()).resolves.toBe("689 s");
    await scrub.fill("120");
    await scrub.dispatchEvent("input");
    const moment = await page.locator("[data-moment]").textContent();
    expect(moment).toMatch(
      /^At 120 s: Naive: 20 of 20 connections in use, \d+ waiting, 0\.0% of requests succeed; Defended: \d+ of 24 connections in use/,
    );
    // [ and ] step ten seconds from anywhere in the replay but a text field.
    await page.locator("[data-play]").focus();
    await page.keyboard.press("]");
    await expect(page.locator("[data-time]").textContent()).resolves.toBe("130 s");
    // Play moves the playhead; pause stops it and announces where it is.
    await page.locator("[data-play]").click();
    await page.waitForFunction(
      () => Number((document.querySelector("[data-scrub]") as HTMLInputElement).value) > 135,
      null,
      { timeout: 10_000 },
    );
    await page.locator("[data-play]").click();
    await expect(page.locator("[data-play]").getAttribute("aria-pressed")).resolves.toBe("false");
    await expect(page.locator("[data-live]").textContent()).resolves.toMatch(/^At \d+ s:/);
    // The playhead line sits on every chart.
    await expect(replay().locator(".rs-playhead").count()).resolves.toBe(10);
  });

  test("a control change reruns the simulation and keeps the settings in the URL", async () => {
    const { page } = browser;
    const before = await replay().getAttribute("data-defended-summary");
    await replay().locator('input[name="defence-breaker"]').uncheck();
    await page.waitForFunction(
      (old) => {
        const root = document.querySelector("[data-retry-storm]") as HTMLElement;
        return root.dataset.state === "ready" && root.dataset.defendedSummary !== old;
      },
      before,
      { timeout: 60_000 },
    );
    const summary = JSON.parse((await replay().getAttribute("data-defended-summary"))!);
    expect(summary.defences).not.toContain("breaker");
    expect(new URL(page.url()).searchParams.get("defences")).toBe("bulkhead,budget,jitter,timeout,shed");
    expect(await replay().locator('[data-side="defended"] [data-summary]').textContent()).toContain(
      `${summary.amplification} tries per request`,
    );
    // A shared link reproduces the state: the replay mounts at once with those controls.
    await page.goto(`${site}/retry-storm/?seed=2&defences=budget&poolSize=24`);
    await ready();
    await expect(replay().locator('input[name="seed"]').inputValue()).resolves.toBe("2");
    await expect(replay().locator('input[name="poolSize"]').inputValue()).resolves.toBe("24");
    await expect(replay().locator('input[name="defence-budget"]').isChecked()).resolves.toBe(true);
    await expect(replay().locator('input[name="defence-breaker"]').isChecked()).resolves.toBe(false);
    const shared = JSON.parse((await replay().getAttribute("data-naive-summary"))!);
    expect(shared.seed).toBe(2);
  });

  test("switching theme redraws the charts in the new ink, playheads included", async () => {
    const { page } = browser;
    await page.goto(`${site}/retry-storm/`);
    await page.locator("[data-scrub]").focus();
    await ready();
    for (const theme of ["light", "dark"]) {
      await page.locator("starlight-theme-select select").first().selectOption(theme);
      await expect(replay().locator(".uplot").count()).resolves.toBe(10);
      await expect(replay().locator(".rs-playhead").count()).resolves.toBe(10);
    }
  });

  test("reduced motion: nothing moves on its own", async () => {
    const { page } = browser;
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${site}/retry-storm/?seed=3`);
    await ready();
    await page.waitForTimeout(1500);
    await expect(page.locator("[data-scrub]").inputValue()).resolves.toBe("0");
    await expect(page.locator("[data-play]").getAttribute("aria-pressed")).resolves.toBe("false");
    await page.emulateMedia({ reducedMotion: "no-preference" });
  });

  test("fits a 375 px phone, and the presenter view shows the replay alone", async () => {
    const phone = await openBrowser({ viewport: { width: 375, height: 800 } });
    try {
      await phone.page.goto(`${site}/retry-storm/`);
      await phone.page.locator("[data-scrub]").focus();
      await phone.page.waitForSelector('[data-retry-storm][data-state="ready"]', {
        state: "attached",
        timeout: 60_000,
      });
      const overflow = await phone.page.locator("[data-retry-storm]").evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await phone.page.goto(`${site}/present/retry-storm/`);
      await expect(phone.page.locator(".rs--present svg.rs-svg").count()).resolves.toBe(10);
      await expect(phone.page.locator("nav.sidebar").count()).resolves.toBe(0);
    } finally {
      await phone.close();
    }
  });
});
