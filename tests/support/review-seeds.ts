/**
 * The seed a spaced review of an exercise deals (reviewSeed), as the page and the terminal deal it:
 * from the exercise's variant() and its chapter's numbers (the params in its exercise.yaml), both
 * read here from the exercise's own files, for the tests that deal, answer or look for a review.
 */
import type { ReviewNumbers, SameAnswers } from "../../src/course/review-seed.ts";
import { reviewSeed } from "../../src/course/review-seed.ts";
import { defaultParams } from "../../src/grader/exercise-meta.ts";
import { hashName } from "../../src/sim/random.ts";
import { listExerciseIds, readExerciseMeta } from "../../src/grader/load-exercises.ts";
import { hasVariants, type SolutionModule } from "../../src/grader/solution.ts";
import { rememberedParts, solutionAnswers } from "../../src/grader/same-answers.ts";

const solutions = import.meta.glob<SolutionModule>("/solutions/*/solution.ts", { eager: true });

/**
 * What a review of `id` deals from: its solution's variant(), the chapter's numbers and the parts
 * the chapter's answers answer (rememberedParts), as the page and the terminal give them.
 */
export function reviewNumbersOf(id: string): ReviewNumbers {
  const known = read.get(id);
  if (known) return known;
  const solution = solutions[`/solutions/${id}/solution.ts`];
  const variant = solution?.variant;
  if (!solution || !variant) throw new Error(`${id} deals no variants, so it is not reviewed`);
  const meta = readExerciseMeta(id);
  const parts = meta.kind === "code" ? [] : meta.parts;
  const numbers = { variant, chapter: defaultParams(meta), remembered: rememberedParts(id, parts, solution) };
  read.set(id, numbers);
  return numbers;
}

/** Each exercise's, once read (its yaml is read and checked once). */
const read = new Map<string, ReviewNumbers>();

/** The seed of `id`'s review after `reps` reviews (solving counts as the first). */
export function reviewSeedOf(id: string, reps: number): number {
  return reviewSeed(id, reps, reviewNumbersOf(id));
}

/**
 * Whether one variant's worked solution answers another's (solutionAnswers), for `id`, as the page
 * and the terminal judge which seeds deal a due review's numbers (dealsReviewNumbers).
 */
export function sameAnswersOf(id: string): SameAnswers {
  const meta = readExerciseMeta(id);
  const solution = solutions[`/solutions/${id}/solution.ts`];
  if (!solution) throw new Error(`${id} has no solution`);
  return solutionAnswers(meta.kind === "code" ? [] : meta.parts, solution);
}

/** Every exercise a review brings back (src/course/review.ts, Reviewable): those that deal generated variants. */
export function reviewedIds(): string[] {
  return listExerciseIds().filter((id) => {
    const solution = solutions[`/solutions/${id}/solution.ts`];
    return solution !== undefined && hasVariants(readExerciseMeta(id), solution);
  });
}

/**
 * The seed a review of `id` dealt after `reps` reviews before reviews skipped the chapter's
 * numbers: one hash of the exercise and its reviews (reviewSeed's first draw, still).
 */
export function formerReviewSeed(id: string, reps: number): number {
  return 1 + (hashName(`${id}#${reps}`) % 999_999_999);
}
