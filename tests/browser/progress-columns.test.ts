/**
 * /progress/ has one table per chapter, Exercise then Status: the Status column starts at the same
 * x in every table, at 390 px and at 1280 px, whatever each chapter's titles and statuses, so the
 * page reads down one column. Sized by their contents (before the fixed layout of
 * src/pages/progress.astro), each table put Status where its own words left room: a different x in
 * each, on a phone as on a desktop.
 */
import { expect, test } from "vitest";
import { progressKey } from "../../src/course/progress.ts";
import { describeInBrowser } from "../support/browser-suite.ts";

describeInBrowser("the progress page's columns", (browser) => {
  test.each([
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ])("Status starts at the same x in every chapter's table at $width px", async (viewport) => {
    const { page, site } = browser;
    await page.setViewportSize(viewport);
    await page.goto(`${site}/progress/`);
    // Statuses of different lengths in different chapters: the first exercise of every other
    // chapter with its solution seen, the second of the others tried twelve times.
    const ids = await page.evaluate(() =>
      [...document.querySelectorAll(".br-progress__table")].map((t) =>
        [...t.querySelectorAll("[data-exercise-status]")].map((td) => td.getAttribute("data-exercise-status")!),
      ),
    );
    const exercises: Record<string, unknown> = {};
    ids.forEach((chapter, i) => {
      if (i % 2 === 0) exercises[chapter[0]!] = { parts: {}, hints: 0, revealed: true };
      else if (chapter[1])
        exercises[chapter[1]] = { parts: { a: { attempts: 12, solved: false } }, hints: 0, revealed: false };
    });
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [progressKey, JSON.stringify({ version: 1, exercises })],
    );
    await page.reload();
    await expect.poll(() => page.getByRole("cell", { name: "Solution seen", exact: true }).count()).toBeGreaterThan(1);
    await expect.poll(() => page.getByRole("cell", { name: "12 attempts", exact: true }).count()).toBeGreaterThan(1);
    const tables = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLTableElement>(".br-progress__table")].map((table) => ({
        chapter: table.closest("section")?.querySelector("h2 a")?.textContent ?? "",
        // The Status column's left edge: its heading's and each of its cells'.
        lefts: [...table.rows].map((row) => Math.round(row.cells[1]!.getBoundingClientRect().left * 10) / 10),
        right: table.getBoundingClientRect().right,
      })),
    );
    expect(tables.length).toBeGreaterThan(1);
    const first = tables[0]!.lefts[0]!;
    // Status begins past the window's first third, so the titles keep most of the row.
    expect(first).toBeGreaterThan(viewport.width / 3);
    for (const t of tables) {
      expect(new Set(t.lefts), t.chapter).toEqual(new Set([first]));
      expect(t.right, t.chapter).toBeLessThanOrEqual(viewport.width);
    }
  });
});
