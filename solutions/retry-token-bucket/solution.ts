/** Expected answers for "Drain and refill a retry token bucket", by running the course's token bucket (src/sim/token-bucket.ts). */
import type { Random } from "../../src/sim/random.ts";
import { readableShare, rounded } from "../../src/format/number.ts";
import {
  balancingFailureShare,
  failuresUntilThrottled,
  RetryThrottle,
  successesUntilRetrying,
} from "../../src/sim/token-bucket.ts";

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

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { maxTokens, tokenRatio } = params;
  const a = answers(params);
  // The bucket as the course runs it: the counts after each failure, and after the refill.
  const bucket = new RetryThrottle(maxTokens, tokenRatio);
  const counts: string[] = [];
  for (let i = 0; i < a.failures!; i++) {
    bucket.recordFailure();
    counts.push(rounded(bucket.tokens, 6));
  }
  const before = rounded((a.successes! - 1) * tokenRatio, 6);
  const after = rounded(a.successes! * tokenRatio, 6);
  return {
    countdown: counts.join(", "),
    half: rounded(maxTokens / 2, 6),
    failuresCount: String(a.failures),
    successesBefore: String(a.successes! - 1),
    tokensBefore: before,
    successesCount: String(a.successes),
    tokensAfter: after,
    onePlusRatio: rounded(1 + tokenRatio, 6),
    balanceShare: readableShare(a.balance!),
  };
}

export function variant(rand: Random): Params {
  const ratios = [0.05, 0.1, 0.2, 0.25, 0.5];
  return { maxTokens: 2 * (2 + Math.floor(rand() * 9)), tokenRatio: ratios[Math.floor(rand() * ratios.length)]! }; // 4..20 tokens
}
