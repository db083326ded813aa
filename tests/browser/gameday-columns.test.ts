/**
 * The game day's components table as a game runs, at 1280 px and as a phone's cards at 390 px: a
 * column never narrows. Its figures change every second ("54.0%", "0%", a p99 of "–" when nothing
 * was answered, "1.2 s" when it was), and the table once sized each column by the text it held
 * that second, so the columns jumped left and right as a zone went down: at 1280 px the p99 column
 * went from 63 px to 41 px and back, moving the two after it. Every cell now keeps the room of the
 * widest text its column has shown, so a column only widens, when a wider figure first comes. The
 * game is the lost zone doing nothing, played at 20x until 90 s after its zone is lost (the old
 * table narrowed at the loss: p99 "–" where its hosts answered nothing); every wait is on the
 * page's state. The feed's lines, read there too, wrap under their text, never under their time.
 */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { textContrast } from "../support/contrast.ts";
import { hangingLines } from "../support/hanging-lines.ts";
import { findScenario } from "../../src/sim/gameday/scenarios.ts";

/** The game clock the test plays to: the lost zone's loss and the minute and a half after it. */
const lostZone = findScenario("lost-zone")!;
const playedTo =
  (lostZone.model.kind === "fleet"
    ? lostZone.model.build(lostZone.seed).faults.find((f) => f.kind === "lose-zone")!.at
    : Number.NaN) + 90;

describeInBrowser("game day: the components table's columns as the game runs", { ownContext: false }, (browser) => {
  for (const width of [1280, 390])
    test(`at ${width} px, no column of the components table ever narrows during a game; the feed wraps under its text`, {
      timeout: 120_000,
    }, async () => {
      const { page } = await browser.open({ viewport: { width, height: 900 } });
      // The phone in the dark theme (Starlight follows the system's when no theme was chosen).
      if (width === 390) await page.emulateMedia({ colorScheme: "dark" });
      await page.goto(`${browser.site}/gameday/lost-zone/`);
      await page.locator("[data-start]").click();
      await page.waitForSelector('[data-gameday][data-state="playing"]', { timeout: 60_000 });
      // Each redraw of the table, the width of every cell of every row whose width is its column's:
      // at 1280 px every cell; on a phone's cards the four figures (the state spans two columns).
      const cells =
        width === 1280
          ? "[data-status], [data-success], [data-p99], [data-pool], [data-queue]"
          : "[data-success], [data-p99], [data-pool], [data-queue]";
      await page.evaluate((cells) => {
        const table = document.querySelector(".gd-components table")!;
        const seen: number[][] = [];
        (window as unknown as { widths: number[][] }).widths = seen;
        new MutationObserver(() => {
          seen.push(
            [...table.querySelectorAll("tbody tr")].flatMap((row) =>
              [...row.querySelectorAll(cells)].map((cell) => Math.round(cell.getBoundingClientRect().width * 10) / 10),
            ),
          );
        }).observe(table, { subtree: true, characterData: true, childList: true });
      }, cells);
      await page.locator('[data-speed="20"]').click();
      await page.waitForFunction(
        (t) => Number(document.querySelector<HTMLElement>("[data-gameday]")?.dataset.clock ?? 0) >= t,
        playedTo,
        { timeout: 110_000 },
      );
      // The feed's lines, the longer wrapping: every line of a text starts right of its time,
      // in the text's own column ("storm." went under "0 s" at 390 px).
      const feedLines = await hangingLines(page.locator("[data-feed] li"));
      expect(feedLines.some((l) => l.lines > 1)).toBe(true);
      for (const [i, line] of feedLines.entries()) expect(line.left, `feed line ${i}`).toBeGreaterThanOrEqual(0);
      // Each line's time and text read at 4.5:1 or more, a page's red among them (the light theme's
      // plain red was 3.6:1 on white).
      expect(await page.locator('[data-feed] li[data-kind="page"]').count()).toBeGreaterThan(0);
      for (const part of await page.locator("[data-feed] li > span").all())
        expect(await textContrast(part), `"${await part.textContent()}"`).toBeGreaterThanOrEqual(4.5);
      const widths = await page.evaluate(() => (window as unknown as { widths: number[][] }).widths);
      // The game drew its rows many times, before the loss and after it.
      expect(widths.length).toBeGreaterThan(20);
      for (let i = 1; i < widths.length; i++)
        for (let cell = 0; cell < widths[i]!.length; cell++)
          expect(widths[i]![cell]!, `cell ${cell} at redraw ${i}`).toBeGreaterThanOrEqual(widths[i - 1]![cell]! - 0.1);
      // It widened now and then, when a wider figure first came, and no more than that.
      const changes = widths.filter((w, i) => i > 0 && w.some((x, c) => x !== widths[i - 1]![c])).length;
      expect(changes).toBeLessThan(widths.length / 4);
      // The rows in trouble by then write their state (and a struggling one its success) in a
      // colour of their own: each reads at 4.5:1 or more on what is behind it. Their orange was
      // Starlight's plain one, 1.9:1 on the light theme's white.
      const coloured = page.locator(
        '.gd-components tr[data-health="warn"] :is([data-status], [data-success]), .gd-components tr[data-health="bad"] [data-status]',
      );
      expect(await coloured.count()).toBeGreaterThan(0);
      for (const cell of await coloured.all())
        expect(await textContrast(cell), `"${await cell.textContent()}"`).toBeGreaterThanOrEqual(4.5);
    });
});
