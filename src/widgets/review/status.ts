import { countOf } from "../../format/number.ts";

/**
 * What the review's status line says of the numbers it dealt. While the review is worked on it
 * never names their variant: its seed deals the worked solution for these numbers elsewhere (the
 * terminal's `solution --seed` with another progress home, a chapter page in a private window), for
 * nothing. Once the review is answered, or given up, the variant is named: the learner may want to
 * practise the same numbers again.
 */

/**
 * The note on the numbers dealt, as the review starts or comes back after a reload: `restored`
 * of its `parts` answered as they were left, and text typed and not checked in `typed` of them.
 */
export function dealtNote(parts: number, restored: number, typed: number): string {
  const count = (n: number) => countOf(n, "part");
  const typedNote = (where: string) => `text typed and not checked yet in ${where}`;
  if (restored > 0)
    return `Back to this review as you left it, with your answers to ${restored} of ${count(parts)}${typed > 0 ? `, and ${typedNote(count(typed))}` : ""}.`;
  if (typed > 0) return `Back to this review as you left it, with ${typedNote(`${typed} of ${count(parts)}`)}.`;
  return "New numbers are in: work it out again.";
}

/** The status of the rating step: the review answered (every part right) or given up, its variant named now. */
export function answeredNote(gaveUp: boolean, seed: number): string {
  return `${gaveUp ? "Answers shown" : "Answered"} (variant ${seed}). Rate the review to schedule it.`;
}
