/** Expected answers for "Is the breaker right?", from src/sim/diagnosis/breaker.ts. */
import { type BreakerParams, breakerCase, seenFailureRate } from "../../src/sim/diagnosis/breaker.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const actionFor = { down: "leave-open", hanging: "add-timeout", partial: "keep-closed" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as BreakerParams;
  const what = breakerCase(p);
  return { what, action: actionFor[what], rate: seenFailureRate(p) };
}

/** Another breaker: any of the three, a window of 10 to 100 calls, a threshold of 50% or 60%. */
export function variant(rand: Random): Record<string, number> {
  return {
    incident: randomInt(rand, 3),
    window: [10, 20, 50, 100][randomInt(rand, 4)]!,
    thresholdPct: [50, 60][randomInt(rand, 2)]!,
    seed: randomInt(rand, 100_000),
  };
}
