/**
 * Can a canary see a regression? The canary serves `requests` in its bake time; before the
 * release a request failed with probability `baseline`, after a bad one with `regressed`.
 * The canary is judged bad when its error count reaches a threshold that a healthy canary
 * passes by chance at most `alpha` of the time (a one-sided test against the known baseline,
 * exact binomial). Detection probability is the chance a bad canary reaches that threshold.
 *
 * A real canary analysis compares the canary with a control group over several metrics; the
 * one-metric, known-baseline test is the arithmetic behind it, and the number to say in an
 * interview: how many requests it takes to tell a regression of this size from noise.
 */
import { checkShare, checkWhole } from "./checks.ts";

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9): about 15 significant digits. */
function lnGamma(x: number): number {
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let a = c[0]!;
  const t = z + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

function lnBinomialPmf(n: number, k: number, p: number): number {
  if (p === 0) return k === 0 ? 0 : -Infinity;
  if (p === 1) return k === n ? 0 : -Infinity;
  return lnGamma(n + 1) - lnGamma(k + 1) - lnGamma(n - k + 1) + k * Math.log(p) + (n - k) * Math.log1p(-p);
}

/** P(X >= k) for X ~ Binomial(n, p), summed exactly over every term that matters. */
export function binomialUpperTail(n: number, p: number, k: number): number {
  checkWhole("n", n);
  checkShare("p", p);
  if (k <= 0) return 1;
  if (k > n) return 0;
  const mean = n * p;
  const sd = Math.sqrt(n * p * (1 - p));
  // Terms beyond 40 standard deviations above the mean are far below double precision.
  const top = Math.min(n, Math.ceil(mean + 40 * sd + 40));
  if (k > top) return 0;
  let sum = 0;
  for (let i = k; i <= top; i++) {
    const term = Math.exp(lnBinomialPmf(n, i, p));
    sum += term;
    if (i > mean && term < sum * 1e-17) break;
  }
  return Math.min(1, sum);
}

/** The smallest error count a healthy canary (error rate `baseline`) reaches with probability at most `alpha`. */
export function alarmThreshold(requests: number, baseline: number, alpha: number): number {
  checkWhole("requests", requests, 1);
  checkShare("baseline", baseline);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be between 0 and 1, got ${alpha}`);
  // Start near the mean and walk up; the tail falls fast, so few steps are needed.
  let k = Math.max(1, Math.floor(requests * baseline));
  while (k <= requests && binomialUpperTail(requests, baseline, k) > alpha) k++;
  return k;
}

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
  checkShare("regressed", regressed);
  const threshold = alarmThreshold(requests, baseline, alpha);
  return {
    threshold,
    expectedHealthy: requests * baseline,
    expectedBad: requests * regressed,
    detection: binomialUpperTail(requests, regressed, threshold),
    falseAlarm: binomialUpperTail(requests, baseline, threshold),
  };
}

/**
 * The fewest requests for which a canary catches the regression with probability at least
 * `power`, found by doubling then bisection on the exact test above.
 */
export function requestsToDetect(
  baseline: number,
  regressed: number,
  alpha: number,
  power: number,
  limit = 100_000_000,
): number {
  checkShare("baseline", baseline);
  checkShare("regressed", regressed);
  if (!(regressed > baseline)) throw new RangeError("a regression has a higher error rate than the baseline");
  if (!(power > 0 && power < 1)) throw new RangeError(`power must be between 0 and 1, got ${power}`);
  const detects = (n: number) => canaryVerdict({ requests: n, baseline, regressed, alpha }).detection >= power;
  let high = 16;
  while (!detects(high)) {
    high *= 2;
    if (high > limit) throw new RangeError(`more than ${limit} requests needed: the regression is too small to see`);
  }
  let low = high / 2;
  // Detection is not perfectly monotonic in n (the threshold is a whole number); bisection finds
  // a size that detects, with every size a little larger detecting too in practice.
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (detects(mid)) high = mid;
    else low = mid;
  }
  return high;
}
