/**
 * Every number the timeouts-retries-backoff chapter shows, computed at build time from
 * src/sim/backoff.ts. numbers.test.ts checks them against the sources and by arithmetic.
 */
import {
  amplification,
  backoffStrategies,
  cappedExponential,
  expectedAttempts,
  naiveHoldSeconds,
  poolThroughput,
  simulateContention,
  type BackoffStrategy,
} from "../../../src/sim/backoff.ts";
import { grouped, percentUpTo } from "../../../src/format/number.ts";

// --- Amplification across layers (SRE book, "Addressing Cascading Failures") -----------------
export const layers = { count: 3, attempts: 4 } as const;
export const stacked = {
  ...layers,
  /** 4 x 4 x 4 attempts reach the database for one user request. */
  database: amplification(layers.attempts, layers.count),
  /** Retrying at the top layer only: the bottom sees at most `attempts`. */
  oneLayer: amplification([layers.attempts, 1, 1]),
};

// --- Expected attempts when failures are independent ----------------------------------------
export const retriesAllowed = 3;
const shares = [0.01, 0.1, 0.5, 1] as const;
export const expected = shares.map((p) => ({
  failurePercent: percentUpTo(p, 0),
  attempts: grouped(expectedAttempts(retriesAllowed, p), 3),
}));

// --- The naive loop from the incident -------------------------------------------------------
const naive = { attempts: 5, timeoutSeconds: 1, sleepStepSeconds: 0.2 } as const;
const pool = { connections: 50, healthyHoldSeconds: 0.05 } as const;
const hold = naiveHoldSeconds(naive);
export const naiveLoop = {
  attempts: naive.attempts,
  timeoutSeconds: naive.timeoutSeconds,
  sleepStepMillis: naive.sleepStepSeconds * 1000,
  /** The sleeps after each failed attempt: 0, 200, 400, 600, 800 ms. */
  sleepsMillis: Array.from({ length: naive.attempts }, (_, i) => Math.round(i * naive.sleepStepSeconds * 1000)).join(
    ", ",
  ),
  holdSeconds: grouped(hold),
  connections: pool.connections,
  healthyHoldMillis: pool.healthyHoldSeconds * 1000,
  healthyThroughput: grouped(poolThroughput(pool.connections, pool.healthyHoldSeconds)),
  stormThroughput: grouped(poolThroughput(pool.connections, hold), 1),
  /** How many times the pool's throughput shrinks. */
  shrink: grouped(poolThroughput(pool.connections, pool.healthyHoldSeconds) / poolThroughput(pool.connections, hold)),
};

// --- Capped exponential backoff --------------------------------------------------------------
export const backoff = { base: 100, cap: 2000 } as const;
export const schedule = Array.from({ length: 7 }, (_, n) => cappedExponential(n, backoff));
/** What the same formula asks for without a cap, at a late retry (retry number n counts from 0). */
const lateRetry = 10;
export const uncapped = {
  retry: lateRetry + 1,
  seconds: grouped(cappedExponential(lateRetry, { ...backoff, cap: Infinity }) / 1000, 1),
};

// --- The contention simulation (Brooker's experiment, re-implemented) ------------------------
export const contention = { clients: 100, seeds: 10 } as const;
const labels: Record<BackoffStrategy, string> = {
  none: "no backoff",
  exponential: "exponential, no jitter",
  full: "full jitter",
  equal: "equal jitter",
  decorrelated: "decorrelated jitter",
};
function average(strategy: BackoffStrategy) {
  let calls = 0;
  let millis = 0;
  for (let seed = 1; seed <= contention.seeds; seed++) {
    const r = simulateContention({ clients: contention.clients, strategy, seed });
    calls += r.calls;
    millis += r.completionMillis;
  }
  return { calls: calls / contention.seeds, millis: millis / contention.seeds };
}
const averages = Object.fromEntries(backoffStrategies.map((s) => [s, average(s)])) as Record<
  BackoffStrategy,
  { calls: number; millis: number }
>;
export const contentionRows = backoffStrategies.map((strategy) => ({
  strategy,
  label: labels[strategy],
  calls: grouped(averages[strategy].calls),
  seconds: grouped(averages[strategy].millis / 1000, 1),
}));
export const contentionRaw = averages;
export const contentionRatios = {
  /** How many times slower plain exponential backoff finishes than full jitter. */
  exponentialVsFullTime: grouped(averages.exponential.millis / averages.full.millis),
  /** How many times more calls no backoff makes than full jitter. */
  noneVsFullCalls: grouped(averages.none.calls / averages.full.calls, 1),
};
