/** Expected answers for "Drill: nines and chains": downtime allowed, and a chain's failure share (src/sim/reliability). */
import type { Random } from "../../src/sim/random.ts";
import { allowedDowntimeSeconds, chain } from "../../src/sim/reliability/index.ts";

export interface Params {
  target: number;
  days: number;
  deps: number;
  dep: number;
}

export function answers({ target, days, deps, dep }: Params): Record<string, number> {
  return { downtime: allowedDowntimeSeconds(target / 100, days) / 60, chain: 1 - chain(dep / 100, deps) };
}

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** Another objective, period and chain. */
export function variant(rand: Random): Params {
  return {
    target: pick(rand, [99, 99.5, 99.9, 99.95, 99.99]),
    days: pick(rand, [7, 28, 30, 90]),
    deps: 2 + Math.floor(rand() * 11),
    dep: pick(rand, [99, 99.5, 99.9, 99.95]),
  };
}
