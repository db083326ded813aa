/**
 * Every exercise, checked the way `rustlings dev check` checks its exercises: the files are
 * valid, every starter fails its checks, every solution passes them (with checks actually run),
 * every numeric part grades its listed answers as the author says, and every exercise is
 * embedded in its chapter.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { parseAnswer } from "../../src/grader/parse-answer.ts";
import { fillParams, gradeChoice, gradeMatch, gradeNumeric } from "../../src/grader/grade.ts";
import { listExerciseIds, loadExercise, projectRoot, type LoadedExercise } from "../../src/grader/load-exercises.ts";
import { runChecksInNode } from "../../src/grader/run-checks-node.ts";
import { expectedAnswers, hasVariants, type SolutionModule } from "../../src/grader/solution.ts";
import type { MatchAnswer } from "../../src/grader/exercise-schema.ts";
import { mulberry32 } from "../../src/sim/random.ts";
import { syllabus } from "../support/syllabus.ts";

const root = projectRoot();
const ids = listExerciseIds(root);
const chaptersDir = join(root, "content", "chapters");
const chapterFolders = existsSync(chaptersDir)
  ? readdirSync(chaptersDir).filter((name) => existsSync(join(chaptersDir, name, "index.mdx")))
  : [];

const loaded = new Map<string, LoadedExercise>();
function exercise(id: string): LoadedExercise {
  if (!loaded.has(id)) loaded.set(id, loadExercise(id, root, { fresh: true }));
  return loaded.get(id)!;
}
const solution = (id: string): Promise<SolutionModule> => import(`../../solutions/${id}/solution.ts`);

/** Every value a text states: 42, 1,820, 0.055%, 1/1820, "100 of 100", and N as "1 in N". */
function numbersIn(text: string): number[] {
  const value = (digits: string) => Number(digits.replace(/,/g, ""));
  return [...text.matchAll(/(\d[\d,]*(?:\.\d+)?)(?:\s*(?:\/|of)\s*(\d[\d,]*(?:\.\d+)?))?\s*(%?)/g)].flatMap((m) => {
    const stated = value(m[1]!) / (m[2] ? value(m[2]) : 1) / (m[3] ? 100 : 1);
    return m[2] || m[3] ? [stated] : [stated, 1 / stated];
  });
}

test("there are exercises", () => {
  expect(ids.length).toBeGreaterThan(0);
});

describe.each(ids)("exercise %s", (id) => {
  test("its files are valid, and its chapter slug is a course chapter", () => {
    const { meta } = exercise(id);
    expect(syllabus, `exercises/${id}/exercise.yaml: chapter`).toContain(meta.chapter);
  });

  test("its solution gives an answer to every part", async () => {
    const { meta } = exercise(id);
    const params = meta.kind === "numeric" ? (meta.params ?? {}) : {};
    const mod = await solution(id);
    expect(() => expectedAnswers(meta, mod, params)).not.toThrow();
  });

  test("numeric parts grade their accept list right and their reject list wrong", async () => {
    const { meta } = exercise(id);
    if (meta.kind !== "numeric") return;
    const params = meta.params ?? {};
    const expected = expectedAnswers(meta, await solution(id), params);
    for (const part of meta.parts) {
      const answer = expected[part.id] as number;
      for (const input of part.accept) {
        const verdict = gradeNumeric(part, input, answer, params);
        expect(verdict.status, `${id}/${part.id}: accept "${input}" (expected ${answer}): ${verdict.message}`).toBe(
          "right",
        );
      }
      for (const input of part.reject) {
        const verdict = gradeNumeric(part, input, answer, params);
        expect(
          verdict.status,
          `${id}/${part.id}: reject "${input}" must read as a number and be wrong: ${verdict.message}`,
        ).toBe("wrong");
      }
      for (const entry of part.feedback) {
        const filled = fillParams(entry.answer, params);
        const parsed = parseAnswer(filled);
        expect(parsed.ok, `${id}/${part.id}: feedback answer "${entry.answer}" must parse`).toBe(true);
        const verdict = gradeNumeric(part, filled, answer, params);
        expect(
          verdict.status,
          `${id}/${part.id}: feedback answer "${entry.answer}" is graded right, so its message never shows`,
        ).toBe("wrong");
      }
    }
  });

  test("the worked explanation states each numeric answer the solution computes", async () => {
    const { meta, explanation } = exercise(id);
    if (meta.kind !== "numeric") return;
    const expected = expectedAnswers(meta, await solution(id), meta.params ?? {});
    const stated = numbersIn(explanation);
    for (const part of meta.parts) {
      const answer = expected[part.id] as number;
      const tolerance = Math.abs(answer) * (part.tolerance ?? 0.01) + 1e-12;
      expect(
        stated.some((value) => Math.abs(value - answer) <= tolerance),
        `solutions/${id}/explanation.md never states ${part.id} = ${answer}`,
      ).toBe(true);
    }
  });

  test("generated variants have finite answers, quickly, and fill every placeholder", { timeout: 30_000 }, async () => {
    const { meta, readme } = exercise(id);
    const mod = await solution(id);
    if (!hasVariants(meta, mod) || meta.kind !== "numeric") return;
    const names = Object.keys(meta.params ?? {});
    for (let seed = 1; seed <= 12; seed++) {
      const params = mod.variant!(mulberry32(seed));
      expect(Object.keys(params).sort(), `${id}: variant(${seed}) params`).toEqual([...names].sort());
      // The page computes these on "Another variant", on the main thread: they must be quick.
      const start = performance.now();
      const answers = expectedAnswers(meta, mod, params);
      const millis = performance.now() - start;
      expect(
        millis,
        `${id}: answers(${JSON.stringify(params)}) took ${millis.toFixed(0)} ms; "Another variant" would freeze the page`,
      ).toBeLessThan(250);
      for (const [part, value] of Object.entries(answers))
        expect(Number.isFinite(value), `${id}/${part} for ${JSON.stringify(params)}`).toBe(true);
      expect(fillParams(readme, params)).not.toMatch(new RegExp(`\\{(${names.join("|")})\\}`));
    }
  });

  test("choice and match solutions grade right, and a different answer grades wrong", async () => {
    const { meta } = exercise(id);
    if (meta.kind !== "choice" && meta.kind !== "match") return;
    const expected = expectedAnswers(meta, await solution(id));
    for (const part of meta.parts) {
      const answer = expected[part.id]!;
      if ("choices" in part) {
        const picked = Array.isArray(answer) ? (answer as string[]) : [answer as string];
        expect(gradeChoice(part, picked, answer as string | string[]).status).toBe("right");
        const other = part.choices.map((c) => c.id).find((c) => !picked.includes(c))!;
        expect(
          gradeChoice(part, part.multiple ? [...picked, other] : [other], answer as string | string[]).status,
        ).toBe("wrong");
      } else if ("items" in part) {
        const map = answer as MatchAnswer;
        expect(gradeMatch(part, map, map).status).toBe("right");
        const first = part.items[0]!.id;
        const wrongOption = part.options.find((o) => o.id !== map[first])!.id;
        expect(gradeMatch(part, { ...map, [first]: wrongOption }, map).status).toBe("wrong");
      }
    }
  });

  test("code: the starter fails its checks and the solution passes them", { timeout: 60_000 }, async () => {
    const { meta, starter, checks, solutionDir } = exercise(id);
    if (meta.kind !== "code") return;
    const starterRun = await runChecksInNode(starter!, checks!, meta.timeout);
    expect(starterRun.passed, `${id}: the starter must fail its checks (${starterRun.summary})`).toBe(false);
    const reference = readFileSync(join(solutionDir, "solution.ts"), "utf8");
    const solutionRun = await runChecksInNode(reference, checks!, meta.timeout);
    const failing = solutionRun.checks.filter((c) => !c.passed).map((c) => `${c.name}: ${c.message}`);
    expect(solutionRun.passed, `${id}: the solution must pass (${solutionRun.summary}) ${failing.join("; ")}`).toBe(
      true,
    );
    expect(solutionRun.checks.length).toBeGreaterThan(0);
  });

  test("it is embedded in its chapter (once that chapter exists)", () => {
    const { meta } = exercise(id);
    const file = join(chaptersDir, meta.chapter, "index.mdx");
    if (!existsSync(file)) {
      console.info(`pending: exercise ${id} waits for chapter ${meta.chapter} to be written`);
      return;
    }
    const source = readFileSync(file, "utf8");
    const embedded = new RegExp(`<Exercise\\s+id=(?:"${id}"|'${id}'|\\{\\s*["'\`]${id}["'\`]\\s*\\})`).test(source);
    expect(embedded, `content/chapters/${meta.chapter}/index.mdx must embed <Exercise id="${id}" />`).toBe(true);
  });
});

test.each(chapterFolders)("chapter %s has at least one exercise", (slug) => {
  const mine = ids.filter((id) => exercise(id).meta.chapter === slug);
  expect(mine.length, `no exercise in exercises/ has chapter: ${slug}`).toBeGreaterThan(0);
});

describe("a bad exercise fails with the file and the field", () => {
  const temp = mkdtempSync(join(tmpdir(), "blast-radius-exercises-"));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  const write = (id: string, yaml: string) => {
    mkdirSync(join(temp, "exercises", id), { recursive: true });
    mkdirSync(join(temp, "solutions", id), { recursive: true });
    writeFileSync(join(temp, "exercises", id, "exercise.yaml"), yaml);
    writeFileSync(join(temp, "exercises", id, "README.md"), "Prompt");
    writeFileSync(join(temp, "solutions", id, "solution.ts"), "export const answers = {};");
    writeFileSync(join(temp, "solutions", id, "explanation.md"), "Why");
  };
  writeFileSync(join(temp, "package.json"), "{}");

  test("a wrong part type names exercise.yaml and parts.0.type", () => {
    write(
      "bad-type",
      "title: T\nchapter: cells\nkind: numeric\ndifficulty: 1\nhints: [h]\nparts:\n  - { id: p, prompt: q, type: percent }\n",
    );
    expect(() => loadExercise("bad-type", temp)).toThrow(/exercises\/bad-type\/exercise\.yaml[\s\S]*parts\.0\.type/);
  });
  test("a missing field is named", () => {
    write(
      "no-hints",
      "title: T\nchapter: cells\nkind: choice\ndifficulty: 1\nparts:\n  - { id: p, prompt: q, choices: [{ id: a, text: A }, { id: b, text: B }] }\n",
    );
    expect(() => loadExercise("no-hints", temp)).toThrow(/exercises\/no-hints\/exercise\.yaml[\s\S]*hints/);
  });
  test("broken YAML is reported with the file", () => {
    write("bad-yaml", "title: [unclosed\n");
    expect(() => loadExercise("bad-yaml", temp)).toThrow(/exercises\/bad-yaml\/exercise\.yaml: not valid YAML/);
  });
  test("a missing solution file is named", () => {
    write(
      "no-solution",
      "title: T\nchapter: cells\nkind: choice\ndifficulty: 1\nhints: [h]\nparts:\n  - { id: p, prompt: q, choices: [{ id: a, text: A }, { id: b, text: B }] }\n",
    );
    rmSync(join(temp, "solutions", "no-solution", "explanation.md"));
    expect(() => loadExercise("no-solution", temp)).toThrow(/solutions\/no-solution\/explanation\.md: missing/);
  });
  test("feedback for a choice that does not exist is named", () => {
    write(
      "bad-feedback",
      "title: T\nchapter: cells\nkind: choice\ndifficulty: 1\nhints: [h]\nparts:\n  - { id: p, prompt: q, choices: [{ id: a, text: A }, { id: b, text: B }], feedback: { c: nope } }\n",
    );
    expect(() => loadExercise("bad-feedback", temp)).toThrow(/parts\.0\.feedback\.c: no choice has id "c"/);
  });
});
