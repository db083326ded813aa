/** Expected answers for "How much load can a retrying system take?", via stableLoadBound (src/sim/backoff.ts). */
import { readableShare, rounded } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { stableLoadBound } from "../../src/sim/backoff.ts";

export interface Params {
  capacity: number;
  retries: number;
  budgetPercent: number;
}

export function answers({ capacity, retries, budgetPercent }: Params): Record<string, number> {
  return {
    "retry-once": stableLoadBound(capacity, retries),
    // Retries counted against original requests: at most b per request, so r = b.
    "with-budget": stableLoadBound(capacity, budgetPercent / 100),
    // Retries at most b of everything sent: R <= b (L + R), so R <= L b / (1 - b): r = b / (1 - b).
    "with-sre-budget": stableLoadBound(capacity, budgetPercent / 100 / (1 - budgetPercent / 100)),
  };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { capacity, retries, budgetPercent } = params;
  const a = answers(params);
  const b = budgetPercent / 100;
  return {
    attemptsEach: String(retries + 1),
    retryOnce: rounded(a["retry-once"]!, 4),
    retryOnceShare: readableShare(a["retry-once"]! / capacity),
    budgetShare: rounded(b, 6),
    multiplier: rounded(1 + b, 6),
    withBudget: rounded(a["with-budget"]!, 4),
    withBudgetShare: readableShare(a["with-budget"]! / capacity),
    keptShare: rounded(1 - b, 6),
    withSreBudget: rounded(a["with-sre-budget"]!, 4),
  };
}

export function variant(rand: Random): Params {
  return {
    capacity: 100 * (1 + Math.floor(rand() * 10)), // 100..1000 per second
    retries: 1 + Math.floor(rand() * 4), // 1..4
    // 10..20%: at 5% the two ways of counting the budget agree within the part's tolerance.
    budgetPercent: 5 * (2 + Math.floor(rand() * 3)),
  };
}
