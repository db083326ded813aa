/**
 * The static-stability chapter on a 320 px phone: its widgets' tables (the outage phases, the
 * zone headroom) and the chapter's own table fit the screen, no word sticks out of its cell, and
 * their text is 12 px or more, at the widgets' defaults and at their widest figures. QA: at 320
 * px the phase table scrolled sideways by 45 px and the headroom table by 51 px (they fit at 375
 * and 390: mobile.test.ts). An exercise's situation table, which scrolls inside a labelled box of
 * its own, is not among them.
 */
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { describeInBrowser } from "../support/browser-suite.ts";

/** Each table's overflow past its box, each cell's past itself, and text under 12 px, as lines. */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const tables = [...document.querySelectorAll<HTMLTableElement>("main table")].filter(
      (t) => !t.closest('[role="region"][tabindex]'),
    );
    if (tables.length < 3) out.push(`only ${tables.length} tables`);
    for (const table of tables) {
      const name = table.querySelector("caption")?.textContent?.slice(0, 30) ?? table.className;
      const box = table.parentElement!;
      const width = Math.max(table.getBoundingClientRect().width, table.scrollWidth);
      if (width > box.clientWidth + 0.5 || box.scrollWidth > box.clientWidth)
        out.push(`${name}: ${Math.round(width)} px in ${box.clientWidth}`);
      if (table.getBoundingClientRect().right > document.documentElement.clientWidth)
        out.push(`${name}: past the screen`);
      for (const cell of table.querySelectorAll<HTMLElement>("th, td")) {
        if (cell.scrollWidth > cell.clientWidth)
          out.push(`${name}: "${cell.textContent}" ${cell.scrollWidth}/${cell.clientWidth}`);
        const size = Number.parseFloat(getComputedStyle(cell).fontSize);
        if (size < 12) out.push(`${name}: "${cell.textContent}" at ${size} px`);
      }
    }
    return out;
  });
}

describeInBrowser("the static-stability chapter at 320 px", { viewport: { width: 320, height: 740 } }, (browser) => {
  test("its widgets' tables fit the screen, every word within its cell, no text under 12 px", async () => {
    const { page, site } = browser;
    await page.goto(`${site}/static-stability/`);
    expect(await page.evaluate(() => document.documentElement.clientWidth)).toBe(320);
    expect(await misfits(page)).toEqual([]);

    // The widest figures the widgets draw: the most customers, and five zones (1.25× and 1.67×).
    const stability = page.locator('[data-cells-widget="static-stability"]');
    await stability.locator('input[name="existing"]').fill("100000");
    await stability.locator('input[value="down"]').check();
    await expect
      .poll(() => stability.locator('[data-figure="routed-control-plane-down"]').textContent())
      .toBe("100,000 of 100,000");
    const headroom = page.locator("[data-headroom-widget]");
    await headroom.locator('select[name="zones"]').selectOption("5");
    await expect.poll(() => headroom.locator("tbody tr").last().locator("td").last().textContent()).toBe("1.67×");
    expect(await misfits(page)).toEqual([]);
  });
});
