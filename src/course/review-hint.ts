/**
 * What asking for a hint on a due review's numbers does: one rule for the /review/ page (its
 * exercise's Show a hint, src/widgets/review/card.ts) and the terminal (`hint --seed` on those
 * numbers, src/cli/exercises.ts). While the review is under way, the hints an ask opens count
 * against it as wrong answers, each once (hintsOpened). Once it is answered (every part right, or
 * given up), an ask counts nothing and opens nothing more: the hints the review counted are the
 * ones on show (the page takes Show a hint away once every part is right, and with the answers
 * once they are shown, and keeps those open: tests/browser/review-give-up.test.ts).
 * Not the chapter's rule (allAnsweredOnShow, src/course/on-show.ts), where every hint is shown to
 * learn from once every part on show is right: a review's hints are those it counted.
 */
import { hintsOpened } from "./review.ts";

export interface ReviewHintAsk {
  /** How many of the exercise's hints are on show once asked (from the first). */
  shown: number;
  /** How many of them this ask counts against the review, as wrong answers. */
  counted: number;
}

/**
 * An ask for a hint on a review that has counted `review.hints` so far: `open` is how many the
 * exercise would show once asked (the page's, after the press; the terminal's, the next one, up to
 * the last). `review.answered`: every part is answered right, or the review was given up.
 */
export function reviewHintAsked(review: { hints: number; answered: boolean }, open: number): ReviewHintAsk {
  if (review.answered) return { shown: review.hints, counted: 0 };
  return { shown: Math.max(open, review.hints), counted: hintsOpened(review.hints, open) };
}
