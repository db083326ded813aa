import { describe, expect, test } from "vitest";
import { simulateOverload } from "./overload.ts";

const burst = [
  { seconds: 60, rate: 120 },
  { seconds: 120, rate: 80 },
];

describe("the fluid overload model", () => {
  test("an unbounded queue: the closed forms, exactly", () => {
    const r = simulateOverload({
      capacity: 100,
      timeoutSeconds: 1,
      phases: burst,
      queueLimit: Number.POSITIVE_INFINITY,
    });
    // The queue grows by 20 a second to 1,200; it is longer than 100 (1 s of work) from 5 s until
    // it drains back to 100, 1,100 / 20 = 55 s after the burst.
    expect(r).toEqual({
      useful: 5800,
      wasted: 11_000,
      rejected: 0,
      longestQueue: 1200,
      uselessFrom: 5,
      uselessUntil: 115,
    });
  });

  test("a bounded queue refuses the excess once full and wastes nothing while the limit is inside the time-out", () => {
    const r = simulateOverload({ capacity: 100, timeoutSeconds: 1, phases: burst, queueLimit: 50 });
    expect(r).toEqual({
      useful: 15_650,
      wasted: 0,
      rejected: 1150,
      longestQueue: 50,
      uselessFrom: null,
      uselessUntil: null,
    });
  });

  test("a queue limit past the longest useful queue still wastes the arrivals that join beyond it", () => {
    const r = simulateOverload({ capacity: 100, timeoutSeconds: 1, phases: burst, queueLimit: 300 });
    // Full at 15 s; useless from 5 s; after the burst 300 drains to 100 in 10 s.
    expect(r.longestQueue).toBe(300);
    expect(r.uselessFrom).toBe(5);
    expect(r.uselessUntil).toBe(70);
    expect(r.rejected).toBeCloseTo(20 * 45, 9);
    expect(r.wasted).toBeCloseTo(120 * 10 + 100 * 45 + 80 * 10, 9);
    expect(r.useful + r.wasted + r.rejected).toBeCloseTo(120 * 60 + 80 * 120, 9);
  });

  test("demand under capacity never queues, and a limit of 0 serves only what capacity takes", () => {
    expect(
      simulateOverload({ capacity: 100, timeoutSeconds: 1, phases: [{ seconds: 10, rate: 90 }], queueLimit: 0 }),
    ).toEqual({ useful: 900, wasted: 0, rejected: 0, longestQueue: 0, uselessFrom: null, uselessUntil: null });
    const r = simulateOverload({
      capacity: 100,
      timeoutSeconds: 1,
      phases: [{ seconds: 10, rate: 150 }],
      queueLimit: 0,
    });
    expect(r).toEqual({
      useful: 1000,
      wasted: 0,
      rejected: 500,
      longestQueue: 0,
      uselessFrom: null,
      uselessUntil: null,
    });
  });

  test("bad inputs are refused by name", () => {
    const ok = { capacity: 100, timeoutSeconds: 1, phases: burst, queueLimit: 50 };
    expect(() => simulateOverload({ ...ok, capacity: 0 })).toThrow(/capacity/);
    expect(() => simulateOverload({ ...ok, timeoutSeconds: Number.NaN })).toThrow(/timeoutSeconds/);
    expect(() => simulateOverload({ ...ok, queueLimit: -1 })).toThrow(/queueLimit/);
    expect(() => simulateOverload({ ...ok, phases: [{ seconds: 5, rate: -1 }] })).toThrow(/phase 1: rate/);
  });
});
