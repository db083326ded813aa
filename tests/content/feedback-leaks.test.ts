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
 * - no note hands over the answer of another choice part of the same exercise, by the words of
 *   that part's right choice that its question and its other choices do not use (a note on a
 *   third replica that says "shuffle sharding" answers the next part's question);
 * - a numeric part's targeted feedback states no number that would itself be graded right, and
 *   no step from the learner's number to the answer ("one more success", "add 1", "multiply by
 *   60", "divide capacity by that"), nor the formula that gives it ("capacity × time-out",
 *   "N / (N - 1)"): it says what was missed, and the learner works out how much;
 * - the grader itself hands over no answer to a learner who ticks every choice of a multi-select,
 *   or puts every item of a sorting (a match into classes, no more options than items) in one
 *   class: the verdict names no wrong choice and marks no item, and other answers would have
 *   been given the same verdict, so the answer cannot be read from it.
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
import { gradeChoice, gradeMatch, gradeNumeric, marksWrongItems, type Verdict } from "../../src/grader/grade.ts";
import { listExerciseIds, loadExercise, projectRoot } from "../../src/grader/load-exercises.ts";
import { renderSituation, type SituationModule, situationText } from "../../src/grader/situation.ts";
import { expectedAnswers, type SolutionModule } from "../../src/grader/solution.ts";
import { dealtParams } from "../support/dealt-params.ts";

const root = projectRoot();
/** Variants dealt besides the chapter's numbers, where an exercise deals them. */
const VARIANTS = 6;
/**
 * Words a wrong choice's feedback may use although the right choice's id holds them (in some
 * variant), the right choice of its own part or of another part, keyed
 * "<exercise>/<part>/<wrong choice>": each describes the wrong choice, not the answer.
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
  // Why these defences miss: each note names every diagnosis they fail against, the slow dependency among them.
  "diagnose-full-pool/defence/fallback": ["dependency", "slowness"],
  "diagnose-full-pool/defence/bigger-pool": ["slow", "dependency"],
  "diagnose-full-pool/defence/retry": ["dependency"],
  "diagnose-poison-shard/defence/more-workers": ["poison"],
  "diagnose-failure-kind/defence/autoscale": ["poison"],
  // When a bulkhead fits: one dependency's slow calls; the word names the service, not its fault.
  "diagnose-full-pool/defence/bulkhead": ["dependencys", "dependency"],
  // Retrying cut-off calls loads a service that is fine (or stuck): both diagnoses named.
  "diagnose-timeout/action/retry": ["fine"],
  // Against a hang a lower threshold, or retries, change nothing; for partial failures they do harm. Both named.
  "diagnose-breaker/action/lower-threshold": ["partial"],
  "diagnose-breaker/action/retry": ["partial"],
  // Quarantine confines a poison request so it can crash only a few instances: the verb, not the diagnosis.
  "diagnose-failure-kind/defence/quarantine": ["crash"],
  // A tight bound is what lowering the time-out gives a hung call.
  "diagnose-timeout/action/lower": ["tight"],
  // What shedding keeps, and what every zone keeps, in the ordinary sense of the verb.
  "diagnose-zone-loss/action/shed": ["keeps"],
  "diagnose-zone-loss/what/control-plane-only": ["keeps"],
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

/** The notes of a choice or match part shown for a wrong answer: a wrong choice's, or any item's. */
function wrongNotes(part: ChoicePart | MatchPart, expected: unknown): { id: string; note: string }[] {
  const ids =
    part.kind === "choice"
      ? part.choices.map((c) => c.id).filter((id) => ![expected].flat().includes(id))
      : part.items.map((i) => i.id);
  return ids.flatMap((id) => (part.feedback[id] ? [{ id, note: part.feedback[id] }] : []));
}

/** All that a part shows the learner: its question, and its choices, or its items and options. */
const shownBy = (part: ChoicePart | MatchPart, params: Params) =>
  [
    part.prompt,
    ...(part.kind === "choice" ? part.choices.map((c) => c.text) : [...part.items, ...part.options].map((o) => o.text)),
  ]
    .map((text) => fillParams(text, params))
    .join(" ");

/**
 * What the notes of one part give away of another choice part's right answer: words of that
 * answer (its text and id) that its own question and wrong choices do not use, nor the note's own
 * part, nor the exercise's text. Only the answer has those words, so a note using them points at it.
 */
function crossPartLeaks(
  exercise: string,
  parts: Part[],
  expected: Record<string, unknown>,
  params: Params = {},
  context = "",
): string[] {
  const asked = parts.filter((p): p is ChoicePart | MatchPart => p.kind !== "numeric");
  const leaks: string[] = [];
  for (const part of asked)
    for (const { id, note } of wrongNotes(part, expected[part.id]))
      for (const other of asked) {
        if (other === part || other.kind !== "choice") continue;
        const rightIds = [expected[other.id]].flat();
        const wrongText = other.choices.filter((c) => !rightIds.includes(c.id)).map((c) => fillParams(c.text, params));
        const read = [fillParams(other.prompt, params), ...wrongText, shownBy(part, params), context].join(" ");
        for (const answer of other.choices.filter((c) => rightIds.includes(c.id))) {
          const significant = significantWords(answer.id, read);
          const allowed = allowedInChoiceFeedback[`${exercise}/${part.id}/${id}`] ?? [];
          const words = givenAway(fillParamsForReading(note, params), significant).filter((w) => !allowed.includes(w));
          if (words.length > 0)
            leaks.push(`"${part.id}/${id}" names "${answer.id}", the answer to "${other.id}" (${words.join(", ")})`);
        }
      }
  return leaks;
}

/**
 * Words that give the step from a wrong answer to the right one: a count ("one more", "add 1"),
 * an operation to do ("multiply by 60", "divide capacity by that", "convert milliseconds to
 * seconds"), or a formula written out ("capacity × time-out", "N / (N - 1)").
 */
const stepToAnswer =
  /\bone (?:more|fewer|less)\b|\b(?:add|subtract|plus|minus)\s+\d|\b(?:multiply|divide)\b[^.;:]*?\bby\b|\bconvert\b[^.;:]*?\bto\b|\S+\s+[×*/÷−+-]\s+\S+/i;

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

describe("the other parts and steps the rule reads", () => {
  test("a note on one part that names another part's right choice is caught", () => {
    const parts: Part[] = [
      {
        kind: "choice",
        id: "third-replica",
        prompt: "Which faults does a third replica protect you against?",
        multiple: true,
        choices: [
          { id: "disk", text: "A replica's disk dies." },
          { id: "poison", text: "A request that crashes whichever replica handles it." },
        ],
        feedback: { poison: "The retry carries it to the third replica too. It needs shuffle sharding." },
      },
      {
        kind: "choice",
        id: "compartment",
        prompt: "Which change shrinks the blast radius of a query of death?",
        multiple: false,
        choices: [
          { id: "more-replicas", text: "Doubling the replicas." },
          { id: "shards", text: "Giving each customer its own small (shuffled) set of servers." },
        ],
        feedback: {},
      },
    ];
    const expected = { "third-replica": ["disk"], compartment: "shards" };
    expect(crossPartLeaks("redundancy", parts, expected)).toEqual([
      `"third-replica/poison" names "shards", the answer to "compartment" (sharding)`,
    ]);
    const asking = "The retry carries it to the third replica too. Ask what would keep it from reaching every copy.";
    const fixed = [{ ...parts[0]!, feedback: { poison: asking } } as ChoicePart, parts[1]!];
    expect(crossPartLeaks("redundancy", fixed, expected)).toEqual([]);
  });

  test("a numeric note that gives the operation or the formula is caught; one that says what was missed is not", () => {
    for (const step of [
      "That is hours. Multiply by 60 for minutes.",
      "Divide the bad share by the share the objective allows to fail.",
      "Convert milliseconds to seconds first.",
      "The question asks where usefulness ends: capacity × time-out.",
      "The survivors must carry the peak, so the factor is N / (N - 1).",
    ])
      expect(stepToAnswer.test(step), step).toBe(true);
    for (const missed of [
      "That is a year's worth of failures; the question asks about one day.",
      "That counts minutes as seconds.",
      "That is the 8-worker case with shards of 2: C(8, 2) = 28.",
    ])
      expect(stepToAnswer.test(missed), missed).toBe(false);
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

describe.each(
  cases.filter(
    (c) =>
      partsOf(c.meta, "choice").length > 0 && partsOf(c.meta, "match").length + partsOf(c.meta, "choice").length > 1,
  ),
)("feedback across the parts of $id", ({ id, meta, sets }) => {
  test("no note hands over another part's right choice", () => {
    const parts = (meta as Extract<ExerciseMeta, { parts: unknown }>).parts as Part[];
    const leaks = sets.flatMap(({ params, expected, context }) => crossPartLeaks(id, parts, expected, params, context));
    expect([...new Set(leaks)]).toEqual([]);
  });
});

/** Every subset of `ids` but the empty one: the answers a multi-select could have. */
const subsets = (ids: string[]): string[][] =>
  Array.from({ length: 2 ** ids.length - 1 }, (_, mask) => ids.filter((_, i) => ((mask + 1) >> i) & 1));

/** Every way to give each item one option: the answers a sorting could have. */
function assignments(items: string[], options: string[]): Record<string, string>[] {
  return items.reduce<Record<string, string>[]>(
    (partial, item) => partial.flatMap((map) => options.map((option) => ({ ...map, [item]: option }))),
    [{}],
  );
}

const sameVerdict = (a: Verdict, b: Verdict) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the verdict on an answer that ticks every choice gives away: the wrong choices it names
 * (their misconception or their note), and whether it tells the answer apart from every other
 * answer the part could have (then the next Check is right).
 */
function tickAllLeaks(part: ChoicePart, expected: string[], grade = gradeChoice): string[] {
  const all = part.choices.map((c) => c.id);
  const verdict = grade(part, all, expected);
  if (verdict.status === "right") return [];
  const leaks = part.choices
    .filter((c) => !expected.includes(c.id))
    .filter(
      (c) =>
        (c.misconception && verdict.message.includes(c.misconception.replace(/[.\s]+$/, ""))) ||
        (part.feedback[c.id] && verdict.message.includes(part.feedback[c.id]!.trim())),
    )
    .map((c) => `ticking every choice names the wrong choice "${c.id}"`);
  const alike = subsets(all).filter((other) => sameVerdict(grade(part, all, other), verdict));
  if (alike.length < 2) leaks.push(`ticking every choice gives the answer away: "${verdict.message}"`);
  return leaks;
}

/** The same for a sorting answered with every item in one class, class by class. */
function oneClassLeaks(part: MatchPart, expected: Record<string, string>, grade = gradeMatch): string[] {
  const items = part.items.map((i) => i.id);
  const candidates = assignments(
    items,
    part.options.map((o) => o.id),
  );
  return part.options.flatMap(({ id: option }) => {
    const chosen = Object.fromEntries(items.map((item) => [item, option]));
    const verdict = grade(part, chosen, expected);
    if (verdict.status === "right") return [];
    const leaks: string[] = [];
    if (verdict.wrongItems !== undefined) leaks.push(`all "${option}" marks items (${verdict.wrongItems.join(", ")})`);
    for (const item of items)
      if (part.feedback[item] && verdict.message.includes(part.feedback[item]!.trim()))
        leaks.push(`all "${option}" shows the note of "${item}"`);
    const alike = candidates.filter((other) => sameVerdict(grade(part, chosen, other), verdict));
    if (alike.length < 2) leaks.push(`all "${option}" gives the answer away: "${verdict.message}"`);
    return leaks;
  });
}

const multiSelects = (meta: ExerciseMeta) => partsOf(meta, "choice").filter((p) => p.multiple);
const sortings = (meta: ExerciseMeta) => partsOf(meta, "match").filter((p) => !marksWrongItems(p));

describe("what the grader says to an answer that takes everything", () => {
  test("the rule catches a verdict that names every wrong choice or marks every wrong item", () => {
    const choice = {
      kind: "choice",
      id: "flagged",
      prompt: "Tick every one.",
      multiple: true,
      choices: [
        { id: "shared", text: "A" },
        { id: "cache", text: "B", misconception: "Any sharing is a risk" },
        { id: "pool", text: "C", misconception: "Any pool is a risk" },
      ],
      feedback: { cache: "Fails anyway.", pool: "A bulkhead." },
    } satisfies ChoicePart;
    expect(tickAllLeaks(choice, ["shared"])).toEqual([]);
    // What the grader said before: every wrong tick's misconception, so the next Check was right.
    const everyWrongTick: typeof gradeChoice = (part, picked, expected) => ({
      status: "wrong",
      message: picked
        .filter((id) => ![expected].flat().includes(id))
        .map((id) => `Misconception: ${part.choices.find((c) => c.id === id)?.misconception}.`)
        .join(" "),
    });
    expect(tickAllLeaks(choice, ["shared"], everyWrongTick)).toEqual([
      `ticking every choice names the wrong choice "cache"`,
      `ticking every choice names the wrong choice "pool"`,
      `ticking every choice gives the answer away: "Misconception: Any sharing is a risk. Misconception: Any pool is a risk."`,
    ]);

    const sorting = {
      kind: "match",
      id: "plane",
      prompt: "Sort.",
      items: ["route", "place", "launch"].map((id) => ({ id, text: id })),
      options: ["data", "control"].map((id) => ({ id, text: id })),
      feedback: {},
    } satisfies MatchPart;
    const planes = { route: "data", place: "control", launch: "control" };
    expect(oneClassLeaks(sorting, planes)).toEqual([]);
    // What the grader did before: a mark on each wrong item.
    const marked: typeof gradeMatch = (part, chosen, expected) => {
      const wrongItems = part.items.map((i) => i.id).filter((id) => chosen[id] !== expected[id]);
      return wrongItems.length === 0
        ? { status: "right", message: "Right." }
        : { status: "wrong", message: `${part.items.length - wrongItems.length} right.`, wrongItems };
    };
    expect(oneClassLeaks(sorting, planes, marked)).toEqual([
      `all "data" marks items (place, launch)`,
      `all "data" gives the answer away: "1 right."`,
      `all "control" marks items (route)`,
      `all "control" gives the answer away: "2 right."`,
    ]);
    expect(subsets(["a", "b"])).toEqual([["a"], ["b"], ["a", "b"]]);
    expect(assignments(["x", "y"], ["p", "q"])).toHaveLength(4);
  });
});

describe.each(cases.filter((c) => multiSelects(c.meta).length > 0))("multi-select grading of $id", ({ meta, sets }) => {
  test("ticking every choice names no wrong choice, and does not tell the answer apart", () => {
    for (const { expected } of sets)
      for (const part of multiSelects(meta))
        expect(tickAllLeaks(part, [expected[part.id] as string | string[]].flat()), part.id).toEqual([]);
  });
});

describe.each(cases.filter((c) => sortings(c.meta).length > 0))("sorting grading of $id", ({ meta, sets }) => {
  test("every item in one class marks no item, shows no note, and does not tell the answer apart", () => {
    for (const { expected } of sets)
      for (const part of sortings(meta))
        expect(oneClassLeaks(part, expected[part.id] as Record<string, string>), part.id).toEqual([]);
  });
});

describe.each(cases.filter((c) => partsOf(c.meta, "numeric").some((p) => p.feedback.length > 0)))(
  "numeric feedback of $id",
  ({ meta, sets }) => {
    test("a targeted message states no number that would be graded right, nor the step to it", () => {
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
  // Each multi-select and each sorting of the course is graded above.
  expect(cases.flatMap((c) => multiSelects(c.meta)).length).toBeGreaterThanOrEqual(8);
  expect(cases.flatMap((c) => sortings(c.meta)).map((p) => p.id)).toContain("plane");
});
