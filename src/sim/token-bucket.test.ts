/**
 * The course's one retry token bucket, and the proof that every user of it now agrees: the
 * chapter and its exercises (RetryThrottle) and the retry-storm simulation (TokenRetryBudget,
 * which used to keep its own floating-point count).
 */
import { expect, test } from "vitest";
import { mulberry32 } from "./random.ts";
import { TokenRetryBudget } from "./retry-storm/policies.ts";
import {
  balancingFailureShare,
  failuresUntilThrottled,
  RetryThrottle,
  successesUntilRetrying,
} from "./token-bucket.ts";

test("gRPC A6 token bucket (maxTokens 10, tokenRatio 0.1)", () => {
  const throttle = new RetryThrottle(10, 0.1);
  expect(throttle.tokens).toBe(10);
  let failures = 0;
  while (throttle.retryAllowed()) {
    throttle.recordFailure();
    failures++;
  }
  // Retries stop once tokens <= maxTokens / 2: after 5 failures (10 -> 5).
  expect(failures).toBe(5);
  expect(throttle.tokens).toBe(5);
  throttle.recordSuccess();
  expect(throttle.tokens).toBe(5.1);
  expect(throttle.retryAllowed()).toBe(true);
  // From empty, 51 successes bring it back above half (exact arithmetic: 50 give exactly 5).
  const empty = new RetryThrottle(10, 0.1);
  for (let i = 0; i < 20; i++) empty.recordFailure();
  expect(empty.tokens).toBe(0);
  for (let i = 0; i < 50; i++) empty.recordSuccess();
  expect(empty.tokens).toBe(5);
  expect(empty.retryAllowed()).toBe(false);
  empty.recordSuccess();
  expect(empty.retryAllowed()).toBe(true);
  for (let i = 0; i < 1000; i++) empty.recordSuccess();
  expect(empty.tokens).toBe(10);
});

/** The arithmetic the storm's budget used before: tokens as a floating-point number (a foil, to show what changed). */
class FloatingBucket {
  tokens: number;
  constructor(
    private readonly max: number,
    private readonly ratio: number,
  ) {
    this.tokens = max;
  }
  retryAllowed(): boolean {
    return this.tokens > this.max / 2;
  }
  record(success: boolean): void {
    this.tokens = success ? Math.min(this.max, this.tokens + this.ratio) : Math.max(0, this.tokens - 1);
  }
}

test("from empty at (100, 0.1): 500 successes make exactly 50 tokens, so the 501st allows retries, for every user", () => {
  expect(successesUntilRetrying(100, 0.1)).toBe(501);
  const storm = new TokenRetryBudget(100, 0.1);
  for (let i = 0; i < 200; i++) storm.onOutcome(false);
  let successes = 0;
  while (!storm.tryRetry()) {
    storm.onOutcome(true);
    successes++;
  }
  expect(successes).toBe(501);
  expect(storm.tokens).toBe(50.1);
  // Floating point drifts above 50 by the 500th success, and said yes one success early.
  const float = new FloatingBucket(100, 0.1);
  for (let i = 0; i < 200; i++) float.record(false);
  let floatSuccesses = 0;
  while (!float.retryAllowed()) {
    float.record(true);
    floatSuccesses++;
  }
  expect(floatSuccesses).toBe(500);
});

test("on a long random sequence hovering at the threshold, the storm's budget and RetryThrottle decide alike", () => {
  // Failures at the balancing share keep the bucket near half full, where ties happen.
  const settings: [number, number][] = [
    [100, 0.1],
    [10, 0.1],
    [7, 0.3],
    [20, 0.05],
  ];
  let floatFlips = 0;
  let stormFlips = 0;
  let tokenMismatches = 0;
  let decisions = 0;
  for (const [max, ratio] of settings) {
    const rand = mulberry32(max * 1000 + ratio * 1000);
    const exact = new RetryThrottle(max, ratio);
    const storm = new TokenRetryBudget(max, ratio);
    const float = new FloatingBucket(max, ratio);
    const share = balancingFailureShare(ratio);
    for (let i = 0; i < 100_000; i++) {
      const allowed = exact.retryAllowed();
      if (storm.tryRetry() !== allowed) stormFlips++;
      if (float.retryAllowed() !== allowed) floatFlips++;
      decisions++;
      const success = rand() >= share;
      if (success) exact.recordSuccess();
      else exact.recordFailure();
      storm.onOutcome(success);
      float.record(success);
      if (storm.tokens !== exact.tokens) tokenMismatches++;
    }
  }
  expect(decisions).toBe(400_000);
  expect(stormFlips).toBe(0);
  expect(tokenMismatches).toBe(0);
  // The old arithmetic disagreed at some ties: the exact one is what changed.
  expect(floatFlips).toBeGreaterThan(0);
});

test("settings gRFC A6 refuses: zero or negative, or finer than a thousandth", () => {
  for (const [max, ratio] of [
    [0, 0.1],
    [10, 0],
    [-1, 0.1],
    [10, -0.5],
  ])
    expect(() => new RetryThrottle(max, ratio)).toThrow(/must be > 0 \(gRFC A6\)/);
  expect(() => new RetryThrottle(10, 0.0001)).toThrow(/at most 3 decimal places/);
  expect(() => new RetryThrottle(10.0005, 0.1)).toThrow(/at most 3 decimal places/);
  expect(new RetryThrottle(10, 0.125).tokenRatio).toBe(0.125);
});

test("draining, refilling and balancing, as the chapter's exercise asks", () => {
  expect(failuresUntilThrottled(10, 0.1)).toBe(5);
  expect(successesUntilRetrying(10, 0.1)).toBe(51);
  expect(failuresUntilThrottled(7, 0.3)).toBe(4); // 7 -> 3 tokens: 3 <= 3.5
  expect(balancingFailureShare(0.1)).toBeCloseTo(1 / 11, 15);
});
