/**
 * Canary statistics: can a canary that takes a share of the traffic tell a regressed release
 * from a healthy one within its bake time?
 *
 * The canary serves n = rate x share x bake requests. Its alarm fires when it counts at least
 * k errors, with k the smallest count a healthy release (error rate p0) reaches with probability
 * at most the false-alarm rate: a one-sided binomial test. A regressed release (error rate p1)
 * is detected with probability P(X >= k) for X ~ Binomial(n, p1): the test's power.
 *
 * The binomial probabilities use Loader's saddle-point expansion ("Fast and accurate computation
 * of binomial probabilities", C. Loader, 2000; the method R's dbinom uses), so they stay accurate
 * for hundreds of millions of requests and error rates of one in a million.
 */

const LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

/** log(n!) - log(sqrt(2 pi n) (n/e)^n): Stirling's error, from a series for n > 15. */
function stirlingError(n: number): number {
  if (n > 15) {
    const nn = n * n;
    const S0 = 1 / 12;
    const S1 = 1 / 360;
    const S2 = 1 / 1260;
    const S3 = 1 / 1680;
    const S4 = 1 / 1188;
    if (n > 500) return (S0 - S1 / nn) / n;
    if (n > 80) return (S0 - (S1 - S2 / nn) / nn) / n;
    if (n > 35) return (S0 - (S1 - (S2 - S3 / nn) / nn) / nn) / n;
    return (S0 - (S1 - (S2 - (S3 - S4 / nn) / nn) / nn) / nn) / n;
  }
  return logFactorial(n) - (n + 0.5) * Math.log(n) + n - LN_SQRT_2PI;
}

/** log(n!) for small whole n, by summing logs (exact enough below 16). */
function logFactorial(n: number): number {
  let sum = 0;
  for (let i = 2; i <= n; i++) sum += Math.log(i);
  return sum;
}

/** x log(x / m) + m - x, computed without cancellation when x is close to m. */
function deviance(x: number, m: number): number {
  if (Math.abs(x - m) < 0.1 * (x + m)) {
    let v = (x - m) / (x + m);
    let s = (x - m) * v;
    let ej = 2 * x * v;
    v *= v;
    for (let j = 1; j < 1000; j++) {
      ej *= v;
      const s1 = s + ej / (2 * j + 1);
      if (s1 === s) return s1;
      s = s1;
    }
  }
  return x * Math.log(x / m) + m - x;
}

function checkBinomial(n: number, p: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a whole number >= 0, got ${n}`);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`p must be a probability from 0 to 1, got ${p}`);
}

/** P(X = k) for X ~ Binomial(n, p). */
export function binomialPmf(n: number, p: number, k: number): number {
  checkBinomial(n, p);
  if (!Number.isInteger(k) || k < 0 || k > n) return 0;
  const q = 1 - p;
  if (p === 0) return k === 0 ? 1 : 0;
  if (q === 0) return k === n ? 1 : 0;
  if (k === 0) return Math.exp(n * Math.log1p(-p));
  if (k === n) return Math.exp(n * Math.log(p));
  const lc = stirlingError(n) - stirlingError(k) - stirlingError(n - k) - deviance(k, n * p) - deviance(n - k, n * q);
  return Math.exp(lc) * Math.sqrt(n / (2 * Math.PI * k * (n - k)));
}

/**
 * P(X >= k) for X ~ Binomial(n, p), summed term by term from the side with the smaller mass, so a
 * tail of 1e-12 is as accurate as one of 0.5.
 */
export function binomialTail(n: number, p: number, k: number): number {
  checkBinomial(n, p);
  if (!Number.isInteger(k)) throw new RangeError(`k must be a whole number, got ${k}`);
  if (k <= 0) return 1;
  if (k > n) return 0;
  const mean = n * p;
  if (k > mean) return sumUp(n, p, k);
  return Math.max(0, 1 - sumDown(n, p, k - 1));
}

/** P(X >= k) for k above the mean: terms shrink as j grows. */
function sumUp(n: number, p: number, k: number): number {
  const ratio = p / (1 - p);
  let term = binomialPmf(n, p, k);
  let sum = 0;
  for (let j = k; j <= n; j++) {
    sum += term;
    if (term <= sum * 1e-17 || term === 0) break;
    term *= ((n - j) / (j + 1)) * ratio;
  }
  return Math.min(1, sum);
}

/** P(X <= k) for k at or below the mean: terms shrink as j falls. */
function sumDown(n: number, p: number, k: number): number {
  const ratio = (1 - p) / p;
  let term = binomialPmf(n, p, k);
  let sum = 0;
  for (let j = k; j >= 0; j--) {
    sum += term;
    if (term <= sum * 1e-17 || term === 0) break;
    term *= (j / (n - j + 1)) * ratio;
  }
  return Math.min(1, sum);
}

export interface CanaryTest {
  /** Requests the canary serves during its bake. */
  requests: number;
  /** Error rate of a healthy release (the cells on the old release show it). */
  baselineErrorRate: number;
  /** The highest chance a healthy release may set the alarm off (for example 0.01). */
  falseAlarm: number;
}

/**
 * The alarm's threshold: the fewest errors in `requests` that a healthy release reaches with
 * probability at most `falseAlarm` (requests + 1 when no count is that rare). The one rule for
 * it: every threshold in the course comes from here (see `thresholdWalk` for a growing canary).
 *
 * `atLeast` is a count known not to be above the threshold, where the search may start: the
 * threshold for fewer requests at the same rates is one, since the threshold never falls as
 * requests grow (P(X >= k) rises with n for a fixed k).
 */
export function alarmThreshold({ requests, baselineErrorRate, falseAlarm }: CanaryTest, atLeast = 1): number {
  checkBinomial(requests, baselineErrorRate);
  if (!(falseAlarm > 0 && falseAlarm < 1)) throw new RangeError(`falseAlarm must be in (0, 1), got ${falseAlarm}`);
  if (!(Number.isInteger(atLeast) && atLeast >= 1))
    throw new RangeError(`atLeast must be a whole number >= 1, got ${atLeast}`);
  const tail = (k: number) => binomialTail(requests, baselineErrorRate, k);
  // Start near the mean plus a few standard deviations and walk to the exact threshold.
  const mean = requests * baselineErrorRate;
  const sd = Math.sqrt(mean * (1 - baselineErrorRate));
  const stride = Math.floor(sd);
  let k = Math.max(atLeast, Math.floor(mean));
  let walked = false;
  while (k <= requests && tail(k) > falseAlarm) {
    // Every count up to k is below the threshold now; a stride ahead too when its tail is still too high.
    walked = true;
    k += stride >= 2 && tail(k + stride) > falseAlarm ? stride : 1;
  }
  // Started above the threshold (a false-alarm rate of a half or more puts it below the mean): walk back.
  if (!walked) while (k > atLeast && tail(k - 1) <= falseAlarm) k--;
  return k;
}

/**
 * Thresholds for a canary that keeps serving: call it with request counts that never fall, and
 * each call carries the search on from the last threshold instead of starting again.
 */
export function thresholdWalk(baselineErrorRate: number, falseAlarm: number): (requests: number) => number {
  let k = 1;
  let served = 0;
  return (requests: number) => {
    if (requests < served) throw new RangeError(`requests must not fall: ${requests} after ${served}`);
    served = requests;
    k = alarmThreshold({ requests, baselineErrorRate, falseAlarm }, k);
    return k;
  };
}

export interface Regression extends CanaryTest {
  /** Error rate of the regressed release. */
  regressedErrorRate: number;
}

/** The chance the canary's alarm fires for a regressed release: P(X >= threshold), X ~ Binomial(n, p1). */
export function detectionProbability(test: Regression): number {
  if (!(test.regressedErrorRate >= 0 && test.regressedErrorRate <= 1))
    throw new RangeError(`regressedErrorRate must be a probability, got ${test.regressedErrorRate}`);
  const k = alarmThreshold(test);
  return k > test.requests ? 0 : binomialTail(test.requests, test.regressedErrorRate, k);
}

export interface CanaryPlan {
  /** Requests per second across the whole service. */
  rate: number;
  /** Share of the traffic the canary takes (0..1]. */
  share: number;
  baselineErrorRate: number;
  regressedErrorRate: number;
  falseAlarm: number;
}

/** Requests a canary taking `share` of `rate` serves in `bakeSeconds` (whole requests). */
export function canaryRequests(rate: number, share: number, bakeSeconds: number): number {
  if (!(rate > 0) || !(share > 0 && share <= 1) || !(bakeSeconds >= 0))
    throw new RangeError(`rate must be > 0, share in (0, 1] and bake >= 0, got ${rate}, ${share} and ${bakeSeconds}`);
  return Math.floor(rate * share * bakeSeconds);
}

/** The chance a canary of this plan detects the regression within `bakeSeconds`. */
export function detectionWithin(plan: CanaryPlan, bakeSeconds: number): number {
  const requests = canaryRequests(plan.rate, plan.share, bakeSeconds);
  if (requests === 0) return 0;
  return detectionProbability({
    requests,
    baselineErrorRate: plan.baselineErrorRate,
    regressedErrorRate: plan.regressedErrorRate,
    falseAlarm: plan.falseAlarm,
  });
}

export interface BakeChoice {
  /** The first bake, in whole steps, that reaches the power (a later one may not); null when none up to the limit does. */
  bakeSeconds: number | null;
  /** Detection probability at that bake. */
  detection: number;
  /** Requests the canary served in that bake. */
  requests: number;
  /** Of those, the extra failures the regression caused: requests x (p1 - p0). */
  extraFailures: number;
}

/**
 * The first bake (a whole number of `stepSeconds`, at most `maxSeconds`) whose check at its end
 * detects the regression with probability at least `power`. The first that reaches it, not one
 * from which every longer bake does: a step or two later the threshold may have risen by one
 * error and the chance fallen back under `power` (a 1% canary of 500 requests a second, 0.1%
 * against 0.3% errors, second by second: 1,459 s reaches 95%, 1,502 s does not). For the bake
 * from which every longer one reaches it, see canarySizes' `from` (src/sim/reliability/canary.ts)
 * and the canary widget's table (src/sim/canary-tradeoff.ts, bakeByShare).
 */
export function bakeToDetect(plan: CanaryPlan, power: number, stepSeconds = 60, maxSeconds = 7 * 86_400): BakeChoice {
  if (!(power > 0 && power < 1)) throw new RangeError(`power must be in (0, 1), got ${power}`);
  if (!(stepSeconds > 0)) throw new RangeError(`stepSeconds must be > 0, got ${stepSeconds}`);
  if (!(maxSeconds >= stepSeconds)) throw new RangeError(`maxSeconds must be at least one step, got ${maxSeconds}`);
  const at = (seconds: number) => detectionWithin(plan, seconds);
  // Power rises with the bake, with small steps back where the threshold moves up by one error,
  // so walk the steps in order: the first that reaches the power is the answer.
  let found: number | null = null;
  const { baselineErrorRate: p0, regressedErrorRate: p1, falseAlarm } = plan;
  if (!(falseAlarm > 0 && falseAlarm < 0.5)) throw new RangeError(`falseAlarm must be in (0, 0.5), got ${falseAlarm}`);
  const threshold = thresholdWalk(p0, falseAlarm);
  for (let s = stepSeconds; s <= maxSeconds; s += stepSeconds) {
    const n = canaryRequests(plan.rate, plan.share, s);
    if (n === 0) continue;
    const k = threshold(n);
    if (k <= n && binomialTail(n, p1, k) >= power) {
      found = s;
      break;
    }
  }
  if (found === null) return { bakeSeconds: null, detection: at(maxSeconds), requests: 0, extraFailures: 0 };
  const requests = canaryRequests(plan.rate, plan.share, found);
  return {
    bakeSeconds: found,
    detection: at(found),
    requests,
    extraFailures: requests * (plan.regressedErrorRate - plan.baselineErrorRate),
  };
}

/** One wave of a staged rollout: its name and the share of all traffic it adds. */
export interface Wave {
  name: string;
  share: number;
}

/** The course's wave structure: one box, one zone, one region, then everywhere. */
export function waveShares(boxes: number, zonesPerRegion: number, regions: number): Wave[] {
  for (const [name, v] of [
    ["boxes", boxes],
    ["zonesPerRegion", zonesPerRegion],
    ["regions", regions],
  ] as const) {
    if (!Number.isInteger(v) || v < 1) throw new RangeError(`${name} must be a whole number >= 1, got ${v}`);
  }
  const zone = 1 / (zonesPerRegion * regions);
  const region = 1 / regions;
  return [
    { name: "one box", share: 1 / boxes },
    { name: "one zone", share: zone - 1 / boxes },
    { name: "one region", share: region - zone },
    { name: "everywhere", share: 1 - region },
  ].filter((w) => w.share > 0);
}
