/**
 * The debrief's evidence checks over the whole question bank: evidence must be specific to its
 * point and its question. The audit's (session 57) keyword-stuffed note, pasted into every
 * question, and the question pasted back as the answer were "staff" on 22 and 13 of the 52
 * questions; neither backs staff anywhere now, nor (session 58) the stuffed note claimed sentence by
 * sentence, whose bare "10" was a number, nor the same note with "We run 10 cells.", whose staff step
 * used a word of the point's name only, nor (session 58) a list of terms typed as one unpunctuated line,
 * which named a defence and a cost and used a rubric word in one "sentence". The bank's own model
 * answers still back their points, so the checks are not simply made impossible.
 */
import { describe, expect, test } from "vitest";
import type { Criterion } from "../question-bank.ts";
import { askedIn, type Claim, type Debrief, defenceNames, listRun, sentencesOf, termRun } from "../self-assessment.ts";
import { questions } from "./bank.ts";
import { values } from "./numbers.ts";
import { debriefWithSteps } from "./staff-step.ts";

type Question = (typeof questions)[number];

/** The audit's note (.scratch/s57/gd-redteam/stuff.ts): defence names and generic sentences, no thought. */
const stuffed =
  "I would use a bulkhead and cells and a canary with a quota. It costs money and latency. I would limit the blast radius of every failure. 10";

/** The red-team's variant (session 58): the same note, its figure said with what it counts. */
const stuffedCounted = stuffed.replace(/10$/, "We run 10 cells.");

/**
 * The red-team's keyword list (session 58): defence names, words of cost and words the rubrics use,
 * with nothing said of them. Typed as one line, it was one sentence, and backed a point on 48 of the
 * 52 questions (per-tenant-quotas' limiter at staff; cell-size and shuffle-sharding-numbers at 40%).
 */
const terms = [
  "cells",
  "shuffle sharding",
  "bulkheads",
  "retry budget",
  "load shedding",
  "latency",
  "cost",
  "blast radius",
  "canary",
  "staged rollout",
  "rollback",
  "quotas",
  "token bucket",
  "rate limit",
  "circuit breaker",
  "timeouts",
  "backoff",
  "jitter",
  "failover",
  "replicas",
  "headroom",
  "fixed size",
  "load tested",
  "tenants",
  "workers",
  "customers",
  "overhead",
  "more capacity",
  "fail open",
  "stored assignment",
];

/** The keyword list as one line, and a term a line (which goes on as one sentence: each line starts in lower case). */
const keywordNotes = [terms.join(" "), terms.join("\n")];

/** A term a line, each with a capital: a sentence a line, none with a defence and a cost or four words. */
const keywordLines = terms.map((t) => `${t[0]!.toUpperCase()}${t.slice(1)}`).join("\n");

/** The audit's claims on the stuffed note: staff on every point, the same evidence for each kind. */
function stuffedDebrief(q: Question): Debrief {
  const claims: Claim[] = q.rubric.map((c) => {
    if (c.evidence.kind === "defence") return { level: 3, evidence: "bulkhead", cost: "costs money" };
    if (c.evidence.kind === "quote") return { level: 3, evidence: "I would limit the blast radius" };
    if (c.evidence.expect) return { level: 0, evidence: "" };
    return { level: 3, evidence: "10" };
  });
  const steps = q.rubric.map((c) => (c.evidence.kind === "number" ? "I would limit the blast radius" : undefined));
  return debriefWithSteps(q.rubric, claims, steps, stuffed, 0, values, undefined, askedIn(q));
}

/**
 * The audit's claims on the question pasted back as the notes (.scratch/s57/gd-redteam/echo.ts):
 * its first six words as every quote, its first defence word with two of its words as the cost,
 * its first figure.
 */
function echoDebrief(q: Question): Debrief {
  const notes = q.prompt;
  const words = notes
    .replace(/[^\p{L}\p{N}\s'%.]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  const quote = words.slice(0, 6).join(" ");
  const lower = notes.toLowerCase().replace(/[-_]/g, " ");
  const escaped = (w: string) => w.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const word = Object.values(defenceNames)
    .flat()
    .find((w) => new RegExp(`(?<![a-z0-9])${escaped(w)}`).test(lower));
  const defence = word ? (lower.match(new RegExp(`(?<![a-z0-9])${escaped(word)}[a-z]*`))?.[0] ?? "") : "";
  const figure = (notes.match(/\d+(?:[.,]\d+)?%?/) ?? [""])[0];
  const claims: Claim[] = q.rubric.map((c) => {
    if (c.evidence.kind === "defence")
      return defence ? { level: 3, evidence: defence, cost: words.slice(1, 3).join(" ") } : { level: 0, evidence: "" };
    if (c.evidence.kind === "quote") return { level: 3, evidence: quote };
    if (!c.evidence.expect && figure) return { level: 3, evidence: figure };
    return { level: 0, evidence: "" };
  });
  const steps = q.rubric.map((c) => (c.evidence.kind === "number" ? quote : undefined));
  return debriefWithSteps(q.rubric, claims, steps, notes, 0, values, undefined, askedIn(q));
}

/**
 * The most a careful claimant backs at staff from `notes`: for each point, the sentences of the
 * notes that back it at staff on their own (pasted whole as the evidence, and as the cost; for a
 * number point with a step from its own sentence or one near it), then the choice of one for each
 * point, no sentence used twice, that backs the most weight at staff in the whole debrief.
 */
function bestDebrief(rubric: readonly Criterion[], notes: string, asked: string): Debrief {
  const sentences = sentencesOf(notes);
  const none: Claim = { level: 0, evidence: "" };
  const judge = (claims: readonly Claim[], steps: readonly (string | undefined)[]) =>
    debriefWithSteps(rubric, claims, steps, notes, 0, values, undefined, asked);
  const options = rubric.map((c, i) => {
    const found: { claim: Claim; step?: string; uses: number[] }[] = [];
    sentences.forEach((evidence, a) => {
      const near = [a, a + 1, a - 1, a + 2, a - 2].filter((b) => b >= 0 && b < sentences.length);
      for (const b of c.evidence.kind === "number" ? near : [a]) {
        if (found.length >= 10) return;
        const claim: Claim = { level: 3, evidence, cost: evidence };
        const step = c.evidence.kind === "number" ? sentences[b] : undefined;
        const alone = judge(
          rubric.map((_, j) => (j === i ? claim : none)),
          rubric.map((_, j) => (j === i ? step : undefined)),
        );
        if (alone.verdicts[i]!.backed === 3) {
          found.push({ claim, step, uses: a === b ? [a] : [a, b] });
          return;
        }
      }
    });
    return found;
  });
  let best = judge(
    rubric.map(() => none),
    rubric.map(() => undefined),
  );
  let bestWeight = 0;
  const claims: Claim[] = rubric.map(() => none);
  const steps: (string | undefined)[] = rubric.map(() => undefined);
  const used = new Set<number>();
  const visit = (i: number) => {
    if (i === rubric.length) {
      const d = judge(claims, steps);
      const weight = rubric.reduce((sum, c, j) => sum + (d.verdicts[j]!.backed === 3 ? c.weight : 0), 0);
      if (weight > bestWeight) [best, bestWeight] = [d, weight];
      return;
    }
    for (const option of options[i]!) {
      if (option.uses.some((u) => used.has(u))) continue;
      [claims[i], steps[i]] = [option.claim, option.step];
      for (const u of option.uses) used.add(u);
      visit(i + 1);
      for (const u of option.uses) used.delete(u);
    }
    [claims[i], steps[i]] = [none, undefined];
    visit(i + 1);
  };
  visit(0);
  return best;
}

/** A question's model answer, and for a design prompt its reference design: the notes of a model candidate. */
const modelNotes = (q: Question) => [q.answer, q.design?.reference ?? ""].join("\n");

/**
 * Points the model answer does not back at staff, each with the reason it rightly does not. The list
 * is exactly the unbacked points, so it cannot go stale.
 */
const modelAnswerGaps = new Set([
  // The prompt is "a dozen services" with no traffic figures: the share of traffic a resource's
  // failure takes comes from the candidate's map of their own platform, so a model answer that
  // stated one would invent it. The answer says how to find the share and rank by it, not a figure.
  "failure-domain-map/numbers",
]);

const atStaff = (debriefs: [Question, Debrief][]) => debriefs.filter(([, d]) => d.level === "staff").map(([q]) => q.id);

describe("evidence is specific to its point and its question, over the whole bank", () => {
  test("the bank has its 52 questions and every kind of point", () => {
    expect(questions.length).toBeGreaterThanOrEqual(52);
    const kinds = new Set(questions.flatMap((q) => q.rubric.map((c) => c.evidence.kind)));
    expect([...kinds].sort()).toEqual(["defence", "number", "quote"]);
  });

  test("the audit's stuffed note, pasted into every question, backs staff on none", () => {
    const debriefs = questions.map((q): [Question, Debrief] => [q, stuffedDebrief(q)]);
    expect(atStaff(debriefs)).toEqual([]);
    // It claimed staff on every point it could: the self-score is not what is checked.
    expect(debriefs.every(([, d]) => d.selfScore > 0)).toBe(true);
  });

  test("the stuffed note backs staff on none however its sentences are claimed: its bare figure is no number", () => {
    for (const note of [stuffed, stuffedCounted])
      expect(atStaff(questions.map((q) => [q, bestDebrief(q.rubric, note, askedIn(q))]))).toEqual([]);
    // The red-team's case (session 58): the note's "10", alone, backed cell-size's trade-off at staff,
    // with its sentence about blast radius as the step.
    const q = questions.find((x) => x.id === "cell-size")!;
    const point = q.rubric.findIndex((c) => c.id === "tradeoff");
    const blastRadius = "I would limit the blast radius of every failure";
    const judged = (notes: string, step = blastRadius) =>
      debriefWithSteps(
        q.rubric,
        q.rubric.map((_, i): Claim => (i === point ? { level: 3, evidence: "10" } : { level: 0, evidence: "" })),
        q.rubric.map((_, i) => (i === point ? step : undefined)),
        notes,
        0,
        values,
        undefined,
        askedIn(q),
      ).verdicts[point]!;
    expect(judged(stuffed)).toMatchObject({ status: "missing", backed: 0 });
    expect(judged(stuffed).message).toMatch(/^Your figure 10 stands alone in your notes/);
    // Said with what it counts, the same figure is a number again, and backs senior; its step, "blast
    // radius", is the point's name ("Blast radius against fixed cost"), not its staff descriptor.
    expect(q.rubric[point]!.point).toMatch(/^Blast radius/);
    const counted = judged(stuffedCounted);
    expect(counted).toMatchObject({ status: "missing", backed: 2 });
    expect(counted.message).toBe(
      "Your staff step uses no word of the staff descriptor: quote where your notes take the step it names. Counted at senior.",
    );
    // A step the notes take in the staff descriptor's words ("Derives the count from the business's
    // tolerance and the largest tenant") counts at staff beside the same figure.
    const derived = "The count comes from what the business tolerates and the largest tenant";
    expect(judged(`${stuffedCounted} ${derived}.`, derived)).toMatchObject({ status: "agrees", backed: 3 });
  });

  test("a keyword list, one line or a term a line, backs nothing anywhere, however its sentences are claimed", () => {
    for (const notes of keywordNotes) {
      const best = questions.map((q): [Question, Debrief] => [q, bestDebrief(q.rubric, notes, askedIn(q))]);
      expect(best.filter(([, d]) => d.backedScore > 0).map(([q]) => q.id)).toEqual([]);
    }
    // A term a line with capitals is thirty sentences, each too short to back anything (checked on the
    // red-team's three questions: the choice among thirty sentences is the slow part).
    expect(sentencesOf(keywordLines)).toHaveLength(terms.length);
    for (const id of ["cell-size", "per-tenant-quotas", "shuffle-sharding-numbers"]) {
      const q = questions.find((x) => x.id === id)!;
      expect(bestDebrief(q.rubric, keywordLines, askedIn(q)).backedScore, id).toBe(0);
    }
    // The red-team's cases, claimed with the list's own words: the debrief says the notes hold a list.
    const judged = (id: string, point: string, claim: Claim) => {
      const q = questions.find((x) => x.id === id)!;
      const i = q.rubric.findIndex((c) => c.id === point);
      const claims = q.rubric.map((_, j): Claim => (j === i ? claim : { level: 0, evidence: "" }));
      return debriefWithSteps(
        q.rubric,
        claims,
        claims.map(() => undefined),
        keywordNotes[0]!,
        0,
        values,
        undefined,
        askedIn(q),
      ).verdicts[i]!;
    };
    const limiter = judged("per-tenant-quotas", "limiter", {
      level: 3,
      evidence: "token bucket",
      cost: "latency cost",
    });
    expect(limiter).toMatchObject({ status: "missing", backed: 0 });
    expect(limiter.message).toBe(
      `The defence you pasted is in a list of terms in your notes, not a sentence: ${termRun(keywordNotes[0]!)} words in a row with no small word such as "is", "the", "of", "to", "and" or "we". A list names things without saying what you would do with them, so it backs nothing: write it as a sentence.`,
    );
    for (const [id, point, evidence] of [
      ["cell-size", "max-size", "canary staged rollout rollback"],
      ["shuffle-sharding-numbers", "conditions", "stored assignment"],
    ] as const) {
      const verdict = judged(id, point, { level: 3, evidence, cost: "more capacity" });
      expect(verdict.backed, `${id}/${point}`).toBe(0);
      expect(verdict.message, `${id}/${point}`).toMatch(/is in a list of terms in your notes, not a sentence/);
    }
  });

  test("the bank's own prose runs to ten words with no small word at most: no model answer is a list", () => {
    const texts = questions.flatMap((q) => [
      modelNotes(q),
      ...q.followUps.flatMap((f) => [f.question, f.answer, f.pushback?.say ?? "", f.pushback?.answer ?? ""]),
      ...q.rubric.flatMap((c) => [c.point, c.mid, c.senior, c.staff, c.evidence.ask]),
      ...q.clarify.flatMap((c) => [c.ask, c.assume]),
    ]);
    const runs = texts.flatMap((t) => sentencesOf(t).map(termRun));
    expect(runs.length).toBeGreaterThan(1500);
    // What listRun's comment (self-assessment.ts) says, with room to spare for notes terser than these.
    expect(Math.max(...runs)).toBe(10);
    expect(listRun - Math.max(...runs)).toBe(2);
  });

  test("the question pasted back as the notes backs staff on none, however its sentences are claimed", () => {
    expect(atStaff(questions.map((q) => [q, echoDebrief(q)]))).toEqual([]);
    const best = questions.map((q): [Question, Debrief] => [q, bestDebrief(q.rubric, q.prompt, askedIn(q))]);
    expect(atStaff(best)).toEqual([]);
    expect(best.filter(([, d]) => d.backedScore > 0).map(([q]) => q.id)).toEqual([]);
  });

  test("the bank's model answers back their points at staff, all but the listed gaps", () => {
    const unbacked: string[] = [];
    let points = 0;
    for (const q of questions) {
      const d = bestDebrief(q.rubric, modelNotes(q), askedIn(q));
      q.rubric.forEach((c, i) => {
        points++;
        if (d.verdicts[i]!.backed !== 3) unbacked.push(`${q.id}/${c.id}`);
      });
    }
    expect(unbacked).toEqual([...modelAnswerGaps]);
    // Most of the bank's points: the checks are specific, not impossible.
    expect(points - unbacked.length).toBeGreaterThan(0.9 * points);
  });
});
