/** The static-stability widget's figures, from src/sim/cells. */
import {
  controlPlaneOutage,
  preProvisionFactor,
  type PhaseOutcome,
  type RouterMode,
  minZones,
} from "../../sim/cells/static-stability.ts";
import { zonesProblem } from "./limits.ts";
import { type Checked, clampTo, type Limit, limitProblem } from "../number-fields.ts";

export interface StabilityState {
  routerMode: RouterMode;
  existing: number;
  arriving: number;
  cells: number;
  /** Which state the diagram shows: the control plane up or down. */
  controlPlaneUp: boolean;
  zones: number;
}

export const defaultStabilityState: StabilityState = {
  routerMode: "cached-mapping",
  existing: 1200,
  arriving: 40,
  cells: 6,
  controlPlaneUp: false,
  zones: 3,
};

/** The widget's number fields and their bounds (the component writes them as min and max). */
export const stabilityLimits = {
  existing: { min: 1, max: 100_000, label: "Existing customers" },
  arriving: { min: 0, max: 10_000, label: "Sign-ups during the outage" },
  cells: { min: 1, max: 48, label: "Cells" },
  zones: { min: minZones, max: 6, label: "Zones" },
} as const satisfies Record<string, Limit>;

/** Any input made drawable by clamping (for the component's props and the defaults). */
export function normalizeStability(input: Partial<StabilityState>): StabilityState {
  const d = defaultStabilityState;
  const l = stabilityLimits;
  return {
    routerMode: input.routerMode === "asks-control-plane" ? "asks-control-plane" : "cached-mapping",
    existing: clampTo(input.existing, l.existing.min, l.existing.max, d.existing),
    arriving: clampTo(input.arriving, l.arriving.min, l.arriving.max, d.arriving),
    cells: clampTo(input.cells, l.cells.min, l.cells.max, d.cells),
    controlPlaneUp: input.controlPlaneUp ?? d.controlPlaneUp,
    zones: clampTo(input.zones, l.zones.min, l.zones.max, d.zones),
  };
}

/** What the reader typed, checked against the same bounds (see checkCells). */
export function checkStability(input: Record<string, unknown>): Checked<StabilityState> {
  const errors: Record<string, string> = {};
  for (const [name, limit] of Object.entries(stabilityLimits)) {
    const problem = name === "zones" ? zonesProblem(input[name], limit) : limitProblem(input[name], limit);
    if (problem) errors[name] = problem;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, state: normalizeStability(input as Partial<StabilityState>) };
}

export interface StabilityView {
  state: StabilityState;
  phases: PhaseOutcome[];
  /** The phase the diagram shows. */
  shown: PhaseOutcome;
  provision: { zones: number; factor: number; perZone: number };
}

export function stabilityView(state: StabilityState): StabilityView {
  const phases = controlPlaneOutage({
    existing: state.existing,
    arriving: state.arriving,
    cells: state.cells,
    routerMode: state.routerMode,
  });
  const factor = preProvisionFactor(state.zones);
  return {
    state,
    phases,
    shown: state.controlPlaneUp ? phases[2]! : phases[1]!,
    // Each zone carries peak/(N-1) so that the N-1 left after a loss carry the whole peak.
    provision: { zones: state.zones, factor, perZone: factor / state.zones },
  };
}
