import { describe, expect, test } from "vitest";
import { expectedCallsToStreak, failuresToOpen, longestFailureRun, roundRobinOutcomes } from "./breaker-thresholds.ts";
import { mulberry32 } from "./random.ts";
import { CircuitBreaker } from "./retry-storm/policies.ts";

const consecutiveBreaker = (threshold: number) =>
  new CircuitBreaker({
    kind: "consecutive",
    threshold,
    failureRate: 0.5,
    window: 100,
    minCalls: 100,
    cooldownSeconds: 60,
    probes: 1,
  });

/** Calls until a fresh consecutive breaker opens, failing each call with probability p. */
function callsUntilOpen(p: number, threshold: number, rand: () => number): number {
  const breaker = consecutiveBreaker(threshold);
  let calls = 0;
  while (breaker.state === "closed") {
    calls++;
    breaker.record(calls, rand() >= p);
  }
  return calls;
}

describe("failuresToOpen", () => {
  test("at or above vs strictly above", () => {
    expect(failuresToOpen(100, 0.5, false)).toBe(50);
    expect(failuresToOpen(100, 0.1, false)).toBe(10);
    expect(failuresToOpen(10, 0.5, true)).toBe(6);
    expect(failuresToOpen(10, 0.5, false)).toBe(5);
    expect(failuresToOpen(1, 0.5, true)).toBe(1); // one call, one failure: 100% > 50%
    expect(failuresToOpen(7, 0.5, false)).toBe(4);
    expect(failuresToOpen(30, 0.1, true)).toBe(4);
  });
});

describe("a consecutive-failure breaker and random failures", () => {
  test("the closed form: 62 calls at 50% failures, about 3,900 at 20%, for 5 in a row", () => {
    expect(expectedCallsToStreak(0.5, 5)).toBeCloseTo(62, 10);
    expect(Math.round(expectedCallsToStreak(0.2, 5))).toBe(3905);
    expect(expectedCallsToStreak(1, 5)).toBe(5);
    expect(expectedCallsToStreak(0, 5)).toBe(Number.POSITIVE_INFINITY);
    expect(() => expectedCallsToStreak(1.5, 5)).toThrow(RangeError);
  });

  test("the course's own breaker agrees with the closed form (seeded, 4,000 runs at 50%, 400 at 20%)", () => {
    const rand = mulberry32(5);
    for (const [p, runs] of [
      [0.5, 4000],
      [0.2, 400],
    ] as const) {
      let total = 0;
      for (let i = 0; i < runs; i++) total += callsUntilOpen(p, 5, rand);
      const mean = total / runs;
      // The mean of a waiting time this spread out wobbles by a few percent at these run counts.
      expect(Math.abs(mean / expectedCallsToStreak(p, 5) - 1)).toBeLessThan(0.08);
    }
  });
});

describe("failure patterns a consecutive breaker never sees", () => {
  test("round robin over two hosts, one dead: half the calls fail, never two in a row", () => {
    const lap = roundRobinOutcomes(2, 1);
    expect(lap).toEqual([true, false]);
    expect(longestFailureRun(lap)).toBe(1);
    const breaker = consecutiveBreaker(5);
    for (let call = 0; call < 100_000; call++) breaker.record(call, !lap[call % lap.length]);
    expect(breaker.state).toBe("closed");
  });

  test("runs that wrap around the end of the pattern count whole; all-failing patterns run forever", () => {
    expect(longestFailureRun([true, false, false, true, true])).toBe(3);
    expect(longestFailureRun(roundRobinOutcomes(4, 2))).toBe(2);
    expect(longestFailureRun([true, true])).toBe(Number.POSITIVE_INFINITY);
    expect(longestFailureRun([])).toBe(0);
    expect(() => roundRobinOutcomes(2, 3)).toThrow(RangeError);
  });
});
