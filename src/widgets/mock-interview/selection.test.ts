import { expect, test } from "vitest";
import { seedRange, seedRule } from "../../sim/random.ts";
import type { InterviewQuestion } from "./payload.ts";
import { choiceText, drawPlan, notASeedText } from "./selection.ts";

/** Just what the setup's lines read of a question. */
const single = { title: "Cell sizing", level: "senior", type: "concept" } as InterviewQuestion;
const design = { title: "A payments API", level: "staff", type: "design" } as InterviewQuestion;

test("Draw refuses text that is not a seed, whoever typed it: nothing is drawn in its place", () => {
  for (const text of ["abc", "-1", "99999999999", String(seedRange.max + 1), "4.2", "1e3", "+7"]) {
    expect(drawPlan(text, true)).toEqual({ kind: "refused" });
    expect(drawPlan(text, false)).toEqual({ kind: "refused" });
  }
});

test("Draw draws the seed the learner typed since the last draw, and a random one otherwise", () => {
  expect(drawPlan("42", true)).toEqual({ kind: "yours", seed: 42 });
  expect(drawPlan(" 42 ", true)).toEqual({ kind: "yours", seed: 42 });
  expect(drawPlan(String(seedRange.max), true)).toEqual({ kind: "yours", seed: seedRange.max });
  expect(drawPlan("0", true)).toEqual({ kind: "yours", seed: 0 });
  // The field as the last draw left it, or empty: a new question.
  expect(drawPlan("42", false)).toEqual({ kind: "random" });
  expect(drawPlan("", true)).toEqual({ kind: "random" });
  expect(drawPlan("  ", false)).toEqual({ kind: "random" });
});

test("the line above Start says whose seed drew the question, or that it was picked", () => {
  expect(choiceText(single, 42, "yours")).toBe('Your seed 42 drew: "Cell sizing" (senior).');
  expect(choiceText(design, 5123, "random")).toBe(
    'Random seed 5123 drew: "A payments API" (staff, a design round in four phases).',
  );
  expect(choiceText(single, null, "picked")).toBe('You picked: "Cell sizing" (senior).');
});

test("text that is not a seed is quoted (cut at 20 characters) with the course's one seed rule and what Start would still ask", () => {
  expect(notASeedText(" abc ", null)).toBe(`"abc" is not a seed: a seed is ${seedRule}, such as 4821.`);
  expect(notASeedText("123456789012345678901234", { question: single, seed: 42 })).toBe(
    `"12345678901234567890…" is not a seed: a seed is ${seedRule}, such as 4821. The question is still "Cell sizing" (senior), drawn by seed 42.`,
  );
  expect(notASeedText("-1", { question: design, seed: null })).toContain(
    'The question is still "A payments API" (staff, a design round in four phases), which you picked.',
  );
});
