/** The interview question bank: valid, complete, covering the syllabus, with computed figures only. */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  fillNumbers,
  fillQuestion,
  paragraphs,
  parseQuestionBank,
  placeholdersIn,
} from "../../src/course/question-bank.ts";
import { bank as numbers } from "../../content/chapters/interview-playbook/numbers.ts";
import { syllabus } from "../support/syllabus.ts";

const file = new URL("../../content/chapters/interview-playbook/questions.yaml", import.meta.url);
const text = readFileSync(file, "utf8");
const questions = parseQuestionBank(text);

/** Syllabus chapters 1-14 (the workshop kit is for facilitators, not interview material). */
const interviewChapters: readonly string[] = syllabus.filter((slug) => slug !== "workshop-kit");

describe("question bank", () => {
  test("has at least 20 questions with unique ids", () => {
    expect(questions.length).toBeGreaterThanOrEqual(20);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  test("covers every syllabus chapter, and names only syllabus chapters", () => {
    const covered = new Set(questions.map((q) => q.chapter));
    for (const slug of interviewChapters) expect(covered.has(slug), `no question on ${slug}`).toBe(true);
    for (const q of questions) expect(interviewChapters, q.id).toContain(q.chapter);
  });

  test("covers the five probes that follow 'cells'", () => {
    const ids = questions.map((q) => q.id);
    for (const id of ["partition-key", "cell-size", "router-shared-fate", "moving-a-tenant", "deploy-order"])
      expect(ids).toContain(id);
  });

  test("every question has a model answer, a rubric of 3-8 points and follow-ups with answers", () => {
    for (const q of questions) {
      expect(paragraphs(q.answer).length, q.id).toBeGreaterThan(0);
      expect(q.rubric.length, q.id).toBeGreaterThanOrEqual(3);
      expect(q.rubric.length, q.id).toBeLessThanOrEqual(8);
      expect(q.followUps.length, q.id).toBeGreaterThan(0);
      for (const f of q.followUps) expect(f.answer.trim().length, q.id).toBeGreaterThan(10);
    }
  });

  test("every {{figure}} resolves to a computed number, and none is left in the output", () => {
    for (const q of questions) {
      const filled = fillQuestion(q, numbers);
      expect(JSON.stringify(filled), q.id).not.toMatch(/\{\{|\}\}/);
    }
    const used = new Set(questions.flatMap((q) => placeholdersIn(JSON.stringify(q))));
    for (const name of used) expect(numbers, name).toHaveProperty([name]);
  });

  test("no computed figure is typed in: no literal percentages or 'C(n, k) = N' results", () => {
    expect(text).not.toMatch(/\d\s*%/);
    expect(text).not.toMatch(/C\(\d+,\s*\d+\)\s*=\s*\d/);
  });

  test("an unknown figure is an error, not a hole in the page", () => {
    expect(() => fillNumbers("about {{nope}} of tenants", numbers, "q")).toThrow(/q: unknown number \{\{nope\}\}/);
  });

  test("a broken bank fails naming the question and field", () => {
    const broken =
      "questions:\n  - id: Bad Id\n    title: x\n    chapter: cells\n    difficulty: 5\n    prompt: p\n    answer: a\n    rubric: [one]\n    followUps: []\n";
    expect(() => parseQuestionBank(broken, "broken.yaml")).toThrow(
      /broken\.yaml[\s\S]*questions\.0\.id[\s\S]*questions\.0\.rubric/,
    );
  });
});
