/**
 * The terminal's side of a first review (the page's is solved-review.ts): in a fresh folder under
 * `home`, "One bad cell" (`cells-blast-radius`) answered at `t0` with the chapter's numbers, as a
 * learner types them, and `review` run that day, which enrols it: its first review is due three
 * days later (FSRS's first interval for "good"). The review tests of `npm run exercises` start
 * from it, in-process, on a fixed clock (BLAST_RADIUS_NOW).
 */
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { answers, variant } from "../../solutions/cells-blast-radius/solution.ts";
import { run } from "../../src/cli/exercises.ts";
import { runCaptured } from "../../src/cli/run-captured.test-helper.ts";
import { mulberry32 } from "../../src/sim/random.ts";
import { reviewSeedOf } from "./review-seeds.ts";

const repo = new URL("../../", import.meta.url).pathname;
export const cellsId = "cells-blast-radius";

/** The chapter's answers to cells-blast-radius, as a learner types them (t0's numbers). */
export const cellsChapterAnswers: Readonly<Record<string, string>> = { untouched: "90%", canary: "500" };

/** `npm run exercises -- <argv>` in folder `dir` at `now`, in-process. */
export const exercisesAt = (argv: string[], now: string, dir: string) =>
  runCaptured(run, argv, { env: { BLAST_RADIUS_HOME: dir, BLAST_RADIUS_NOW: now }, cwd: repo });

/**
 * cells-blast-radius solved at `t0` and enrolled, in a fresh folder under `home` named after
 * `name`: the folder, the exercise, its first review's day, the review's seed and that seed's answers.
 */
export async function dueCellsReview(home: string, name: string, t0: string) {
  const dir = mkdtempSync(join(home, `${name}-`));
  for (const [part, answer] of Object.entries(cellsChapterAnswers))
    await exercisesAt(["answer", cellsId, "--part", part, answer], t0, dir);
  await exercisesAt(["review"], t0, dir);
  const seed = reviewSeedOf(cellsId, 1);
  return {
    dir,
    id: cellsId,
    now: new Date(Date.parse(t0) + 3 * 86_400_000).toISOString(),
    seed,
    expected: answers(variant(mulberry32(seed))),
  };
}
