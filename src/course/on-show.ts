/**
 * Whether every part on show is answered right, the rule the chapter page and the terminal share:
 * the page takes Show a hint away then (src/widgets/exercise/bootstrap.ts, showPartProgress: a
 * hint helps with nothing, and would only add to the record's hints) and its Show solution's
 * confirmation offers "Not now" for "Keep trying" (solutionOffer); the terminal's `hint` opens none
 * (src/cli/exercises.ts). The terminal takes a review's numbers so too (the parts its record holds
 * right), but what a hint does then is the /review/ page's rule (reviewHintAsked,
 * src/course/review-hint.ts): the hints the review opened, none more, and none counted.
 */
import type { Progress } from "./progress.ts";
import { answeredInRecord, type NumbersOnShow } from "./solution-offer.ts";

/**
 * For the chapter's numbers, the record says (answeredInRecord: solved, or answered after seeing
 * the solution); for new numbers on show (`numbers`), the parts answered right for them alone,
 * whatever the record holds.
 */
export function allAnsweredOnShow(
  progress: Progress,
  id: string,
  partIds: readonly string[],
  numbers?: Pick<NumbersOnShow, "answered">,
): boolean {
  const answered = numbers ? numbers.answered : answeredInRecord(progress, id, partIds);
  return partIds.every((p) => answered.includes(p));
}
