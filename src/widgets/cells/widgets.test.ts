import { describe, expect, test } from "vitest";
import { cellsView, defaultCellsState, normalizeCells } from "./cells-model.ts";
import { cellsSummary, renderCells } from "./cells-render.ts";
import { defaultStabilityState, normalizeStability, stabilityView } from "./stability-model.ts";
import { renderStability, stabilitySummary } from "./stability-render.ts";

describe("cells widget", () => {
  test("defaults: a bad release in cell 0 of 10, caught by the canary", () => {
    const view = cellsView(defaultCellsState);
    expect(view.populations).toEqual(new Array(10).fill(100));
    expect(view.blast.customerShare).toBe(0.1);
    expect(view.rollout.customersExposed).toBe(100);
    expect(view.move?.steps.map((s) => s.name)).toEqual(["copy", "dual-write", "flip-mapping", "clean-up"]);
    expect(cellsSummary(view)).toMatch(
      /^A bad release in cell 0 hits 1 of 10 cells: 100 customers \(10%\), against 100%/,
    );
    const html = renderCells(view);
    for (const figure of ["cells-share", "shared-share", "untouched", "rollout", "exposed", "exposed-share", "move"])
      expect(html).toContain(`data-figure="${figure}"`);
  });

  test("the poison customer's cell, and zonal cells for a lost zone", () => {
    expect(cellsView({ ...defaultCellsState, fault: "poison" }).blast.affectedCells).toEqual([7]);
    expect(cellsView({ ...defaultCellsState, fault: "lost-zone", cells: 12, zones: 4 }).blast.affectedCells).toEqual([
      0, 4, 8,
    ]);
  });

  test("clamping keeps every state simulable; one cell has nowhere to move a customer", () => {
    expect(normalizeCells({ cells: 0, customers: 0, waveSize: 99, fault: "nope" as never })).toMatchObject({
      cells: 1,
      customers: 1,
      waveSize: 1,
      fault: "bad-deploy",
    });
    expect(normalizeCells({ cells: 5, customers: 10_000_000 }).customers).toBe(20_000);
    const single = cellsView(normalizeCells({ cells: 1, customers: 10 }));
    expect(single.move).toBeUndefined();
    expect(renderCells(single)).toContain("nowhere to move");
  });
});

describe("static-stability widget", () => {
  test("both states: routed from the cache while down, sign-ups placed once it is back", () => {
    const down = stabilityView(defaultStabilityState);
    expect(down.shown).toMatchObject({ phase: "control-plane-down", routed: 1200, turnedAway: 40 });
    const up = stabilityView({ ...defaultStabilityState, controlPlaneUp: true });
    expect(up.shown).toMatchObject({ phase: "recovered", placed: 40, turnedAway: 0 });
    expect(stabilitySummary(down)).toBe(
      "Control plane down: 1,200 of 1,200 existing customers routed (100%); 0 new customers placed, 40 waiting.",
    );
  });

  test("a router that asks the control plane goes down with it; N/(N-1) pre-provisioning", () => {
    const asking = stabilityView({ ...defaultStabilityState, routerMode: "asks-control-plane" });
    expect(asking.shown.routed).toBe(0);
    expect(renderStability(asking)).toContain("cannot route");
    expect(stabilityView(normalizeStability({ zones: 2 })).provision.factor).toBe(2);
    expect(normalizeStability({ zones: 1 }).zones).toBe(2);
  });
});
