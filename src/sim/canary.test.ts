import { describe, expect, it } from "vitest";
import {
  alarmThreshold,
  bakeToDetect,
  binomialPmf,
  binomialTail,
  canaryRequests,
  detectionProbability,
  detectionWithin,
  thresholdWalk,
  waveShares,
} from "./canary.ts";

describe("binomial probabilities", () => {
  // Reference values: scipy.stats.binom 1.17 (sf(k - 1, n, p) is P(X >= k)).
  it.each([
    [10, 0.3, 6, 0.04734898739999998],
    [1000, 0.01, 20, 0.003288359787727457],
    [1_000_000, 0.001, 1100, 0.0009574669700285317],
    [100_000_000, 1e-6, 130, 0.0022820822108181936],
    [50, 0.5, 10, 0.9999971929499534],
    [200_000, 0.002, 350, 0.9949896468589018],
  ])("P(X >= k) for n=%d, p=%d, k=%d matches scipy", (n, p, k, expected) => {
    expect(binomialTail(n, p, k)).toBeCloseTo(expected, 12);
    expect(Math.abs(binomialTail(n, p, k) - expected) / expected).toBeLessThan(1e-9);
  });

  it("pmf matches scipy and exact small cases", () => {
    expect(binomialPmf(1000, 0.01, 0)).toBeCloseTo(4.317124741065821e-5, 15);
    expect(binomialPmf(1000, 0.01, 12)).toBeCloseTo(0.09516151576662027, 13);
    expect(binomialPmf(10, 0.3, 3)).toBeCloseTo(120 * 0.3 ** 3 * 0.7 ** 7, 14);
    expect(binomialPmf(5, 0, 0)).toBe(1);
    expect(binomialPmf(5, 1, 5)).toBe(1);
    expect(binomialPmf(5, 0.5, 6)).toBe(0);
  });

  it("every pmf sums to 1 and the tail is 1 minus the lower sum", () => {
    for (const [n, p] of [
      [40, 0.05],
      [300, 0.5],
      [2000, 0.001],
    ] as const) {
      let sum = 0;
      for (let k = 0; k <= n; k++) sum += binomialPmf(n, p, k);
      expect(sum).toBeCloseTo(1, 12);
      for (const k of [1, 2, Math.floor(n * p), Math.ceil(n * p) + 3]) {
        let lower = 0;
        for (let j = 0; j < k; j++) lower += binomialPmf(n, p, j);
        expect(binomialTail(n, p, k)).toBeCloseTo(1 - lower, 12);
      }
    }
  });

  it("refuses what is not a binomial", () => {
    expect(() => binomialTail(-1, 0.5, 1)).toThrow(RangeError);
    expect(() => binomialTail(10, 1.5, 1)).toThrow(/probability/);
    expect(() => binomialTail(10, 0.5, 1.5)).toThrow(/whole/);
  });
});

describe("the canary's alarm", () => {
  const test = { requests: 100_000, baselineErrorRate: 0.001, falseAlarm: 0.01 };

  it("fires at the fewest errors a healthy release reaches at most 1% of the time", () => {
    const k = alarmThreshold(test);
    expect(k).toBe(125); // scipy: the smallest k with sf(k - 1, 1e5, 0.001) <= 0.01
    expect(binomialTail(test.requests, test.baselineErrorRate, k)).toBeLessThanOrEqual(0.01);
    expect(binomialTail(test.requests, test.baselineErrorRate, k - 1)).toBeGreaterThan(0.01);
  });

  it("detects a regression from 0.1% to 0.15% errors in 100,000 requests 98.4% of the time", () => {
    // scipy: binom.sf(124, 100000, 0.0015) = 0.98354526782596
    expect(detectionProbability({ ...test, regressedErrorRate: 0.0015 })).toBeCloseTo(0.98354526782596, 12);
  });

  it("a healthy release sets it off at most at the false-alarm rate", () => {
    for (const requests of [500, 5000, 50_000]) {
      const p = detectionProbability({
        requests,
        baselineErrorRate: 0.002,
        regressedErrorRate: 0.002,
        falseAlarm: 0.05,
      });
      expect(p).toBeLessThanOrEqual(0.05);
    }
  });
});

describe("one threshold rule", () => {
  /** The definition, by brute force: the smallest k >= 1 with P(X >= k) <= falseAlarm (n + 1 if none). */
  function smallest(requests: number, baselineErrorRate: number, falseAlarm: number): number {
    let k = 1;
    while (k <= requests && binomialTail(requests, baselineErrorRate, k) > falseAlarm) k++;
    return k;
  }

  it("is the smallest count that rare, from below the mean (false-alarm rates of a half or more) to beyond n", () => {
    for (const requests of [1, 2, 7, 40, 333, 2000])
      for (const baselineErrorRate of [0, 0.001, 0.02, 0.3, 0.9])
        for (const falseAlarm of [0.001, 0.01, 0.05, 0.5, 0.7, 0.99])
          expect(
            alarmThreshold({ requests, baselineErrorRate, falseAlarm }),
            `${requests} ${baselineErrorRate} ${falseAlarm}`,
          ).toBe(smallest(requests, baselineErrorRate, falseAlarm));
  });

  it("a canary that keeps serving carries its threshold on, with the same thresholds as from scratch", () => {
    for (const [p0, falseAlarm] of [
      [0.001, 0.01],
      [0.02, 0.05],
      [0.3, 0.6],
    ] as const) {
      const walk = thresholdWalk(p0, falseAlarm);
      let last = 0;
      for (let requests = 1; requests <= 3000; requests += requests < 200 ? 1 : 37) {
        const k = walk(requests);
        expect(k).toBe(alarmThreshold({ requests, baselineErrorRate: p0, falseAlarm }));
        expect(k).toBeGreaterThanOrEqual(last);
        last = k;
      }
      expect(() => walk(10)).toThrow(/must not fall/);
    }
    expect(() => alarmThreshold({ requests: 10, baselineErrorRate: 0.1, falseAlarm: 0.01 }, 0)).toThrow(/atLeast/);
  });
});

describe("choosing a canary's share and bake", () => {
  const plan = { rate: 1000, share: 0.01, baselineErrorRate: 0.001, regressedErrorRate: 0.0015, falseAlarm: 0.01 };

  it("counts the canary's requests", () => {
    expect(canaryRequests(1000, 0.01, 600)).toBe(6000);
    expect(() => canaryRequests(1000, 0, 600)).toThrow(RangeError);
  });

  it("finds the shortest bake that reaches the power, and no shorter step does", () => {
    const choice = bakeToDetect(plan, 0.95);
    expect(choice.bakeSeconds).toBe(7800);
    expect(choice.detection).toBeGreaterThanOrEqual(0.95);
    for (let s = 60; s < choice.bakeSeconds!; s += 60) expect(detectionWithin(plan, s)).toBeLessThan(0.95);
    expect(choice.requests).toBe(78_000);
    expect(choice.extraFailures).toBeCloseTo(39, 9);
  });

  it("a bigger canary detects sooner, but the regression meets about as many requests before it does", () => {
    const shares = [0.01, 0.05, 0.2];
    const choices = shares.map((share) => bakeToDetect({ ...plan, share }, 0.95));
    const bakes = choices.map((c) => c.bakeSeconds!);
    expect(bakes[0]).toBeGreaterThan(bakes[1]!);
    expect(bakes[1]).toBeGreaterThan(bakes[2]!);
    const requests = choices.map((c) => c.requests);
    const spread = Math.max(...requests) / Math.min(...requests);
    expect(spread).toBeLessThan(1.1);
  });

  it("is the first step that reaches the power, and says no more: a longer step can fall back under it", () => {
    // The canary widget's opening canary (src/sim/canary-tradeoff.ts), second by second.
    const widget = { rate: 500, share: 0.01, baselineErrorRate: 0.001, regressedErrorRate: 0.003, falseAlarm: 0.01 };
    const choice = bakeToDetect(widget, 0.95, 1, 3600);
    expect(choice.bakeSeconds).toBe(1459);
    for (let s = 1; s < 1459; s++) expect(detectionWithin(widget, s)).toBeLessThan(0.95);
    // The doc comment's example: 43 s later the threshold has risen by one error.
    expect(alarmThreshold({ requests: 7510, baselineErrorRate: 0.001, falseAlarm: 0.01 })).toBe(
      alarmThreshold({ requests: 7295, baselineErrorRate: 0.001, falseAlarm: 0.01 }) + 1,
    );
    expect(detectionWithin(widget, 1502)).toBeLessThan(0.95);
    expect(detectionWithin(widget, 1502)).toBeGreaterThan(0.93);
  });

  it("says when no bake up to the limit is enough", () => {
    const tiny = bakeToDetect({ ...plan, rate: 1, regressedErrorRate: 0.0011 }, 0.95, 60, 3600);
    expect(tiny.bakeSeconds).toBeNull();
    expect(tiny.detection).toBeLessThan(0.95);
  });
});

describe("waves: one box, one zone, one region, everywhere", () => {
  it("adds up to the whole fleet", () => {
    const waves = waveShares(300, 3, 4);
    expect(waves.map((w) => w.name)).toEqual(["one box", "one zone", "one region", "everywhere"]);
    expect(waves.reduce((s, w) => s + w.share, 0)).toBeCloseTo(1, 12);
    expect(waves[0]!.share).toBeCloseTo(1 / 300, 15);
    expect(waves[0]!.share + waves[1]!.share).toBeCloseTo(1 / 12, 15);
  });
  it("refuses a fleet that is not whole", () => {
    expect(() => waveShares(0, 3, 4)).toThrow(/boxes/);
  });
});
