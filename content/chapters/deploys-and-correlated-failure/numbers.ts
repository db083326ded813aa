/** Numbers shown in the deploys chapter, computed by src/sim/cells; checked by numbers.test.ts. */
import { rollout } from "../../../src/sim/cells/deploy.ts";
import { binomialTail, canaryRequests, thresholdWalk } from "../../../src/sim/canary.ts";
import {
  bakeByShare,
  type CanaryScenario,
  canaryDefaults,
  canaryRegressions,
  canaryShares,
} from "../../../src/sim/canary-tradeoff.ts";

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
 * The fewest requests after which a canary's alarm catches the scenario's regression with the
 * scenario's power: the first n at which P(X >= threshold) >= power, X ~ Binomial(n, p1), with the
 * threshold of src/sim/canary.ts. The chance depends on n alone: a canary's share of the traffic
 * only sets how soon it has served n (src/sim/canary.ts, detectionWithin), so this is every share's
 * count. Searched up to what the widest share serves in the longest bake the widget offers.
 */
function requestsToCatch(scenario: CanaryScenario): number {
  const { baselineErrorRate: p0, regressedErrorRate: p1, falseAlarm, power } = scenario;
  const threshold = thresholdWalk(p0, falseAlarm);
  const limit = canaryRequests(scenario.rate, Math.max(...canaryShares), scenario.maxBakeSeconds);
  for (let n = 1; n <= limit; n++) {
    const k = threshold(n);
    if (k <= n && binomialTail(n, p1, k) >= power) return n;
  }
  throw new RangeError(`no canary the widget offers catches ${p1} errors within ${scenario.maxBakeSeconds} s`);
}

/**
 * The canary widget's table (src/sim/canary-tradeoff.ts): for each bad release's error rate it
 * offers, the first whole second of bake at which each share catches the regression, and the
 * requests the share has served by then. Counted in whole seconds, a large share overshoots the
 * model's count (a 25% canary serves 125 requests a second), so the table's requests run above it.
 */
export const canaryRows = canaryRegressions.map((regressedErrorRate) =>
  bakeByShare({ ...canaryDefaults, regressedErrorRate }).filter((row) => row.bakeSeconds !== null),
);
/** The model's count for each regression the widget offers, in canaryRegressions' order. */
export const canaryNeeds = canaryRegressions.map((regressedErrorRate) =>
  requestsToCatch({ ...canaryDefaults, regressedErrorRate }),
);
/** The most the table's requests exceed the model's count, over every share and regression, as a share of that count. */
const widestOvershoot = Math.max(
  ...canaryRows.flatMap((rows, i) => rows.map((row) => row.requests / canaryNeeds[i]! - 1)),
);
export const canary = {
  /** The widget opens on the model's default scenario (0.1% errors when healthy, 0.3% when bad). */
  baseline: percentUpTo(canaryDefaults.baselineErrorRate),
  regressed: percentUpTo(canaryDefaults.regressedErrorRate),
  power: percentUpTo(canaryDefaults.power, 0),
  requestsNeeded: grouped(requestsToCatch(canaryDefaults)),
  widestOvershoot,
  /** "up to": rounded up, so the figure shown is never below the table's real overshoot. */
  wholeSecondOvershoot: percentAtMost(widestOvershoot),
};
