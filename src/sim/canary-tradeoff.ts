/**
 * The canary's trade-off, for the deployment chapter's widget: a canary that takes a share of the
 * traffic for a bake time either catches a regression or lets it through to everyone. A bigger
 * share catches it sooner; the regression meanwhile fails some of the canary's requests. The
 * statistics are src/sim/canary.ts (a one-sided binomial test at a fixed false-alarm rate).
 * Pure: every figure the widget shows comes from here.
 */
import { binomialTail, canaryRequests, detectionWithin, thresholdWalk } from "./canary.ts";

export interface CanaryScenario {
  /** Requests per second across the whole service. */
  rate: number;
  /** Error rate of a healthy release. */
  baselineErrorRate: number;
  /** Error rate of the regressed release. */
  regressedErrorRate: number;
  /** The highest chance a healthy release may set the alarm off. */
  falseAlarm: number;
  /** The detection chance a rollout wants before it moves on (for "bake needed"). */
  power: number;
  /** The longest bake considered, in seconds. */
  maxBakeSeconds: number;
}

/**
 * The bakes the widget's slider offers, in minutes: every 5 minutes up to an hour, every 15 up to
 * four hours, then every hour up to thirteen, so a phone's slider still picks a short bake.
 * Thirteen hours is the longest: every share and regression the widget offers reaches the
 * rollout's 95% within it, the slowest (0.1% of traffic, 0.2% errors) in 12 h 34 min
 * (canary-tradeoff.test.ts checks each one).
 */
export const bakeChoices: readonly number[] = [
  ...Array.from({ length: 12 }, (_, i) => 5 * (i + 1)),
  ...Array.from({ length: 12 }, (_, i) => 75 + 15 * i),
  ...Array.from({ length: 9 }, (_, i) => 300 + 60 * i),
];

/** The widget's fixed settings: a service of 500 requests a second, 0.1% errors when healthy. */
export const canaryDefaults: CanaryScenario = {
  rate: 500,
  baselineErrorRate: 0.001,
  regressedErrorRate: 0.003,
  falseAlarm: 0.01,
  power: 0.95,
  maxBakeSeconds: bakeChoices[bakeChoices.length - 1]! * 60,
};

/** The shares of traffic the widget offers, and the regressions (error rate of the bad release). */
export const canaryShares = [0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25] as const;
export const canaryRegressions = [0.002, 0.003, 0.005, 0.01, 0.02] as const;

export interface CanaryAt {
  share: number;
  bakeSeconds: number;
  /** Requests the canary serves in the bake. */
  requests: number;
  /** The chance the alarm fires within the bake. */
  detection: number;
  /** Requests the regression fails in the canary during the bake (expected): requests x (p1 - p0). */
  extraFailures: number;
  /** Requests the regression fails per hour once it is everywhere (the cost of a miss). */
  everywherePerHour: number;
}

function checkScenario(s: CanaryScenario): void {
  if (!(s.regressedErrorRate > s.baselineErrorRate))
    throw new RangeError(
      `a regression needs a higher error rate than the baseline, got ${s.regressedErrorRate} <= ${s.baselineErrorRate}`,
    );
}

/** What a canary of `share` baked for `bakeSeconds` does against the scenario's regression. */
export function canaryAt(scenario: CanaryScenario, share: number, bakeSeconds: number): CanaryAt {
  checkScenario(scenario);
  const requests = canaryRequests(scenario.rate, share, bakeSeconds);
  const lift = scenario.regressedErrorRate - scenario.baselineErrorRate;
  return {
    share,
    bakeSeconds,
    requests,
    detection: detectionWithin({ ...scenario, share }, bakeSeconds),
    extraFailures: requests * lift,
    everywherePerHour: scenario.rate * 3600 * lift,
  };
}

/**
 * Whether a canary that has served n requests catches the regression with the scenario's power,
 * for every n from 1 up, computed once per scenario (the alarm's threshold never falls as n
 * grows, so each n carries it on from the last). The chance is not monotone in n: it steps back a
 * little each time the threshold moves up by one error, so "enough requests" is read per n.
 */
function detectsByRequests(scenario: CanaryScenario): (n: number) => boolean {
  const { baselineErrorRate: p0, regressedErrorRate: p1, falseAlarm, power } = scenario;
  const known: boolean[] = [false];
  const threshold = thresholdWalk(p0, falseAlarm);
  return (n: number) => {
    for (let m = known.length; m <= n; m++) {
      const k = threshold(m);
      known.push(k <= m && binomialTail(m, p1, k) >= power);
    }
    return known[n]!;
  };
}

export interface ShareRow {
  share: number;
  /** The shortest bake, in whole seconds, after which the canary catches the regression with the scenario's power; null past the limit. */
  bakeSeconds: number | null;
  /** Requests the canary has served by then. */
  requests: number;
  /** Requests the regression failed in the canary by then (expected): requests x (p1 - p0). */
  extraFailures: number;
}

/** For each share: how long the canary must bake to catch the regression, and what that costs. */
export function bakeByShare(scenario: CanaryScenario, shares: readonly number[] = canaryShares): ShareRow[] {
  checkScenario(scenario);
  const detects = detectsByRequests(scenario);
  const lift = scenario.regressedErrorRate - scenario.baselineErrorRate;
  return shares.map((share) => {
    for (let s = 1; s <= scenario.maxBakeSeconds; s++) {
      const requests = canaryRequests(scenario.rate, share, s);
      if (requests > 0 && detects(requests)) return { share, bakeSeconds: s, requests, extraFailures: requests * lift };
    }
    return { share, bakeSeconds: null, requests: 0, extraFailures: 0 };
  });
}

/** Detection against bake time for one share, at `points` evenly spaced bakes up to `maxSeconds` (for the curve). */
export function detectionCurve(
  scenario: CanaryScenario,
  share: number,
  maxSeconds: number,
  points = 48,
): { bakeSeconds: number; detection: number }[] {
  checkScenario(scenario);
  return Array.from({ length: points + 1 }, (_, i) => {
    const bakeSeconds = (maxSeconds * i) / points;
    return { bakeSeconds, detection: i === 0 ? 0 : detectionWithin({ ...scenario, share }, bakeSeconds) };
  });
}
