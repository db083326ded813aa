/** Expected answers for "Diagnose the retry chain", from src/sim/diagnosis/retries.ts. */
import { type Random, randomInt } from "../../src/sim/random.ts";
import { type RetryParams, retryCase, triesPerRequest } from "../../src/sim/diagnosis/retries.ts";

const fixFor = { amplification: "one-layer", "orphaned-work": "deadlines", "no-jitter": "jitter" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as RetryParams;
  const what = retryCase(p);
  return { what, fix: fixFor[what], tries: triesPerRequest(p) };
}

/** Another chain: any of the three mistakes, 2 to 4 hops, 2 to 4 attempts, a 500 to 2,000 ms time-out at the gateway. */
export function variant(rand: Random): Record<string, number> {
  return {
    incident: randomInt(rand, 3),
    layers: 2 + randomInt(rand, 3),
    attempts: 2 + randomInt(rand, 3),
    rate: 100 * (1 + randomInt(rand, 5)),
    timeoutMs: 500 * (1 + randomInt(rand, 4)),
    seed: randomInt(rand, 100_000),
  };
}
