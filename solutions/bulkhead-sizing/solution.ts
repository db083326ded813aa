/** Expected answers for "Size the pricing bulkhead": Little's law for the mean, the Poisson tail for the size. */
import { readableShare, rounded } from "../../src/format/number.ts";
import { poolThroughput } from "../../src/sim/backoff.ts";
import { meanInFlight, poissonTail, sizeForTail } from "../../src/sim/concurrency.ts";
import type { Random } from "../../src/sim/random.ts";

export interface Params {
  rate: number;
  meanMillis: number;
  slowMillis: number;
}

/** The share of time the pool may be too small, as the prompt states it. */
const tailTarget = 0.001;

export function answers({ rate, meanMillis, slowMillis }: Params): Record<string, number> {
  const mean = meanInFlight(rate, meanMillis / 1000);
  const size = sizeForTail(mean, tailTarget);
  return { mean, size, "slow-throughput": poolThroughput(size, slowMillis / 1000) };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { meanMillis, slowMillis } = params;
  const { mean, size, "slow-throughput": slow } = answers(params);
  const roundedUp = Math.ceil(mean!);
  return {
    meanSeconds: rounded(meanMillis / 1000, 6),
    meanInFlight: rounded(mean!, 6),
    averagePool: String(roundedUp),
    averagePoolShort: readableShare(poissonTail(mean!, roundedUp)),
    tailTarget: readableShare(tailTarget),
    poolSize: String(size),
    tailAtSize: readableShare(poissonTail(mean!, size!)),
    oneLess: String(size! - 1),
    tailOneLess: readableShare(poissonTail(mean!, size! - 1)),
    slowSeconds: rounded(slowMillis / 1000, 6),
    slowThroughput: rounded(slow!, 3),
  };
}

const pick = <T>(rand: Random, values: readonly T[]): T => values[Math.floor(rand() * values.length)]!;

export function variant(rand: Random): Params {
  return {
    rate: 10 * (2 + Math.floor(rand() * 9)), // 20..100 requests/s
    meanMillis: pick(rand, [30, 45, 60, 68, 80, 100, 120]),
    slowMillis: 500 * (2 + Math.floor(rand() * 7)), // 1..4 s
  };
}
