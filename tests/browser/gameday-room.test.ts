/**
 * A game day in a workshop room, in Chromium: the facilitator's projector view of a fleet
 * scenario (join address and QR code for this host, large type, reduced motion respected, the
 * debrief's reveal) and the tabletop cards on paper. The results board the room's codes go to is
 * in gameday.test.ts. Every wait is on the page's state, never the clock.
 */
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { scenarios } from "../../src/sim/gameday/scenarios.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { layoutShift } from "../support/layout-shift.ts";
import { keepUnitWithNumber } from "../../src/format/units.ts";

/** Pages in a PDF produced by Chromium. */
const pdfPages = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;

const state = (page: Page, s: string) =>
  page.waitForSelector(`[data-gameday][data-state="${s}"]`, { timeout: 110_000 });

describeInBrowser("game day in a room", (browser) => {
  const { site } = browser;

  test("the facilitator view of a fleet scenario: this host's address and QR code, large type, reduced motion, the reveal", {
    timeout: 120_000,
  }, async () => {
    const { page } = browser;
    const scenario = scenarios.find((s) => s.model.kind === "fleet" && s.id === "gray-failure")!;
    await page.emulateMedia({ reducedMotion: "reduce" });
    // Loaded at Lighthouse's phone width, where this view shifted by 0.156 in the 17:03 run.
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(`${site}/gameday/facilitator/${scenario.id}/`);
    // Participants join at this host's address, whatever it is, as text and as a QR code.
    await expect(page.locator("[data-room-url]").innerText()).resolves.toBe(`${site}/gameday/${scenario.id}/`);
    await page.locator("[data-room-qr] svg").waitFor();
    // Writing them in moved nothing (tests/support/layout-shift.ts: Lighthouse's measure).
    const shift = await layoutShift(page);
    expect(shift, "layout shift at 412 px once the address and QR code are in").toBeLessThanOrEqual(0.02);
    await page.setViewportSize(wide);
    const size = await page
      .locator("[data-gameday]")
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(size, "the projector dashboard's type in px").toBeGreaterThanOrEqual(20);
    // Play it through: the fleet's components are drawn, and a page fires for a host nobody ejected.
    await page.locator("[data-start]").click();
    await state(page, "playing");
    await page.locator("[data-end]").click();
    await state(page, "over");
    const rows = await page.locator(".gd-components tbody tr").count();
    expect(rows).toBeGreaterThan(1);
    await expect(page.locator("[data-verdict]").innerText()).resolves.toMatch(/tenant-minutes/);
    // Reduced motion: a firing page does not pulse.
    const pulsing = await page
      .locator('.gd-firing li[data-severity="page"]')
      .evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName));
    expect(pulsing.length, "a page is firing at the end of a do-nothing run").toBeGreaterThan(0);
    expect(new Set(pulsing)).toEqual(new Set(["none"]));
    // The debrief's reveal: what was going on, and par.
    const reveal = page.locator(".gd-room-reveal");
    await expect(reveal.locator("p").first().isVisible()).resolves.toBe(false);
    await reveal.locator("summary").click();
    await expect(reveal.innerText()).resolves.toContain(keepUnitWithNumber(scenario.cause));
    await page.emulateMedia({ reducedMotion: null });
  });

  test("the tabletop cards print one scenario a page, A4 and Letter", async () => {
    const { page } = browser;
    await page.goto(`${site}/gameday/cards/`);
    await expect(page.locator(".gd-card").count()).resolves.toBe(scenarios.length);
    await page.emulateMedia({ media: "print" });
    const a4 = pdfPages(await page.pdf({ format: "A4" }));
    const letter = pdfPages(await page.pdf({ format: "Letter" }));
    await page.emulateMedia({ media: "screen" });
    expect({ a4, letter }).toEqual({ a4: scenarios.length, letter: scenarios.length });
  });
});
