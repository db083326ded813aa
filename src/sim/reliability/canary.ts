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
