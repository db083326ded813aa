/** Numbers shown in the deploys chapter, computed by src/sim/cells; checked by numbers.test.ts. */
import { rollout } from "../../../src/sim/cells/deploy.ts";
import { bakeByShare, canaryDefaults, canaryRegressions } from "../../../src/sim/canary-tradeoff.ts";

import { grouped, percentUpTo } from "../../../src/format/number.ts";

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
  return { customers: grouped(out.customersExposed), share: percentUpTo(out.exposedShare), cells: out.cellsReached };
}

/** The same bad release shipped to every cell in one step: what the rollout model says it reaches. */
function allAtOnce() {
  const out = rollout({
    cellPopulations: populations,
    releaseBad: true,
    healthCheckCatches: false,
    waveSize: fleet.waveSize,
  });
  return {
    customers: grouped(out.allAtOnceExposedShare * fleet.cells * fleet.perCell),
    share: percentUpTo(out.allAtOnceExposedShare),
    cells: fleet.cells,
  };
}

export const rollouts = {
  perCell: grouped(fleet.perCell),
  customers: grouped(fleet.cells * fleet.perCell),
  allAtOnce: allAtOnce(),
  canaryCatches: exposure(true, 0),
  firstWaveCatches: exposure(true, 1),
  nothingCatches: exposure(false),
};

/** Google's SRE book, "Introduction": "SRE has found that roughly 70% of outages are due to changes in a live system." */
export const sre = { outagesFromChanges: percentUpTo(0.7, 0) };

/**
 * HPE Customer Bulletin a00092491en_us (2019): drives failing at 32,768 hours of operation, the
 * first hour a signed 16-bit count of hours cannot hold (2^15); about 3 years and 270 days.
 */
const hpeFailureHour = 2 ** 15;
export const hpe = { hours: grouped(hpeFailureHour), days: grouped(Math.floor(hpeFailureHour / 24)) };

/** Google Public NTP, "Leap Smear": the leap second is smeared over 24 hours, from noon to noon UTC. */
const leapSmearHours = 24;
export const leapSmear = { hours: grouped(leapSmearHours) };

/**
 * The canary widget's settings (src/sim/canary-tradeoff.ts): for each bad release's error rate it
 * offers, the requests each canary share must serve before its alarm catches the regression. The
 * prose says they are about the same whatever the share: the widest gap, over every setting, is
 * how many more the hungriest share needs than the leanest.
 */
export const canaryRows = canaryRegressions.map((regressedErrorRate) =>
  bakeByShare({ ...canaryDefaults, regressedErrorRate }).filter((row) => row.bakeSeconds !== null),
);
const widestRatio = Math.max(
  ...canaryRows.map((rows) => {
    const requests = rows.map((row) => row.requests);
    return Math.max(...requests) / Math.min(...requests);
  }),
);
export const canary = { widestRatio, mostExtraRequests: percentUpTo(widestRatio - 1) };
