/**
 * Whether one variant's worked solution answers another variant's questions: the rule by which a
 * due review's numbers are "the review's" on the chapter page and in the terminal alike
 * (dealsReviewNumbers in src/course/review-seed.ts takes it as its `sameAnswers`). An exercise's
 * variants are often drawn from a few choices (five shared resources, a handful of situations), so
 * seeds with other numbers (another hidden seed, another status percentage) have the very answers
 * of the review. Their worked solution, free on a chapter page, would answer the review right
 * first time, and the review would be rated as if it had been worked out again.
 */
import type { CodePart, GradingPart, Params } from "./exercise-schema.ts";
import { type AnswerInput, describeAnswer, gradePart } from "./grade.ts";
import { type Expected, expectedAnswers, type SolutionModule } from "./solution.ts";

/**
 * What a learner could type for a part, read from a worked solution whose answer is `expected`:
 * the exact value (the answer key's), and each figure the solution writes it as ("1 in 28",
 * "3.6%"), so a figure rounded for reading that the grader takes as right counts too.
 */
function readFrom(part: GradingPart, expected: Expected): AnswerInput[] {
  if (part.kind === "choice") return [{ kind: "choice", picked: [expected as string | string[]].flat() }];
  if (part.kind === "match") return [{ kind: "match", chosen: expected as Record<string, string> }];
  const shown = describeAnswer(part, expected)
    .replace(/\s*\(about [^)]*\)$/, "")
    .split(" = ");
  return [String(expected), ...shown].map((text) => ({ kind: "numeric", text }));
}

/**
 * `(shown, asked) => boolean`: whether every part's answer for the numbers `shown`, as their worked
 * solution gives it, is graded right for the numbers `asked` (gradePart, the grader of the page and
 * the terminal). An exercise with no graded part (a code exercise) has none to give: false.
 */
export function solutionAnswers(
  parts: readonly (GradingPart | CodePart)[],
  solution: SolutionModule,
): (shown: Params, asked: Params) => boolean {
  // Choices and matches first: the same picks or not, read without the number parser.
  const graded = parts
    .filter((part): part is GradingPart => part.kind !== "code")
    .sort((a, b) => Number(a.kind === "numeric") - Number(b.kind === "numeric"));
  // The answers asked for, worked out once for each variant asked (a due review is asked of many seeds).
  const asking = new WeakMap<Params, Record<string, Expected>>();
  return (shown, asked) => {
    if (graded.length === 0) return false;
    const wanted = asking.get(asked) ?? expectedAnswers(graded, solution, asked);
    asking.set(asked, wanted);
    const given = expectedAnswers(graded, solution, shown);
    return graded.every(
      (part) =>
        JSON.stringify(given[part.id]) === JSON.stringify(wanted[part.id]) ||
        readFrom(part, given[part.id]!).some(
          (input) => gradePart(part, input, wanted[part.id]!, asked).status === "right",
        ),
    );
  };
}
