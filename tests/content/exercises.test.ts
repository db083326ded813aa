/**
 * Every exercise, checked the way `rustlings dev check` checks its exercises: the files are
 * valid, every starter fails its checks, every solution passes them (with checks actually run),
 * every numeric part grades its listed answers as the author says, every worked solution is
 * rendered without a raw {placeholder}, and every exercise is embedded in its chapter.
 * The cases are split by kind, so every case asserts something about its exercise.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, test } from "vitest";
import { renderExercise } from "../../src/components/exercise/markdown.ts";
import { defaultParams, gradingPart, titleOf } from "../../src/grader/exercise-meta.ts";
import type { ExerciseMeta, Part } from "../../src/grader/exercise-schema.ts";
import { fillParams, placeholderPattern } from "../../src/grader/fill-params.ts";
import { describeAnswer, gradeChoice, gradeMatch, gradeNumeric, wholeNumber } from "../../src/grader/grade.ts";
import { listExerciseIds, loadExercise, projectRoot, type LoadedExercise } from "../../src/grader/load-exercises.ts";
import { parseAnswer } from "../../src/grader/parse-answer.ts";
import { runChecksInNode } from "../../src/grader/run-checks-node.ts";
import { renderSituation, type SituationModule, situationText } from "../../src/grader/situation.ts";
import {
  expectedAnswers,
  explanationFigures,
  hasVariants,
  type Expected,
  type SolutionModule,
  workedFigures,
} from "../../src/grader/solution.ts";
import { mulberry32 } from "../../src/sim/random.ts";
import { dealtParams } from "../support/dealt-params.ts";
import { syllabus } from "../support/syllabus.ts";
import { ungroupedThousands } from "../support/thousands.ts";
import { lettersAsTimes } from "../support/times-sign.ts";
import { wrongSolutions } from "./wrong-solutions.ts";

const root = projectRoot();
const ids = listExerciseIds(root);
/** Floors that only rise (issue 16 asks for 50 exercises and 12 diagnoses). */
const MIN_EXERCISES = 50;
const MIN_DIAGNOSES = 12;
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
const chapterAnswersOf = new Map<string, Promise<Record<string, Expected>>>();
/** An exercise's expected answers for the chapter's numbers, worked out once for every test that reads them. */
const chapterAnswers = (id: string): Promise<Record<string, Expected>> => {
  let answers = chapterAnswersOf.get(id);
  if (!answers) {
    const { meta } = exercise(id);
    answers = solution(id).then((mod) => expectedAnswers(answerParts(meta), mod, defaultParams(meta)));
    chapterAnswersOf.set(id, answers);
  }
  return answers;
};
const ofKind = (kind: ExerciseMeta["kind"]) => ids.filter((id) => exercise(id).meta.kind === kind);
const codeIds = ofKind("code");
/** The parts of one kind in an exercise (a diagnosis mixes kinds). */
function partsOf<K extends Part["kind"]>(meta: ExerciseMeta, kind: K): Extract<Part, { kind: K }>[] {
  const parts: Part[] = meta.kind === "code" ? [] : meta.parts;
  return parts.filter((p) => p.kind === kind) as Extract<Part, { kind: K }>[];
}
const withParts = (kind: Part["kind"]) => ids.filter((id) => partsOf(exercise(id).meta, kind).length > 0);
const numericIds = withParts("numeric");
const choiceIds = withParts("choice");
const matchIds = withParts("match");
const answerParts = (meta: ExerciseMeta): Part[] => (meta.kind === "code" ? [] : meta.parts);
const situationModule = (id: string): Promise<SituationModule> => import(`../../exercises/${id}/situation.ts`);
const situationIds = ids.filter((id) => exercise(id).situation);
const variantIds = (
  await Promise.all(
    ids
      .filter((id) => !codeIds.includes(id))
      .map(async (id) => [id, hasVariants(exercise(id).meta, await solution(id))] as const),
  )
)
  .filter(([, has]) => has)
  .map(([id]) => id);

/** The chapter's parameters, then those of variants 1 to `variants` where the exercise deals variants. */
function paramSets(id: string, mod: SolutionModule, variants: number): ReturnType<typeof defaultParams>[] {
  return dealtParams(exercise(id).meta, variantIds.includes(id) ? mod.variant : undefined, variants);
}

/** Every value a text states: 42, 1,820, 0.055%, 1/1820, "100 of 100", and N as "1 in N". */
function numbersIn(text: string): number[] {
  const value = (digits: string) => Number(digits.replace(/,/g, ""));
  return [...text.matchAll(/(\d[\d,]*(?:\.\d+)?)(?:\s*(?:\/|of)\s*(\d[\d,]*(?:\.\d+)?))?\s*(%?)/g)].flatMap((m) => {
    const stated = value(m[1]!) / (m[2] ? value(m[2]) : 1) / (m[3] ? 100 : 1);
    return m[2] || m[3] ? [stated] : [stated, 1 / stated];
  });
}

/** The names a TypeScript module exports (declarations and `export { a, b as c }`). */
function exportedNames(source: string): Set<string> {
  const file = ts.createSourceFile("starter.ts", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names = new Set<string>();
  for (const statement of file.statements) {
    const exported = ts.getModifiers(statement as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    } else if (exported && ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
    } else if (
      exported &&
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
      statement.name !== undefined
    ) {
      names.add(statement.name.text);
    }
  }
  return names;
}

test("there are exercises of every kind, at least 50 in all, and at least 12 diagnoses", () => {
  for (const kind of ["numeric", "choice", "match", "mixed", "code"] as const)
    expect(ofKind(kind).length, kind).toBeGreaterThan(0);
  expect(ids.length).toBeGreaterThanOrEqual(MIN_EXERCISES);
  expect(situationIds.length).toBeGreaterThanOrEqual(MIN_DIAGNOSES);
});

test("exercise prose multiplies with ×, not a letter x (as the chapters write it; search read the x as a word)", () => {
  const found: string[] = [];
  for (const id of ids) {
    const { meta, readme, explanation } = exercise(id);
    const parts = meta.kind === "code" ? [] : meta.parts;
    const texts = [
      readme,
      explanation,
      ...meta.hints,
      ...parts.flatMap((p) => [
        p.prompt,
        ...(Array.isArray(p.feedback) ? p.feedback.map((f) => f.message) : Object.values(p.feedback)),
        ...("choices" in p ? p.choices.map((c) => c.text) : []),
      ]),
    ];
    // Code in backticks keeps its own notation, as code on the pages does.
    for (const text of texts) for (const f of lettersAsTimes(text.replace(/`[^`]*`/g, ""))) found.push(`${id}: ${f}`);
  }
  expect(found).toEqual([]);
});

describe.each(ids)("exercise %s", (id) => {
  test("its chapter is a course chapter that embeds it", () => {
    const { meta } = exercise(id);
    expect(syllabus, `exercises/${id}/exercise.yaml: chapter`).toContain(meta.chapter);
    const file = join(chaptersDir, meta.chapter, "index.mdx");
    expect(existsSync(file), `content/chapters/${meta.chapter}/index.mdx must exist`).toBe(true);
    const source = readFileSync(file, "utf8");
    // Directly, or as a drill of a <DrillSet drills={[{ exercise: "<id>", minutes }]} />, which
    // renders each drill's <Exercise> (src/components/DrillSet.astro).
    const embedded =
      new RegExp(`<Exercise\\s+id=(?:"${id}"|'${id}'|\\{\\s*["'\`]${id}["'\`]\\s*\\})`).test(source) ||
      new RegExp(`<DrillSet[^>]*\\{\\s*exercise:\\s*"${id}",`).test(source);
    expect(embedded, `content/chapters/${meta.chapter}/index.mdx must embed <Exercise id="${id}" />`).toBe(true);
  });

  test("its title, prompt, hints and worked solution show no raw {placeholder}, in the page and the terminal", async () => {
    const { meta, readme, explanation } = exercise(id);
    const params = defaultParams(meta);
    // The explanation also shows the figures its solution works out (worked()), page and terminal alike.
    const worked = meta.kind === "code" ? {} : workedFigures(await solution(id), params);
    const placeholder = new RegExp(placeholderPattern.source);
    const terminal = { title: titleOf(meta), readme, hints: meta.hints.join("\n") };
    // Braces inside $math$ are LaTeX ($\frac{1}{n}$), not placeholders.
    const withoutMath = (text: string) => text.replace(/\$\$[\s\S]*?\$\$|\$[^$\n]*\$/g, "");
    for (const [what, text] of Object.entries(terminal))
      expect(withoutMath(fillParams(text, params)), `${id}: ${what} in the terminal`).not.toMatch(placeholder);
    expect(
      withoutMath(fillParams(explanation, { ...params, ...worked })),
      `${id}: explanation in the terminal`,
    ).not.toMatch(placeholder);
    // The page renders with the same function ExerciseBody.astro uses.
    const page = await renderExercise(exercise(id), params, worked);
    const shown = {
      ...page,
      hints: page.hints.join("\n"),
      parts: page.parts.flatMap((p) => [p.html, ...p.choices.map((c) => c.html)]).join("\n"),
    };
    // What a reader sees: MathML's <annotation> holds the TeX source and is never shown.
    const visible = (html: string) => html.replace(/<annotation[\s\S]*?<\/annotation>/g, "");
    for (const [what, html] of Object.entries(shown))
      expect(visible(html), `${id}: ${what} in the page`).not.toMatch(placeholder);
  });
});

describe.each(numericIds)("numeric parts of exercise %s", (id) => {
  test("its prompt leaves the rule for how close is right to the rule shown with each part", () => {
    // The rule is stated once, generated from the part (describeRule), so it cannot disagree.
    const { readme, meta } = exercise(id);
    for (const text of [readme, ...partsOf(meta, "numeric").map((p) => p.prompt)])
      expect(text, `${id}: states its own tolerance`).not.toMatch(
        /within \d+(?:\.\d+)?\s*%\s*(?:count|are right)|answers within/i,
      );
  });

  test("the example answers its prompt gives answer no part, for its own numbers or a variant's", async () => {
    // "Expressions such as `24000 * 0.015 / 365` are fine" gave away the first exercise's answer.
    const { meta, readme } = exercise(id);
    const mod = await solution(id);
    const prompts = [readme.replace(/```[\s\S]*?```/g, ""), ...partsOf(meta, "numeric").map((p) => p.prompt)];
    const examples = prompts
      .flatMap((text) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!))
      .filter((text) => parseAnswer(text).ok);
    for (const params of paramSets(id, mod, 12)) {
      const expected = expectedAnswers(answerParts(meta), mod, params);
      for (const part of partsOf(meta, "numeric"))
        for (const example of examples)
          expect(
            gradeNumeric(part, example, expected[part.id] as number, params).status,
            `${id}/${part.id}: the prompt's example \`${example}\` answers it (${JSON.stringify(params)})`,
          ).not.toBe("right");
    }
  });

  test("its solution answers every part with a finite number", async () => {
    const { meta } = exercise(id);
    const expected = await chapterAnswers(id);
    for (const part of partsOf(meta, "numeric")) expect(Number.isFinite(expected[part.id]), part.id).toBe(true);
  });

  test("each part grades its accept list right, its reject list and its feedback answers wrong", async () => {
    const { meta } = exercise(id);
    const params = defaultParams(meta);
    const expected = await chapterAnswers(id);
    for (const part of partsOf(meta, "numeric")) {
      const answer = expected[part.id] as number;
      // The exact answer itself is always right.
      expect(gradeNumeric(part, String(answer), answer, params).status, `${id}/${part.id}: ${answer}`).toBe("right");
      // Every right answer is told the same value, however it was written: the answer key's.
      const said = `Right: ${describeAnswer(part, answer)}.`;
      expect(gradeNumeric(part, String(answer), answer, params).message, `${id}/${part.id}: ${answer}`).toBe(said);
      for (const input of part.accept) {
        const verdict = gradeNumeric(part, input, answer, params);
        expect(verdict.status, `${id}/${part.id}: accept "${input}" (expected ${answer}): ${verdict.message}`).toBe(
          "right",
        );
        expect(verdict.message, `${id}/${part.id}: accept "${input}"`).toBe(said);
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
        expect(parseAnswer(filled).ok, `${id}/${part.id}: feedback answer "${entry.answer}" must parse`).toBe(true);
        const verdict = gradeNumeric(part, filled, answer, params);
        expect(
          verdict.status,
          `${id}/${part.id}: feedback answer "${entry.answer}" is graded right, so its message never shows`,
        ).toBe("wrong");
      }
    }
  });

  test("a count part takes only its whole number, and an answer of 0 only 0: near misses are wrong", async () => {
    const { meta } = exercise(id);
    const params = defaultParams(meta);
    const expected = await chapterAnswers(id);
    for (const part of partsOf(meta, "numeric")) {
      const answer = expected[part.id] as number;
      // A typed decimal a ten-billionth off a count (2399.99999976 for 2,400) is no whole number.
      const misses = [
        ...(part.type === "count" && answer !== 0 ? [answer * (1 - 1e-10), answer * (1 + 1e-10)].map(String) : []),
        ...(answer === 0 ? ["1e-13", "-1e-13", "1/1e13"] : []),
      ];
      for (const input of misses)
        expect(gradeNumeric(part, input, answer, params).status, `${id}/${part.id}: "${input}" for ${answer}`).toBe(
          "wrong",
        );
    }
  });

  test("the worked explanation states each answer the solution computes", async () => {
    const { meta, explanation } = exercise(id);
    const mod = await solution(id);
    const expected = await chapterAnswers(id);
    const stated = numbersIn(fillParams(explanation, explanationFigures(mod, defaultParams(meta))));
    for (const part of partsOf(meta, "numeric")) {
      const answer = expected[part.id] as number;
      const tolerance = Math.abs(answer) * (part.tolerance ?? 0.01) + 1e-12;
      expect(
        stated.some((value) => Math.abs(value - answer) <= tolerance),
        `solutions/${id}/explanation.md never states ${part.id} = ${answer}`,
      ).toBe(true);
    }
  });
});

/** Not a whole number by the grader's own rule (up to the rounding of a solution's arithmetic). */
const notWhole = (value: number) => wholeNumber({ value }) === undefined;

test("every count is a whole number, for the chapter's numbers and for 50 variants of each exercise", async () => {
  // A count part whose answer is not whole (187.5 connections) has no right answer a learner can
  // type as a count: such a quantity is a number part. Only the solutions' answers() run here.
  const found: string[] = [];
  for (const id of numericIds) {
    const { meta } = exercise(id);
    const counts = partsOf(meta, "numeric").filter((part) => part.type === "count");
    if (counts.length === 0) continue;
    const mod = await solution(id);
    for (const params of paramSets(id, mod, 50)) {
      const answers = expectedAnswers(counts, mod, params);
      for (const part of counts)
        if (notWhole(answers[part.id] as number))
          found.push(`${id}/${part.id} = ${answers[part.id]} for ${JSON.stringify(params)}`);
    }
  }
  expect(found).toEqual([]);
});

test("a worked solution's figures group their thousands, for the chapter's numbers and for 50 variants of each exercise", async () => {
  // A figure the solution writes itself (String(x)) reads "1200" once a variant deals it large
  // enough: the page and the terminal show these figures as they come.
  const found: string[] = [];
  const read: string[] = [];
  for (const id of ids) {
    const { meta } = exercise(id);
    if (meta.kind === "code") continue;
    const mod = await solution(id);
    if (mod.worked === undefined) continue;
    for (const params of paramSets(id, mod, 50))
      for (const [name, figure] of Object.entries(workedFigures(mod, params))) {
        read.push(figure);
        if (ungroupedThousands(figure).length > 0)
          found.push(`${id}: worked.${name} = "${figure}" for ${JSON.stringify(params)}`);
      }
  }
  expect(found).toEqual([]);
  // Not a vacuous pass: many of the figures read hold a number of thousands (grouped).
  expect(read.filter((figure) => /\d,\d{3}/.test(figure)).length).toBeGreaterThan(100);
});

describe.each(variantIds)("exercise %s with variants", (id) => {
  test("every variant has answers of the right kind, quickly, and fills every placeholder", {
    timeout: 30_000,
  }, async () => {
    const { meta, readme, explanation } = exercise(id);
    const mod = await solution(id);
    const names = Object.keys(defaultParams(meta));
    for (let seed = 1; seed <= 12; seed++) {
      const params = mod.variant!(mulberry32(seed));
      expect(Object.keys(params).sort(), `${id}: variant(${seed}) params`).toEqual([...names].sort());
      // The page computes these on "Another variant", on the main thread: they must be quick.
      const timed = () => {
        const start = performance.now();
        const result = expectedAnswers(answerParts(meta), mod, params);
        return { answers: result, millis: performance.now() - start };
      };
      let { answers, millis } = timed();
      // On a shared, busy machine a GC pause or a descheduled thread can land on any call. Re-time
      // a slow one: work that is really slow stays slow; noise does not repeat.
      if (millis >= 250) millis = Math.min(millis, timed().millis, timed().millis);
      expect(
        millis,
        `${id}: answers(${JSON.stringify(params)}) took ${millis.toFixed(0)} ms; "Another variant" would freeze the page`,
      ).toBeLessThan(250);
      for (const part of answerParts(meta)) {
        const value = answers[part.id];
        const where = `${id}/${part.id} for ${JSON.stringify(params)}`;
        if (part.kind === "numeric") expect(Number.isFinite(value), where).toBe(true);
        if (part.kind === "choice")
          for (const pick of [value].flat())
            expect(
              part.choices.map((c) => c.id),
              where,
            ).toContain(pick);
        if (part.kind === "match")
          for (const option of Object.values(value as Record<string, string>))
            expect(
              part.options.map((o) => o.id),
              where,
            ).toContain(option);
      }
      for (const text of [
        titleOf(meta, params),
        readme,
        explanation,
        ...meta.hints,
        ...answerParts(meta).flatMap((p) => [p.prompt, ...(p.kind === "choice" ? p.choices.map((c) => c.text) : [])]),
      ])
        expect(fillParams(text, params)).not.toMatch(new RegExp(`\\{(${names.join("|")})\\}`));
    }
  });
});

describe.each(choiceIds)("choice parts of exercise %s", (id) => {
  test("its solution grades right, and a different answer grades wrong", async () => {
    const { meta } = exercise(id);
    const expected = await chapterAnswers(id);
    for (const part of partsOf(meta, "choice")) {
      const answer = expected[part.id] as string | string[];
      const picked = Array.isArray(answer) ? answer : [answer];
      expect(gradeChoice(part, picked, answer).status).toBe("right");
      const other = part.choices.map((c) => c.id).find((c) => !picked.includes(c))!;
      expect(gradeChoice(part, part.multiple ? [...picked, other] : [other], answer).status).toBe("wrong");
    }
  });

  test("every wrong choice names its misconception (a field, shown first in its feedback) and explains it (every choice, where variants move the answer)", async () => {
    const { meta } = exercise(id);
    const mod = await solution(id);
    const expected = await chapterAnswers(id);
    const moves = hasVariants(meta, mod);
    for (const part of partsOf(meta, "choice")) {
      const right = [expected[part.id]].flat();
      const grading = gradingPart(part);
      for (const choice of part.choices) {
        if (!moves && right.includes(choice.id)) continue;
        const where = `${id}/${part.id}: choice "${choice.id}"`;
        expect(part.feedback[choice.id]?.trim(), `${where} has no feedback`).toBeTruthy();
        expect(choice.misconception?.trim(), `${where} names no misconception`).toBeTruthy();
        if (right.includes(choice.id)) continue;
        // Picked wrongly, the learner reads the misconception's name, then why.
        const verdict = gradeChoice(
          grading as Extract<typeof grading, { kind: "choice" }>,
          [choice.id],
          expected[part.id] as string | string[],
        );
        expect(verdict.status).toBe("wrong");
        expect(verdict.message, where).toContain(`Misconception: ${choice.misconception!.replace(/[.\s]+$/, "")}.`);
        expect(verdict.message, where).toContain(part.feedback[choice.id]!.trim().slice(0, 40));
      }
    }
  });
});

describe.each(matchIds)("match parts of exercise %s", (id) => {
  test("its solution grades right, and one item changed grades wrong", async () => {
    const { meta } = exercise(id);
    const expected = await chapterAnswers(id);
    for (const part of partsOf(meta, "match")) {
      const map = expected[part.id] as Record<string, string>;
      expect(gradeMatch(part, map, map).status).toBe("right");
      const first = part.items[0]!.id;
      const wrongOption = part.options.find((o) => o.id !== map[first])!.id;
      expect(gradeMatch(part, { ...map, [first]: wrongOption }, map).status).toBe("wrong");
    }
  });

  test("a pairing has more options than items, so the last item is never free by elimination", () => {
    // Sorting many items into fewer classes (data or control plane) reuses options by nature.
    for (const part of partsOf(exercise(id).meta, "match"))
      if (part.options.length >= part.items.length)
        expect(part.options.length, `${id}/${part.id}: ${part.items.length} items`).toBeGreaterThan(part.items.length);
  });
});

describe.each(situationIds)("diagnosis %s", (id) => {
  test("its situation is drawn for the chapter's numbers and for every variant", async () => {
    const { meta } = exercise(id);
    const module = await situationModule(id);
    const mod = await solution(id);
    const seeds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const all = [defaultParams(meta), ...(hasVariants(meta, mod) ? seeds.map((s) => mod.variant!(mulberry32(s))) : [])];
    for (const params of all) {
      const text = situationText(renderSituation(module, params));
      expect(text, `${id} ${JSON.stringify(params)}`).not.toMatch(/NaN|undefined|Infinity/);
    }
  });

  test("its variants change the situation, not just the numbers: the right choices differ between seeds", async () => {
    const { meta } = exercise(id);
    const mod = await solution(id);
    expect(hasVariants(meta, mod), `${id}: a diagnosis deals variants`).toBe(true);
    const seen = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const expected = expectedAnswers(answerParts(meta), mod, mod.variant!(mulberry32(seed)));
      seen.add(JSON.stringify(partsOf(meta, "choice").map((p) => expected[p.id])));
    }
    expect(seen.size, `${id}: twelve variants, one diagnosis`).toBeGreaterThan(1);
  });

  test("it asks what is failing or what to do, and for a number", () => {
    const { meta } = exercise(id);
    expect(partsOf(meta, "choice").length + partsOf(meta, "match").length).toBeGreaterThan(0);
    expect(partsOf(meta, "numeric").length).toBeGreaterThan(0);
  });
});

describe.each(codeIds)("code exercise %s", (id) => {
  test("its starter exports every function the exercise names", () => {
    const { meta, starter } = exercise(id);
    if (meta.kind !== "code") throw new Error("not a code exercise");
    const names = exportedNames(starter!);
    for (const name of meta.functions)
      expect(names.has(name), `exercises/${id}/starter.ts must export ${name}`).toBe(true);
  });

  test("the starter fails its checks and the solution passes them", { timeout: 60_000 }, async () => {
    const { meta, starter, checks, solutionDir } = exercise(id);
    if (meta.kind !== "code") throw new Error("not a code exercise");
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
});

describe.each(Object.keys(wrongSolutions))("code exercise %s written wrong", (id) => {
  test("each known wrong solution fails at the check about its mistake, and only there", async () => {
    const { meta, checks, solutionDir } = exercise(id);
    if (meta.kind !== "code") throw new Error("not a code exercise");
    const reference = readFileSync(join(solutionDir, "solution.ts"), "utf8");
    const failing = await Promise.all(
      wrongSolutions[id]!.map(async ({ what, replace: [from, to] }) => {
        expect(reference, `${what}: the reference solution holds the text it changes`).toContain(from);
        const run = await runChecksInNode(reference.replace(from, to), checks!, meta.timeout);
        return run.checks.filter((c) => !c.passed).map((c) => c.name);
      }),
    );
    expect(failing).toEqual(wrongSolutions[id]!.map(({ fails }) => [fails]));
  });
});

test("cell-router's checks state FNV-1a values a fold over the UTF-16 code units agrees with", async () => {
  const stated = [...exercise("cell-router").checks!.matchAll(/fnv1a\(("[^"]*")\), (0x[0-9a-f]+)/g)].map(
    ([, text, value]) => [JSON.parse(text!) as string, Number(value)] as const,
  );
  // Beyond Latin-1 (a low byte is not the unit), and beyond U+FFFF (a code point is two units).
  const codePoints = stated.flatMap(([text]) => [...text].map((c) => c.codePointAt(0)!));
  expect(codePoints.some((c) => c > 0xff && c <= 0xffff)).toBe(true);
  expect(codePoints.some((c) => c > 0xffff)).toBe(true);
  // FNV-1a by hand, in BigInt: start from the offset basis; for each code unit (two bytes of
  // UTF-16LE), XOR it in, then multiply by the prime, modulo 2^32.
  const fold = (text: string) => {
    const bytes = Buffer.from(text, "utf16le");
    let hash = 0x811c9dc5n;
    for (let i = 0; i < bytes.length; i += 2) hash = ((hash ^ BigInt(bytes.readUInt16LE(i))) * 0x01000193n) % 2n ** 32n;
    return Number(hash);
  };
  const { fnv1a } = await import("../../solutions/cell-router/solution.ts");
  for (const [text, value] of stated) {
    expect(fold(text), `fnv1a(${JSON.stringify(text)}) by hand`).toBe(value);
    expect(fnv1a(text), `fnv1a(${JSON.stringify(text)}) of the reference solution`).toBe(value);
  }
});

test("exportedNames reads declarations and export lists", () => {
  expect([...exportedNames("export function a() {}\nexport const b = 1;\nclass C {}\nexport { C, C as D };")]).toEqual([
    "a",
    "b",
    "C",
    "D",
  ]);
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
  test("a code exercise loads whatever its starter exports: the learner's file never breaks loading", () => {
    write("edited-starter", "title: T\nchapter: cells\nkind: code\ndifficulty: 1\nhints: [h]\nfunctions: [choose]\n");
    writeFileSync(
      join(temp, "exercises", "edited-starter", "starter.ts"),
      "function choose() {}\nexport { choose };\n",
    );
    writeFileSync(join(temp, "exercises", "edited-starter", "checks.ts"), "export default () => {};\n");
    expect(loadExercise("edited-starter", temp).meta.kind).toBe("code");
  });
});
