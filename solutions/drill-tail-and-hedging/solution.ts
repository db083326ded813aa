/** Expected answers for "Drill: fan-out tail and hedged requests" (src/sim/reliability). */
import type { Random } from "../../src/sim/random.ts";
import { anySlow, hedgeExtraLoad, hedgedSlow } from "../../src/sim/reliability/index.ts";

export interface Params {
  fanout: number;
  slow: number;
  percentile: number;
}

export function answers({ fanout, slow, percentile }: Params): Record<string, number> {
  const p = slow / 100;
  return { slow: anySlow(p, fanout), hedged: anySlow(hedgedSlow(p), fanout), extra: hedgeExtraLoad(percentile / 100) };
}

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** Another fan-out, slow share and hedging percentile. */
export function variant(rand: Random): Params {
  return {
    fanout: pick(rand, [10, 20, 50, 100, 200]),
    slow: pick(rand, [0.1, 0.5, 1, 2]),
    percentile: pick(rand, [90, 95, 99]),
  };
}
