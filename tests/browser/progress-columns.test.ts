/**
 * /progress/ has one table per chapter, Exercise then Status: the Status column starts at the same
 * x in every table, at 390 px and at 1280 px, whatever each chapter's titles and statuses, so the
 * page reads down one column. Sized by their contents (before the fixed layout of
 * src/pages/progress.astro), each table put Status where its own words left room: a different x in
 * each, on a phone as on a desktop.
 *
 * It also follows progress changed in another tab (a second page of the same browser): it had no
 * storage listener, so a page left open said "You have solved 0" after an exercise was solved
 * elsewhere, and its Reset then named what the stored progress held, not what it showed. So do a
 * chapter's exercises and the landing page's summary, which followed only their own tab's changes.
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { progressKey } from "../../src/course/progress.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { announcedChanges, recordTextChanges } from "../support/live-regions.ts";

type Listed = { id: string; parts: string[] };

/** Stored progress with each exercise listed solved (or only the parts given), in one attempt each. */
const solved = (...list: (Listed | { id: string; parts: string[]; only: string[] })[]) => ({
  version: 1,
  exercises: Object.fromEntries(
    list.map((e) => [
      e.id,
      {
        parts: Object.fromEntries(("only" in e ? e.only : e.parts).map((p) => [p, { attempts: 1, solved: true }])),
        hints: 0,
        revealed: false,
      },
    ]),
  ),
});

/** Store progress (null: clear the storage) from `other`, a page of the site's origin in another tab. */
const storeFrom = (other: Page) => (progress: object | null) =>
  other.evaluate(([key, value]) => (value === null ? localStorage.clear() : localStorage.setItem(key, value)), [
    progressKey,
    progress && JSON.stringify(progress),
  ] as const);

describeInBrowser("the progress page's columns and other tabs", (browser) => {
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

  test("a change made in another tab redraws the table and totals, keeping the focus, an open question and Undo", async () => {
    const { page, site, context } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site}/progress/`);
    const catalog: { exercises: { id: string; parts: string[] }[] }[] = JSON.parse(
      (await page.locator("[data-progress-catalog]").textContent()) ?? "[]",
    );
    const [a, b, c] = catalog.flatMap((chapter) => chapter.exercises);
    // The other tab: any page of the site's origin (its icon, the cheapest to load) shares the storage.
    const other = await context.newPage();
    await other.goto(`${site}/favicon.svg`);
    const store = storeFrom(other);
    await store(null);
    const summary = page.locator("[data-progress-summary]");
    const statusOf = (id: string) => page.locator(`[data-exercise-status="${id}"]`).textContent();
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await expect.poll(() => summary.textContent()).toMatch(/^You have solved 0 of/);

    await store(solved(a!));
    await expect.poll(() => summary.textContent()).toMatch(/^You have solved 1 of/);
    await expect(statusOf(a!.id)).resolves.toBe("✓ Solved");

    // The reset question open: it stays, with the focus; the reset then removes what the table shows.
    await page.getByRole("button", { name: "Reset progress…" }).click();
    await expect.poll(focused).toBe("Keep it");
    await store(solved(a!, b!));
    await expect.poll(() => summary.textContent()).toMatch(/^You have solved 2 of/);
    await expect(statusOf(b!.id)).resolves.toBe("✓ Solved");
    await expect(page.getByRole("group", { name: /^Reset forgets/ }).isVisible()).resolves.toBe(true);
    await expect(focused()).resolves.toBe("Keep it");
    await page.getByRole("button", { name: "Reset progress", exact: true }).click();
    await expect
      .poll(() => page.locator("[data-transfer-status]").textContent())
      .toMatch(/^Progress reset: 2 solved exercises /);
    await expect(summary.textContent()).resolves.toMatch(/^You have solved 0 of/);

    // Undo offered: still offered, with the focus, after another tab solves a third; it brings back all three.
    await store(solved(c!));
    await expect.poll(() => summary.textContent()).toMatch(/^You have solved 1 of/);
    await expect(statusOf(c!.id)).resolves.toBe("✓ Solved");
    await expect(statusOf(a!.id)).resolves.toBe("Not started");
    await expect(focused()).resolves.toBe("Undo the reset");
    await page.keyboard.press("Enter");
    await expect.poll(() => summary.textContent()).toMatch(/^You have solved 3 of/);

    // Storage cleared in the other tab (a null key): nothing solved.
    await store(null);
    await expect.poll(() => summary.textContent()).toMatch(/^You have solved 0 of/);
    await expect(statusOf(a!.id)).resolves.toBe("Not started");
    await other.close();
  });

  test("a chapter and the landing page left open follow another tab's changes, keeping typed answers and the focus, saying only what changed", async () => {
    const { page, site, context } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    // Another tab writes (its icon: the cheapest page of the origin), as a chapter or /progress/ would.
    const other = await context.newPage();
    await other.goto(`${site}/favicon.svg`);
    const store = storeFrom(other);
    await store(null);
    await page.goto(`${site}/shuffle-sharding/`);
    const landing = await context.newPage();
    await landing.goto(`${site}/`);
    const summary = landing.locator("[data-course-progress] [data-progress-summary]");
    const fill = landing.locator("[data-progress-fill]");
    const unstarted = await summary.textContent();
    expect(unstarted).toMatch(/ auto-graded exercises across \d+ chapters\. Your progress is kept in this browser\.$/);

    const catalog: { slug: string; exercises: Listed[] }[] = JSON.parse(
      (await page.locator("#br-exercise-catalog").textContent()) ?? "[]",
    );
    const listed = catalog.find((chapter) => chapter.slug === "shuffle-sharding")!.exercises;
    const x = listed.find((e) => e.id === "shuffle-shard-16-workers")!;
    const y = listed.find((e) => e.id === "diagnose-poison-shard")!;
    expect(y.parts.length).toBeGreaterThan(1);
    const exerciseX = page.locator(`[data-exercise="${x.id}"]`);
    const exerciseY = page.locator(`[data-exercise="${y.id}"]`);
    const statusOf = (exercise: typeof exerciseX) => exercise.locator("[data-status]").textContent();
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent);
    const cdp = await context.newCDPSession(page);

    // An answer half typed in the first exercise, the focus in it (its widget mounts); the second not touched.
    const field = exerciseX.locator('form[data-part="fixed"]').getByLabel("Your answer");
    await field.fill("1/");
    await expect.poll(() => exerciseX.getAttribute("data-mounted")).toBe("true");
    const fieldId = await field.getAttribute("id");
    await recordTextChanges(page.locator("body"));
    await store(solved(x, { ...y, only: [y.parts[0]!] }));
    await expect.poll(() => statusOf(exerciseX)).toBe("✓ Solved");
    await expect(statusOf(exerciseY)).resolves.toBe(`1 of ${y.parts.length} parts solved`);
    for (const part of x.parts)
      await expect(exerciseX.locator(`[data-part="${part}"]`).getAttribute("data-solved")).resolves.toBe("");
    await expect(exerciseX.getByRole("button", { name: /^Show a hint/ }).isHidden()).resolves.toBe(true);
    await expect(field.inputValue()).resolves.toBe("1/");
    await expect(focused()).resolves.toBe(fieldId);
    // Each status line that changed says its new words once; nothing else on the page speaks.
    expect(await announcedChanges(page, cdp)).toEqual(["span[data-status]", "span[data-status]"]);
    await expect.poll(() => summary.textContent()).toMatch(/^You have solved 1 of \d+ exercises/);
    await expect(fill.getAttribute("style")).resolves.not.toMatch(/width: 0%/);

    // The focus on the second's Show a hint, which goes once every part is answered elsewhere: it
    // moves to Show solution beside it. The first's status line, unchanged, says nothing again.
    const hint = exerciseY.getByRole("button", { name: /^Show a hint/ });
    await hint.focus();
    await expect.poll(() => exerciseY.getAttribute("data-mounted")).toBe("true");
    await recordTextChanges(page.locator("body"));
    await store(solved(x, y));
    await expect.poll(() => statusOf(exerciseY)).toBe("✓ Solved");
    await expect(hint.isHidden()).resolves.toBe(true);
    await expect(focused()).resolves.toBe("Show solution");
    expect(await announcedChanges(page, cdp)).toEqual(["span[data-status]"]);
    await expect.poll(() => summary.textContent()).toMatch(/^You have solved 2 of \d+ exercises/);

    // A reset elsewhere (the storage cleared): marks and status lines go, Show a hint is back, the
    // typed answer stays; the landing page says what it said before anything was solved.
    await store(null);
    await expect.poll(() => statusOf(exerciseX)).toBe("");
    await expect(statusOf(exerciseY)).resolves.toBe("");
    await expect(exerciseX.locator("[data-solved]").count()).resolves.toBe(0);
    await expect(exerciseX.getByRole("button", { name: /^Show a hint/ }).isVisible()).resolves.toBe(true);
    await expect(field.inputValue()).resolves.toBe("1/");
    await expect.poll(() => summary.textContent()).toBe(unstarted);
    await expect(fill.getAttribute("style")).resolves.toMatch(/width: 0%/);
    await cdp.detach();
    await landing.close();
    await other.close();
  });
});
