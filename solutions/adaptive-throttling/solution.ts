/** Expected answers for "Adaptive throttling on the client", by adaptiveRejectProbability (src/sim/backoff.ts). */
import type { Random } from "../../src/sim/random.ts";
import { adaptiveRejectProbability } from "../../src/sim/backoff.ts";

export interface Params {
  requests: number;
  accepts: number;
  k: number;
  recovered: number;
}

export function answers({ requests, accepts, k, recovered }: Params): Record<string, number> {
  return {
    overloaded: adaptiveRejectProbability(requests, accepts, k),
    recovering: adaptiveRejectProbability(requests, recovered, k),
  };
}

export function variant(rand: Random): Params {
  const requests = 100 * (2 + Math.floor(rand() * 9)); // 200..1000
  const accepts = Math.round(requests * (0.1 + 0.05 * Math.floor(rand() * 5))); // 10%..30% accepted
  // Recovered: at least half accepted, so K = 2 stops all local rejection.
  const recovered = Math.round(requests * (0.5 + 0.1 * Math.floor(rand() * 4)));
  return { requests, accepts, k: 2, recovered };
}
