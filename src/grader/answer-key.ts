/**
 * A facilitator's answer key for one exercise: each part's question and its answer, computed by
 * the exercise's reference solution (solutions/<id>/solution.ts, through expectedAnswers), for
 * the chapter's numbers and for the variant seeds a room hands out (each pair's, from `src/course/workshop/pair-seeds.ts`). The
 * page (/answer-key/) and its test share it, so the printed key is what the grader accepts.
 */
import { markdownText } from "../format/markdown-text.ts";
import { paramWords } from "../format/param-words.ts";
import { mulberry32 } from "../sim/random.ts";
import { defaultParams, titleOf } from "./exercise-meta.ts";
import type { ExerciseMeta, MatchAnswer, Params, Part } from "./exercise-schema.ts";
import { fillParamsForReading, paramText } from "./fill-params.ts";
import { describeAnswer } from "./grade.ts";
import { type Expected, expectedAnswers, hasVariants, type SolutionModule } from "./solution.ts";

export interface KeyPart {
  id: string;
  /** The question, with the chapter's numbers, as plain text (markdown emphasis dropped). */
  question: string;
  /** The answer as a facilitator reads it out: a figure, or the right choices' own words. */
  answer: string;
  /** The same, one line per item for a matching part (each item and its option), else one line. */
  lines: string[];
}

export interface KeyVariant {
  seed: number;
  /** The numbers the seed deals, each named in words (paramWords): "workers 24, shard 3", "mean 30 ms". */
  numbers: string;
  /** One answer per part, in the parts' order. */
  answers: string[];
}

export interface ExerciseKey {
  id: string;
  title: string;
  chapter: string;
  parts: KeyPart[];
  /** Answers for seeds 1..n, for exercises that deal variants (empty otherwise). */
  variants: KeyVariant[];
}

/** A prompt on one line, its Markdown and math as text (the terminal's rule), code marks dropped. */
const plain = (markdown: string) => markdownText(markdown).replace(/`/g, "").replace(/\s+/g, " ").trim();

/** A part's expected answer in words: numbers as the grader describes them, choices by their text. */
export function answerText(part: Part, expected: Expected): string {
  if (part.kind === "choice") {
    const ids = Array.isArray(expected) ? expected : [expected as string];
    return ids.map((id) => part.choices.find((c) => c.id === id)!.text).join(" / ");
  }
  if (part.kind === "match") return matchLines(part, expected as MatchAnswer).join("; ");
  return describeAnswer(part, expected);
}

const matchLines = (part: Extract<Part, { kind: "match" }>, picked: MatchAnswer) =>
  part.items.map((item) => `${item.text} → ${part.options.find((o) => o.id === picked[item.id])!.text}`);

function partsAnswered(meta: ExerciseMeta, solution: SolutionModule, params: Params): string[] {
  return partsExpected(meta, solution, params).map(([part, expected]) => answerText(part, expected));
}

function partsExpected(meta: ExerciseMeta, solution: SolutionModule, params: Params): [Part, Expected][] {
  if (meta.kind === "code") return [];
  const expected = expectedAnswers(meta.parts, solution, params);
  return meta.parts.map((part) => [part, expected[part.id]!]);
}

/** The key for one exercise: the chapter's numbers, then `seeds` variants when it deals them. */
export function exerciseKey(id: string, meta: ExerciseMeta, solution: SolutionModule, seeds = 0): ExerciseKey {
  if (meta.kind === "code") throw new Error(`${id}: a code exercise has no answer to print; its checks are the key`);
  const params = defaultParams(meta);
  const answered = partsExpected(meta, solution, params);
  const variants: KeyVariant[] = [];
  if (hasVariants(meta, solution)) {
    for (let seed = 1; seed <= seeds; seed++) {
      const dealt = solution.variant!(mulberry32(seed));
      variants.push({
        seed,
        numbers: Object.entries(dealt)
          .map(([name, value]) => paramWords(name, paramText(value)))
          .join(", "),
        answers: partsAnswered(meta, solution, dealt),
      });
    }
  }
  return {
    id,
    title: titleOf(meta, params),
    chapter: meta.chapter,
    parts: answered.map(([part, expected]) => ({
      id: part.id,
      question: plain(fillParamsForReading(part.prompt, params)),
      answer: answerText(part, expected),
      lines: part.kind === "match" ? matchLines(part, expected as MatchAnswer) : [answerText(part, expected)],
    })),
    variants,
  };
}
