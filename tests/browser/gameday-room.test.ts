/**
 * A game day in a workshop room, in Chromium: the facilitator's projector view of a fleet
 * scenario (join address and QR code for this host, large type, reduced motion respected, the
 * debrief's reveal), the tabletop cards on paper, and result codes from several participants'
 * browsers combined on one results board. Every wait is on the page's state, never the clock.
 */
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { scenarios } from "../../src/sim/gameday/scenarios.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { layoutShift } from "../support/layout-shift.ts";

/** Pages in a PDF produced by Chromium. */
const pdfPages = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;

const state = (page: Page, s: string) =>
  page.waitForSelector(`[data-gameday][data-state="${s}"]`, { timeout: 110_000 });

/** Play a scenario to its end in `page`, optionally flipping one flag first, and return the result code. */
async function playToCode(page: Page, site: string, action?: string): Promise<string> {
  await page.goto(`${site}/gameday/retry-storm/`);
  await page.locator("[data-start]").click();
  await state(page, "playing");
  if (action) {
    await page.locator('[data-speed="0"]').click();
    await page.waitForSelector('[data-speed="0"][aria-pressed="true"]');
    await page.locator(`[data-offer="${action}"] button`).click();
    await page.waitForFunction(
      (a) => document.querySelector<HTMLElement>("[data-gameday]")?.dataset.log?.includes(a),
      action,
    );
  }
  await page.locator("[data-end]").click();
  await state(page, "over");
  await page.waitForFunction(() => document.querySelector<HTMLElement>("[data-gameday]")?.dataset.resultCode);
  return (await page.locator("[data-gameday]").getAttribute("data-result-code"))!;
}

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
    await expect(reveal.innerText()).resolves.toContain(scenario.cause);
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

  test("result codes from several participants' browsers combine on one board, ranked by what users felt", {
    timeout: 240_000,
  }, async () => {
    // Two participants, each in a browser of their own.
    const [alice, bob] = await Promise.all([browser.open(), browser.open()]);
    const [idle, acted] = await Promise.all([
      playToCode(alice!.page, site),
      playToCode(bob!.page, site, "retries-off"),
    ]);
    expect(idle).not.toBe(acted);
    const { page } = browser;
    await page.goto(`${site}/gameday/board/`);
    await page.locator("[data-codes]").fill(`${idle}\n${acted}`);
    await page.locator("[data-add]").click();
    await page.waitForFunction(
      () => {
        const b = document.querySelector<HTMLElement>("[data-gameday-board]")!;
        return b.dataset.checking === "0" && Number(b.dataset.accepted ?? 0) === 2;
      },
      null,
      { timeout: 110_000 },
    );
    const rows = page.locator("[data-gameday-board] [data-board] tbody tr");
    await expect(rows.count()).resolves.toBe(2);
    // Turning retries off early beats doing nothing: the participant who acted ranks first.
    await expect(rows.first().getAttribute("data-board-row")).resolves.toBe(acted);
    await expect(rows.nth(1).getAttribute("data-board-row")).resolves.toBe(idle);
  });
});
