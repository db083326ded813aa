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
  const answered = partsAnswered(parts, solution);
  const graded = parts.filter((part) => part.kind !== "code").length;
  return (shown, asked) => graded > 0 && answered(shown, asked, { all: true }).length === graded;
}

/**
 * `(shown, asked) => part ids`: the parts whose answer for the numbers `shown`, as their worked
 * solution gives it (its exact value or a figure it writes), is graded right for the numbers
 * `asked` (gradePart, the grader of the page and the terminal), in the exercise's order of parts.
 * With `all`, it stops at the first part not answered (solutionAnswers asks only whether all are).
 * Each variant's answers are worked out once (a due review is asked of many seeds, and a review's
 * seed is checked against the chapter's numbers, the same object every time).
 */
export function partsAnswered(
  parts: readonly (GradingPart | CodePart)[],
  solution: SolutionModule,
): (shown: Params, asked: Params, options?: { all?: boolean }) => string[] {
  const graded = parts.filter((part): part is GradingPart => part.kind !== "code");
  // Choices and matches first when only all of them matter: the same picks or not, read without the number parser.
  const cheapFirst = [...graded].sort((a, b) => Number(a.kind === "numeric") - Number(b.kind === "numeric"));
  const answers = new WeakMap<Params, Record<string, Expected>>();
  const answersOf = (params: Params) => {
    const known = answers.get(params) ?? expectedAnswers(graded, solution, params);
    answers.set(params, known);
    return known;
  };
  return (shown, asked, { all = false } = {}) => {
    if (graded.length === 0) return [];
    const wanted = answersOf(asked);
    const given = answersOf(shown);
    const right = (part: GradingPart) =>
      JSON.stringify(given[part.id]) === JSON.stringify(wanted[part.id]) ||
      readFrom(part, given[part.id]!).some(
        (input) => gradePart(part, input, wanted[part.id]!, asked).status === "right",
      );
    if (all) return cheapFirst.every(right) ? graded.map((part) => part.id) : [];
    return graded.filter(right).map((part) => part.id);
  };
}

/**
 * The numeric parts whose answer is the same in every variant by design, each with why a review
 * still asks it and deals no numbers to make it differ: rememberedParts leaves them out.
 */
export const sameByDesign: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "adaptive-throttling": {
    recovering:
      "Once the backend accepts more than 1/K of the requests, the formula's fraction is below zero and the client rejects nothing: that 0 is the judgement the part asks for (the max(0, …)), and [overloaded] varies with the numbers.",
  },
};

/**
 * `(chapter, asked) => part ids`: the parts of a review on the numbers `asked` that the chapter's
 * answers (those of the numbers `chapter`, as its worked solution gives them) answer right, of the
 * parts a review asks afresh: every numeric part but those sameByDesign. A review deals no such
 * numbers (reviewSeed in src/course/review-seed.ts takes this as its `remembered`), so the
 * chapter's answers typed into it are wrong in every part whose answer comes from the numbers.
 *
 * Choice and match parts are not asked to differ. Their answers are drawn from a few situations
 * (two or three, in a diagnosis): a review that never dealt the chapter's pick would tell a
 * learner who remembers it that the answer is one of the others (the other one, of two), which
 * passes more often than the chapter's pick does now, at that pick's own share of the variants.
 * Where the situation sets a number (the failing traffic of the saturated resource), that number
 * differing takes the chapter's situation out of the review with it.
 */
export function rememberedParts(
  id: string,
  parts: readonly (GradingPart | CodePart)[],
  solution: SolutionModule,
): (chapter: Params, asked: Params) => string[] {
  const exempt = sameByDesign[id] ?? {};
  const afresh = new Set(parts.filter((part) => part.kind === "numeric" && !(part.id in exempt)).map((p) => p.id));
  const answered = partsAnswered(
    parts.filter((part) => afresh.has(part.id)),
    solution,
  );
  return (chapter, asked) => answered(chapter, asked);
}
