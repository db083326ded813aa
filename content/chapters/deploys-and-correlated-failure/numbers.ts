/** Numbers shown in the deploys chapter, computed by src/sim/cells; checked by numbers.test.ts. */
import { rollout } from "../../../src/sim/cells/deploy.ts";
import { bakeByShare, canaryDefaults, canaryRegressions, requestsToCatch } from "../../../src/sim/canary-tradeoff.ts";

import { grouped, percentAtMost, percentUpTo } from "../../../src/format/number.ts";

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
 * The canary widget's model (src/sim/canary-tradeoff.ts, requestsToCatch) for each bad release's
 * error rate it offers, in canaryRegressions' order: `fewest`, the first count of requests whose
 * check at the end of the bake catches the regression with the scenario's power, and `from`, the
 * fewest from which every larger count does. The chance depends on the count alone: a canary's
 * share of the traffic only sets how soon it has served it (src/sim/canary.ts, detectionWithin),
 * so these are every share's counts.
 */
export const canaryNeeds = canaryRegressions.map((regressedErrorRate) =>
  requestsToCatch({ ...canaryDefaults, regressedErrorRate }),
);

/**
 * The canary widget's table (src/sim/canary-tradeoff.ts): for each bad release's error rate it
 * offers, the first whole second of bake from which each share catches the regression with the
 * power at that bake and every longer one, and the requests the share has served by then (a share
 * that does not get there within the longest bake is left out). Counted in whole seconds, a large
 * share overshoots the model's count (a 25% canary serves 125 requests a second), so the table's
 * requests run above it.
 */
export const canaryRows = canaryRegressions.map((regressedErrorRate) =>
  bakeByShare({ ...canaryDefaults, regressedErrorRate }).filter((row) => row.bakeSeconds !== null),
);
/** The most the table's requests exceed the model's count, over every share and regression, as a share of that count. */
const widestOvershoot = Math.max(
  ...canaryRows.flatMap((rows, i) => rows.map((row) => row.requests / canaryNeeds[i]!.from - 1)),
);
const opening = canaryNeeds[(canaryRegressions as readonly number[]).indexOf(canaryDefaults.regressedErrorRate)]!;
export const canary = {
  /** The widget opens on the model's default scenario (0.1% errors when healthy, 0.3% when bad). */
  baseline: percentUpTo(canaryDefaults.baselineErrorRate),
  regressed: percentUpTo(canaryDefaults.regressedErrorRate),
  power: percentUpTo(canaryDefaults.power, 0),
  /** From this many requests on, every canary catches the opening regression with the power. */
  requestsNeeded: grouped(opening.from),
  /** The first count that does; some between it and requestsNeeded do not. */
  requestsFirst: grouped(opening.fewest),
  widestOvershoot,
  /** "up to": rounded up, so the figure shown is never below the table's real overshoot. */
  wholeSecondOvershoot: percentAtMost(widestOvershoot),
};
