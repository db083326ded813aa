/**
 * The canary's trade-off, for the deployment chapter's widget: a canary that takes a share of the
 * traffic for a bake time either catches a regression or lets it through to everyone. A bigger
 * share catches it sooner; the regression meanwhile fails some of the canary's requests. The
 * statistics are src/sim/canary.ts (a one-sided binomial test at a fixed false-alarm rate).
 * Pure: every figure the widget shows comes from here.
 */
import { canaryRequests, detectionWithin } from "./canary.ts";
import { type CanarySizes, canarySizes } from "./reliability/canary.ts";

export interface CanaryScenario {
  /** Requests per second across the whole service. */
  rate: number;
  /** Error rate of a healthy release. */
  baselineErrorRate: number;
  /** Error rate of the regressed release. */
  regressedErrorRate: number;
  /** The highest chance a healthy release may set the alarm off. */
  falseAlarm: number;
  /**
   * The detection chance a rollout wants before it moves on (for "bake needed": the chance this
   * bake and every longer one reach).
   */
  power: number;
  /** The longest bake considered, in seconds. */
  maxBakeSeconds: number;
}

/**
 * The bakes the widget's slider offers, in minutes: every 5 minutes up to an hour, every 15 up to
 * four hours, then every hour up to fourteen, so a phone's slider still picks a short bake.
 * Fourteen hours is the first whole hour within which every share and regression the widget
 * offers has a bake from which it stays at the rollout's 95% or above, so every row of the table
 * gives one: the slowest, 0.1% of traffic against 0.2% errors, first touches 95% at 12 h 34 min
 * but stays there only from 13 h 12 min 10 s (canary-tradeoff.test.ts derives the hour from the
 * model). The steps are written out, not computed here: the slowest row's bake takes the widget's
 * page some 10 ms to find, a cost every reader would pay on load for a bound that does not change.
 */
export const bakeChoices: readonly number[] = [
  ...Array.from({ length: 12 }, (_, i) => 5 * (i + 1)),
  ...Array.from({ length: 12 }, (_, i) => 75 + 15 * i),
  ...Array.from({ length: 10 }, (_, i) => 300 + 60 * i),
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
  /** The chance the alarm fires when it counts the errors at the end of the bake. */
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
 * How many requests a canary must serve to catch the scenario's regression with the scenario's
 * power, whatever its share (the alarm counts errors among the requests served, once, at the end
 * of the bake). Two answers, since the chance is not monotone in the count: it steps back a
 * little each time one more request raises the alarm's threshold by one error, so a count that
 * reaches the power (`fewest`, the first) can be followed by counts that do not. `from` is the
 * fewest from which every larger count reaches it, proven for all counts, however many
 * (src/sim/reliability/canary.ts, canarySizes): the number a rollout chooses, since a bake a
 * little longer than the one it picked must not be less sure.
 */
export function requestsToCatch(scenario: CanaryScenario): CanarySizes {
  checkScenario(scenario);
  const { baselineErrorRate, regressedErrorRate, falseAlarm, power } = scenario;
  return canarySizes(baselineErrorRate, regressedErrorRate, falseAlarm, power);
}

export interface ShareRow {
  share: number;
  /**
   * The shortest bake, in whole seconds, from which this bake and every longer one catch the
   * regression with the scenario's power (it serves requestsToCatch's `from` or more); null past
   * the longest bake.
   */
  bakeSeconds: number | null;
  /** Requests the canary has served by then. */
  requests: number;
  /** Requests the regression failed in the canary by then (expected): requests x (p1 - p0). */
  extraFailures: number;
}

/** The first whole second in which a canary of `share` has served `requests` or more. */
function secondsToServe(rate: number, share: number, requests: number): number {
  let s = Math.max(1, Math.ceil(requests / (rate * share)));
  // The division may land a second off either way: step to the exact first second.
  while (s > 1 && canaryRequests(rate, share, s - 1) >= requests) s--;
  while (canaryRequests(rate, share, s) < requests) s++;
  return s;
}

/** For each share: how long the canary must bake to catch the regression, and what that costs. */
export function bakeByShare(scenario: CanaryScenario, shares: readonly number[] = canaryShares): ShareRow[] {
  const { from } = requestsToCatch(scenario);
  const lift = scenario.regressedErrorRate - scenario.baselineErrorRate;
  return shares.map((share) => {
    const s = secondsToServe(scenario.rate, share, from);
    if (s > scenario.maxBakeSeconds) return { share, bakeSeconds: null, requests: 0, extraFailures: 0 };
    const requests = canaryRequests(scenario.rate, share, s);
    return { share, bakeSeconds: s, requests, extraFailures: requests * lift };
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
