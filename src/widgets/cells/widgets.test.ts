import { describe, expect, test } from "vitest";
import {
  cellsFieldBounds,
  cellsLimits,
  cellsView,
  checkCells,
  defaultCellsState,
  normalizeCells,
} from "./cells-model.ts";
import { provisioning } from "../../../content/chapters/static-stability/numbers.ts";
import { minZones } from "../../sim/cells/static-stability.ts";
import { cellsSummary, renderCells } from "./cells-render.ts";
import { countOf, percent } from "./format.ts";
import {
  checkStability,
  defaultStabilityState,
  normalizeStability,
  stabilityLimits,
  stabilityView,
} from "./stability-model.ts";
import { cellBoxes, renderStability, stabilitySummary } from "./stability-render.ts";
import { wrongValuesNote } from "./mount-form.ts";

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
    // The paragraph after the widget (content/chapters/cells/index.mdx): its shared design has no
    // spare capacity, so a lost zone overloads every customer, while the zonal cells lose only
    // the lost zone's cells.
    const view = cellsView({ ...defaultCellsState, fault: "lost-zone" });
    expect(view.blast.nonCellular.customerShare).toBe(1);
    expect(view.blast.customerShare).toBeGreaterThan(0);
    expect(view.blast.customerShare).toBeLessThan(1);
  });

  // QA: with seven customers or fewer the poison came from customer c7, who does not exist, so it
  // hit no one ("0 of 1 cell: 0 customers (0%)") while the shared deployment lost 100%.
  test("a poison request always comes from a customer the widget has, and takes down that customer's cell", () => {
    for (const [cells, customers] of [
      [1, 1],
      [1, 7],
      [5, 5],
      [2, 7],
    ] as const) {
      const view = cellsView({ ...defaultCellsState, fault: "poison", cells, customers });
      expect(view.blast.affectedCells).toHaveLength(1);
      expect(view.blast.customersAffected).toBe(view.populations[view.blast.affectedCells[0]!]);
      const said = cellsSummary(view).match(/customer (c\d+)/)![1]!;
      expect(Number(said.slice(1))).toBeLessThan(customers);
      expect(renderCells(view)).toContain(`Blast radius of a poison request from customer ${said}<`);
    }
    expect(cellsSummary(cellsView({ ...defaultCellsState, fault: "poison", cells: 1, customers: 7 }))).toMatch(
      /^A poison request from customer c6 hits 1 of 1 cell: 7 customers \(100%\)/,
    );
    // With eight customers or more it is still c7, the chapter's.
    expect(cellsSummary(cellsView({ ...defaultCellsState, fault: "poison" }))).toMatch(/customer c7 hits 1 of 10/);
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

describe("cells widget: what the reader typed", () => {
  const typed = { ...defaultCellsState } as Record<string, unknown>;

  test("values out of range are refused with a message for the field, never clamped", () => {
    expect(checkCells({ ...typed, cells: 0 })).toEqual({
      ok: false,
      errors: { cells: "Cells: a whole number from 1 to 48." },
    });
    expect(checkCells({ ...typed, cells: 1000 })).toMatchObject({ ok: false, errors: { cells: expect.any(String) } });
    expect(checkCells({ ...typed, cells: 2.5 })).toMatchObject({ ok: false });
    expect(checkCells({ ...typed, cells: null })).toMatchObject({ ok: false });
    expect(checkCells({ ...typed, cells: 20, customers: 5 })).toEqual({
      ok: false,
      errors: { customers: "Customers: at least one per cell, so 20 or more (at most 20,000)." },
    });
    expect(checkCells({ ...typed, zones: 1 })).toMatchObject({ ok: false, errors: { zones: /from 2 to 6/ } });
    expect(checkCells({ ...typed, cells: 4, waveSize: 4 })).toMatchObject({
      ok: false,
      errors: { waveSize: /1 to 3/ },
    });
    // One cell leaves none after the canary ("a whole number from 1 to 1" said nothing).
    expect(checkCells({ ...typed, cells: 1, waveSize: 3 })).toEqual({
      ok: false,
      errors: {
        waveSize: "Cells per wave after the canary: 1, since one cell is all canary and leaves no cell after it.",
      },
    });
    expect(checkCells({ ...typed, cells: 48, customers: 20_000 })).toMatchObject({ ok: true, state: { cells: 48 } });
  });

  // QA: with Cells wrong, the per-wave field's max stayed 9 (from the last count, 10) while its
  // message said "a whole number from 1 to 47". The fields carry cellsFieldBounds (cells-mount.ts,
  // CellsWidget.astro), and the check holds them to the same, whatever Cells holds.
  test("a field's bounds and its message's are one, whatever the Cells field holds", () => {
    const own = { customersMin: cellsLimits.customers.min, waveMax: cellsLimits.waveSize.max };
    for (const cells of [0, 49, 2.5, null, "ten"]) expect(cellsFieldBounds(cells), String(cells)).toEqual(own);
    expect(cellsFieldBounds(10)).toEqual({ customersMin: 10, waveMax: 9 });
    for (const cells of [2, 5, 10, 48, 0, 49, 2.5, null]) {
      const { customersMin, waveMax } = cellsFieldBounds(cells);
      const errors = (fields: Record<string, unknown>) => {
        const checked = checkCells({ ...typed, cells, ...fields });
        return checked.ok ? {} : checked.errors;
      };
      expect(errors({ waveSize: waveMax }).waveSize, `${cells}: ${waveMax} per wave`).toBeUndefined();
      expect(errors({ waveSize: waveMax + 1 }).waveSize, `${cells}: ${waveMax + 1} per wave`).toBe(
        `Cells per wave after the canary: a whole number from 1 to ${waveMax} (the cells after the canary).`,
      );
      expect(errors({ customers: customersMin }).customers, `${cells}: ${customersMin} customers`).toBeUndefined();
      expect(errors({ customers: customersMin - 1 }).customers, `${cells}: ${customersMin - 1} customers`).toMatch(
        customersMin > 1 ? `so ${customersMin} or more` : `from ${customersMin} to`,
      );
    }
  });

  test("a refused zone count gives the reason that fits it", () => {
    const one = "Zones: a whole number from 2 to 6. One zone has no other zone to fail over to.";
    const bounds = "Zones: a whole number from 2 to 6.";
    expect(checkCells({ ...typed, zones: 1 })).toEqual({ ok: false, errors: { zones: one } });
    for (const zones of [7, 0, 2.5, null])
      expect(checkCells({ ...typed, zones })).toEqual({ ok: false, errors: { zones: bounds } });
    expect(checkStability({ ...defaultStabilityState, zones: 1 })).toEqual({ ok: false, errors: { zones: one } });
    expect(checkStability({ ...defaultStabilityState, zones: 7 })).toEqual({ ok: false, errors: { zones: bounds } });
  });

  test("one limits object: the widget's zones start where the CLI's and the model's do", () => {
    expect(cellsLimits.zones.min).toBe(minZones);
    expect(normalizeCells({ zones: 1 }).zones).toBe(minZones);
  });

  test("counts read as English: one customer, one cell", () => {
    const view = cellsView(normalizeCells({ cells: 1, customers: 1 }));
    expect(renderCells(view)).toContain("1 customer<");
    expect(cellsSummary(view)).toBe(
      "A bad release in cell 0 hits 1 of 1 cell: 1 customer (100%), against 100% in one shared deployment. The canary's health check halts the rollout there.",
    );
  });

  test("a bad release the canary's check misses: every sentence counts the cells the rollout reached", () => {
    const view = cellsView({ ...defaultCellsState, healthCheckCatches: false });
    expect(cellsSummary(view)).toBe(
      "A bad release the canary's health check misses hits 10 of 10 cells: 1,000 customers (100%), against 100% in one shared deployment. Nothing halts the rollout, so it reaches every cell.",
    );
    const html = renderCells(view);
    expect(html).toContain('data-figure="untouched">0%<');
    expect(html).toContain('data-figure="cells-share">100%<');
    expect(html).toContain("10 of 10 cells hit");
    // QA: one cell read "1 cells / 1 of 1 cells hit", while the summary said "1 of 1 cell".
    const one = renderCells(
      cellsView(normalizeCells({ cells: 1, customers: 1000, healthCheckCatches: false, waveSize: 1 })),
    );
    expect(one).toContain('<th scope="row">1 cell <span class="cw-why">1 of 1 cell hit</span>');
    expect(html).not.toContain("bad release in cell 0");
    for (const cells of [1, 2, 10, 48])
      for (const healthCheckCatches of [true, false])
        for (const waveSize of [1, Math.max(1, cells - 1)]) {
          const v = cellsView(normalizeCells({ cells, customers: 1000, healthCheckCatches, waveSize }));
          const exposed = v.rollout.customersExposed;
          expect(v.blast.customersAffected).toBe(exposed);
          expect(v.blast.affectedCells).toHaveLength(v.rollout.cellsReached);
          expect(renderCells(v)).toContain(`data-figure="untouched">${percent(1 - v.rollout.exposedShare)}<`);
          expect(renderCells(v)).toContain(`data-figure="exposed-share">${percent(v.rollout.exposedShare)}<`);
          expect(cellsSummary(v)).toContain(`${countOf(exposed, "customer")} (${percent(v.rollout.exposedShare)})`);
        }
  });

  test("a release that is not bad hurts nobody, and the text says so", () => {
    const view = cellsView({ ...defaultCellsState, releaseBad: false });
    expect(view.blast.customersAffected).toBe(0);
    expect(cellsSummary(view)).toBe(
      "A good release in cell 0 hurts nobody: no cell goes down, in either design, and the rollout reaches all 10 cells.",
    );
    expect(renderCells(view)).not.toContain("bad release");
    expect(renderCells(view).replace(/<[^>]+>/g, "")).toContain(
      "it reaches all 10 cells and nobody is hurt, so the canary's health check has nothing to catch.",
    );
    // The health-check switch changes nothing here, and the text says why (QA: it looked broken).
    const missed = cellsView({ ...defaultCellsState, releaseBad: false, healthCheckCatches: false });
    expect(renderCells(missed)).toBe(renderCells(view));
    expect(cellsSummary(missed)).toBe(cellsSummary(view));
  });

  // QA: with the canary's check catching the bad release (the default), "Cells per wave after the
  // canary" changed no text at all, and nothing said why.
  test("cells per wave: where no wave runs after the canary, the rollout says so, and the field changes nothing there", () => {
    const note = (html: string) => html.match(/<p class="cw-note" data-figure="waves-unused">(.*?)<\/p>/)?.[1];
    const drawn = (state: Partial<typeof defaultCellsState>, waveSize: number) =>
      renderCells(cellsView(normalizeCells({ ...defaultCellsState, ...state, waveSize })));
    const waves = Array.from({ length: defaultCellsState.cells - 1 }, (_, i) => i + 1);
    // Halted at the canary: every wave size draws the same, and the note names the field.
    const halted = waves.map((w) => drawn({}, w));
    for (const html of halted) expect(html).toBe(halted[0]);
    expect(note(halted[0]!)).toBe(
      `No wave ran after the canary, so <q>${cellsLimits.waveSize.label}</q> changes nothing here; the waves run when the release is good or the canary's check misses it.`,
    );
    expect(cellsView(defaultCellsState).rollout.cellsReached).toBe(1);
    // A check that misses, or a good release: the waves run, the wave size changes the rollout, no note.
    for (const state of [{ healthCheckCatches: false }, { releaseBad: false }]) {
      const each = waves.map((w) => drawn(state, w));
      expect(new Set(each).size).toBe(waves.length);
      for (const html of each) expect(note(html)).toBeUndefined();
    }
    // One cell: there is no cell after the canary, and the field can only hold 1.
    expect(note(drawn({ cells: 1, customers: 10 }, 1))).toBeUndefined();
  });

  // QA: "deploy to cells 1-9" with a hyphen, where the shuffle explorer writes "workers 0–1".
  test("a wave's cells are a range with an en dash", () => {
    const html = renderCells(cellsView({ ...defaultCellsState, healthCheckCatches: false, waveSize: 9 }));
    expect(html).toContain("Wave 1: deploy to cells 1\u20139");
    expect(html).not.toMatch(/cells \d+-\d+/);
  });

  // QA: one cell read "the rollout reaches all 1 cell" and "it reaches all 1 cells".
  test("a good release in one cell reaches its only cell, in the sentence and under the steps", () => {
    const view = cellsView({ ...defaultCellsState, cells: 1, releaseBad: false });
    expect(cellsSummary(view)).toBe(
      "A good release in cell 0 hurts nobody: no cell goes down, in either design, and the rollout reaches its only cell.",
    );
    const html = renderCells(view).replace(/<[^>]+>/g, "");
    expect(html).toContain(
      "A good release: it reaches its only cell and nobody is hurt, so the canary's health check has nothing to catch.",
    );
    expect(html).not.toMatch(/all 1 cell/);
  });
});

describe("static-stability widget", () => {
  test("values out of range are refused with a message for the field", () => {
    expect(checkStability({ ...defaultStabilityState, existing: 0 })).toEqual({
      ok: false,
      errors: { existing: "Existing customers: a whole number from 1 to 100,000." },
    });
    expect(checkStability({ ...defaultStabilityState })).toMatchObject({ ok: true });
  });

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

  test("the diagram counts every cell the reader set: eight boxes at most, the last one for the rest", () => {
    const l = stabilityLimits.cells;
    for (let cells = l.min; cells <= l.max; cells++) {
      const boxes = cellBoxes(cells);
      expect(boxes.length).toBe(Math.min(cells, 8));
      const more = /^(\d+) more$/.exec(boxes.at(-1)!);
      expect(boxes.filter((b) => b.startsWith("cell ")).length + (more ? Number(more[1]) : 0)).toBe(cells);
      const html = renderStability(stabilityView(normalizeStability({ cells })));
      // Each box in both layouts, the wide one and the phone's.
      for (const box of boxes) expect(html.split(`>${box}</text>`).length - 1).toBe(2);
      expect(html).toContain(`existing customers from its cached mapping to ${countOf(cells, "cell")};`);
    }
    expect(cellBoxes(48)).toEqual(["cell 0", "cell 1", "cell 2", "cell 3", "cell 4", "cell 5", "cell 6", "41 more"]);
    expect(renderStability(stabilityView(normalizeStability({ cells: 48 })))).not.toContain(">cell 7<");
  });

  test("the widget writes the multiple of peak as the chapter's table does (1.5×, 1.33×, never 1.50× or 1.3×)", () => {
    for (const row of provisioning) {
      const html = renderStability(stabilityView(normalizeStability({ zones: row.zones })));
      expect(html).toContain(`data-figure="provision-factor">${row.factor}</strong>`);
    }
  });
});

// QA: with Zones and Cells both marked, the note still said "correct the marked field".
test("the note over a drawing left on its last valid settings counts the marked fields", () => {
  expect(wrongValuesNote(1)).toBe("Showing the last valid settings: correct the marked field to redraw.");
  expect(wrongValuesNote(2)).toBe("Showing the last valid settings: correct the marked fields to redraw.");
});
