/** Thread starvation by a hanging dependency, by Little's law (the SRE book's example under "Bimodal latency", chapter 22). */
import { grouped, readableShare, rounded } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { threadStarvation } from "../../src/sim/starvation.ts";

export interface Params {
  servers: number;
  threads: number;
  qps: number;
  hangPercent: number;
  hangSeconds: number;
}

function starvation({ servers, threads, qps, hangPercent, hangSeconds }: Params) {
  const s = threadStarvation({
    servers,
    threadsPerServer: threads,
    requestsPerSecond: qps,
    hangingShare: hangPercent / 100,
    hangSeconds,
  });
  return {
    demanded: s.threadsDemanded,
    exhausted: s.secondsToExhaust,
    failing: s.failingShare,
    threads: s.threads,
    hangingPerSecond: s.hangingPerSecond,
  };
}

export function answers(params: Params): Record<string, number> {
  const { demanded, exhausted, failing } = starvation(params);
  return { demanded, exhausted, failing };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const s = starvation(params);
  return {
    available: grouped(s.threads),
    hangingRate: rounded(s.hangingPerSecond, 6),
    demandedThreads: grouped(s.demanded),
    secondsToExhaust: rounded(s.exhausted, 3),
    servedShare: readableShare(s.threads / s.demanded),
    failingShare: readableShare(s.failing),
  };
}

const pick = <T>(rand: Random, values: readonly T[]): T => values[Math.floor(rand() * values.length)]!;

/**
 * Variants always starve the tier (demand more than twice the threads), so "failing" is never zero,
 * and is more than the share served: at exactly twice the two are a half each, and the served share
 * the exercise names as a mistake would read right.
 */
export function variant(rand: Random): Params {
  for (;;) {
    const params: Params = {
      servers: pick(rand, [5, 10, 20, 40]),
      threads: pick(rand, [50, 100, 200]),
      qps: pick(rand, [500, 1000, 2000, 5000]),
      hangPercent: pick(rand, [1, 2, 5, 10]),
      hangSeconds: pick(rand, [30, 60, 100, 120]),
    };
    const { demanded } = starvation(params);
    if (demanded > 2 * params.servers * params.threads) return params;
  }
}
