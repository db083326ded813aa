/**
 * Expected answers for "When does the queue become useless?", in closed form. numbers.test.ts of
 * the load-shedding chapter checks the same closed forms against the fluid simulation.
 */
import type { Random } from "../../src/sim/random.ts";

export interface Params {
  capacity: number;
  timeoutSeconds: number;
  burstRate: number;
  burstSeconds: number;
  afterRate: number;
}

import { rounded } from "../../src/format/number.ts";

export function answers({
  capacity,
  timeoutSeconds,
  burstRate,
  burstSeconds,
  afterRate,
}: Params): Record<string, number> {
  const longest = capacity * timeoutSeconds;
  const peak = (burstRate - capacity) * burstSeconds;
  return {
    longest,
    onset: longest / (burstRate - capacity),
    recovery: (peak - longest) / (capacity - afterRate),
  };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { capacity, burstRate, burstSeconds, afterRate } = params;
  const a = answers(params);
  const excess = burstRate - capacity;
  const drain = capacity - afterRate;
  const peak = excess * burstSeconds;
  const r = (x: number) => rounded(x, 6);
  return {
    longest: r(a.longest!),
    excess: r(excess),
    onset: rounded(a.onset!, 3),
    peak: r(peak),
    drain: r(drain),
    recovery: rounded(a.recovery!, 3),
    uselessEnd: rounded(burstSeconds + a.recovery!, 3),
  };
}

export function variant(rand: Random): Params {
  const capacity = 50 * (1 + Math.floor(rand() * 6)); // 50..300 per second
  const timeoutSeconds = 1 + Math.floor(rand() * 3); // 1..3 s
  const burstRate = capacity * (1.1 + 0.1 * Math.floor(rand() * 5)); // 110%..150%
  const afterRate = capacity * (0.5 + 0.1 * Math.floor(rand() * 4)); // 50%..80%
  // Long enough that the queue outgrows capacity x timeout.
  const burstSeconds = 30 * (2 + Math.floor(rand() * 3));
  return { capacity, timeoutSeconds, burstRate: Math.round(burstRate), burstSeconds, afterRate: Math.round(afterRate) };
}
