import { expect, test } from "vitest";
import { numericPartSchema } from "../../grader/exercise-schema.ts";
import { gradeNumeric } from "../../grader/grade.ts";
import { loadExercise } from "../../grader/load-exercises.ts";
import { expectedAnswers, type SolutionModule } from "../../grader/solution.ts";
import { feedbackText, wrongOpening } from "./feedback-text.ts";

// Audit (session 51): on /retry-budgets/, the token bucket's first part (a count, answer 5) said
// "Not yet: that is too low" to 4, "Not yet: that is not right" to -5, and its other wrong
// answers opened "Not right.": three ways to say one thing on one exercise.
test("every wrong numeric answer on retry-token-bucket opens with the same words, and says which way it is off", async () => {
  const id = "retry-token-bucket";
  const { meta } = loadExercise(id);
  if (meta.kind !== "numeric") throw new Error("retry-token-bucket is a numeric exercise");
  const failures = meta.parts.find((p) => p.id === "failures");
  if (!failures) throw new Error("retry-token-bucket has a part failures");
  const mod: SolutionModule = await import(`../../../solutions/${id}/solution.ts`);
  const answer = expectedAnswers(meta.parts, mod, meta.params).failures;
  if (typeof answer !== "number" || answer < 2) throw new Error("failures is a count of at least 2");
  const shown = (input: number | string) => feedbackText(gradeNumeric(failures, String(input), answer, meta.params));
  expect(shown(answer - 1)).toBe(`${wrongOpening} That is too low. A hint may help.`);
  expect(shown(-answer)).toBe(`${wrongOpening} A count cannot be negative.`);
  expect(shown(0)).toBe(`${wrongOpening} That is too low. A hint may help.`);
  expect(shown(answer + 2)).toBe(`${wrongOpening} That is too high. A hint may help.`);
  // The author's note for one more than the answer, and the grader's for a decimal, open alike.
  expect(shown(answer + 1)).toMatch(new RegExp(`^${wrongOpening.replace(".", "\\.")} Retries stop once`));
  expect(shown(`${answer - 1}.5`)).toBe(`${wrongOpening} A count is a whole number, and ${answer - 1}.5 is not one.`);
  // A right answer opens with the grader's "Right:", alone.
  expect(shown(answer)).toBe(`Right: ${answer}.`);
});

test("a right answer, and one that cannot be read, are shown as the grader says them", () => {
  const part = numericPartSchema.parse({ id: "n", prompt: "how many", type: "count" });
  expect(feedbackText(gradeNumeric(part, "3", 3))).toBe("Right: 3.");
  const unread = gradeNumeric(part, "3%", 3);
  expect(unread.status).toBe("invalid");
  expect(feedbackText(unread)).toBe(unread.message);
});

test("a choice's own opening says already how the answer is wrong, and is not opened again", () => {
  expect(feedbackText({ status: "wrong", message: "Not this one. Misconception: M. Why." })).toBe(
    "Not this one. Misconception: M. Why.",
  );
  expect(feedbackText({ status: "wrong", message: "Not all: 1 more applies." })).toBe("Not all: 1 more applies.");
  // Any other message opens with the one phrase, whatever its first word.
  expect(feedbackText({ status: "wrong", message: "Nothing here is dead." })).toBe(
    `${wrongOpening} Nothing here is dead.`,
  );
});
