/** Expected answers for "How much evidence does a breaker need?" (failuresToOpen from src/sim). */
import { countOf, rounded, roundToFigures } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { failuresToOpen } from "../../src/sim/breaker-thresholds.ts";

export interface Params {
  minCalls: number;
  thresholdPercent: number;
  rate: number;
  smallWindow: number;
}

export function answers({ minCalls, thresholdPercent, rate, smallWindow }: Params): Record<string, number> {
  const threshold = thresholdPercent / 100;
  return {
    failures: failuresToOpen(minCalls, threshold, false),
    seconds: minCalls / rate,
    strict: failuresToOpen(smallWindow, threshold, true),
  };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { smallWindow, thresholdPercent } = params;
  const a = answers(params);
  const threshold = thresholdPercent / 100;
  const atThreshold = smallWindow * threshold;
  return {
    threshold: rounded(threshold, 6),
    failures: String(a.failures),
    seconds: rounded(a.seconds!, 3),
    atThreshold: rounded(atThreshold, 6),
    atThresholdFailures: countOf(roundToFigures(atThreshold, 6), "failure"),
    strict: String(a.strict),
  };
}

/** A rate never equal to the window's calls, where the window fills in 1 s and rate / calls (not a time) reads 1 too. */
export function variant(rand: Random): Params {
  for (;;) {
    const params = {
      minCalls: 10 * (2 + Math.floor(rand() * 19)), // 20..200
      thresholdPercent: 10 * (1 + Math.floor(rand() * 6)), // 10..60%
      rate: 5 * (2 + Math.floor(rand() * 19)), // 10..100 calls/s
      smallWindow: 4 + Math.floor(rand() * 17), // 4..20
    };
    if (params.rate !== params.minCalls) return params;
  }
}
