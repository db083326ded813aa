/** Expected answers for "Drill: count the canary": the counts behind a canary's error rate. */
import type { Random } from "../../src/sim/random.ts";

export interface Params {
  rps: number;
  share: number;
  minutes: number;
  baseline: number;
  regressed: number;
}

export function answers({ rps, share, minutes, baseline, regressed }: Params): Record<string, number> {
  const requests = rps * (share / 100) * minutes * 60;
  return { requests, healthy: requests * (baseline / 100), bad: requests * (regressed / 100) };
}

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** Another service, canary and regression; rates in hundreds keep the request count whole. */
export function variant(rand: Random): Params {
  const baseline = pick(rand, [0.05, 0.1, 0.2, 0.5]);
  return {
    rps: 500 * (1 + Math.floor(rand() * 20)),
    share: pick(rand, [0.5, 1, 2, 5]),
    minutes: pick(rand, [5, 10, 15, 30]),
    baseline,
    regressed: Number((baseline * pick(rand, [1.5, 2, 3])).toFixed(3)),
  };
}
