/** Expected answers for "Read the canary", from the rollout model (src/sim/diagnosis/rollout.ts) and src/sim/canary.ts. */
import { type Random, randomInt } from "../../src/sim/random.ts";
import {
  bakeMinutesToCatch,
  type RolloutParams,
  rolloutCase,
  rolloutThreshold,
} from "../../src/sim/diagnosis/rollout.ts";

const actionFor = { regression: "rollback", noise: "promote", "other-cell": "hold-investigate" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as RolloutParams;
  const what = rolloutCase(p);
  const bake = bakeMinutesToCatch(p);
  if (bake === null) throw new Error("no bake up to a day catches this regression");
  return { what, action: actionFor[what], threshold: rolloutThreshold(p), bake };
}

const pick = <T>(rand: Random, list: readonly T[]): T => list[randomInt(rand, list.length)]!;

/** Another rollout: any of the three situations, 4 to 10 cells, a regression 1.5 or 2 times the baseline. */
export function variant(rand: Random): Record<string, number> {
  const baselinePct = pick(rand, [0.5, 1, 2]);
  return {
    incident: randomInt(rand, 3),
    rate: pick(rand, [400, 800, 1200]),
    cells: pick(rand, [4, 5, 8, 10]),
    bakeMinutes: pick(rand, [10, 15, 20]),
    baselinePct,
    falseAlarmPct: pick(rand, [1, 5]),
    regressedPct: baselinePct * pick(rand, [1.5, 2]),
    seed: randomInt(rand, 100_000),
  };
}
