/**
 * The cells widget's figures: where a fault lands and how far it reaches in a cellular design
 * against one shared deployment, a canary-first rollout, and a customer move, all computed by
 * src/sim/cells from the widget's state.
 */
import { blastRadius, type BlastRadius, type Fault } from "../../sim/cells/blast.ts";
import { rollout, type RolloutOutcome } from "../../sim/cells/deploy.ts";
import { moveCustomer, type MoveStep, type MoveStrategy } from "../../sim/cells/migration.ts";
import { cellPopulations, placeAll, uniformCustomers } from "../../sim/cells/router.ts";
import { minZones } from "../../sim/cells/static-stability.ts";
import { cellExample } from "../../sim/cells/example.ts";
import { grouped } from "./format.ts";
import { zonesProblem } from "./limits.ts";
import { type Checked, clampTo, type Limit, limitProblem } from "../number-fields.ts";

export type FaultKind = Fault["kind"];

export interface CellsState {
  cells: number;
  customers: number;
  zones: number;
  fault: FaultKind;
  releaseBad: boolean;
  healthCheckCatches: boolean;
  waveSize: number;
  strategy: MoveStrategy;
}

/** The widget opens on the chapter's worked example (src/sim/cells/example.ts). */
export const defaultCellsState: CellsState = {
  cells: cellExample.cells,
  customers: cellExample.customers,
  zones: cellExample.zones,
  fault: "bad-deploy",
  releaseBad: true,
  healthCheckCatches: true,
  waveSize: 1,
  strategy: "dual-write",
};

/** The widget's number fields and their bounds (the component writes them as min and max). */
export const cellsLimits = {
  cells: { min: 1, max: 48, label: "Cells" },
  customers: { min: 1, max: 20_000, label: "Customers" },
  zones: { min: minZones, max: 6, label: "Zones" },
  waveSize: { min: 1, max: 47, label: "Cells per wave after the canary" },
} as const satisfies Record<string, Limit>;

const faults: readonly FaultKind[] = ["bad-deploy", "poison", "lost-zone"];

/**
 * The bounds a cell count sets on the other fields: a customer per cell at least, and fewer cells
 * per wave than the cells (one cell is all canary, and leaves a wave of 1). The fields carry them as
 * their min and max, so the arrow keys stop where the check does.
 */
export function cellsBounds(cells: number): { customersMin: number; waveMax: number } {
  return { customersMin: Math.max(cellsLimits.customers.min, cells), waveMax: Math.max(1, cells - 1) };
}

/**
 * The bounds the other fields carry and are checked against, for whatever the Cells field holds:
 * those its count sets (cellsBounds) when it is a count the widget takes, the widget's own limits
 * otherwise. The form's fields (cells-mount.ts) and the check's messages (checkCells) both take
 * them from here: with Cells wrong, the per-wave field's max stayed at the last count's (9) while
 * its message said "from 1 to 47".
 */
export function cellsFieldBounds(cells: unknown): { customersMin: number; waveMax: number } {
  return limitProblem(cells, cellsLimits.cells) === null
    ? cellsBounds(cells as number)
    : { customersMin: cellsLimits.customers.min, waveMax: cellsLimits.waveSize.max };
}

/** Any input made drawable by clamping (for the component's props and the defaults). */
export function normalizeCells(input: Partial<CellsState>): CellsState {
  const d = defaultCellsState;
  const l = cellsLimits;
  const cells = clampTo(input.cells, l.cells.min, l.cells.max, d.cells);
  const bounds = cellsBounds(cells);
  return {
    cells,
    customers: clampTo(input.customers, bounds.customersMin, l.customers.max, Math.max(cells, d.customers)),
    zones: clampTo(input.zones, l.zones.min, l.zones.max, d.zones),
    fault: faults.includes(input.fault as FaultKind) ? (input.fault as FaultKind) : d.fault,
    releaseBad: input.releaseBad ?? d.releaseBad,
    healthCheckCatches: input.healthCheckCatches ?? d.healthCheckCatches,
    waveSize: clampTo(input.waveSize, l.waveSize.min, bounds.waveMax, 1),
    strategy: input.strategy === "freeze" ? "freeze" : "dual-write",
  };
}

/**
 * What the reader typed, checked against the same bounds: a state when every field is in
 * range, otherwise a message for each field that is not (the page shows them at the fields and
 * keeps the last valid drawing; nothing is clamped behind the reader's back).
 */
export function checkCells(input: Record<string, unknown>): Checked<CellsState> {
  const l = cellsLimits;
  const errors: Record<string, string> = {};
  const cells = input.cells;
  const cellsProblem = limitProblem(cells, l.cells);
  if (cellsProblem) errors.cells = cellsProblem;
  const bounds = cellsFieldBounds(cells);
  const perCell = bounds.customersMin;
  const customersProblem = limitProblem(input.customers, l.customers, perCell);
  if (customersProblem)
    errors.customers =
      perCell > l.customers.min && typeof input.customers === "number" && input.customers < perCell
        ? `Customers: at least one per cell, so ${grouped(perCell)} or more (at most ${grouped(l.customers.max)}).`
        : customersProblem;
  const zonesWrong = zonesProblem(input.zones, l.zones);
  if (zonesWrong) errors.zones = zonesWrong;
  const waveProblem = limitProblem(input.waveSize, l.waveSize, l.waveSize.min, bounds.waveMax);
  if (waveProblem)
    errors.waveSize =
      // One cell leaves none after the canary: "a whole number from 1 to 1" said nothing.
      !cellsProblem && cells === 1
        ? `${l.waveSize.label}: 1, since one cell is all canary and leaves no cell after it.`
        : `${waveProblem.slice(0, -1)} (the cells after the canary).`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, state: normalizeCells(input as Partial<CellsState>) };
}

/**
 * The customer whose request is poison: c7, the chapter's, when there are eight customers or more;
 * otherwise the last one (c0 to c6), so the poison always comes from a customer the widget has.
 */
export const poisonCustomer = (state: Pick<CellsState, "customers">) => `c${Math.min(7, state.customers - 1)}`;

/** Where each fault kind lands in the widget: a named customer's cell, the canary cell, zone 0. */
export function faultFor(state: CellsState): Fault {
  switch (state.fault) {
    case "poison":
      return { kind: "poison", customer: poisonCustomer(state) };
    case "bad-deploy":
      return { kind: "bad-deploy", cell: 0 };
    case "lost-zone":
      return { kind: "lost-zone", zone: 0 };
  }
}

export interface CellsView {
  state: CellsState;
  populations: number[];
  /** Zone of each cell. */
  zoneOf: number[];
  blast: BlastRadius;
  rollout: RolloutOutcome;
  /** Customer c0 (every customer weighs the same) moves from cell 0 to the last cell. */
  move: { customer: string; from: number; to: number; steps: MoveStep[] } | undefined;
}

export function cellsView(state: CellsState): CellsView {
  const customers = uniformCustomers(state.customers);
  const { controlPlane, router } = placeAll(customers, state.cells);
  const populations = cellPopulations(controlPlane.publish()!);
  const topology = { cells: state.cells, zones: state.zones };
  const fault = faultFor(state);
  const deploy = rollout({
    cellPopulations: populations,
    releaseBad: state.releaseBad,
    healthCheckCatches: state.healthCheckCatches,
    waveSize: state.waveSize,
  });
  // A bad deploy lands where the rollout takes it: cell 0 alone when the canary's health check
  // halts it there, every cell it reached when the check misses. A release that is not bad hurts
  // nobody, in either design.
  const blast =
    state.fault === "bad-deploy"
      ? state.releaseBad
        ? rolledOut(blastRadius(customers, router, fault, topology), deploy, populations)
        : harmless(fault, state.cells, customers.length)
      : blastRadius(customers, router, fault, topology);
  const to = state.cells - 1;
  const moved = state.cells > 1 ? moveCustomer(controlPlane, router, "c0", to, state.strategy) : undefined;
  return {
    state,
    populations,
    zoneOf: populations.map((_, cell) => cell % state.zones),
    blast,
    rollout: deploy,
    move: moved?.ok ? { customer: "c0", from: 0, to, steps: moved.steps } : undefined,
  };
}

/** The canary's blast radius widened to every cell the rollout reached before it halted (or all). */
function rolledOut(canary: BlastRadius, deploy: RolloutOutcome, populations: number[]): BlastRadius {
  const affectedCells = deploy.steps.filter((s) => s.action === "deploy").flatMap((s) => s.cells);
  const customersAffected = affectedCells.reduce((sum, cell) => sum + populations[cell]!, 0);
  const customerShare = canary.customers ? customersAffected / canary.customers : 0;
  return {
    ...canary,
    affectedCells,
    cellShare: affectedCells.length / canary.cells,
    customersAffected,
    customerShare,
    // Every customer in the widget weighs the same.
    trafficShare: customerShare,
  };
}

function harmless(fault: Fault, cells: number, customers: number): BlastRadius {
  return {
    fault,
    affectedCells: [],
    cells,
    cellShare: 0,
    customersAffected: 0,
    customers,
    customerShare: 0,
    trafficShare: 0,
    nonCellular: { customerShare: 0, why: "a good release hurts no one" },
  };
}
