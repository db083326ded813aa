/** Expected answers for "Breaker states and the sharded trap", and the figures its worked solution shows. */
import { percentUpTo } from "../../src/format/number.ts";
import { inWords } from "../../src/format/words.ts";
import { adaptiveRejectProbability } from "../../src/sim/backoff.ts";

export const answers = {
  "probe-fails": "reopen",
  sharded: ["per-shard", "throttle", "budget"],
};

/** The situation the exercise describes (exercise.yaml's prompt states the same): one shard of eight down. */
export const situation = { shards: 8, down: 1, threshold: 0.1, k: 2 };

/** The single breaker's view, and what adaptive throttling (Google SRE, K = 2) rejects at that failure share. */
export function worked(): Record<string, string> {
  const { shards, down, threshold, k } = situation;
  const failing = down / shards;
  // Per 100 requests, the backend accepts those that do not fail.
  const rejects = adaptiveRejectProbability(100, 100 * (1 - failing), k);
  return {
    failShare: percentUpTo(failing),
    threshold: percentUpTo(threshold, 0),
    shards: String(shards),
    shardsInWords: inWords(shards),
    k: String(k),
    throttleRejects: rejects === 0 ? "nothing" : `${percentUpTo(rejects)} of new requests`,
  };
}
