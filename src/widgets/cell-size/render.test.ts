import { describe, expect, test } from "vitest";
import { cellDesign, pathAvailability, tenantMoveCost, tenantShareOfCell } from "../../sim/cells/sizing.ts";
import {
  billText,
  blastText,
  cellSizeLimits,
  cellSizeScenario,
  cellSizeState,
  cellSizeSummary,
  cellSizeView,
  cellsText,
  defaultCellSizeState,
  moveText,
  renderCellSize,
  routerText,
} from "./render.ts";

const settings = Array.from({ length: cellSizeLimits.max - cellSizeLimits.min + 1 }, (_, i) => cellSizeLimits.min + i);
const { costs } = cellSizeScenario;
/** A share as the widget writes it (at most one decimal), for reading back. */
const readShare = (text: string) => Number(text.replace("%", "")) / 100;

describe("the cell-size widget's words", () => {
  test("at the chapter's ten cells: the summary, the router, the tenant and its move", () => {
    const view = cellSizeView(defaultCellSizeState);
    expect(cellSizeSummary(view)).toBe(
      "10 cells of 100 customers: one bad cell takes down 100 customers (10%); a router outage still takes down " +
        "all 1,000 (100%). The bill is $80,000 a month, 37.5% of it per-cell overhead (10 cells × $3,000).",
    );
    expect(routerText(view)).toBe(
      "Every request still crosses the router. With the router up 99.99% of the time and each cell 99.95%, a " +
        "customer sees 99.94% at any cell count: more cells make each outage smaller, not the router's.",
    );
    expect(moveText(view)).toBe(
      "The largest tenant holds 500 GB of the 20,000 GB. At this size it fills 25% of a cell. Moving it to another " +
        "cell copies its data in 5 h and doubles its 40 writes a second for 1 hour of dual-writing (144,000 extra " +
        "writes), whatever the cell count; smaller cells leave it less room to grow before it must move.",
    );
    expect(tenantMoveCost(cellSizeScenario.largestTenant)).toEqual({ copyHours: 5, extraWrites: 144_000 });
    expect(pathAvailability(0.9999, 0.9995)).toBeCloseTo(0.99940005, 12);
  });

  test("one cell is everyone; uneven cells are named by their largest; forty cells leave no room for the tenant", () => {
    expect(cellSizeSummary(cellSizeView({ cells: 1 }))).toBe(
      "1 cell of 1,000 customers: a bad cell takes down all 1,000 customers (100%), as a router outage does. " +
        "The bill is $53,000 a month, 5.7% of it per-cell overhead (1 cell × $3,000).",
    );
    expect(cellsText(cellSizeView({ cells: 3 }))).toBe("3 cells of up to 334 customers");
    expect(blastText(cellSizeView({ cells: 3 }))).toBe(
      "one bad cell takes down up to 334 customers (33.4%); a router outage still takes down all 1,000 (100%)",
    );
    // QA: the sentence and the table said "takes down 334 customers" where two of the three cells hold 333.
    expect(renderCellSize(cellSizeView({ cells: 3 }))).toContain(
      '<span data-figure="cell-blast">up to 334 customers (33.4%)</span>',
    );
    expect(moveText(cellSizeView({ cells: 39 }))).toContain("At this size it fills 97.5% of a cell.");
    // One cell: there is nowhere to move it to yet.
    expect(moveText(cellSizeView({ cells: 1 }))).toContain(
      "With one cell there is no other cell to move it to; once there are more, moving it copies its data in 5 h",
    );
    expect(moveText(cellSizeView({ cells: 2 }))).toContain("Moving it to another cell copies its data in 5 h");
    expect(moveText(cellSizeView({ cells: 40 }))).toContain(
      "At this size it does not fit in a cell: it is 100% of one, so it needs bigger cells or a cell of its own.",
    );
    expect(billText(cellSizeView({ cells: 50 }))).toBe(
      "The bill is $200,000 a month, 75% of it per-cell overhead (50 cells × $3,000).",
    );
  });

  test("at every setting the slider offers, each sentence states the model's figures", () => {
    for (const cells of settings) {
      const view = cellSizeView({ cells });
      const design = cellDesign(cells, costs);
      const summary = cellSizeSummary(view);
      expect(summary.startsWith(`${cellsText(view)}: ${blastText(view)}. ${billText(view)}`)).toBe(true);
      // The cells and their size: the largest cell holds ceil(customers / cells), and "up to" only when they differ.
      expect(cellsText(view)).toMatch(
        new RegExp(`^${cells} cells? of ${costs.customers % cells === 0 ? "" : "up to "}[\\d,]+ customers?$`),
      );
      expect(cellsText(view)).toContain(`${design.largestCell.toLocaleString("en-US")} customer`);
      // One bad cell: the largest cell's customers and share; the router: everyone, always.
      if (cells > 1) {
        // "up to" the largest cell's customers when the cells are uneven: the others hold fewer.
        const [, upTo, count, pct] = blastText(view).match(
          /^one bad cell takes down (up to )?([\d,]+) customers? \(([\d.]+%)\)/,
        )!;
        expect(upTo !== undefined).toBe(costs.customers % cells !== 0);
        expect(Number(count!.replace(/,/g, ""))).toBe(design.largestCell);
        expect(readShare(pct!)).toBeCloseTo(design.blastRadius, 3);
        expect(readShare(pct!)).toBeGreaterThan(0);
      }
      expect(blastText(view)).toMatch(/all 1,000 (customers )?\(100%\)/);
      // The bill: fixed per cell plus per customer, and the overhead's share of it.
      const [, bill, overhead, n] = billText(view).match(
        /^The bill is \$([\d,]+) a month, ([\d.]+%) of it per-cell overhead \((\d+) cells? × \$3,000\)\.$/,
      )!;
      expect(Number(bill!.replace(/,/g, ""))).toBe(cells * 3000 + 1000 * 50);
      expect(readShare(overhead!)).toBeCloseTo(design.overheadShare, 3);
      expect(Number(n)).toBe(cells);
      // The router sentence does not move with the cell count.
      expect(routerText(view)).toBe(routerText(cellSizeView(defaultCellSizeState)));
      // The tenant fits exactly while its share of one cell is under 1.
      const fills = tenantShareOfCell(500, 20_000, cells);
      expect(moveText(view).includes("does not fit in a cell")).toBe(fills >= 1);
      const [, said] = moveText(view).match(/(?:fills|it is) ([\d.]+%) of (?:a cell|one)/)!;
      expect(readShare(said!)).toBeCloseTo(fills, 3);
    }
  });

  test("more cells: a smaller blast radius and a bigger bill, at every step of the slider", () => {
    for (const cells of settings.slice(1)) {
      const [before, after] = [cellSizeView({ cells: cells - 1 }), cellSizeView({ cells })];
      expect(after.blastRadius).toBeLessThanOrEqual(before.blastRadius);
      expect(after.monthly).toBeGreaterThan(before.monthly);
      expect(after.overheadShare).toBeGreaterThan(before.overheadShare);
      expect(after.tenantShare).toBeGreaterThan(before.tenantShare);
    }
  });
});

describe("the widget's state and drawing", () => {
  test("a slider value off its range falls back to the default", () => {
    expect(cellSizeState({ cells: "25" })).toEqual({ cells: 25 });
    expect(cellSizeState({ cells: 50 })).toEqual({ cells: 50 });
    for (const bad of ["0", "51", "2.5", "", "ten", null, undefined, true])
      expect(cellSizeState({ cells: bad })).toEqual(defaultCellSizeState);
  });

  test("one square per cell with the bad one marked, the figures in the table, the bars to scale", () => {
    const html = renderCellSize(cellSizeView({ cells: 20 }));
    expect(html.match(/class="cs-cell[" ]/g)).toHaveLength(20);
    // The strip has a place for every count the slider allows, so it is as tall at any count.
    expect(html.match(/class="cs-slot"/g)).toHaveLength(30);
    expect(html.match(/cs-cell--down/g)).toHaveLength(1);
    expect(html).toContain(
      '<span data-figure="cell-blast">50 customers (5%)</span><span class="cs-track"><span class="cs-bar cs-bar--down" style="width:5.0%">',
    );
    expect(html).toContain('<span data-figure="router-blast">1,000 (100%)</span>');
    expect(html).toContain('<span data-figure="tenant">50% of a cell</span>');
    // It once read "serving the customers $50,000", with no verb.
    expect(html).toContain(
      "$60,000 of $110,000 a month (54.5%); the other $50,000 is the cost of serving the customers",
    );
    // A tenant bigger than a cell: its bar is full and red, not wider than the track.
    expect(renderCellSize(cellSizeView({ cells: 50 }))).toContain(
      '<span data-figure="tenant">125% of a cell</span><span class="cs-track"><span class="cs-bar cs-bar--down" style="width:100.0%">',
    );
  });
});
