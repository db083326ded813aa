import { describe, expect, test } from "vitest";
import { binomialTail, canaryRequests, detectionProbability, detectionWithin, thresholdWalk } from "./canary.ts";
import {
  bakeByShare,
  bakeChoices,
  type CanaryScenario,
  canaryAt,
  canaryDefaults,
  canaryRegressions,
  canaryShares,
  detectionCurve,
  requestsToCatch,
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

describe("the requests a canary needs, whatever its share", () => {
  // The chance a check at the end of a bake of n requests catches the regression, for n = 1, 2, 3, …
  // in turn (the threshold carried on from one count to the next), with the threshold it used.
  function chances(scenario: CanaryScenario, upTo: number): { k: number; chance: number }[] {
    const threshold = thresholdWalk(scenario.baselineErrorRate, scenario.falseAlarm);
    const out = [{ k: 1, chance: 0 }];
    for (let n = 1; n <= upTo; n++) {
      const k = threshold(n);
      out.push({ k, chance: k > n ? 0 : binomialTail(n, scenario.regressedErrorRate, k) });
    }
    return out;
  }

  test("from `from` requests on, every count catches the regression 95% of the time; the count before does not", () => {
    for (const scenario of scenarios) {
      const { fewest, from, provenFrom } = requestsToCatch(scenario);
      // Every count up to where canarySizes' bound takes over, one by one (beyond it the bound
      // holds, checked in src/sim/reliability/reliability.test.ts).
      const all = chances(scenario, provenFrom);
      const short = all.flatMap((c, n) => (n > 0 && c.chance < scenario.power ? [n] : []));
      expect(short.at(-1), `${scenario.regressedErrorRate}`).toBe(from - 1);
      expect(all.findIndex((c, n) => n > 0 && c.chance >= scenario.power)).toBe(fewest);
      expect(fewest).toBeLessThanOrEqual(from);
      // The chance is the check at the end: the same as the test's at the bake's last count.
      expect(all[from]!.chance).toBe(detectionProbability({ ...scenario, requests: from }));
    }
  });

  test("the chance dips each time one more request raises the threshold by one error, so it can reach 95% and fall back under it", () => {
    const [fewest, from] = [7292, 7695];
    expect(requestsToCatch(canaryDefaults)).toMatchObject({ fewest, from });
    const all = chances(canaryDefaults, 2 * from);
    let steps = 0;
    const wrong: number[] = [];
    for (let n = 2; n < all.length; n++) {
      const [before, now] = [all[n - 1]!, all[n]!];
      // The threshold never falls, and rises at most one error a request; where it rises (and can
      // be reached) the chance falls, and elsewhere it never does.
      const rise = now.k - before.k;
      if (rise === 1) steps++;
      const right =
        (rise === 0 && now.chance >= before.chance) ||
        (rise === 1 && (now.k > n ? now.chance === 0 : now.chance < before.chance));
      if (!right) wrong.push(n);
    }
    expect(wrong).toEqual([]);
    expect(steps).toBeGreaterThan(10);
    // Reached at 7,292, under it again at 7,480 (threshold 15 to 16 errors), there for good from 7,695.
    expect(all[fewest]!.chance).toBeGreaterThanOrEqual(0.95);
    expect(all[7480]!.k).toBe(all[7479]!.k + 1);
    expect(all[7480]!.chance).toBeLessThan(0.95);
    expect(all[from - 1]!.chance).toBeLessThan(0.95);
  });
});

describe("the bake each share needs", () => {
  test("is the first whole second from which this bake and every longer one catch the regression 95% of the time", () => {
    for (const scenario of scenarios) {
      const { from } = requestsToCatch(scenario);
      for (const row of bakeByShare(scenario)) {
        if (row.bakeSeconds === null) {
          expect(canaryRequests(scenario.rate, row.share, scenario.maxBakeSeconds)).toBeLessThan(from);
          continue;
        }
        const plan = { ...scenario, share: row.share };
        expect(row.requests).toBeGreaterThanOrEqual(from);
        expect(canaryRequests(scenario.rate, row.share, row.bakeSeconds - 1)).toBeLessThan(from);
        expect(detectionWithin(plan, row.bakeSeconds)).toBeGreaterThanOrEqual(scenario.power);
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

  // s55: the slider ended at 13 h, and the slowest row read "over 13 h" (it needs 13 h 13 min).
  test("the slider's longest bake is the first whole hour within which every share and regression it offers stays at 95%", () => {
    expect(canaryDefaults.maxBakeSeconds).toBe(bakeChoices[bakeChoices.length - 1]! * 60);
    // Each row's bake with no limit: the longest one, rounded up to the hour, is the slider's end.
    const unbounded = { ...canaryDefaults, maxBakeSeconds: Number.POSITIVE_INFINITY };
    let longest = 0;
    let slowestRow = "";
    for (const scenario of scenarios) {
      for (const row of bakeByShare({ ...unbounded, regressedErrorRate: scenario.regressedErrorRate })) {
        expect(row.bakeSeconds).not.toBeNull();
        if (row.bakeSeconds! > longest)
          [longest, slowestRow] = [row.bakeSeconds!, `${row.share} at ${scenario.regressedErrorRate}`];
      }
    }
    expect(canaryDefaults.maxBakeSeconds).toBe(Math.ceil(longest / 3600) * 3600);
    expect(canaryDefaults.maxBakeSeconds - longest).toBeLessThan(3600);
    // So no row, at the widget's own limit, is left without a bake.
    const over = scenarios.flatMap((scenario) =>
      bakeByShare(scenario)
        .filter((row) => row.bakeSeconds === null)
        .map((row) => `${row.share} at ${scenario.regressedErrorRate}`),
    );
    expect(over).toEqual([]);
    // bakeChoices' comment: the slowest, 0.1% at 0.2% errors, first touches 95% at 45,256 s
    // (12 h 34 min), stays there from 47,530 s (13 h 12 min 10 s).
    expect(slowestRow).toBe("0.001 at 0.002");
    const slowest = requestsToCatch({ ...canaryDefaults, regressedErrorRate: 0.002 });
    const bakeFor = (n: number) => {
      let s = 1;
      while (canaryRequests(canaryDefaults.rate, 0.001, s) < n) s++;
      return s;
    };
    expect(bakeFor(slowest.fewest)).toBe(45_256);
    expect(bakeFor(slowest.from)).toBe(47_530);
    expect(longest).toBe(47_530);
    // The slider's steps: 5 min apart up to 1 h, 15 min up to 4 h, an hour up to the end, always rising.
    expect(bakeChoices.slice(0, 3)).toEqual([5, 10, 15]);
    expect(bakeChoices).toContain(60);
    expect(bakeChoices).toContain(240);
    for (let i = 1; i < bakeChoices.length; i++) expect(bakeChoices[i]!).toBeGreaterThan(bakeChoices[i - 1]!);
    expect(bakeChoices.filter((m) => m > 240).every((m, i, hours) => m - (hours[i - 1] ?? 240) === 60)).toBe(true);
  });

  test("at the defaults (0.1% to 0.3% errors): 15,390 s at 0.1% of traffic, 62 s at 25%: 7,695 requests and 7,750", () => {
    const rows = bakeByShare(canaryDefaults);
    expect(rows[0]!).toMatchObject({ bakeSeconds: 15_390, requests: 7695 });
    expect(rows[rows.length - 1]!).toMatchObject({ bakeSeconds: 62, requests: 7750 });
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
