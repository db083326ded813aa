/**
 * What the page shows for a graded answer: the grader's message, and for a wrong one an opening
 * that says so, the same for every part (a numeric part's "too low" once opened with "Not yet:"
 * and its other wrong answers with "Not right.", on one exercise). A choice's own "Not this one."
 * and "Not all: …" are kept as they are: each says already that the answer is wrong, and how
 * (the one pick is wrong; some right ticks are missing), which "Not right." would only repeat.
 */
import type { Verdict } from "../../grader/grade.ts";

/** The opening of every wrong answer's feedback on the page. */
export const wrongOpening = "Not right.";

/** The feedback shown for a verdict. */
export function feedbackText(verdict: Pick<Verdict, "status" | "message">): string {
  if (verdict.status !== "wrong" || /^Not (?:this one\.|all:)/.test(verdict.message)) return verdict.message;
  return `${wrongOpening} ${verdict.message}`;
}
