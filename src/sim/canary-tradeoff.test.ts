import { describe, expect, test } from "vitest";
import { canaryRequests, detectionWithin } from "./canary.ts";
import {
  bakeByShare,
  bakeChoices,
  canaryAt,
  canaryDefaults,
  canaryRegressions,
  canaryShares,
  detectionCurve,
} from "./canary-tradeoff.ts";

const scenarios = canaryRegressions.map((p1) => ({ ...canaryDefaults, regressedErrorRate: p1 }));

describe("a canary of a given share and bake", () => {
  test("serves share x rate x bake requests, catches the regression by the binomial test, and costs requests x (p1 - p0)", () => {
    const at = canaryAt(canaryDefaults, 0.01, 1800);
    expect(at.requests).toBe(canaryRequests(500, 0.01, 1800));
    expect(at.requests).toBe(9000);
    expect(at.detection).toBe(detectionWithin({ ...canaryDefaults, share: 0.01 }, 1800));
    expect(at.extraFailures).toBeCloseTo(9000 * 0.002, 9);
    expect(at.everywherePerHour).toBeCloseTo(500 * 3600 * 0.002, 6);
  });

  test("a regression must raise the error rate", () => {
    expect(() => canaryAt({ ...canaryDefaults, regressedErrorRate: 0.001 }, 0.01, 60)).toThrow(RangeError);
    expect(() => bakeByShare({ ...canaryDefaults, regressedErrorRate: 0.0005 })).toThrow(/higher error rate/);
  });
});

describe("the bake each share needs", () => {
  test("is the first whole second at which the canary catches the regression 95% of the time", () => {
    for (const scenario of scenarios) {
      for (const row of bakeByShare(scenario)) {
        if (row.bakeSeconds === null) continue;
        const plan = { ...scenario, share: row.share };
        expect(detectionWithin(plan, row.bakeSeconds)).toBeGreaterThanOrEqual(scenario.power);
        expect(detectionWithin(plan, row.bakeSeconds - 1)).toBeLessThan(scenario.power);
        expect(row.requests).toBe(canaryRequests(scenario.rate, row.share, row.bakeSeconds));
        expect(row.extraFailures).toBeCloseTo(
          row.requests * (scenario.regressedErrorRate - scenario.baselineErrorRate),
          9,
        );
      }
    }
  });

  test("a bigger share gets there sooner, never later; at every setting the widget offers, each share needs requests within a third of the others", () => {
    for (const scenario of scenarios) {
      const rows = bakeByShare(scenario);
      expect(rows.map((r) => r.share)).toEqual([...canaryShares]);
      const found = rows.filter((r) => r.bakeSeconds !== null);
      expect(found.length).toBeGreaterThan(1);
      for (let i = 1; i < found.length; i++)
        expect(found[i]!.bakeSeconds!).toBeLessThanOrEqual(found[i - 1]!.bakeSeconds!);
      const requests = found.map((r) => r.requests);
      expect(Math.max(...requests) / Math.min(...requests)).toBeLessThanOrEqual(4 / 3);
    }
  });

  test("the slider's longest bake reaches 95% at every share and regression it offers, and an hour less would not", () => {
    expect(canaryDefaults.maxBakeSeconds).toBe(bakeChoices[bakeChoices.length - 1]! * 60);
    expect(canaryDefaults.maxBakeSeconds).toBe(13 * 3600);
    let longest = 0;
    for (const scenario of scenarios) {
      for (const row of bakeByShare(scenario)) {
        expect(row.bakeSeconds, `${row.share} at ${scenario.regressedErrorRate}`).not.toBeNull();
        longest = Math.max(longest, row.bakeSeconds!);
      }
    }
    // The slowest: 0.1% of traffic against 0.2% errors, 12 h 34 min; an hour less would not reach it.
    expect(longest).toBe(45_256);
    expect(longest).toBeGreaterThan(canaryDefaults.maxBakeSeconds - 3600);
    // The slider's steps: 5 min apart up to 1 h, 15 min up to 4 h, an hour up to 13 h, always rising.
    expect(bakeChoices.slice(0, 3)).toEqual([5, 10, 15]);
    expect(bakeChoices).toContain(60);
    expect(bakeChoices).toContain(240);
    for (let i = 1; i < bakeChoices.length; i++) expect(bakeChoices[i]!).toBeGreaterThan(bakeChoices[i - 1]!);
  });

  test("at the defaults (0.1% to 0.3% errors): 4 h 3 min at 0.1% of traffic, under a minute at 25%", () => {
    const rows = bakeByShare(canaryDefaults);
    expect(rows[0]!.bakeSeconds).toBe(14_584);
    expect(rows[rows.length - 1]!.bakeSeconds).toBe(59);
  });

  test("past the longest bake, no answer: a 0.2% error rate at 0.1% of traffic within one hour", () => {
    const rows = bakeByShare({ ...canaryDefaults, regressedErrorRate: 0.002, maxBakeSeconds: 3600 });
    expect(rows[0]).toEqual({ share: 0.001, bakeSeconds: null, requests: 0, extraFailures: 0 });
  });
});

describe("the detection curve", () => {
  test("starts at 0, follows detectionWithin at evenly spaced bakes", () => {
    const curve = detectionCurve(canaryDefaults, 0.01, 240 * 60, 48);
    expect(curve).toHaveLength(49);
    expect(curve[0]).toEqual({ bakeSeconds: 0, detection: 0 });
    expect(curve[6]!.bakeSeconds).toBe(1800);
    expect(curve[6]!.detection).toBe(detectionWithin({ ...canaryDefaults, share: 0.01 }, 1800));
  });
});
