/** Expected answers for "Diagnose the time-out", from the histogram of src/sim/diagnosis/timeouts.ts. */
import { type Random, randomInt } from "../../src/sim/random.ts";
import { cutOff, type TimeoutParams, timeoutCase } from "../../src/sim/diagnosis/timeouts.ts";

const actionFor = { "too-tight": "raise", "too-loose": "lower", fine: "keep" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as TimeoutParams;
  const what = timeoutCase(p);
  return { what, action: actionFor[what], cut: cutOff(p, p.proposedMs) };
}

const pick = <T>(rand: Random, list: readonly T[]): T => list[randomInt(rand, list.length)]!;

/** Another hour: a tight (200 or 400 ms), right (1,600 or 3,200 ms) or loose (30 s, with hung calls) time-out. */
export function variant(rand: Random): Record<string, number> {
  const incident = randomInt(rand, 3);
  const timeoutMs = incident === 0 ? pick(rand, [200, 400]) : incident === 1 ? 30_000 : pick(rand, [1600, 3200]);
  return {
    incident,
    calls: 3600 * pick(rand, [50, 100, 200, 400]),
    timeoutMs,
    proposedMs: pick(rand, [800, 1600, 3200]),
    hung: incident === 1 ? pick(rand, [50, 100, 200]) : 0,
    seed: randomInt(rand, 100_000),
  };
}
