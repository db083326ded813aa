/**
 * The cells widget's figures: where a fault lands and how far it reaches in a cellular design
 * against one shared deployment, a canary-first rollout, and a customer move, all computed by
 * src/sim/cells from the widget's state.
 */
import { blastRadius, type BlastRadius, type Fault } from "../../sim/cells/blast.ts";
import { rollout, type RolloutOutcome } from "../../sim/cells/deploy.ts";
import { moveCustomer, type MoveStep, type MoveStrategy } from "../../sim/cells/migration.ts";
import { cellPopulations, placeAll, uniformCustomers } from "../../sim/cells/router.ts";

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

export const defaultCellsState: CellsState = {
  cells: 10,
  customers: 1000,
  zones: 3,
  fault: "bad-deploy",
  releaseBad: true,
  healthCheckCatches: true,
  waveSize: 1,
  strategy: "dual-write",
};

const clamp = (v: number, min: number, max: number, fallback: number) =>
  Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : fallback;

export function normalizeCells(input: Partial<CellsState>): CellsState {
  const d = defaultCellsState;
  const cells = clamp(input.cells ?? NaN, 1, 48, d.cells);
  return {
    cells,
    customers: clamp(input.customers ?? NaN, cells, 20_000, Math.max(cells, d.customers)),
    zones: clamp(input.zones ?? NaN, 1, 6, d.zones),
    fault:
      input.fault === "poison" || input.fault === "lost-zone" || input.fault === "bad-deploy" ? input.fault : d.fault,
    releaseBad: input.releaseBad ?? d.releaseBad,
    healthCheckCatches: input.healthCheckCatches ?? d.healthCheckCatches,
    waveSize: clamp(input.waveSize ?? NaN, 1, Math.max(1, cells - 1), 1),
    strategy: input.strategy === "freeze" ? "freeze" : "dual-write",
  };
}

/** Where each fault kind lands in the widget: a named customer's cell, the canary cell, zone 0. */
export const poisonCustomer = "c7";

export function faultFor(state: CellsState): Fault {
  switch (state.fault) {
    case "poison":
      return { kind: "poison", customer: poisonCustomer };
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
  /** The largest customer moves from cell 0 to the last cell. */
  move: { customer: string; from: number; to: number; steps: MoveStep[] } | undefined;
}

export function cellsView(state: CellsState): CellsView {
  const customers = uniformCustomers(state.customers);
  const { controlPlane, router } = placeAll(customers, state.cells);
  const populations = cellPopulations(controlPlane.publish()!);
  const topology = { cells: state.cells, zones: state.zones };
  const blast = blastRadius(customers, router, faultFor(state), topology);
  const deploy = rollout({
    cellPopulations: populations,
    releaseBad: state.releaseBad,
    healthCheckCatches: state.healthCheckCatches,
    waveSize: state.waveSize,
  });
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
