/** Expected answers for "Adaptive throttling on the client", by adaptiveRejectProbability (src/sim/backoff.ts). */
import { readableShare, rounded } from "../../src/format/number.ts";
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

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { requests, accepts, k, recovered } = params;
  const a = answers(params);
  return {
    kAccepts: rounded(k * accepts, 6),
    excessRequests: rounded(requests - k * accepts, 6),
    requestsPlusOne: rounded(requests + 1, 6),
    overloadedShare: rounded(a.overloaded!, 3),
    overloadedPercent: readableShare(a.overloaded!),
    stillSent: rounded(requests * (1 - a.overloaded!), 3),
    recoveredExcess: rounded(requests - k * recovered, 6),
    recoveringShare: rounded(a.recovering!, 3),
  };
}

export function variant(rand: Random): Params {
  const requests = 100 * (2 + Math.floor(rand() * 9)); // 200..1000
  const accepts = Math.round(requests * (0.1 + 0.05 * Math.floor(rand() * 5))); // 10%..30% accepted
  // Recovered: more than half accepted, so K = 2 stops all local rejection and the formula's
  // fraction is below zero (at exactly half it is 0, the answer itself).
  const recovered = Math.round(requests * (0.6 + 0.1 * Math.floor(rand() * 4)));
  return { requests, accepts, k: 2, recovered };
}
