/** Expected answers for "How far does a bad release get?", from the rollout simulation (src/sim/cells). */
import { grouped, readableShare } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { rollout } from "../../src/sim/cells/deploy.ts";

export interface Params {
  cells: number;
  perCell: number;
  waveSize: number;
}

export function answers({ cells, perCell, waveSize }: Params): Record<string, number> {
  const cellPopulations = new Array<number>(cells).fill(perCell);
  const canary = rollout({ cellPopulations, releaseBad: true, healthCheckCatches: true, waveSize });
  const firstWave = rollout({
    cellPopulations,
    releaseBad: true,
    healthCheckCatches: true,
    detectedInWave: 1,
    waveSize,
  });
  return {
    canary: canary.customersExposed,
    "first-wave": firstWave.customersExposed,
    "first-wave-share": firstWave.exposedShare,
  };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { cells, perCell, waveSize } = params;
  const a = answers(params);
  const total = cells * perCell;
  return {
    canaryCustomers: grouped(a.canary!),
    canaryShare: readableShare(a.canary! / total),
    totalCustomers: grouped(total),
    cellsReached: String(1 + waveSize),
    perCellGrouped: grouped(perCell),
    firstWaveCustomers: grouped(a["first-wave"]!),
    firstWaveShare: readableShare(a["first-wave-share"]!),
  };
}

/** 8 to 40 cells of 200 to 2,000 customers, waves of 2 to 6 cells. */
export function variant(rand: Random): Params {
  return {
    cells: 8 + Math.floor(rand() * 33),
    perCell: 200 * (1 + Math.floor(rand() * 10)),
    waveSize: 2 + Math.floor(rand() * 5),
  };
}
