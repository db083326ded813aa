/**
 * Feedback for a wrong answer teaches without handing over the answer. A solved the learner did
 * not earn is a defect: if the note shown for a wrongly matched item named the option it belongs
 * to, a learner could match every item to one option, read the names, answer again and count as
 * solved. So, for the chapter's numbers and for dealt variants:
 * - a match item's feedback uses none of the significant words of its expected option (its text
 *   and its id), and quotes no option's text whole (it neither names the answer nor calls a wrong
 *   option right);
 * - a wrong choice's feedback does not quote the right choice's text, nor use the words of its id
 *   (the name the terminal shows it by: "exponential", "tenant", "no-budget") that the choice
 *   and the question do not already use;
 * - a numeric part's targeted feedback states no number that would itself be graded right, and
 *   no step from the learner's number to the answer ("one more success", "add 1"): it
 *   says what was missed, and the learner works out how much.
 * The worked solution may name everything: it is shown only when asked for, and then the part is
 * not counted solved.
 */
import { describe, expect, test } from "vitest";
import type {
  ChoicePart,
  ExerciseMeta,
  MatchPart,
  NumericPart,
  Params,
  Part,
} from "../../src/grader/exercise-schema.ts";
import { fillParams, fillParamsForReading } from "../../src/grader/fill-params.ts";
import { gradeNumeric } from "../../src/grader/grade.ts";
import { listExerciseIds, loadExercise, projectRoot } from "../../src/grader/load-exercises.ts";
import { renderSituation, type SituationModule, situationText } from "../../src/grader/situation.ts";
import { expectedAnswers, type SolutionModule } from "../../src/grader/solution.ts";
import { dealtParams } from "../support/dealt-params.ts";

const root = projectRoot();
/** Variants dealt besides the chapter's numbers, where an exercise deals them. */
const VARIANTS = 6;
/**
 * Words a wrong choice's feedback may use although the right choice's id holds them (in some
 * variant), keyed "<exercise>/<part>/<wrong choice>": each describes the wrong choice, not the answer.
 */
const allowedInChoiceFeedback: Record<string, string[]> = {
  // Why more replicas fail in either correlated case: the same batch, or the same hot room.
  "diagnose-disk-failures/action/more-replicas": ["room"],
  // A poison request's own signature is instances crashing one after another.
  "diagnose-failure-kind/kind/poison": ["crashing", "crash"],
  // Every diagnosis of the full pool is about the same dependency; the word names the service, not its fault.
  "diagnose-full-pool/what/overload": ["dependencys", "dependency"],
  "diagnose-full-pool/what/dependency-errors": ["dependency"],
  "diagnose-full-pool/what/slow-dependency": ["dependency"],
  // What shedding keeps, in the ordinary sense of the verb.
  "diagnose-zone-loss/action/shed": ["keeps"],
  // The lesson of the question: a blast radius is stated as a number. It asks for one, not for a statement.
  "interview-cell-probes/statement/isolated": ["number"],
};

/** Words that carry no answer, however they are used. */
const functionWords = new Set([
  "with",
  "then",
  "than",
  "that",
  "this",
  "from",
  "into",
  "each",
  "what",
  "when",
  "which",
  "other",
]);

/**
 * A word's stem, so "hangs", "hanging" and "hang", or "breakers" and "breaker", read alike:
 * lower case, one common ending off, and then a doubled last letter single ("shedding" -> "shed").
 */
function stem(word: string): string {
  let w = word.toLowerCase();
  for (const [ending, put] of [
    ["ies", "y"],
    ["ing", ""],
    ["ed", ""],
    ["ly", ""],
    ["s", ""],
  ] as const) {
    if (w.endsWith(ending) && !w.endsWith("ss") && w.length - ending.length + put.length >= 3) {
      w = w.slice(0, w.length - ending.length) + put;
      return /([b-df-hj-np-tv-z])\1$/.test(w) ? w.slice(0, -1) : w;
    }
  }
  return w;
}

/** The words of a text, a hyphenated word both whole ("timeouts" from "time-outs") and in its parts. */
function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+(?:[-'][a-z]+)*/g) ?? []).flatMap((word) => {
    const parts = word.split(/[-']/);
    return parts.length > 1 ? [parts.join(""), ...parts] : parts;
  });
}

/**
 * The answer's significant words: those of four letters or more in its text and id, function
 * words aside, that the learner has not already read in the item (or the choice) and the question
 * ("config" is read in "configuration").
 */
function significantWords(answer: string, alreadyRead: string): string[] {
  const read = wordsOf(alreadyRead).map(stem);
  return [
    ...new Set(
      wordsOf(answer)
        .filter((w) => w.length >= 4 && !functionWords.has(w))
        .map(stem)
        .filter((s) => !read.some((r) => r.startsWith(s))),
    ),
  ];
}

/** The words of `feedback` that give one of `significant` away: the same stem, or one that extends it. */
function givenAway(feedback: string, significant: string[]): string[] {
  return [
    ...new Set(
      wordsOf(feedback).filter((word) => {
        const s = stem(word);
        return significant.some((answer) => s.startsWith(answer));
      }),
    ),
  ];
}

/** Whether `text` holds `phrase` whole, as words, whatever the case. */
const quotes = (text: string, phrase: string) =>
  new RegExp(`(^|[^a-z])${phrase.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^a-z])`).test(
    text.toLowerCase(),
  );

interface Case {
  id: string;
  meta: ExerciseMeta;
  /** For each set of params: the expected answers, and what the learner reads before answering (the prompt, a diagnosis's situation). */
  sets: { params: Params; expected: Record<string, unknown>; context: string }[];
}

const cases: Case[] = await Promise.all(
  listExerciseIds(root)
    .map((id) => loadExercise(id, root, { fresh: true }))
    .filter(({ meta }) => meta.kind !== "code")
    .map(async ({ id, meta, readme, situation }) => {
      const mod: SolutionModule = await import(`../../solutions/${id}/solution.ts`);
      const drawn: SituationModule | undefined = situation
        ? await import(`../../exercises/${id}/situation.ts`)
        : undefined;
      const parts = (meta as Extract<ExerciseMeta, { parts: unknown }>).parts;
      const sets = dealtParams(meta, mod.variant, VARIANTS).map((params) => ({
        params,
        expected: expectedAnswers(parts, mod, params) as Record<string, unknown>,
        context: `${fillParams(readme, params)} ${drawn ? situationText(renderSituation(drawn, params)) : ""}`,
      }));
      return { id, meta, sets };
    }),
);
const partsOf = <K extends Part["kind"]>(meta: ExerciseMeta, kind: K) =>
  (meta.kind === "code" ? [] : (meta.parts as Part[])).filter((p): p is Extract<Part, { kind: K }> => p.kind === kind);

/** What each item's feedback gives away of its expected option, or of any option's whole text. */
function matchLeaks(part: MatchPart, expected: Record<string, string>, params: Params = {}): string[] {
  const leaks: string[] = [];
  for (const item of part.items) {
    const note = part.feedback[item.id];
    if (!note) continue;
    const feedback = fillParamsForReading(note, params);
    const option = part.options.find((o) => o.id === expected[item.id])!;
    const read = `${fillParams(item.text, params)} ${fillParams(part.prompt, params)}`;
    const words = givenAway(feedback, significantWords(`${fillParams(option.text, params)} ${option.id}`, read));
    if (words.length > 0) leaks.push(`"${item.id}" names its option "${option.id}" (${words.join(", ")})`);
    for (const other of part.options)
      if (quotes(feedback, fillParams(other.text, params)))
        leaks.push(`"${item.id}" quotes option "${other.id}" ("${other.text}")`);
  }
  return leaks;
}

/** What a wrong choice's feedback gives away of the right choices: their text whole, or their ids' words. */
function choiceLeaks(
  exercise: string,
  part: ChoicePart,
  expected: string | string[],
  params: Params = {},
  context = "",
): string[] {
  const right = part.choices.filter((c) => [expected].flat().includes(c.id));
  const leaks: string[] = [];
  for (const choice of part.choices) {
    const note = part.feedback[choice.id];
    if (!note || right.includes(choice)) continue;
    const feedback = fillParamsForReading(note, params);
    const read = `${fillParams(choice.text, params)} ${fillParams(part.prompt, params)} ${context}`;
    for (const answer of right) {
      if (quotes(feedback, fillParams(answer.text, params)))
        leaks.push(`"${choice.id}" quotes the right choice "${answer.id}"`);
      const allowed = allowedInChoiceFeedback[`${exercise}/${part.id}/${choice.id}`] ?? [];
      const words = givenAway(feedback, significantWords(answer.id, read)).filter((w) => !allowed.includes(w));
      if (words.length > 0) leaks.push(`"${choice.id}" names the right choice "${answer.id}" (${words.join(", ")})`);
    }
  }
  return leaks;
}

/** Words that give the step from a wrong answer to the right one. */
const stepToAnswer = /\bone (?:more|fewer|less)\b|\b(?:add|subtract|plus|minus)\s+\d/i;

/**
 * The numbers a numeric part's targeted feedback states that would themselves be graded right,
 * and the notes that give the step from the learner's number to the answer.
 */
function numericLeaks(part: NumericPart, expected: number, params: Params = {}): string[] {
  return part.feedback.flatMap((entry) => {
    const message = fillParams(entry.message, params);
    const step = stepToAnswer.exec(message)?.[0];
    if (step) return [`the note for "${entry.answer}" gives the step to the answer ("${step}")`];
    const stated = message.match(/\d[\d,]*(?:\.\d+)?(?:\s*\/\s*\d[\d,]*(?:\.\d+)?)?\s*%?/g) ?? [];
    return stated
      .filter((figure) => gradeNumeric(part, figure.replaceAll(",", ""), expected, params).status === "right")
      .map((figure) => `the note for "${entry.answer}" states the answer (${figure.trim()})`);
  });
}

describe("the stems and words the rule reads", () => {
  test("endings go, so a word's forms read alike", () => {
    expect(["hangs", "hanging", "hang"].map(stem)).toEqual(["hang", "hang", "hang"]);
    expect(stem("breakers")).toBe(stem("breaker"));
    expect(stem("shedding")).toBe("shed");
    expect(stem("dependencies")).toBe("dependency");
    expect(stem("loss")).toBe("loss");
    expect(wordsOf("time-outs")).toEqual(["timeouts", "time", "outs"]);
  });

  test("a feedback word gives an answer away when it is the word or extends it, not when the answer extends it", () => {
    const slow = significantWords("Slow or hanging dependency", "Checkout latency climbs");
    expect(givenAway("The dependency answers slowly; it hangs.", slow)).toEqual(["dependency", "slowly", "hangs"]);
    // "over" is no "overload".
    expect(givenAway("It is over.", significantWords("Overload", ""))).toEqual([]);
    // Words the item or the question already used give nothing away.
    expect(significantWords("Running in several zones", "one availability zone")).toEqual(["run", "several"]);
  });

  test("the rule catches the feedback that named the answer, and lets reasoning through", () => {
    const part = {
      kind: "match",
      id: "kind",
      prompt: "Match each symptom to its failure kind.",
      items: [{ id: "waiting", text: "Thread dumps show every worker blocked on a call to the recommendations API." }],
      options: [
        { id: "slow", text: "Slow or hanging dependency" },
        { id: "crash", text: "Crash or lost instance" },
      ],
      feedback: { waiting: "The dependency still answers, slowly, and every worker is stuck waiting on it." },
    } satisfies MatchPart;
    expect(matchLeaks(part, { waiting: "slow" })).toEqual([`"waiting" names its option "slow" (dependency, slowly)`]);
    const reasoning = "Nothing is dead: the call still answers, after a while. Ask what holds the workers.";
    expect(matchLeaks({ ...part, feedback: { waiting: reasoning } }, { waiting: "slow" })).toEqual([]);
    // Calling a wrong option right is caught too.
    const wrongNamed = "Crash or lost instance.";
    expect(matchLeaks({ ...part, feedback: { waiting: wrongNamed } }, { waiting: "slow" })).toEqual([
      `"waiting" quotes option "crash" ("Crash or lost instance")`,
    ]);
  });
});

describe.each(cases.filter((c) => partsOf(c.meta, "match").length > 0))("match feedback of $id", ({ meta, sets }) => {
  test("names no item's expected option, and quotes no option whole", () => {
    for (const { params, expected } of sets)
      for (const part of partsOf(meta, "match"))
        expect(matchLeaks(part, expected[part.id] as Record<string, string>, params), part.id).toEqual([]);
  });
});

describe.each(cases.filter((c) => partsOf(c.meta, "choice").length > 0))(
  "choice feedback of $id",
  ({ id, meta, sets }) => {
    test("a wrong choice's feedback does not name the right one", () => {
      for (const { params, expected, context } of sets)
        for (const part of partsOf(meta, "choice"))
          expect(choiceLeaks(id, part, expected[part.id] as string | string[], params, context), part.id).toEqual([]);
    });
  },
);

describe.each(cases.filter((c) => partsOf(c.meta, "numeric").some((p) => p.feedback.length > 0)))(
  "numeric feedback of $id",
  ({ meta, sets }) => {
    test("a targeted message states no number that would be graded right", () => {
      for (const { params, expected } of sets)
        for (const part of partsOf(meta, "numeric"))
          expect(numericLeaks(part, expected[part.id] as number, params), part.id).toEqual([]);
    });
  },
);

test("every kind of feedback is checked", () => {
  expect(cases.filter((c) => partsOf(c.meta, "match").length > 0).length).toBeGreaterThanOrEqual(3);
  expect(cases.filter((c) => partsOf(c.meta, "choice").length > 0).length).toBeGreaterThan(0);
  expect(cases.filter((c) => partsOf(c.meta, "numeric").length > 0).length).toBeGreaterThan(0);
});
