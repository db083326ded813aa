/** Self-assessment: numbers read as people write them, claims judged by their evidence, levels and red flags. */
import { describe, expect, test } from "vitest";
import type { Criterion } from "./question-bank.ts";
import { type Claim, debrief, defencesNamed, judgeClaim, numbersIn, sameFigure } from "./self-assessment.ts";

const criterion = (id: string, kind: Criterion["evidence"]["kind"], weight: 1 | 2 | 3, expect?: string): Criterion => ({
  id,
  point: id,
  weight,
  mid: "m",
  senior: "s",
  staff: "t",
  evidence: expect === undefined ? { ask: "?", kind } : { ask: "?", kind, expect },
});

describe("numbers in evidence", () => {
  test("reads percentages, fractions, '1 in N', grouping and k/M suffixes", () => {
    expect(numbersIn("one cell, 12.5% of tenants")).toEqual([0.125]);
    expect(numbersIn("1/28 of them, or 1 in 1,820")).toEqual([1 / 28, 1 / 1820]);
    expect(numbersIn("75,000 tenant-minutes, 2.4k rps, 3M users")).toEqual([75_000, 2400, 3_000_000]);
    expect(numbersIn("about 43.2 minutes a month")).toEqual([43.2]);
    expect(numbersIn("no figure here")).toEqual([]);
    // A unit word starting with k or m is not a multiplier.
    expect(numbersIn("15 minutes, 4 ms")).toEqual([15, 4]);
  });

  test("a share near 1 must match in its complement: 99.9% is not 99.7%", () => {
    expect(sameFigure(0.997, 0.997003)).toBe(true);
    expect(sameFigure(0.999, 0.997003)).toBe(false);
    expect(sameFigure(43, 43.2)).toBe(true);
    expect(sameFigure(50, 43.2)).toBe(false);
    expect(sameFigure(0.125, 0.125)).toBe(true);
  });

  test("defences are found by the words people use", () => {
    expect(defencesNamed("a bulkhead per dependency and a canary cell")).toEqual([
      "bulkhead",
      "cells",
      "staged rollout",
    ]);
    expect(defencesNamed("we hope for the best")).toEqual([]);
  });
});

describe("judging a claim", () => {
  const values = { "avail.serial": 0.997003 };
  test("a claim with no evidence, or evidence of the wrong kind, is not backed", () => {
    const number = criterion("n", "number", 2);
    expect(judgeClaim(number, { level: 2, evidence: "" }, values).status).toBe("missing");
    expect(judgeClaim(number, { level: 2, evidence: "a small share" }, values).status).toBe("missing");
    expect(judgeClaim(number, { level: 2, evidence: "one cell of 8, 12.5%" }, values)).toMatchObject({
      status: "agrees",
      backed: 2,
    });
    expect(judgeClaim(number, { level: 0, evidence: "" }, values).status).toBe("not-claimed");
  });

  test("a number checked against the reference says the reference when it disagrees", () => {
    const fixed = criterion("a", "number", 3, "avail.serial");
    const wrong = judgeClaim(
      fixed,
      { level: 3, evidence: "99.9% end to end" },
      values,
      (v) => `${(v * 100).toFixed(2)}%`,
    );
    expect(wrong).toMatchObject({ status: "contradicts", backed: 0 });
    expect(wrong.message).toContain("99.70%");
    expect(judgeClaim(fixed, { level: 3, evidence: "0.999^3, about 99.7%" }, values).status).toBe("agrees");
    expect(() => judgeClaim(criterion("b", "number", 1, "nope"), { level: 1, evidence: "5" }, values)).toThrow(/nope/);
  });

  test("a defence needs its name and its cost; a quote needs a sentence", () => {
    const defence = criterion("d", "defence", 2);
    expect(judgeClaim(defence, { level: 2, evidence: "more servers" }, {}).status).toBe("missing");
    expect(judgeClaim(defence, { level: 2, evidence: "cells", cost: "" }, {}).message).toMatch(/costs/);
    expect(judgeClaim(defence, { level: 2, evidence: "cells", cost: "more fixed cost per cell" }, {}).status).toBe(
      "agrees",
    );
    const quote = criterion("q", "quote", 1);
    expect(judgeClaim(quote, { level: 1, evidence: "yes" }, {}).status).toBe("missing");
    expect(judgeClaim(quote, { level: 1, evidence: "I asked what down means first" }, {}).status).toBe("agrees");
  });
});

describe("the debrief", () => {
  const rubric = [criterion("a", "number", 3), criterion("b", "defence", 2), criterion("c", "quote", 1)];
  const full: Claim[] = [
    { level: 3, evidence: "12.5% of tenants for 15 minutes" },
    { level: 2, evidence: "a canary cell", cost: "slower releases, a day per wave" },
    { level: 2, evidence: "I said the router is shared by every cell" },
  ];

  test("scores are weighted shares of the top level; the level is where 75% of the weight is backed", () => {
    const d = debrief(rubric, full, 0, {});
    expect(d.selfScore).toBeCloseTo((3 * 3 + 2 * 2 + 1 * 2) / 18, 12);
    expect(d.backedScore).toBeCloseTo(d.selfScore, 12);
    expect(d.disagreements).toBe(0);
    // Weight 5 of 6 is backed at senior or above; only 3 of 6 at staff.
    expect(d.level).toBe("senior");
  });

  test("self-score and evidence disagree when a tick has nothing behind it", () => {
    const claims: Claim[] = [{ level: 3, evidence: "small" }, full[1]!, full[2]!];
    const d = debrief(rubric, claims, 0, {});
    expect(d.selfScore).toBeGreaterThan(d.backedScore);
    expect(d.disagreements).toBe(1);
    expect(d.verdicts[0]!.status).toBe("missing");
    // Half the weight lost: not even mid.
    expect(d.level).toBeNull();
  });

  test("one red flag sinks the answer at every level", () => {
    const d = debrief(rubric, full, 1, {});
    expect(d.sunk).toBe(true);
    expect(d.level).toBeNull();
    expect(d.backedScore).toBeGreaterThan(0.5);
  });

  test("claims must match the rubric one for one", () => {
    expect(() => debrief(rubric, full.slice(1), 0, {})).toThrow(RangeError);
  });
});
