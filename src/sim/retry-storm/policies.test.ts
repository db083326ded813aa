import { expect, test } from "vitest";
import { mulberry32 } from "../random.ts";
import {
  CircuitBreaker,
  fullJitterRetryPolicy,
  naiveRetryPolicy,
  RatioRetryBudget,
  TokenRetryBudget,
} from "./policies.ts";

test("the naive loop: five attempts, sleeps of 0, 200, 400, 600 and 800 ms (after the last too)", () => {
  const policy = naiveRetryPolicy(5, 200);
  const rand = mulberry32(1);
  const decisions = [0, 1, 2, 3, 4].map((k) => policy(k, rand));
  expect(decisions.map((d) => d.sleepMs)).toEqual([0, 200, 400, 600, 800]);
  expect(decisions.map((d) => d.retry)).toEqual([true, true, true, true, false]);
  // Five 1 s time-outs plus the sleeps: the connection is held about 7 s.
  expect(5 * 1000 + decisions.reduce((a, d) => a + d.sleepMs, 0)).toBe(7000);
});

test("full jitter stays between 0 and the capped exponential ceiling", () => {
  const policy = fullJitterRetryPolicy(10, 100, 1000);
  const rand = mulberry32(2);
  for (let k = 0; k < 9; k++) {
    const ceiling = Math.min(1000, 100 * 2 ** k);
    for (let i = 0; i < 200; i++) {
      const d = policy(k, rand);
      expect(d.retry).toBe(true);
      expect(d.sleepMs).toBeGreaterThanOrEqual(0);
      expect(d.sleepMs).toBeLessThan(ceiling);
    }
  }
  expect(policy(9, rand)).toEqual({ sleepMs: 0, retry: false });
});

test("a 10% ratio budget allows one retry per ten requests in its window", () => {
  const budget = new RatioRetryBudget(0.1, 10, 0);
  for (let i = 0; i < 100; i++) budget.onRequest(i * 0.05); // 100 requests within 5 s
  let allowed = 0;
  for (let i = 0; i < 50; i++) if (budget.tryRetry(5)) allowed++;
  expect(allowed).toBe(10);
  // Ten seconds later the window has forgotten them: no requests, no retries.
  expect(budget.tryRetry(16)).toBe(false);
  budget.onRequest(16);
  for (let i = 0; i < 9; i++) budget.onRequest(16.5);
  expect(budget.tryRetry(16.9)).toBe(true);
  expect(budget.tryRetry(16.9)).toBe(false);
});

test("the gRPC A6 token bucket stops retries at half its tokens and refills on successes", () => {
  const bucket = new TokenRetryBudget(10, 0.1);
  expect(bucket.tryRetry()).toBe(true);
  for (let i = 0; i < 5; i++) bucket.onOutcome(false); // 10 -> 5: at the threshold, retries stop
  expect(bucket.tokens).toBe(5);
  expect(bucket.tryRetry()).toBe(false);
  bucket.onOutcome(true); // 5.1 > 5
  expect(bucket.tryRetry()).toBe(true);
  for (let i = 0; i < 20; i++) bucket.onOutcome(false);
  expect(bucket.tokens).toBe(0);
});

test("a consecutive breaker opens, fails fast for the cooldown, then closes after good probes", () => {
  const br = new CircuitBreaker({
    kind: "consecutive",
    threshold: 3,
    failureRate: 0.5,
    window: 10,
    minCalls: 5,
    cooldownSeconds: 2,
    probes: 2,
  });
  for (let i = 0; i < 2; i++) {
    expect(br.allow(0)).toBe(true);
    br.record(0, false);
  }
  br.record(0, true); // a success resets the count
  for (let i = 0; i < 3; i++) br.record(0.1, false);
  expect(br.state).toBe("open");
  expect(br.allow(1)).toBe(false);
  expect(br.allow(2.1)).toBe(true); // half-open: two probes
  expect(br.allow(2.1)).toBe(true);
  expect(br.allow(2.1)).toBe(false);
  br.record(2.2, true);
  expect(br.state).toBe("half-open");
  br.record(2.2, true);
  expect(br.state).toBe("closed");
  expect(br.opened).toBe(1);
});

test("a failed probe reopens the breaker; a failure-rate breaker waits for its minimum calls", () => {
  const br = new CircuitBreaker({
    kind: "rate",
    threshold: 99,
    failureRate: 0.5,
    window: 10,
    minCalls: 6,
    cooldownSeconds: 1,
    probes: 1,
  });
  for (let i = 0; i < 5; i++) br.record(0, false);
  expect(br.state).toBe("closed"); // 5 calls < minimum 6
  br.record(0, true); // 5 of 6 failed
  expect(br.state).toBe("open");
  expect(br.allow(1.5)).toBe(true);
  br.record(1.6, false);
  expect(br.state).toBe("open");
  expect(br.opened).toBe(2);
  // Rate over the window: 4 failures in 10 calls stays closed at a 50% threshold.
  const calm = new CircuitBreaker({
    kind: "rate",
    threshold: 99,
    failureRate: 0.5,
    window: 10,
    minCalls: 10,
    cooldownSeconds: 1,
    probes: 1,
  });
  for (let i = 0; i < 10; i++) calm.record(0, i % 5 < 3); // successes 0,1,2 of every five
  expect(calm.state).toBe("closed");
});
