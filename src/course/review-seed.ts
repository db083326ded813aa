/**
 * The variant a spaced review deals, apart from the schedule (review.ts, which re-exports
 * reviewSeed and dueReviewSeed) so that the exercise widget, which every chapter page loads, can
 * keep a due review's numbers off the page without loading ts-fsrs. Pure: dates come in as
 * arguments, and an exercise's variant() (its solution module's) as a function.
 */
import { hashName, mulberry32, type Random } from "../sim/random.ts";
import type { ReviewCard } from "./progress.ts";

/**
 * The seed of the variant a review deals: a function of the exercise and how many reviews it has
 * had, so each review brings new numbers, the page and the terminal deal the same ones, and a
 * seed is never 0 (0 is not a dealt variant anywhere in the course). 1 to 999,999,999.
 */
export function reviewSeed(id: string, reps: number): number {
  return 1 + (hashName(`${id}#${reps}`) % 999_999_999);
}

/**
 * The variant of `id`'s review if one is due at `now` (reviewSeed of its card's reps), else
 * undefined. Its numbers are the review's, whichever seed deals them (dealsReviewNumbers).
 */
export function dueReviewSeed(id: string, card: ReviewCard | undefined, now: Date): number | undefined {
  return card && Date.parse(card.due) <= now.getTime() ? reviewSeed(id, card.reps) : undefined;
}

/**
 * A variant's numbers by name: the grader's `Params` (src/grader/exercise-schema.ts), said again
 * here by shape, since src/course sits below the grader and imports nothing from it.
 */
type Params = Readonly<Record<string, number>>;

/** A solution's variant(rand) (src/grader/solution.ts): the numbers it deals from a seeded stream. */
export type Variant = (rand: Random) => Params;

/**
 * A variant's numbers as one text: each parameter with its name, names in order, so two seeds deal
 * the same numbers exactly when their texts are equal, in whatever order variant() wrote them.
 */
export function numbersOf(params: Params): string {
  return JSON.stringify(
    Object.keys(params)
      .sort()
      .map((name) => [name, params[name]]),
  );
}

/**
 * Which seeds deal the numbers of an exercise's due review, whose seed is `due` (dueReviewSeed;
 * undefined when none is due, and then no seed does): `due` itself, and every other seed whose
 * variant has the same numbers, as a variant drawn from a few choices often has (several seeds in
 * every thousand, for some exercises). The one rule of the chapter page and the terminal alike.
 * Those numbers are the review's: a chapter page does not deal them (a typed seed is refused, and
 * Another variant draws again: practiceSeed), and in the terminal a hint, an answer or the
 * solution on them (`--seed`) counts in the review as it does through `review`
 * (src/cli/review-session.ts). Dealt anywhere else, their hints, wrong answers and solution would
 * count nothing, and the review would then be answered right first time on numbers already worked.
 */
export function dealsReviewNumbers(variant: Variant, due: number | undefined): (seed: number) => boolean {
  if (due === undefined) return () => false;
  const review = numbersOf(variant(mulberry32(due)));
  return (seed) => seed === due || numbersOf(variant(mulberry32(seed))) === review;
}

/** "Another variant" on a chapter page draws a seed from 1 to this: short enough to read and type. */
const practiceSeeds = 999_999;

/**
 * How many seeds "Another variant" draws, at most, for one that deals other numbers than the due
 * review's. Each reviewable exercise deals a due review's numbers from a small share of seeds
 * (review-seed.test.ts measures it), so every draw of this many dealing them is never seen.
 */
export const practiceDraws = 64;

/**
 * The seed a chapter page's "Another variant" deals, drawn with `random` (a number from 0 up to 1,
 * as Math.random gives): from 1 to 999,999, and never one that `refused` (dealsReviewNumbers):
 * such a draw is drawn again, up to practiceDraws times in all. Undefined if every draw was
 * refused: an exercise whose every variant had the review's numbers, which then has none to
 * practise on until the review is answered.
 */
export function practiceSeed(random: () => number, refused: (seed: number) => boolean): number | undefined {
  for (let draw = 0; draw < practiceDraws; draw++) {
    const drawn = 1 + Math.floor(random() * practiceSeeds);
    if (!refused(drawn)) return drawn;
  }
  return undefined;
}
