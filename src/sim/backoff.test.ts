import { describe, expect, test } from "vitest";
import { mulberry32 } from "./random.ts";
import {
  adaptiveRejectProbability,
  amplification,
  backoffStrategies,
  busyConnections,
  cappedExponential,
  decorrelatedJitter,
  equalJitter,
  expectedAttempts,
  fullJitter,
  makeBackoff,
  naiveHoldSeconds,
  poolThroughput,
  simulateContention,
  stableLoadBound,
} from "./backoff.ts";

const options = { base: 100, cap: 1000 };

describe("backoff delays", () => {
  test("capped exponential doubles from base and stops at the cap", () => {
    expect([0, 1, 2, 3, 4, 5, 60].map((n) => cappedExponential(n, options))).toEqual([
      100, 200, 400, 800, 1000, 1000, 1000,
    ]);
    expect(() => cappedExponential(-1, options)).toThrow(RangeError);
  });

  test("full jitter stays in [0, capped) and averages half of it", () => {
    const rand = mulberry32(1);
    const draws = Array.from({ length: 20_000 }, () => fullJitter(3, options, rand));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(800);
    expect(draws.reduce((a, b) => a + b, 0) / draws.length).toBeCloseTo(400, -1);
  });

  test("the first retry is number 0 by default (window [0, base)); Brooker's simulator counts it as 1", () => {
    const plain = makeBackoff("exponential", options, mulberry32(1));
    expect([plain.next(), plain.next(), plain.next()]).toEqual([100, 200, 400]);
    const fromOne = makeBackoff("exponential", options, mulberry32(1), 1);
    expect([fromOne.next(), fromOne.next()]).toEqual([200, 400]);
    fromOne.reset();
    expect(fromOne.next()).toBe(200);
    const full = makeBackoff("full", options, mulberry32(3), 1);
    expect(full.next()).toBeLessThan(200);
    expect(() => makeBackoff("full", options, mulberry32(1), 2 as 0)).toThrow(/the first retry is number 0 or 1/);
  });

  test("equal jitter stays in [half, capped)", () => {
    const rand = mulberry32(2);
    const draws = Array.from({ length: 20_000 }, () => equalJitter(3, options, rand));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(400);
    expect(Math.max(...draws)).toBeLessThan(800);
  });

  test("decorrelated jitter stays in [base, min(cap, 3 x previous))", () => {
    const rand = mulberry32(3);
    for (const previous of [100, 200, 300, 5000]) {
      for (let i = 0; i < 2000; i++) {
        const d = decorrelatedJitter(previous, options, rand);
        expect(d).toBeGreaterThanOrEqual(100);
        expect(d).toBeLessThanOrEqual(Math.min(1000, 3 * previous));
      }
    }
  });

  test("a stateful backoff walks the strategy and resets", () => {
    const plain = makeBackoff("exponential", options, mulberry32(1));
    expect([plain.next(), plain.next(), plain.next()]).toEqual([100, 200, 400]);
    plain.reset();
    expect(plain.next()).toBe(100);
    const none = makeBackoff("none", options, mulberry32(1));
    expect([none.next(), none.next()]).toEqual([0, 0]);
    // Decorrelated feeds each delay into the next: replay it by hand with the same stream.
    const a = mulberry32(9);
    const b = mulberry32(9);
    const decorrelated = makeBackoff("decorrelated", options, a);
    let previous = 100;
    for (let i = 0; i < 10; i++) {
      previous = Math.min(1000, 100 + b() * (3 * previous - 100));
      expect(decorrelated.next()).toBe(previous);
    }
    expect(() => makeBackoff("full", { base: 0, cap: 10 }, a)).toThrow(RangeError);
  });
});

describe("retry arithmetic", () => {
  test("amplification is attempts^layers (SRE book: 3 layers of 4 attempts = 64)", () => {
    expect(amplification(4, 3)).toBe(64);
    expect(amplification([4, 4, 4])).toBe(64);
    expect(amplification([3, 1, 5])).toBe(15);
    expect(amplification(5, 1)).toBe(5);
    expect(() => amplification(0, 2)).toThrow(RangeError);
  });

  test("expected attempts matches the geometric sum and a seeded Monte Carlo", () => {
    for (const [retries, p] of [
      [3, 0.5],
      [2, 0.1],
      [4, 0.9],
      [0, 0.3],
    ] as const) {
      let sum = 0;
      for (let i = 0; i <= retries; i++) sum += p ** i;
      expect(expectedAttempts(retries, p)).toBeCloseTo(sum, 12);
    }
    expect(expectedAttempts(3, 1)).toBe(4);
    expect(expectedAttempts(3, 0)).toBe(1);
    const rand = mulberry32(11);
    let total = 0;
    const trials = 100_000;
    for (let t = 0; t < trials; t++) {
      let attempts = 1;
      while (attempts < 4 && rand() < 0.5) attempts++;
      total += attempts;
    }
    expect(total / trials).toBeCloseTo(expectedAttempts(3, 0.5), 1);
  });

  test("the naive loop holds a connection about 7 s (5 attempts, 1 s time-outs, sleeps 0..800 ms)", () => {
    expect(naiveHoldSeconds({ attempts: 5, timeoutSeconds: 1, sleepStepSeconds: 0.2 })).toBeCloseTo(7, 12);
    expect(naiveHoldSeconds({ attempts: 1, timeoutSeconds: 1, sleepStepSeconds: 0.2 })).toBe(1);
  });

  test("Little's law and the metastable bound", () => {
    expect(busyConnections(20, 0.05)).toBeCloseTo(1, 12);
    expect(poolThroughput(50, 7)).toBeCloseTo(50 / 7, 12);
    // HotOS 2021 worked model: 300 QPS database, clients retry once: stable below 150 QPS.
    expect(stableLoadBound(300, 1)).toBe(150);
    expect(stableLoadBound(300, 2)).toBe(100);
  });
});

describe("retry throttles", () => {
  test("SRE adaptive throttling rejects max(0, (requests - K accepts) / (requests + 1))", () => {
    expect(adaptiveRejectProbability(100, 100)).toBe(0);
    expect(adaptiveRejectProbability(100, 50)).toBe(0);
    expect(adaptiveRejectProbability(100, 25)).toBeCloseTo(50 / 101, 12);
    expect(adaptiveRejectProbability(100, 0)).toBeCloseTo(100 / 101, 12);
    expect(adaptiveRejectProbability(100, 25, 1)).toBeCloseTo(75 / 101, 12);
  });
});

describe("contention simulation", () => {
  test("one client: one call, three network hops", () => {
    const r = simulateContention({ clients: 1, strategy: "full", seed: 1, delaySpread: 0 });
    expect(r).toEqual({ strategy: "full", clients: 1, calls: 1, completionMillis: 30, gaveUp: 0 });
  });

  test("three clients in lockstep, worked by hand", () => {
    // No network noise, plain exponential backoff (base 5): every round exactly one write wins.
    // Round 1: all read at 10, write at 20; client 0 wins, replies at 30; the others sleep 5.
    // Round 2: retry at 35, read 45, write 55; client 1 wins, reply 65; client 2 sleeps 10.
    // Round 3: retry at 75, read 85, write 95, reply 105.
    const r = simulateContention({ clients: 3, strategy: "exponential", seed: 1, delaySpread: 0 });
    expect(r).toEqual({ strategy: "exponential", clients: 3, calls: 6, completionMillis: 105, gaveUp: 0 });
  });

  test("deterministic by seed", () => {
    for (const strategy of backoffStrategies) {
      expect(simulateContention({ clients: 40, strategy, seed: 5 })).toEqual(
        simulateContention({ clients: 40, strategy, seed: 5 }),
      );
    }
  });

  test("golden: 50 clients, seed 1", () => {
    const rows = backoffStrategies.map((strategy) => {
      const r = simulateContention({ clients: 50, strategy, seed: 1 });
      return `${strategy} ${r.calls} ${Math.round(r.completionMillis)} ${r.gaveUp}`;
    });
    expect(rows).toMatchInlineSnapshot(`
      [
        "none 639 851 0",
        "exponential 621 33305 0",
        "full 329 1328 0",
        "equal 340 2390 0",
        "decorrelated 291 1389 0",
      ]
    `);
  });

  test("Brooker's findings hold on average over 20 seeds, 50 to 190 clients", () => {
    for (const clients of [50, 100, 190]) {
      const mean = (strategy: (typeof backoffStrategies)[number]) => {
        let calls = 0;
        let millis = 0;
        for (let seed = 1; seed <= 20; seed++) {
          const r = simulateContention({ clients, strategy, seed });
          expect(r.gaveUp).toBe(0);
          calls += r.calls;
          millis += r.completionMillis;
        }
        return { calls: calls / 20, millis: millis / 20 };
      };
      const results = Object.fromEntries(backoffStrategies.map((s) => [s, mean(s)]));
      const slowest = Math.max(...backoffStrategies.map((s) => results[s]!.millis));
      const mostWork = Math.max(...backoffStrategies.map((s) => results[s]!.calls));
      const leastWork = Math.min(...backoffStrategies.map((s) => results[s]!.calls));
      // Plain exponential backoff is by far the slowest: the clients stay in lockstep.
      expect(results.exponential!.millis).toBe(slowest);
      expect(results.exponential!.millis).toBeGreaterThan(5 * results.full!.millis);
      // No backoff does the most work (or ties plain exponential, which barely spreads anyone).
      expect(results.none!.calls).toBeGreaterThanOrEqual(0.95 * mostWork);
      // Full jitter is within 10% of the least work, and does less than half the work of no backoff.
      expect(results.full!.calls).toBeLessThanOrEqual(1.1 * leastWork);
      expect(results.full!.calls).toBeLessThan(0.6 * results.none!.calls);
    }
  });
});
