/**
 * A game day in a workshop room, in Chromium: the facilitator's projector view of a fleet
 * scenario (join address and QR code for this host, large type, reduced motion respected, the
 * debrief's reveal), the tabletop cards on paper, and clearing the results board the room's codes
 * go to (its ranking is in gameday.test.ts). Every wait is on the page's state, never the clock.
 */
import { expect, test } from "vitest";
import type { Dialog, Page, Route } from "playwright-core";
import { scenarios } from "../../src/sim/gameday/scenarios.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { layoutShift } from "../support/layout-shift.ts";
import { keepUnitWithNumber } from "../../src/format/units.ts";
import { findScenario } from "../../src/sim/gameday/scenarios.ts";
import { boardKey, clearBoardQuestion } from "../../src/widgets/gameday/board.ts";
import { earnedCode } from "../support/earned-code.ts";

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

  test("Clear the board asks in the page, from the keyboard: Keep and Escape lose nothing, Remove every run empties it", {
    timeout: 120_000,
  }, async () => {
    const { page } = browser;
    // The page asks in itself: a browser dialog would stop it (dismissed here, so nothing is cleared).
    const dialogs: string[] = [];
    const onDialog = (dialog: Dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    };
    page.on("dialog", onDialog);
    try {
      // Two runs of the retry storm that did nothing, on two seeds.
      const storm = findScenario("retry-storm")!;
      const codes = [storm.seed, storm.seed + 1].map((seed) => earnedCode(storm, seed, `Idle ${seed}`));
      await page.goto(`${site}/gameday/board/`);
      await page.evaluate((key) => localStorage.removeItem(key), boardKey);
      await page.reload();
      const board = page.locator("[data-gameday-board]");
      const stored = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]") as string[], boardKey);
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
      // Typed in and added from the keyboard (the first touch loads the board). s57: where the
      // board's code could not load (the network dropped), the press was lost and nothing said.
      // It is said in the board's status (a live region), and pressed again, the board loads and
      // makes the press.
      const boardCode = /\/_astro\/board\.[\w-]+\.js$/;
      const offline = (route: Route) => route.abort("internetdisconnected");
      await page.route(boardCode, offline);
      const status = board.getByRole("status");
      await page.locator("[data-codes]").focus();
      await page.keyboard.insertText(codes.join("\n"));
      await page.keyboard.press("Tab");
      await expect(focused()).resolves.toBe("Add to the board");
      await page.keyboard.press("Enter");
      await expect.poll(() => status.textContent()).toMatch(/^The results board could not load: /);
      await expect(board.getAttribute("data-ready")).resolves.toBeNull();
      await page.unroute(boardCode, offline);
      await page.keyboard.press("Enter");
      await page.waitForFunction(
        () => {
          const b = document.querySelector<HTMLElement>("[data-gameday-board]")!;
          return b.dataset.checking === "0" && b.dataset.accepted === "2";
        },
        null,
        { timeout: 110_000 },
      );
      await expect(stored()).resolves.toHaveLength(2);
      await expect(status.textContent()).resolves.not.toMatch(/could not load/);

      const asking = board.getByRole("group", { name: clearBoardQuestion(2, 0) });
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(focused()).resolves.toBe("Clear the board");
      await page.keyboard.press("Enter");
      // Asked in the page with the safe answer focused: Enter twice keeps the runs.
      await expect.poll(() => asking.isVisible()).toBe(true);
      await expect(asking.getByRole("button").allTextContents()).resolves.toEqual([
        "Remove every run",
        "Keep the runs",
      ]);
      await expect(focused()).resolves.toBe("Keep the runs");
      await page.keyboard.press("Enter");
      await expect.poll(() => asking.isVisible()).toBe(false);
      await expect(focused()).resolves.toBe("Clear the board");
      await expect(board.getAttribute("data-accepted")).resolves.toBe("2");
      // Escape answers as keeping does.
      await page.keyboard.press("Enter");
      await expect.poll(() => asking.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => asking.isVisible()).toBe(false);
      await expect(focused()).resolves.toBe("Clear the board");
      await expect(board.getAttribute("data-accepted")).resolves.toBe("2");
      await expect(board.locator("[data-board] tbody tr").count()).resolves.toBe(2);
      await expect(stored()).resolves.toEqual(codes);

      // Removing is the answer before the safe one.
      await page.keyboard.press("Enter");
      await expect.poll(() => asking.isVisible()).toBe(true);
      await page.keyboard.press("Shift+Tab");
      await expect(focused()).resolves.toBe("Remove every run");
      await page.keyboard.press("Enter");
      await expect.poll(() => board.locator("[data-status]").textContent()).toBe("The board is empty.");
      await expect(board.getAttribute("data-accepted")).resolves.toBe("0");
      await expect(stored()).resolves.toEqual([]);
      await expect(asking.isVisible()).resolves.toBe(false);
      await expect(focused()).resolves.toBe("Clear the board");
      expect(dialogs).toEqual([]);
    } finally {
      page.off("dialog", onDialog);
    }
  });

  test("the tabletop cards print one scenario a page, A4 and Letter", async () => {
    const { page } = browser;
    await page.goto(`${site}/gameday/cards/`);
    await expect(page.locator(".gd-card").count()).resolves.toBe(scenarios.length);
    // On a screen too, each scoring sheet's rows are as wide as its card's content, room to write
    // in: its empty cells made them about 250 px wide at 1280 px, its headings' width (the table a
    // block as wide as the card, the rows drawn inside it).
    const sheets = await page.locator(".gd-card").evaluateAll((cards) =>
      cards.map((card) => {
        const css = getComputedStyle(card);
        const room = card.clientWidth - Number.parseFloat(css.paddingLeft) - Number.parseFloat(css.paddingRight);
        return { room, sheet: card.querySelector(".gd-card-sheet tr")!.getBoundingClientRect().width };
      }),
    );
    for (const { room, sheet } of sheets) expect(Math.abs(sheet - room)).toBeLessThanOrEqual(1);
    await page.emulateMedia({ media: "print" });
    const a4 = pdfPages(await page.pdf({ format: "A4" }));
    const letter = pdfPages(await page.pdf({ format: "Letter" }));
    await page.emulateMedia({ media: "screen" });
    expect({ a4, letter }).toEqual({ a4: scenarios.length, letter: scenarios.length });
  });
});
