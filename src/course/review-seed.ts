/**
 * The variant a spaced review deals, apart from the schedule (review.ts, which re-exports
 * reviewSeed and dueReviewSeed) so that the exercise widget, which every chapter page loads, can
 * keep a due review's numbers off the page without loading ts-fsrs. Pure: dates come in as
 * arguments.
 */
import { hashName } from "../sim/random.ts";
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
 * undefined. Those numbers are the review's whatever shows or checks them: in the terminal a
 * hint, a wrong answer or the solution on them (`--seed`) counts against the review as it does
 * through `review` (src/cli/review-session.ts), as the page counts its exercise's own hints,
 * verdicts and solution once the review has dealt them.
 */
export function dueReviewSeed(id: string, card: ReviewCard | undefined, now: Date): number | undefined {
  return card && Date.parse(card.due) <= now.getTime() ? reviewSeed(id, card.reps) : undefined;
}

/** "Another variant" on a chapter page draws a seed from 1 to this: short enough to read and type. */
const practiceSeeds = 999_999;

/**
 * The seed a chapter page's "Another variant" deals, drawn with `random` (a number from 0 up to 1,
 * as Math.random gives): from 1 to 999,999, and never `due`, the variant of the exercise's due
 * review (dueReviewSeed). A chapter page does not deal those numbers, typed or drawn: their hints,
 * wrong answers and solution would count nothing there, and the review would then be answered
 * right first time on numbers already worked. A draw of `due` deals the seed after it.
 */
export function practiceSeed(random: () => number, due: number | undefined): number {
  const drawn = 1 + Math.floor(random() * practiceSeeds);
  return drawn === due ? (drawn % practiceSeeds) + 1 : drawn;
}
