/** Expected answers for "What does a retry cost?", computed by src/sim/backoff.ts. */
import type { Random } from "../../src/sim/random.ts";
import { expectedAttempts } from "../../src/sim/backoff.ts";

export interface Params {
  retries: number;
  failurePercent: number;
}

export function answers({ retries, failurePercent }: Params): Record<string, number> {
  return {
    flaky: expectedAttempts(retries, failurePercent / 100),
    down: expectedAttempts(retries, 1),
  };
}

export function variant(rand: Random): Params {
  return { retries: 1 + Math.floor(rand() * 5), failurePercent: 10 * (1 + Math.floor(rand() * 8)) }; // 1..5 retries, 10..80%
}
