/**
 * What an exercise tells the learner holds for the variant dealt, not only for the chapter's
 * numbers (from an audit of exercise truth across variants):
 * - a numeric feedback entry of an exercise with variants is written from its params ("{attempts}
 *   * {timeoutSeconds}"), so it names the same mistake in every variant; a number typed alone
 *   ("6.2", the chapter's own figure) is listed below with the reason it holds in every variant,
 *   and the premise its message states is checked for each dealt variant;
 * - where two entries of a part agree in a variant, the learner who made the second mistake
 *   reads the first one's message: each such case is listed with the reason both readings hold;
 * - a mistake a feedback entry names is graded wrong in every dealt variant, typed as its formula
 *   and as its value rounded to the part's significant figures (the rounding the grader takes as
 *   right): where it agrees with the answer, the learner who made it was told "Right";
 * - a param a variant deals as the model's own count (a diagnosis's calls still waiting) is the
 *   model's count, in the chapter's numbers and in every dealt variant;
 * - no filled text says "1" with a plural noun ("1 failures", "1 seconds");
 * - sentences that compare a figure with a threshold show enough of it to read on the right side.
 */
import { describe, expect, test } from "vitest";
import { defaultParams, partsOf, titleOf } from "../../src/grader/exercise-meta.ts";
import type { ExerciseMeta, NumericPart, Params } from "../../src/grader/exercise-schema.ts";
import { fillParams, fillParamsForReading } from "../../src/grader/fill-params.ts";
import { gradeNumeric, numericRule } from "../../src/grader/grade.ts";
import { listExerciseIds, loadExercise, projectRoot } from "../../src/grader/load-exercises.ts";
import { parseAnswer } from "../../src/grader/parse-answer.ts";
import { renderSituation, type SituationModule, situationText } from "../../src/grader/situation.ts";
import { expectedAnswers, hasVariants, type SolutionModule, workedFigures } from "../../src/grader/solution.ts";
import { binomialTail } from "../../src/sim/canary.ts";
import { breakerWindow, seenFailureRate } from "../../src/sim/diagnosis/breaker.ts";
import { outageImpact, outageMapText } from "../../src/sim/diagnosis/map-outage.ts";
import { rolloutTable } from "../../src/sim/diagnosis/rollout.ts";
import { bucketEdges, histogram } from "../../src/sim/diagnosis/timeouts.ts";
import { parseFailureMapOrThrow } from "../../src/sim/failure-map/parse.ts";
import { chain } from "../../src/sim/reliability/index.ts";
import { dealtParams } from "../support/dealt-params.ts";

const root = projectRoot();
/** Variants dealt besides the chapter's numbers. */
const VARIANTS = 300;

interface Case {
  id: string;
  meta: ExerciseMeta;
  mod: SolutionModule;
  variants: boolean;
  /** The chapter's numbers first, then variants 1 to VARIANTS. */
  sets: { params: Params; expected: Record<string, unknown> }[];
}

const cases: Case[] = [];
for (const id of listExerciseIds(root)) {
  const { meta } = loadExercise(id, root);
  if (meta.kind === "code") continue;
  const mod: SolutionModule = await import(`../../solutions/${id}/solution.ts`);
  const variants = hasVariants(meta, mod);
  const sets = dealtParams(meta, variants ? mod.variant : undefined, variants ? VARIANTS : 0).map((params) => ({
    params,
    expected: expectedAnswers(partsOf(meta) as never, mod, params) as Record<string, unknown>,
  }));
  cases.push({ id, meta, mod, variants, sets });
}
const withVariants = cases.filter((c) => c.variants);
const numericParts = (meta: ExerciseMeta) => partsOf(meta).filter((p): p is NumericPart => p.kind === "numeric");

/**
 * Feedback answers typed as a number alone in an exercise with variants, keyed
 * "<exercise>/<part>/<answer>": why the number means the same in every variant, and the premise
 * of its message, checked for every dealt variant.
 */
const literalFeedback: Record<
  string,
  { reason: string; premise?: (params: Params, expected: number, id: string) => boolean }
> = {
  "blast-radius-as-a-number/share/1": {
    reason: "100%: every tenant, as a push to everything at once hits, in any variant",
  },
  "cells-blast-radius/untouched/1": { reason: "every customer: one shared deployment is hit whole, in any variant" },
  "diagnose-map-outage/traffic/2/11": {
    reason:
      "content/chapters/failure-domains/exercise-map.test.ts pins this entry; 2/11 is two of the map's eleven services in every outage, and where two fail, {failing}/11 fires first with the failing services named",
    premise: () => parseFailureMapOrThrow(outageMapText).services.length === 11,
  },
  "overload-queue-goodput/recovery/0": {
    reason: "the message says demand is below capacity and a backlog remains: both hold in every variant",
    premise: (p, expected) => p.afterRate! < p.capacity! && expected > 0,
  },
  "retry-amplification-layers/top-only/1": { reason: "one attempt: what each lower layer sends, in any variant" },
  "retry-token-bucket/balance/0.5": { reason: "half the bucket is where the scheme switches retries off, a constant" },
  "shuffle-shard-16-workers/shuffle/1/28": {
    reason: "C(8, 2) = 28 whatever the variant; the message says which case it is",
  },
};

/**
 * Parts where, in some variant, two feedback entries agree, so the first one's message is what a
 * learner who made the second mistake reads; keyed "<exercise>/<part>/<the shadowed answer>", with
 * why the message shown is true of that number too.
 */
const sharedValues: Record<string, string> = {
  "bulkhead-sizing/slow-throughput/{rate}":
    "with a 1 s slow call the rate is also the connections needed at that latency (rate × 1 s), as the message says",
  "retry-amplification-layers/every-layer/{attempts}^({layers}-1)":
    "2³ = 2 × 4: the product one layer short is also the attempts added layer by layer",
  "retry-expected-attempts/flaky/1 / (1 - {failurePercent}/100)":
    "where 1/(1 − p) = r + 1, the number is also the worst case the message names",
  "retry-token-bucket/balance/0.5": "where the token ratio is 0.5, 0.5 is also the share of calls that refill",
  "diagnose-map-outage/traffic/2/11":
    "where two services fail, 2/11 is the failing services over all of them, the message shown",
};

/**
 * Where a named mistake gives the right answer in some variants and that is right for the right
 * reason, keyed "<exercise>/<part>/<answer>": the variants where it may (checked to occur), and why.
 */
const rightForTheRightReason: Record<string, { when: (params: Params) => boolean; reason: string }> = {
  "diagnose-zone-loss/unserved/{lost}/{zones}": {
    when: (p) => p.lost === 0,
    reason:
      "with no zone lost every zone serves and none of the peak goes unserved: 0 of the zones lost is the 0 unserved, and nothing in the reasoning is wrong there",
  },
};

/** A number as a learner writes it rounded to `figures` significant figures ("1.1", "0.11", "1200"). */
function roundedTo(value: number, figures: number): string {
  return Number(value.toPrecision(figures)).toString();
}

/**
 * Every numeric feedback entry of an exercise graded for every set of numbers it deals: typed as
 * written and, for a part graded by rounding, as its value rounded to the part's figures. What
 * was graded right (and not listed in rightForTheRightReason), what was excused, and what read
 * another entry's message (and not listed in sharedValues).
 */
function gradeMistakes({ id, meta, sets }: Case) {
  const gradedRight = new Set<string>();
  const excused = new Set<string>();
  const shadowed = new Set<string>();
  for (const { params, expected } of sets)
    for (const part of numericParts(meta)) {
      const rule = numericRule(part);
      for (const entry of part.feedback) {
        const key = `${id}/${part.id}/${entry.answer}`;
        const typed = fillParams(entry.answer, params);
        const value = parseAnswer(typed);
        const forms = [typed];
        if (rule.kind === "rounded" && value.ok) forms.push(roundedTo(value.value, rule.figures));
        for (const [i, form] of forms.entries()) {
          const verdict = gradeNumeric(part, form, expected[part.id] as number, params);
          expect(verdict.status, `${key}: "${form}" for ${JSON.stringify(params)}`).not.toBe("invalid");
          if (verdict.status === "right") {
            if (rightForTheRightReason[key]?.when(params)) excused.add(key);
            else gradedRight.add(`${key}: "${form}" graded right for ${JSON.stringify(params)}`);
          } else if (
            i === 0 &&
            verdict.message !== fillParamsForReading(entry.message, params) &&
            !(key in sharedValues)
          )
            shadowed.add(`${key} (typed ${typed} for ${JSON.stringify(params)}) reads: ${verdict.message}`);
        }
      }
    }
  return { gradedRight, excused, shadowed };
}

const mistakesTitle =
  "each mistake is graded wrong, typed as written and rounded to the part's figures (or listed as right for the right reason), and shows its own message (or a listed shared value's)";

function expectMistakesTold(c: Case) {
  const { gradedRight, excused, shadowed } = gradeMistakes(c);
  expect([...gradedRight].slice(0, 5)).toEqual([]);
  expect([...shadowed].slice(0, 5)).toEqual([]);
  // Each exception of this exercise still happens, so none outlives its reason.
  for (const [key, { reason }] of Object.entries(rightForTheRightReason))
    if (key.startsWith(`${c.id}/`)) {
      expect(reason.length, key).toBeGreaterThan(40);
      expect(excused, key).toContain(key);
    }
}

test.each(cases.filter((c) => !c.variants))(`$id, with the chapter's numbers only: ${mistakesTitle}`, (c) =>
  expectMistakesTold(c),
);

describe.each(withVariants)("numeric feedback of $id, for the chapter's numbers and 300 variants", (c) => {
  const { id, meta, sets } = c;
  test("each entry is written from the params, or is a listed constant whose premise holds in every variant", () => {
    const unlisted: string[] = [];
    for (const part of numericParts(meta))
      for (const entry of part.feedback) {
        if (/\{[a-zA-Z][a-zA-Z0-9]*\}/.test(entry.answer)) continue;
        const key = `${id}/${part.id}/${entry.answer}`;
        const listed = literalFeedback[key];
        if (!listed) {
          unlisted.push(`${key}: "${entry.message}"`);
          continue;
        }
        expect(listed.reason.length, key).toBeGreaterThan(20);
        for (const { params, expected } of sets)
          if (listed.premise)
            expect(
              listed.premise(params, expected[part.id] as number, id),
              `${key} for ${JSON.stringify(params)}`,
            ).toBe(true);
      }
    expect(
      unlisted,
      "write these from the variant's {params}, or list them in literalFeedback with the reason",
    ).toEqual([]);
  });

  test(mistakesTitle, () => expectMistakesTold(c));
});

test("the listed constants, shared values and mistakes right for the right reason are still in the exercises", () => {
  const entries = new Set(
    cases.flatMap(({ id, meta }) =>
      numericParts(meta).flatMap((part) => part.feedback.map((f) => `${id}/${part.id}/${f.answer}`)),
    ),
  );
  for (const key of [
    ...Object.keys(literalFeedback),
    ...Object.keys(sharedValues),
    ...Object.keys(rightForTheRightReason),
  ])
    expect(entries, key).toContain(key);
});

/** The params a diagnosis deals as the model's own counts, each computed again from the model. */
const modelCounts: Record<string, (p: Params) => Record<string, number>> = {
  "diagnose-breaker": (p) => ({ waiting: breakerWindow(p as never).waiting }),
  "diagnose-map-outage": (p) => ({ failing: outageImpact(p as never).failing.length }),
  "diagnose-timeout": (p) => {
    const buckets = histogram(p as never);
    const below = bucketEdges[bucketEdges.indexOf(p.proposedMs as never) - 1]!;
    const sum = (list: typeof buckets) => list.reduce((total, b) => total + b.count, 0);
    return { counted: sum(buckets), fromRowBelow: sum(buckets.filter((b) => b.from >= below)) };
  },
};

describe.each(Object.keys(modelCounts))("the model's counts %s deals with each variant", (id) => {
  test("equal the model's, for the chapter's numbers and every variant", () => {
    const { sets } = cases.find((c) => c.id === id)!;
    for (const { params } of sets) {
      const counts = modelCounts[id]!(params);
      for (const [name, value] of Object.entries(counts))
        expect(params[name], `${id}.${name} for ${JSON.stringify(params)}`).toBe(value);
    }
  });
});

/** The nouns the course counts, in the plural (a count of 1 takes the singular). */
const countedNouns = [
  "attempts",
  "batches",
  "calls",
  "callers",
  "cells",
  "checks",
  "clients",
  "connections",
  "copies",
  "customers",
  "days",
  "dependencies",
  "disks",
  "errors",
  "failures",
  "hours",
  "instances",
  "layers",
  "machines",
  "milliseconds",
  "minutes",
  "months",
  "nines",
  "nodes",
  "regions",
  "replicas",
  "requests",
  "retries",
  "rows",
  "seconds",
  "servers",
  "services",
  "shards",
  "sleeps",
  "tenants",
  "threads",
  "time-outs",
  "timeouts",
  "tokens",
  "tries",
  "waves",
  "weeks",
  "workers",
  "writes",
  "years",
  "zones",
];

/**
 * "1 failures", "1 failed checks": a lone 1 (not 0.1, 2,001, req-7c1, or r + 1 as a count), then a
 * counted noun in the plural, straight after it or after one word ("1 healthy cells").
 */
const oneWithPlural = new RegExp(
  `(?<=^|[\\s(])(?<![+\\-−×÷/*]\\s)1\\s+(?:[a-z][a-z-]*\\s+)?(?:${countedNouns.join("|")})\\b`,
  "g",
);

function pluralAfterOne(text: string): string[] {
  return [...text.matchAll(oneWithPlural)].map((m) =>
    text.slice(Math.max(0, m.index! - 30), m.index! + m[0].length + 10).replace(/\s+/g, " "),
  );
}

/** Everything the learner reads of an exercise for these params, filled as the page and the terminal fill it. */
async function filledTexts(c: Case, params: Params): Promise<string[]> {
  const { readme, explanation, situation } = loadExercise(c.id, root);
  const read = (text: string) => fillParamsForReading(text, params);
  const texts = [titleOf(c.meta, params), read(readme), ...c.meta.hints.map(read)];
  for (const part of partsOf(c.meta)) {
    if (part.kind === "code") continue;
    texts.push(read(part.prompt));
    if (part.kind === "numeric") texts.push(...part.feedback.map((f) => read(f.message)));
    if (part.kind === "choice")
      texts.push(...part.choices.flatMap((ch) => [read(ch.text), read(ch.misconception ?? "")]));
    if (part.kind === "match") texts.push(...[...part.items, ...part.options].map((o) => read(o.text)));
    if (part.kind !== "numeric") texts.push(...Object.values(part.feedback).map((note) => read(note)));
  }
  texts.push(fillParamsForReading(explanation, { ...params, ...workedFigures(c.mod, params) }));
  if (situation) {
    const drawn: SituationModule = await import(`../../exercises/${c.id}/situation.ts`);
    texts.push(situationText(renderSituation(drawn, params)));
  }
  return texts;
}

describe("counts agree with their nouns", () => {
  test("the rule finds a plural after a lone 1, and nothing else", () => {
    expect(
      pluralAfterOne("need 1 failures in a row; the last 1 seconds; up to 1 retries; 1 failed checks; 1\nfailures"),
    ).toHaveLength(5);
    expect(
      pluralAfterOne(
        "1 failure, 21 failures, 0.1 seconds, 2,001 disks, 1 in 1,820, 1 − p, 1 s, r + 1 attempts, and 1 refuses them, req-7c1 calls",
      ),
    ).toEqual([]);
  });

  test.each(cases.map((c) => c.id))(
    "%s: no filled text says 1 with a plural noun, for the chapter's numbers and 300 variants",
    async (id) => {
      const c = cases.find((x) => x.id === id)!;
      const found = new Set<string>();
      for (const { params } of c.sets)
        for (const text of await filledTexts(c, params)) for (const hit of pluralAfterOne(text)) found.add(hit);
      expect([...found].slice(0, 5)).toEqual([]);
    },
    60_000,
  );
});

describe("sentences that compare a figure with a threshold read on the right side of it", () => {
  test("drill-nines-and-chains: the chain's figure is above the objective exactly when the chain is, for every objective, dependency and chain length", async () => {
    const mod = cases.find((c) => c.id === "drill-nines-and-chains")!.mod;
    for (const target of [99, 99.5, 99.9, 99.95, 99.99])
      for (const dep of [99, 99.5, 99.9, 99.95])
        for (let deps = 2; deps <= 12; deps++) {
          const params = { target, days: 30, deps, dep };
          const verdict = workedFigures(mod, params).verdict!;
          const independent = chain(dep / 100, deps);
          const shown = /(?:chain gives|they give|it gives) ([\d.]+)%/.exec(verdict);
          expect(shown, verdict).not.toBeNull();
          const value = Number(shown![1]);
          const where = `${JSON.stringify(params)}: ${verdict}`;
          if (independent > target / 100) expect(value, where).toBeGreaterThan(target);
          else expect(value, where).toBeLessThan(target);
        }
  });

  test("diagnose-canary: P(X ≥ k − 1) reads above the alarm level and P(X ≥ k) at or below it", async () => {
    const c = cases.find((x) => x.id === "diagnose-canary")!;
    for (const { params } of c.sets) {
      const counts = workedFigures(c.mod, params).counts!;
      const m = /P\(X ≥ ([\d,]+)\) ≈ (just over )?([\d.]+)% and P\(X ≥ ([\d,]+)\) ≈ ([\d.]+)%/.exec(counts);
      expect(m, counts).not.toBeNull();
      const alarm = params.falseAlarmPct!;
      if (!m![2]) expect(Number(m![3]), counts).toBeGreaterThan(alarm);
      expect(Number(m![5]), counts).toBeLessThanOrEqual(alarm);
      // The figures are the model's: k is the threshold of the rollout's table.
      const { threshold } = rolloutTable(params as never);
      expect(Number(m![4]!.replace(/,/g, ""))).toBe(threshold);
      expect(binomialTail).toBeTypeOf("function");
    }
  });

  test("diagnose-breaker: a partial failure's worked solution says what share still succeeds, never 'most' at half or more failing", () => {
    const c = cases.find((x) => x.id === "diagnose-breaker")!;
    let partial = 0;
    for (const { params, expected } of c.sets) {
      if (expected.what !== "partial") continue;
      partial++;
      const why = workedFigures(c.mod, params).why!;
      const rate = seenFailureRate(params as never);
      if (rate >= 0.5) expect(why, JSON.stringify(params)).not.toMatch(/\bmost\b/i);
      expect(Number(/The other ([\d.]+)%/.exec(why)?.[1]) / 100, why).toBeCloseTo(1 - rate, 2);
    }
    expect(partial).toBeGreaterThan(50);
    // keep-closed's note says nothing of "mostly works", false at 50% to 59% failing.
    const part = partsOf(c.meta).find((p) => p.id === "action");
    expect(part?.kind === "choice" && part.feedback["keep-closed"]).not.toMatch(/mostly/);
  });

  test("drill-failover-data-loss: the note on one second of writes says how far behind the replica is", () => {
    const c = cases.find((x) => x.id === "drill-failover-data-loss")!;
    const entry = numericParts(c.meta)
      .find((p) => p.id === "lost")!
      .feedback.find((f) => f.answer === "{writes}")!;
    for (const { params } of c.sets) {
      const message = fillParamsForReading(entry.message, params);
      expect(message).not.toMatch(/further behind/);
      expect(message).toContain(`${fillParamsForReading("{lag}", params)} s behind`);
    }
  });
});

test("the exercises with variants are all read, with the chapter's numbers first", () => {
  expect(withVariants.length).toBeGreaterThan(30);
  for (const c of withVariants) expect(c.sets[0]!.params).toEqual(defaultParams(c.meta));
});
