/** Numbers shown in the deploys chapter, computed by src/sim/cells; checked by numbers.test.ts. */
import { rollout } from "../../../src/sim/cells/deploy.ts";

const count = (n: number) => n.toLocaleString("en-US");
const percent = (share: number) => `${Number((share * 100).toFixed(1))}%`;

export const fleet = { cells: 20, perCell: 1000, waveSize: 4 } as const;
const populations = new Array<number>(fleet.cells).fill(fleet.perCell);

function exposure(healthCheckCatches: boolean, detectedInWave = 0) {
  const out = rollout({
    cellPopulations: populations,
    releaseBad: true,
    healthCheckCatches,
    detectedInWave,
    waveSize: fleet.waveSize,
  });
  return { customers: count(out.customersExposed), share: percent(out.exposedShare), cells: out.cellsReached };
}

export const rollouts = {
  customers: count(fleet.cells * fleet.perCell),
  allAtOnce: { customers: count(fleet.cells * fleet.perCell), share: "100%", cells: fleet.cells },
  canaryCatches: exposure(true, 0),
  firstWaveCatches: exposure(true, 1),
  nothingCatches: exposure(false),
};
