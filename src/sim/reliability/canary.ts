/**
 * Can a canary see a regression? The canary serves `requests` in its bake time; before the
 * release a request failed with probability `baseline`, after a bad one with `regressed`.
 * The canary is judged bad when its error count reaches a threshold that a healthy canary
 * passes by chance at most `alpha` of the time (a one-sided test against the known baseline,
 * exact binomial). Detection probability is the chance a bad canary reaches that threshold.
 * The test and the binomial arithmetic are src/sim/canary.ts's (the canary chapters' own); this
 * module names them as the interview playbook does and adds the sample size.
 *
 * A real canary analysis compares the canary with a control group over several metrics; the
 * one-metric, known-baseline test is the arithmetic behind it, and the number to say in an
 * interview: how many requests it takes to tell a regression of this size from noise.
 */
import { alarmThreshold, binomialTail } from "../canary.ts";
import { checkShare, checkWhole } from "./checks.ts";

export interface CanaryTest {
  /** Requests the canary serves during its bake time. */
  requests: number;
  /** Error rate before the release. */
  baseline: number;
  /** Error rate of the bad release. */
  regressed: number;
  /** Share of healthy canaries wrongly judged bad (false alarms): 0.01 is one in a hundred releases. */
  alpha: number;
}

export interface CanaryVerdict {
  /** Errors at which the canary is judged bad. */
  threshold: number;
  /** Errors a healthy canary expects: requests x baseline. */
  expectedHealthy: number;
  /** Errors a bad canary expects: requests x regressed. */
  expectedBad: number;
  /** Chance the bad canary reaches the threshold. */
  detection: number;
  /** Chance a healthy canary reaches it (at most alpha). */
  falseAlarm: number;
}

export function canaryVerdict({ requests, baseline, regressed, alpha }: CanaryTest): CanaryVerdict {
  checkWhole("requests", requests, 1);
  checkShare("baseline", baseline);
  checkShare("regressed", regressed);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be between 0 and 1, got ${alpha}`);
  const threshold = alarmThreshold({ requests, baselineErrorRate: baseline, falseAlarm: alpha });
  return {
    threshold,
    expectedHealthy: requests * baseline,
    expectedBad: requests * regressed,
    detection: binomialTail(requests, regressed, threshold),
    falseAlarm: binomialTail(requests, baseline, threshold),
  };
}

export interface CanarySizes {
  /** The fewest requests that catch the regression with probability at least `power`. */
  fewest: number;
  /**
   * The fewest requests from which every larger canary catches it with probability at least `power`
   * too: at or above `fewest`, and above every count that falls short.
   */
  from: number;
  /**
   * Where the exact search stops: from here on a bound (below) proves that every count detects, so the
   * counts from `from` to here were each checked, and the ones beyond need no check.
   */
  provenFrom: number;
}

/**
 * How many requests a canary needs to catch the regression with probability at least `power`.
 *
 * Detection does not rise smoothly with the count: the alarm threshold is a whole number of
 * errors, and each time a healthy canary's chance of reaching it passes `alpha` it steps up one
 * error, which knocks detection back: with 0.1% against 0.2% at a 1% false-alarm rate and power
 * 0.9, 18,596 requests detect, at 18,748 the threshold steps from 30 errors to 31 and they do not,
 * and the last count that falls short is 19,710. So there are two answers, `fewest` and `from`,
 * and this finds both exactly:
 *
 * - Between two steps of the threshold k, detection P(Binomial(n, regressed) >= k) rises with n,
 *   so in each such run of counts the ones that detect are a tail, found by bisection; the runs
 *   themselves are found by bisection on the healthy tail, which also rises with n. Every count up
 *   to `provenFrom` is decided this way.
 * - Beyond `provenFrom` every count detects. Bernstein's inequality puts the threshold at or below
 *   u = n p0 + t, with t = L/3 + sqrt(L^2/9 + 2 L n p0 (1 - p0)) and L = ln(1/alpha); Chernoff's
 *   bound then gives detection >= 1 - exp(-s^2 / (2 n p1)) with s = n (p1 - p0) - u - 1. Detection
 *   reaches `power` where g(n) = n (p1 - p0) - t - 1 - sqrt(2 n p1 ln(1/(1 - power))) >= 0; g's
 *   slope rises with n, so from the first n where both g and its slope are at or above 0, g stays
 *   so. That n is `provenFrom`.
 *
 * Throws when `provenFrom` passes `limit`: the regression is too small to see in that many requests.
 */
export function canarySizes(
  baseline: number,
  regressed: number,
  alpha: number,
  power: number,
  limit = 100_000_000,
): CanarySizes {
  checkShare("baseline", baseline);
  checkShare("regressed", regressed);
  if (!(regressed > baseline)) throw new RangeError("a regression has a higher error rate than the baseline");
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be between 0 and 1, got ${alpha}`);
  if (!(power > 0 && power < 1)) throw new RangeError(`power must be between 0 and 1, got ${power}`);
  const provenFrom = boundFrom(baseline, regressed, alpha, power);
  if (provenFrom > limit)
    throw new RangeError(`more than ${limit} requests needed: the regression is too small to see`);

  // The smallest n in [low, high] where `holds` (which, once true, stays true up to high); high + 1 if none.
  const firstWhere = (low: number, high: number, holds: (n: number) => boolean) => {
    let lo = low - 1;
    let hi = high + 1;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (holds(mid)) hi = mid;
      else lo = mid;
    }
    return hi;
  };
  let fewest = 0;
  let lastShort = 0;
  // Counts start..end share the threshold k: a healthy canary of n requests reaches k with chance
  // at most alpha exactly up to end.
  for (let k = 1, start = 1; start <= provenFrom; k++) {
    const end = firstWhere(start, provenFrom, (n) => binomialTail(n, baseline, k) > alpha) - 1;
    if (end < start) continue;
    const detectsFrom = firstWhere(start, end, (n) => binomialTail(n, regressed, k) >= power);
    if (fewest === 0 && detectsFrom <= end) fewest = detectsFrom;
    if (detectsFrom > start) lastShort = detectsFrom - 1;
    start = end + 1;
  }
  return { fewest: fewest || provenFrom, from: lastShort + 1, provenFrom };
}

/** The first n from which the bound in canarySizes proves detection at `power` or more. */
function boundFrom(baseline: number, regressed: number, alpha: number, power: number): number {
  const L = Math.log(1 / alpha);
  const P = Math.log(1 / (1 - power));
  const spread = (n: number) => Math.sqrt((L * L) / 9 + 2 * L * n * baseline * (1 - baseline));
  const g = (n: number) => n * (regressed - baseline) - (L / 3 + spread(n)) - 1 - Math.sqrt(2 * n * regressed * P);
  const slope = (n: number) =>
    regressed - baseline - (L * baseline * (1 - baseline)) / spread(n) - Math.sqrt((2 * regressed * P) / n) / 2;
  const proven = (n: number) => g(n) >= 0 && slope(n) >= 0;
  let high = 1;
  while (!proven(high)) high *= 2;
  let low = high / 2;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (proven(mid)) high = mid;
    else low = mid;
  }
  return high;
}

/**
 * The requests a canary needs to catch the regression with probability at least `power`: the
 * fewest from which every larger canary does (canarySizes' `from`). A few smaller counts may
 * detect too; canarySizes' `fewest` is the smallest.
 */
export function requestsToDetect(
  baseline: number,
  regressed: number,
  alpha: number,
  power: number,
  limit = 100_000_000,
): number {
  return canarySizes(baseline, regressed, alpha, power, limit).from;
}
