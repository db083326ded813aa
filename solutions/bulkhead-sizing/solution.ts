/** Expected answers for "Size the pricing bulkhead", by Little's law (src/sim/backoff.ts). */
import type { Random } from "../../src/sim/random.ts";
import { busyConnections, poolThroughput } from "../../src/sim/backoff.ts";

export interface Params {
  rate: number;
  p99Millis: number;
  slowMillis: number;
}

export function answers({ rate, p99Millis, slowMillis }: Params): Record<string, number> {
  const size = Math.ceil(busyConnections(rate, p99Millis / 1000));
  return { size, "slow-throughput": poolThroughput(size, slowMillis / 1000) };
}

export function variant(rand: Random): Params {
  return {
    rate: 10 * (2 + Math.floor(rand() * 9)), // 20..100 requests/s
    p99Millis: 50 * (2 + Math.floor(rand() * 7)), // 100..400 ms
    slowMillis: 500 * (2 + Math.floor(rand() * 7)), // 1..4 s
  };
}
