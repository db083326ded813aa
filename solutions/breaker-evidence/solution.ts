/** Expected answers for "How much evidence does a breaker need?" (failuresToOpen from src/sim). */
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

export function variant(rand: Random): Params {
  return {
    minCalls: 10 * (2 + Math.floor(rand() * 19)), // 20..200
    thresholdPercent: 10 * (1 + Math.floor(rand() * 6)), // 10..60%
    rate: 5 * (2 + Math.floor(rand() * 19)), // 10..100 calls/s
    smallWindow: 4 + Math.floor(rand() * 17), // 4..20
  };
}
