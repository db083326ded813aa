import { expect, test } from "vitest";
import {
  uncapped,
  backoff,
  contentionRaw,
  contentionRatios,
  contentionRows,
  expected,
  naiveLoop,
  retriesAllowed,
  schedule,
  stacked,
} from "./numbers.ts";

test("amplification across layers (SRE book): 3 layers x 4 attempts = 64; one layer only = 4", () => {
  expect(stacked.count).toBe(3);
  expect(stacked.attempts).toBe(4);
  expect(stacked.database).toBe(64);
  expect(stacked.oneLayer).toBe(4);
});

test("expected attempts (1 - p^(N+1)) / (1 - p) with N = 3", () => {
  expect(retriesAllowed).toBe(3);
  // Independent check: 1 + p + p^2 + p^3 written out.
  const byHand = (p: number) => (1 + p + p * p + p * p * p).toFixed(3);
  expect(expected).toEqual([
    { failurePercent: "1%", attempts: byHand(0.01) },
    { failurePercent: "10%", attempts: byHand(0.1) },
    { failurePercent: "50%", attempts: "1.875" },
    { failurePercent: "100%", attempts: "4.000" },
  ]);
});

test("the naive loop holds a connection about 7 s (5 attempts, 1 s time-outs, sleeps to 800 ms)", () => {
  expect(naiveLoop.sleepsMillis).toBe("0, 200, 400, 600, 800");
  expect(naiveLoop.holdSeconds).toBe("7");
  // Little's law: 50 connections / 0.05 s = 1,000 per second; / 7 s = 7.1 per second.
  expect(naiveLoop.healthyThroughput).toBe("1,000");
  expect(naiveLoop.stormThroughput).toBe("7.1");
  expect(naiveLoop.shrink).toBe("140");
});

test("capped exponential backoff min(cap, base * 2^n)", () => {
  expect(backoff).toEqual({ base: 100, cap: 2000 });
  expect(schedule).toEqual([100, 200, 400, 800, 1600, 2000, 2000]);
  // The 11th retry (n = 10) without a cap: 100 ms * 2^10 = 102.4 s.
  expect(uncapped).toEqual({ retry: 11, seconds: "102.4" });
});

test("the contention experiment agrees with Brooker's published findings", () => {
  const strategies = contentionRows.map((r) => r.strategy);
  expect(strategies).toEqual(["none", "exponential", "full", "equal", "decorrelated"]);
  const calls = strategies.map((s) => contentionRaw[s].calls);
  const millis = strategies.map((s) => contentionRaw[s].millis);
  // Plain exponential is by far the slowest.
  expect(contentionRaw.exponential.millis).toBe(Math.max(...millis));
  expect(Number(contentionRatios.exponentialVsFullTime)).toBeGreaterThan(5);
  // No backoff does the most work.
  expect(contentionRaw.none.calls).toBe(Math.max(...calls));
  expect(Number(contentionRatios.noneVsFullCalls)).toBeGreaterThan(2);
  // Full jitter does about the least work (within 5% of the minimum).
  expect(contentionRaw.full.calls).toBeLessThanOrEqual(1.05 * Math.min(...calls));
  // Every client finishes: at least one call each.
  for (const c of calls) expect(c).toBeGreaterThanOrEqual(100);
});
