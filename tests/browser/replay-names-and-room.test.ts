/**
 * The retry-storm replay with no defence switched on, in the chapter and in the presenter view:
 * its second run is named by what it is wherever it is named (it was "Defended" in its
 * summary, in what is read out, in its charts' names and on the phone's toggle), and the
 * presenter's charts take the room the screen has (they were 120 px tall before the replay loaded,
 * and never taller than 420 px, with a third of a 1080 px screen left empty under them), and
 * nothing moves as the page and the replay load (the status line, written after load, took a row
 * of its own and pushed the replay down 27 px at 1280 x 720: a layout shift of 0.017 before the
 * replay had loaded and 0.12 by the time it had drawn its charts).
 */
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { describeInBrowser } from "../support/browser-suite.ts";
import { layoutShift } from "../support/layout-shift.ts";
import { presentChartMin } from "../../src/widgets/replay/present-size.ts";
import { runName } from "../../src/widgets/replay/view.ts";
import { statusWords } from "../../src/widgets/replay/present.ts";

const none = runName("defended", []);

/** Every name the second run has on the page: the words the reader sees or hears it called by. */
const rightNames = (page: Page) =>
  page.locator("[data-retry-storm]").evaluate((root) => {
    const side = root.querySelector<HTMLElement>('[data-side="defended"]')!;
    return {
      summary: side.querySelector("[data-summary]")!.textContent!,
      moment: root.querySelector("[data-moment]")!.textContent!,
      live: root.querySelector("[data-live]")!.textContent!,
      side: side.getAttribute("aria-label"),
      events: side.querySelector("[data-markers]")!.getAttribute("aria-label"),
      charts: [...side.querySelectorAll("[role=img]")].map((c) => c.getAttribute("aria-label")!),
      toggle: root.querySelector('[data-show][value="defended"]')!.parentElement!.textContent!.trim(),
      columns: [...root.querySelectorAll("[data-table] thead th")].map((th) => th.textContent!).slice(4),
    };
  });

/**
 * The layout shift a presenter replay has had since it loaded, its status line written and its
 * replay loaded by a focus (no input, so every shift counts): the page's script writes the status
 * line, the replay says "Simulating both runs…" while it runs and then swaps in its live charts.
 */
async function shiftAsItLoads(page: Page): Promise<{ status: string; shift: number }> {
  const status = await page.locator("[data-reveal-status]").innerText();
  return { status, shift: await layoutShift(page) };
}

/** The first chart on show in the presenter view and the page around it, in CSS pixels. */
const presenterRoom = (page: Page, chart: string) =>
  page.evaluate((selector) => {
    const box = [...document.querySelectorAll(selector)]
      .map((c) => c.getBoundingClientRect())
      .find((b) => b.width > 0)!;
    return {
      chart: box.height,
      screen: innerHeight,
      // The room left empty under the page's end, and how far the page scrolls.
      empty: innerHeight - document.body.getBoundingClientRect().bottom,
      scrolls: document.documentElement.scrollHeight - document.documentElement.clientHeight,
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  }, chart);

describeInBrowser("retry-storm replay: the run without defences, and the presenter's room", (browser) => {
  const { site } = browser;

  test("with no defence switched on, the second run is not called defended: not in its summary, what is read out, its charts or the toggle", async () => {
    const { page } = browser;
    await page.goto(`${site}/retry-storm/?defences=none`);
    const root = page.locator("[data-retry-storm]");
    await root.and(page.locator('[data-state="ready"]')).waitFor({ timeout: 60_000 });
    await expect.poll(() => root.locator('[data-side="defended"] .uplot').count()).toBe(5);
    const names = await rightNames(page);
    expect(none).toEqual({ name: "No defence switched on", label: "Run with no defence switched on" });
    expect(names.summary.startsWith(`${none.name}: `)).toBe(true);
    expect(names.moment).toContain(`; ${none.name}: `);
    expect(names.live).toContain(` ${none.name}: `);
    expect(names.side).toBe(none.label);
    expect(names.events).toBe(`${none.label}: events`);
    expect(names.charts).toHaveLength(5);
    for (const name of names.charts) expect(name.startsWith(`${none.label}: `), name).toBe(true);
    expect(names.toggle).toBe(none.label);
    expect(names.columns).toEqual(["in use", "waiting", "success"].map((c) => `${none.name.toLowerCase()}: ${c}`));
    expect(JSON.stringify(names)).not.toMatch(/defended/i);

    // A defence switched on, it is the defended run again, everywhere.
    const before = await root.getAttribute("data-defended-summary");
    await root.locator('input[name="defence-budget"]').check();
    await page.waitForFunction(
      (old) => {
        const el = document.querySelector<HTMLElement>("[data-retry-storm]")!;
        return el.dataset.state === "ready" && el.dataset.defendedSummary !== old;
      },
      before,
      { timeout: 60_000 },
    );
    const defended = await rightNames(page);
    expect(defended.summary.startsWith("Defended: ")).toBe(true);
    expect(defended.moment).toContain("; Defended: ");
    expect(defended.live).toContain(" Defended: ");
    expect(defended.side).toBe("Defended run");
    expect(defended.events).toBe("Defended run: events");
    for (const name of defended.charts) expect(name.startsWith("Defended run: "), name).toBe(true);
    expect(defended.toggle).toBe("Defended run");
    expect(defended.columns).toEqual(["defended: in use", "defended: waiting", "defended: success"]);
  });

  test("the presenter view opens on the run without defences, and names it so before and after the replay loads", async () => {
    const { page } = browser;
    await page.goto(`${site}/present/retry-storm/`);
    const root = page.locator("[data-retry-storm]");
    // Untouched: the static charts the page was built with.
    await expect(root.getAttribute("data-state")).resolves.toBeNull();
    const built = await rightNames(page);
    for (const name of built.charts) expect(name.startsWith(`${none.label}: `), name).toBe(true);
    expect(built.summary.startsWith(`${none.name}: `)).toBe(true);
    expect(built.toggle).toBe(none.label);
    // The replay loads on a key moment pressed from the keyboard, and the moments, drawn again from
    // its run, leave the focus on the one pressed (it fell to the page's body).
    const moment = page.locator("[data-moments] button").nth(1);
    const pressed = await moment.textContent();
    await moment.focus();
    await page.keyboard.press("Enter");
    await root.and(page.locator('[data-state="ready"]')).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(pressed);
    await page.getByRole("button", { name: "Reveal all" }).click();
    await page.locator("[data-scrub]").focus();
    await expect.poll(() => root.locator('[data-side="defended"] .uplot').count()).toBe(5);
    const live = await rightNames(page);
    expect(live.summary.startsWith(`${none.name}: `)).toBe(true);
    await expect(root.locator('[data-side="defended"] [data-summary]').isVisible()).resolves.toBe(true);
    expect(JSON.stringify(live)).not.toMatch(/defended/i);
  });

  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const)
    test(`at ${width} x ${height} the presenter's chart takes the room the screen has, before the replay loads and after, the page does not scroll, and nothing moves as the replay loads`, async () => {
      const { page } = await browser.open({ viewport: { width, height } });
      await page.goto(`${site}/present/retry-storm/`);
      const root = page.locator("[data-retry-storm]");
      await expect.poll(() => root.evaluate((el) => el.style.getPropertyValue("--rs-present-plot"))).not.toBe("");
      const fits = (room: Awaited<ReturnType<typeof presenterRoom>>, what: string) => {
        expect(room.scrolls, `${what}: the page scrolls`).toBeLessThanOrEqual(0);
        expect(room.sideways, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(0);
        // No room left empty under the page's end (the way back): the chart has it.
        expect(room.empty, `${what}: px left empty`).toBeLessThanOrEqual(2);
        expect(room.chart / room.screen, `${what}: the chart's share of the screen`).toBeGreaterThanOrEqual(0.4);
      };
      const built = await presenterRoom(page, ".rs-chart:not([data-off]) .rs-static");
      fits(built, "before the replay loads");
      // Touched: the live charts replace them, as tall.
      await page.locator("[data-scrub]").focus();
      await root.and(page.locator('[data-state="ready"]')).waitFor({ timeout: 60_000 });
      await expect.poll(() => root.locator(".rs-chart:not([data-off]) .uplot").count()).toBe(2);
      await expect
        .poll(async () => (await presenterRoom(page, ".rs-chart:not([data-off]) .u-wrap")).empty)
        .toBeLessThanOrEqual(2);
      const live = await presenterRoom(page, ".rs-chart:not([data-off]) .u-wrap");
      fits(live, "live");
      // Nothing moved as the page and the replay loaded: the status line is there from the first paint.
      const loaded = await shiftAsItLoads(page);
      expect(loaded.status).toBe(statusWords.hidden);
      expect(loaded.shift, "layout shift as the page and the replay load").toBeLessThan(0.001);
      expect(Math.abs(live.chart - built.chart), "the live chart as tall as the one it replaced").toBeLessThanOrEqual(
        2,
      );
      // Revealed, the summaries take their room from the chart, and the page still does not scroll.
      await page.getByRole("button", { name: "Reveal all" }).click();
      await expect
        .poll(async () => (await presenterRoom(page, ".rs-chart:not([data-off]) .u-wrap")).scrolls)
        .toBeLessThanOrEqual(0);
      const revealed = await presenterRoom(page, ".rs-chart:not([data-off]) .u-wrap");
      expect(revealed.chart).toBeGreaterThanOrEqual(presentChartMin);
      expect(revealed.empty).toBeLessThanOrEqual(2);
    });

  test("on a 390 px phone, where the tools take the first screen, the presenter's chart takes half the screen, and nothing moves as the replay loads", async () => {
    const { page } = await browser.open({ viewport: { width: 390, height: 844 } });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${site}/present/retry-storm/`);
    const root = page.locator("[data-retry-storm]");
    await expect.poll(() => root.evaluate((el) => el.style.getPropertyValue("--rs-present-plot"))).not.toBe("");
    const built = await presenterRoom(page, ".rs-chart:not([data-off]) .rs-static");
    expect(built.chart).toBeCloseTo(844 / 2, 0);
    expect(built.sideways).toBeLessThanOrEqual(0);
    await page.locator("[data-scrub]").focus();
    await root.and(page.locator('[data-state="ready"]')).waitFor({ timeout: 60_000 });
    // Both sides' picked chart: the phone shows one side at a time.
    await expect.poll(() => root.locator(".rs-chart:not([data-off]) .uplot").count()).toBe(2);
    const live = await presenterRoom(page, ".rs-chart:not([data-off]) .u-wrap");
    expect(live.chart).toBeCloseTo(844 / 2, 0);
    expect(live.sideways).toBeLessThanOrEqual(0);
    const loaded = await shiftAsItLoads(page);
    expect(loaded.status).toBe(statusWords.hidden);
    expect(loaded.shift, "layout shift as the page and the replay load").toBeLessThan(0.001);
  });
});
