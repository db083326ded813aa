/**
 * "Read the canary"'s bake for next time: what bakeMinutesToCatch computes (the first whole minute
 * whose check at the end of the bake catches the regression 90% of the time or more), and the
 * exercise's words for it, which say that and not "from then on" (the chance is not monotone in
 * the bake: src/sim/canary.ts, bakeToDetect).
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { answers, worked } from "../../solutions/diagnose-canary/solution.ts";
import { detectionWithin } from "../../src/sim/canary.ts";
import { bakeMinutesToCatch, canaryPlan, type RolloutParams } from "../../src/sim/diagnosis/rollout.ts";

const root = new URL("../../", import.meta.url);
const exercise = parse(readFileSync(new URL("exercises/diagnose-canary/exercise.yaml", root), "utf8")) as {
  params: RolloutParams;
  hints: string[];
  parts: { id: string; prompt: string; accept?: string[] }[];
};
const chanceAt = (p: RolloutParams, minutes: number) => detectionWithin(canaryPlan(p), minutes * 60);

/** Every rollout the exercise's variants deal (solution.ts, variant), at one incident and seed: the bake does not depend on them. */
const rollouts: RolloutParams[] = [0.5, 1, 2].flatMap((baselinePct) =>
  [400, 800, 1200].flatMap((rate) =>
    [4, 5, 8, 10].flatMap((cells) =>
      [10, 15, 20].flatMap((bakeMinutes) =>
        [1, 5].flatMap((falseAlarmPct) =>
          [1.5, 2].map((factor) => ({
            incident: 0,
            rate,
            cells,
            bakeMinutes,
            baselinePct,
            falseAlarmPct,
            regressedPct: baselinePct * factor,
            seed: 1,
          })),
        ),
      ),
    ),
  ),
);

describe("the bake for next time", () => {
  test("is the first whole minute whose check catches the regression 90% of the time or more", () => {
    for (const p of [exercise.params, ...rollouts]) {
      const bake = bakeMinutesToCatch(p)!;
      expect(bake, JSON.stringify(p)).toBeGreaterThan(0);
      expect(chanceAt(p, bake), JSON.stringify(p)).toBeGreaterThanOrEqual(0.9);
      for (let m = 1; m < bake; m++) expect(chanceAt(p, m), `${JSON.stringify(p)} at ${m} min`).toBeLessThan(0.9);
    }
  });

  test("is the first to reach 90%, not one from which every longer bake does: a bake a little longer can fall back under it", () => {
    // A 1% canary of 500 requests a second, 0.1% against 0.3% errors (bakeToDetect's comment),
    // as a rollout of 100 cells: 1,459 s reaches 95%; here, minute by minute, at 90%.
    const p: RolloutParams = {
      incident: 0,
      rate: 500,
      cells: 100,
      bakeMinutes: 30,
      baselinePct: 0.1,
      falseAlarmPct: 1,
      regressedPct: 0.3,
      seed: 1,
    };
    const bake = bakeMinutesToCatch(p)!;
    const later = Array.from({ length: 60 }, (_, i) => bake + 1 + i).filter((m) => chanceAt(p, m) < 0.9);
    expect(later.length).toBeGreaterThan(0);
    expect(chanceAt(p, bake)).toBeGreaterThanOrEqual(0.9);
  });

  test("the worked solution's comparison holds: a longer bake in use catches it 90% of the time too", () => {
    for (const p of rollouts) {
      const bake = bakeMinutesToCatch(p)!;
      if (bake < p.bakeMinutes) expect(chanceAt(p, p.bakeMinutes), JSON.stringify(p)).toBeGreaterThanOrEqual(0.9);
    }
  });

  test("the exercise asks for exactly that, and accepts it", () => {
    const part = exercise.parts.find((q) => q.id === "bake")!;
    expect(part.prompt).toContain(
      "what is the shortest bake, in whole minutes, whose check at its end catches a release whose error rate is {regressedPct}% at least 90% of the time?",
    );
    expect(part.accept).toEqual([String(bakeMinutesToCatch(exercise.params))]);
    expect(answers(exercise.params as unknown as Record<string, number>).bake).toBe(
      bakeMinutesToCatch(exercise.params),
    );
    expect(exercise.hints.at(-1)).toContain("The first bake at which that chance is 90% or more is the answer.");
    const explanation = readFileSync(new URL("solutions/diagnose-canary/explanation.md", root), "utf8").replace(
      /\s+/g,
      " ",
    );
    expect(explanation).toContain(
      "The shortest bake whose check at its end catches a release at {regressedShare} errors at least nine times in ten: try bakes minute by minute, and stop at the first that does.",
    );
    // The worked figures show the minute before under 90% and the bake at 90% or more.
    const bake = bakeMinutesToCatch(exercise.params)!;
    const working = worked(exercise.params as unknown as Record<string, number>).bakeWorking!;
    expect(working).toMatch(
      new RegExp(
        `^At ${bake - 1} minutes: .*probability about 0\\.8\\d+\\. At ${bake} minutes: .*probability about 0\\.9\\d+\\.`,
      ),
    );
    for (const words of [part.prompt, explanation]) expect(words).not.toMatch(/after which|from then on/);
  });
});
