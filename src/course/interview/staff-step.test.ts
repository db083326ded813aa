/** A figure alone backs senior at most: staff on a number point also needs the step its staff descriptor names. */
import { describe, expect, test } from "vitest";
import type { Claim } from "../self-assessment.ts";
import { questions } from "./bank.ts";
import { bank, values } from "./numbers.ts";
import { debriefWithSteps, staffStep } from "./staff-step.ts";

const question = questions.find((q) => q.id === "state-it-as-a-number")!;
const point = question.rubric.findIndex((c) => c.id === "tenant-minutes");
const figure = bank["worked.cellTenantMinutes"]!;
const format = (_: number, name: string) => bank[name] ?? "";

/** Claims with `level` and `evidence` on the tenant-minutes point and nothing on the others. */
const claimsFor = (level: Claim["level"], evidence: string): Claim[] =>
  question.rubric.map((_, i) => (i === point ? { level, evidence } : { level: 0, evidence: "" }));
const stepsFor = (step: string) => question.rubric.map((_, i) => (i === point ? step : undefined));

const judged = (notes: string, level: Claim["level"], step = "") =>
  debriefWithSteps(
    question.rubric,
    claimsFor(level, `${figure} tenant-minutes`),
    stepsFor(step),
    notes,
    0,
    values,
    format,
  ).verdicts[point]!;

describe("the staff step on a number point", () => {
  const numberOnly = `5,000 tenants x 15 min = ${figure} tenant-minutes`;

  test("the QA report's case: the number alone, claimed at staff, counts at senior and says why", () => {
    const v = judged(numberOnly, 3);
    expect(v.backed).toBe(2);
    expect(v.status).toBe("missing");
    expect(v.message).toMatch(/backs senior.*Counted at senior/);
  });

  test("the same number claimed at senior counts at senior, with no step asked", () => {
    expect(judged(numberOnly, 2)).toMatchObject({ status: "agrees", backed: 2 });
  });

  test("staff counts when the notes hold an improvement and it is quoted", () => {
    const improvement = "next a two-minute alert and automatic rollback cut the minutes";
    const notes = `${numberOnly}. ${improvement}.`;
    expect(judged(notes, 3, improvement)).toMatchObject({ status: "agrees", backed: 3 });
    // Quoted but never written during the interview: not counted at staff.
    expect(judged(numberOnly, 3, improvement)).toMatchObject({ status: "missing", backed: 2 });
    // The figure pasted again as the step is no step.
    expect(judged(numberOnly, 3, numberOnly).message).toMatch(/fewer than four words besides figures/);
    // Nor is a short step with no figure in it, and the page says what it counted, not that it was the figure.
    const short = judged(`${numberOnly}. Then add cells.`, 3, "then add cells");
    expect(short).toMatchObject({ status: "missing", backed: 2 });
    expect(short.message).toBe(
      "Your staff step has fewer than four words besides figures: quote, in a sentence, what your notes do with the figure. Counted at senior.",
    );
  });

  test("the step uses a word of the staff descriptor itself, not of the point's name, mid or senior descriptor or ask", () => {
    const c = question.rubric[point]!;
    // Each step is a sentence of the notes, of four words or more besides figures, and uses a word
    // of another part of the rubric: its name, its mid or senior descriptor, its ask (which asks for
    // the figure), or the staff step's own prompt. All but the ask's backed staff while a word of the
    // rubric, with the prompt for the ask, was enough.
    const steps: [string, string, string][] = [
      [c.point, "reach", "the reach and the duration were both too large"],
      [c.mid, "lasts", "it lasts long enough to matter to everyone"],
      [c.senior, "global", "that compares well with a global push"],
      [c.evidence.ask, "staged", "the staged rollout did better than that"],
      [staffStep(c)!.replace(c.staff, ""), "figure", "my notes show that figure again"],
    ];
    for (const [part, word, step] of steps) {
      expect(part.toLowerCase()).toContain(word);
      expect(c.staff.toLowerCase()).not.toContain(word);
      const v = judged(`${numberOnly}. ${step}.`, 3, step);
      expect(v, step).toMatchObject({ status: "missing", backed: 2 });
      expect(v.message).toBe(
        "Your staff step uses no word of the staff descriptor: quote where your notes take the step it names. Counted at senior.",
      );
    }
    // A word of the staff descriptor, however it ends ("levers", "proposal"), is the step's.
    for (const step of ["the lever we pull is the cell size", "my proposal is smaller cells for the busiest customers"])
      expect(judged(`${numberOnly}. ${step}.`, 3, step), step).toMatchObject({ status: "agrees", backed: 3 });
  });

  test("a wrong figure is still wrong at staff, whatever the step", () => {
    const v = debriefWithSteps(
      question.rubric,
      claimsFor(3, "99 tenant-minutes"),
      stepsFor("next a two-minute alert and automatic rollback"),
      "99 tenant-minutes, next a two-minute alert and automatic rollback",
      0,
      values,
      format,
    ).verdicts[point]!;
    expect(v).toMatchObject({ status: "contradicts", backed: 0 });
  });

  test("the self-score stays what was claimed; the level reached follows the evidence", () => {
    const d = debriefWithSteps(
      question.rubric,
      question.rubric.map(() => ({ level: 3, evidence: figure })),
      question.rubric.map(() => ""),
      numberOnly,
      0,
      values,
      format,
    );
    expect(d.selfScore).toBe(1);
    expect(d.level).not.toBe("staff");
  });

  test("one rule: every number point asks for a step at staff, naming its staff descriptor; no other point does", () => {
    const all = questions.flatMap((q) => q.rubric);
    for (const c of all) {
      const ask = staffStep(c);
      if (c.evidence.kind === "number") expect(ask).toContain(c.staff);
      else expect(ask).toBeUndefined();
    }
    expect(all.filter((c) => staffStep(c) !== undefined).length).toBeGreaterThan(40);
  });
});
