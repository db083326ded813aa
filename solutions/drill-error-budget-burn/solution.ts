/** Expected answers for "Drill: error budget and burn rate" (src/sim/reliability). */
import type { Random } from "../../src/sim/random.ts";
import { budgetSpent, burnRate, exhaustionSeconds } from "../../src/sim/reliability/index.ts";

export interface Params {
  target: number;
  bad: number;
  minutes: number;
  days: number;
}

export function answers({ target, bad, minutes, days }: Params): Record<string, number> {
  const rate = burnRate(bad / 100, target / 100);
  return { rate, spent: budgetSpent(rate, minutes * 60, days), hours: exhaustionSeconds(rate, days) / 3600 };
}

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** Another objective and incident; the bad share is always above the allowance, so the rate is above 1. */
export function variant(rand: Random): Params {
  const target = pick(rand, [99, 99.5, 99.9, 99.95]);
  const allowance = 100 - target;
  const bad = Number((allowance * pick(rand, [2, 4, 5, 10, 20, 50])).toFixed(3));
  return { target, bad, minutes: 10 * (1 + Math.floor(rand() * 18)), days: pick(rand, [28, 30]) };
}
