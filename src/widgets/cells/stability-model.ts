/** The static-stability widget's figures, from src/sim/cells. */
import {
  controlPlaneOutage,
  preProvisionFactor,
  type PhaseOutcome,
  type RouterMode,
} from "../../sim/cells/static-stability.ts";

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

const clamp = (v: number, min: number, max: number, fallback: number) =>
  Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : fallback;

export function normalizeStability(input: Partial<StabilityState>): StabilityState {
  const d = defaultStabilityState;
  return {
    routerMode: input.routerMode === "asks-control-plane" ? "asks-control-plane" : "cached-mapping",
    existing: clamp(input.existing ?? NaN, 1, 100_000, d.existing),
    arriving: clamp(input.arriving ?? NaN, 0, 10_000, d.arriving),
    cells: clamp(input.cells ?? NaN, 1, 48, d.cells),
    controlPlaneUp: input.controlPlaneUp ?? d.controlPlaneUp,
    zones: clamp(input.zones ?? NaN, 2, 6, d.zones),
  };
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
