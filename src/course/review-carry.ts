/**
 * Which record a review dealt now starts from, given the one kept for its exercise: the one rule
 * of /review/ (src/widgets/review/attempts.ts, dealtRecords) and the terminal
 * (src/cli/exercises.ts, sessionUnderWay), each of which keeps its records in its own format.
 * Pure: the record kept and the review dealt come in as arguments.
 */
import { mayDealReview } from "./review-seed.ts";

/**
 * A review's record as either format keeps it: the seed of the numbers it dealt and what counted
 * against it. The page counts hints and giving up apart (the terminal counts a hint in `wrong`,
 * and rates a review given up at once, so it keeps neither).
 */
export interface KeptReview {
  /** The variant the review dealt. */
  seed: number;
  /** Wrong answers and hints counted against it. */
  wrong: number;
  /** Hints opened, each counted once in `wrong`. */
  hints?: number;
  /** The learner gave up and saw the answers. */
  gaveUp?: boolean;
}

/** What a record kept under another seed carries to the seed dealt now: its counts, and nothing else. */
export interface CarriedReview {
  seed: number;
  wrong: number;
  hints: number;
  gaveUp: boolean;
}

/**
 * `kept` as the record of `id`'s review dealt now with `seed`, after `reps` reviews:
 *  - kept under `seed`: it is this review's record, and comes back itself, whole;
 *  - kept under another seed its card may deal at these reps (mayDealReview: the seed a review
 *    dealt before reviews skipped the chapter's numbers), it is of this same review, not rated
 *    since: it moves to `seed` with what it counted against the review (wrong answers, hints,
 *    giving up), and without its answers, which were to other numbers (a new object);
 *  - kept under a seed of other reps, it is a rated review's: undefined, and the review starts
 *    afresh. So does one with no record kept.
 */
export function carryReview<R extends KeptReview>(
  id: string,
  reps: number,
  seed: number,
  kept: R | undefined,
): R | CarriedReview | undefined {
  if (!kept) return undefined;
  if (kept.seed === seed) return kept;
  if (!mayDealReview(id, reps, kept.seed)) return undefined;
  return { seed, wrong: kept.wrong, hints: kept.hints ?? 0, gaveUp: kept.gaveUp ?? false };
}
