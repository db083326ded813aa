/**
 * Deploying cell by cell. The first cell is the canary: it takes the release alone and is
 * watched through a bake period; a failing health check halts the rollout and rolls the
 * cell back, so a bad release reaches one cell's customers instead of everyone's.
 */
import { assertWholeNumber } from "../checks.ts";

export interface RolloutPlan {
  /** Customers in each cell, in rollout order (cell 0 first: the canary). */
  cellPopulations: number[];
  /** Whether the release is bad. */
  releaseBad: boolean;
  /**
   * Whether the health check notices a bad release in a cell during its bake time. A check
   * that misses (a gray failure: errors on one request type in ten) lets the rollout continue.
   */
  healthCheckCatches: boolean;
  /**
   * The wave (0 = the canary) whose health check first notices a bad release, when the canary's
   * check misses it but a later, larger wave's alarms do not. Ignored unless healthCheckCatches.
   */
  detectedInWave?: number;
  /** Cells per wave after the canary; 1 is strictly cell by cell. */
  waveSize?: number;
}

export interface RolloutStep {
  wave: number;
  cells: number[];
  action: "deploy" | "health-check-failed" | "halt-and-roll-back" | "complete";
  /** Customers that have been served by the bad release so far. */
  exposedSoFar: number;
}

export interface RolloutOutcome {
  steps: RolloutStep[];
  /** Cells that ever ran the release. */
  cellsReached: number;
  halted: boolean;
  /** Customers served by the bad release (0 for a good one). */
  customersExposed: number;
  customers: number;
  exposedShare: number;
  /** The same release pushed everywhere at once. */
  allAtOnceExposedShare: number;
}

export function rollout({
  cellPopulations,
  releaseBad,
  healthCheckCatches,
  detectedInWave = 0,
  waveSize = 1,
}: RolloutPlan): RolloutOutcome {
  if (cellPopulations.length === 0) throw new RangeError("a rollout needs at least one cell");
  assertWholeNumber("waveSize", waveSize, 1);
  assertWholeNumber("detectedInWave", detectedInWave, 0);
  const customers = cellPopulations.reduce((a, b) => a + b, 0);
  // Waves: the canary alone, then `waveSize` cells at a time.
  const waves: number[][] = [[0]];
  for (let cell = 1; cell < cellPopulations.length; cell += waveSize) {
    waves.push(Array.from({ length: Math.min(waveSize, cellPopulations.length - cell) }, (_, i) => cell + i));
  }
  const steps: RolloutStep[] = [];
  let exposed = 0;
  let reached = 0;
  for (let w = 0; w < waves.length; w++) {
    const cells = waves[w]!;
    reached += cells.length;
    if (releaseBad) exposed += cells.reduce((s, c) => s + cellPopulations[c]!, 0);
    steps.push({ wave: w, cells, action: "deploy", exposedSoFar: exposed });
    if (releaseBad && healthCheckCatches && w >= detectedInWave) {
      steps.push({ wave: w, cells, action: "health-check-failed", exposedSoFar: exposed });
      steps.push({ wave: w, cells, action: "halt-and-roll-back", exposedSoFar: exposed });
      return {
        steps,
        cellsReached: reached,
        halted: true,
        customersExposed: exposed,
        customers,
        exposedShare: exposed / customers,
        allAtOnceExposedShare: 1,
      };
    }
  }
  steps.push({ wave: waves.length - 1, cells: [], action: "complete", exposedSoFar: exposed });
  return {
    steps,
    cellsReached: reached,
    halted: false,
    customersExposed: exposed,
    customers,
    exposedShare: customers ? exposed / customers : 0,
    allAtOnceExposedShare: releaseBad ? 1 : 0,
  };
}
