/** Expected answers for "Drain and refill a retry token bucket", by running the course's token bucket (src/sim/token-bucket.ts). */
import type { Random } from "../../src/sim/random.ts";
import { balancingFailureShare, failuresUntilThrottled, successesUntilRetrying } from "../../src/sim/token-bucket.ts";

export interface Params {
  maxTokens: number;
  tokenRatio: number;
}

export function answers({ maxTokens, tokenRatio }: Params): Record<string, number> {
  return {
    failures: failuresUntilThrottled(maxTokens, tokenRatio),
    successes: successesUntilRetrying(maxTokens, tokenRatio),
    balance: balancingFailureShare(tokenRatio),
  };
}

export function variant(rand: Random): Params {
  const ratios = [0.05, 0.1, 0.2, 0.25, 0.5];
  return { maxTokens: 2 * (2 + Math.floor(rand() * 9)), tokenRatio: ratios[Math.floor(rand() * ratios.length)]! }; // 4..20 tokens
}
