/** Expected answers for "Read the canary", from the rollout model (src/sim/diagnosis/rollout.ts) and src/sim/canary.ts. */
import { grouped, percentUpTo, rounded } from "../../src/format/number.ts";
import { alarmThreshold, binomialTail, canaryRequests, detectionWithin } from "../../src/sim/canary.ts";
import {
  bakeMinutesToCatch,
  canaryPlan,
  cellRequests,
  type RolloutParams,
  rolloutCase,
  rolloutTable,
  rolloutThreshold,
} from "../../src/sim/diagnosis/rollout.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const actionFor = { regression: "rollback", noise: "promote", "other-cell": "hold-investigate" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as RolloutParams;
  const what = rolloutCase(p);
  const bake = bakeMinutesToCatch(p);
  if (bake === null) throw new Error("no bake up to a day catches this regression");
  return { what, action: actionFor[what], threshold: rolloutThreshold(p), bake };
}

const n = (value: number) => rounded(value, 3);
const chance = (p: number) => (p > 0.999 ? "above 0.999" : `about ${rounded(p, 3)}`);
/**
 * A tail probability to 2 decimals of a percent, or as many more as it takes for it to read on its
 * side of the alarm level (`alarmPct`): 1.0035% is "1.004%", since "1%" would already meet the
 * "≤ 1%" that defines the threshold, and k − 1 is not the threshold.
 */
function tail(share: number, alarmPct: number): string {
  const above = share > alarmPct / 100;
  for (let digits = 2; digits <= 12; digits++) {
    const shown = percentUpTo(share, digits);
    if (Number.parseFloat(shown) / 100 > alarmPct / 100 === above) return shown;
  }
  return above ? `just over ${alarmPct}%` : `${alarmPct}%`;
}
const minutesText = (minutes: number) => `${grouped(minutes)} minute${minutes === 1 ? "" : "s"}`;

/** The worked solution's figures for this rollout (explanation.md shows them as {name}). */
export function worked(params: Record<string, number>): Record<string, string> {
  const p = params as unknown as RolloutParams;
  const what = rolloutCase(p);
  const { rows, threshold, hotCell } = rolloutTable(p);
  const requests = cellRequests(p);
  const b = p.baselinePct / 100;
  const mean = requests * b;
  const perCell = p.rate / p.cells;
  const canary = rows[0]!.errors;
  const old = rows.slice(1).map((r) => r.errors);
  const alarm = `${p.falseAlarmPct}%`;
  const counts = `Each of the ${grouped(p.cells)} cells serves ${grouped(p.rate)} / ${grouped(p.cells)} = ${n(perCell)} requests a second, so ${n(perCell)} × ${grouped(p.bakeMinutes * 60)} = ${grouped(requests)} in the ${grouped(p.bakeMinutes)}-minute bake. At the old release's ${p.baselinePct}%, a healthy cell averages ${n(mean)} errors, give or take √(${n(mean)} × ${n(1 - b)}) ≈ ${n(Math.sqrt(mean * (1 - b)))}. The alarm threshold is the smallest k with P(X ≥ k) ≤ ${alarm} for X ~ Binomial(${grouped(requests)}, ${n(b)}): P(X ≥ ${grouped(threshold - 1)}) ≈ ${tail(binomialTail(requests, b, threshold - 1), p.falseAlarmPct)} and P(X ≥ ${grouped(threshold)}) ≈ ${tail(binomialTail(requests, b, threshold), p.falseAlarmPct)}.`;
  let reading: string;
  let diagnosis: string;
  let action: string;
  let actionWhy: string;
  if (what === "regression") {
    reading = `The canary has ${grouped(canary)} errors, at or above ${grouped(threshold)}, and every cell on the old release has ${grouped(Math.max(...old))} or fewer.`;
    diagnosis = "The new release is worse: the canary reached the alarm threshold";
    action = "Halt the rollout and roll the canary back";
    actionWhy = `Only cell 0's customers, 1 in ${grouped(p.cells)}, have seen it. Rolling back every cell would touch cells that never ran it; baking longer keeps the canary's customers on a release the counts already condemn.`;
  } else if (what === "noise") {
    reading = `The canary has ${grouped(canary)} errors: above the healthy average of ${n(mean)}, but under the threshold of ${grouped(threshold)}, and the old cells show from ${grouped(Math.min(...old))} to ${grouped(Math.max(...old))}. A healthy release reaches ${grouped(canary)} or more ${percentUpTo(binomialTail(requests, b, canary), 0)} of the time: a count like this is no evidence against the release.`;
    diagnosis = "Nothing: the canary is within what a healthy cell shows";
    action = "Promote the release to the next wave";
    actionWhy =
      "Halting on any count above the average would stop good releases again and again; the threshold is what tells a regression from noise, and the next wave has its own bake to catch what this one could not.";
  } else {
    const hot = rows[hotCell!]!;
    reading = `The canary has ${grouped(canary)} errors, under the threshold of ${grouped(threshold)}, but cell ${grouped(hot.cell)}, on the old release, has ${grouped(hot.errors)}, above it.`;
    diagnosis = "Something is wrong in a cell on the old release, so not the new release";
    action = "Hold the rollout and investigate the cell that stands out";
    actionWhy = `The release cannot be the cause of errors in a cell that does not run it, so rolling back fixes nothing; promoting into a cell that is already failing would blur both problems. Find out what is wrong in cell ${grouped(hot.cell)} first.`;
  }
  // The bake for next time: minute by minute, the first whose check catches the regression 90% of the time or more.
  const bake = bakeMinutesToCatch(p)!;
  const plan = canaryPlan(p);
  const at = (minutes: number) => {
    const count = canaryRequests(p.rate, 1 / p.cells, minutes * 60);
    const k = alarmThreshold({ requests: count, baselineErrorRate: b, falseAlarm: plan.falseAlarm });
    return `${grouped(count)} requests, threshold ${grouped(k)}, probability ${chance(detectionWithin(plan, minutes * 60))}`;
  };
  const before = bake > 1 ? `At ${minutesText(bake - 1)}: ${at(bake - 1)}. ` : "";
  const compared =
    bake < p.bakeMinutes
      ? `shorter than the ${grouped(p.bakeMinutes)}-minute bake in use, which is more than this regression needs; a smaller regression would need longer.`
      : bake === p.bakeMinutes
        ? `exactly the ${grouped(p.bakeMinutes)}-minute bake in use.`
        : `longer than the ${grouped(p.bakeMinutes)}-minute bake in use, which would miss this regression too often.`;
  return {
    counts,
    threshold: grouped(threshold),
    reading,
    diagnosis,
    action,
    actionWhy,
    regressedShare: `${p.regressedPct}%`,
    bakeWorking: `${before}At ${minutesText(bake)}: ${at(bake)}. That is ${compared}`,
    bake: minutesText(bake),
  };
}

const pick = <T>(rand: Random, list: readonly T[]): T => list[randomInt(rand, list.length)]!;

/**
 * Another rollout: any of the three situations, 200 to 800 requests a second over 4 to 10 cells, a
 * regression 1.25 or 1.5 times the baseline. The busier the canary cell and the larger the
 * regression, the sooner a bake catches it: with up to 1,200 requests a second and regressions of
 * twice the baseline, 1 minute was the bake in most variants, so "1" answered a review's [bake]
 * without working it out (src/course/review-remembered.test.ts measures each part's commonest answer).
 */
export function variant(rand: Random): Record<string, number> {
  const baselinePct = pick(rand, [0.5, 1, 2]);
  return {
    incident: randomInt(rand, 3),
    rate: pick(rand, [200, 400, 800]),
    cells: pick(rand, [4, 5, 8, 10]),
    bakeMinutes: pick(rand, [10, 15, 20]),
    baselinePct,
    falseAlarmPct: pick(rand, [1, 5]),
    regressedPct: baselinePct * pick(rand, [1.25, 1.5]),
    seed: randomInt(rand, 100_000),
  };
}
