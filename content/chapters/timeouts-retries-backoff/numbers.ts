/**
 * Every number the timeouts-retries-backoff chapter shows, computed at build time from
 * src/sim/backoff.ts. numbers.test.ts checks them against the sources and by arithmetic.
 */
import {
  amplification,
  backoffStrategies,
  cappedExponential,
  contentionDefaults,
  expectedAttempts,
  naiveHoldSeconds,
  poolThroughput,
  simulateContention,
  type BackoffStrategy,
  type FirstRetry,
} from "../../../src/sim/backoff.ts";
import { grouped, oneIn, percentAtMost, percentUpTo } from "../../../src/format/number.ts";
import { balancingFailureShare, grpcExampleThrottling } from "../../../src/sim/token-bucket.ts";
import { parameterDefaults } from "../../../src/sim/retry-storm/index.ts";
import { ordinal } from "../../../src/format/words.ts";

/** "a, b and c" */
const listed = (items: string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

// --- Amplification across layers (SRE book, "Addressing Cascading Failures") -----------------
/**
 * The AWS Builders' Library's example of picking a timeout ("Timeouts, retries, and backoff with
 * jitter"): an acceptable rate of false timeouts, 0.1%, and the latency percentile that matches it.
 */
const falseTimeoutRate = 0.001;
export const buildersTimeout = {
  falseTimeouts: percentUpTo(falseTimeoutRate),
  percentile: `${grouped((1 - falseTimeoutRate) * 100, 1)}th`,
};

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
/**
 * The loop's settings are the retry-storm model's defaults, which the code block above the prose
 * is held to (tests/content/typed-figures.test.ts): one source for the code and the arithmetic.
 */
const naive = {
  attempts: parameterDefaults.attempts,
  timeoutSeconds: parameterDefaults.attemptTimeout,
  sleepStepSeconds: parameterDefaults.sleepStep / 1000,
} as const;
const pool = { connections: 50, healthyHoldSeconds: 0.05 } as const;
const hold = naiveHoldSeconds(naive);
/** The loop sleeps step x attempt after every failed attempt, the last one included. */
const sleeps = Array.from({ length: naive.attempts }, (_, i) => Math.round(i * naive.sleepStepSeconds * 1000));
export const naiveLoop = {
  attempts: naive.attempts,
  timeoutSeconds: naive.timeoutSeconds,
  sleepStepMillis: parameterDefaults.sleepStep,
  /** The sleeps between attempts: after attempts 0..3, 0, 200, 400 and 600 ms. */
  sleepsBetweenMillis: listed(sleeps.slice(0, -1).map(String)),
  /** The last sleep, after the last attempt has failed, before the loop gives up: 800 ms. */
  lastSleepMillis: String(sleeps[sleeps.length - 1]),
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
/** The schedule as the prose lists it, each wait with its unit: "100 ms, 200 ms, …, 1,600 ms, …". */
export const scheduleShown = {
  cap: grouped(backoff.cap),
  waits: schedule.map((ms) => `${grouped(ms)} ms`).join(", "),
};
/** What the same formula asks for without a cap, at a late retry (retry number n counts from 0). */
const lateRetry = 10;
export const uncapped = {
  retry: ordinal(lateRetry + 1),
  seconds: grouped(cappedExponential(lateRetry, { ...backoff, cap: Infinity }) / 1000, 1),
};

// --- The contention simulation (Brooker's experiment, re-implemented) ------------------------
/**
 * The experiment the chapter and its jitter playground both run: the same crowd sizes, the same
 * seeds (numbers.test.ts checks the playground's printed table against these figures). Retries
 * count from 0, so the first retry's window is [0, base), as gRFC A6 specified for gRPC's first
 * retry until its text moved to a jitter around the delay; Brooker's simulator counts from 1, a
 * window of [0, 2 x base).
 */
export const contention = { crowds: [10, 25, 50, 100] as const, seeds: 20 };
/** The experiment's network delay and backoff, as the chapter writes them ("a 2,000 ms cap"). */
export const contentionSettings = {
  delayFrom: grouped(contentionDefaults.delayMean - contentionDefaults.delaySpread),
  delayTo: grouped(contentionDefaults.delayMean + contentionDefaults.delaySpread),
  base: grouped(contentionDefaults.base),
  cap: grouped(contentionDefaults.cap),
};
const labels: Record<BackoffStrategy, string> = {
  none: "no backoff",
  exponential: "plain exponential",
  full: "full jitter",
  equal: "equal jitter",
  decorrelated: "decorrelated",
};
const jittered = ["full", "equal", "decorrelated"] as const satisfies readonly BackoffStrategy[];

/** Averages over the seeds, and each seed's time to the last finish (for the paired comparison). */
function average(clients: number, strategy: BackoffStrategy, firstRetry: FirstRetry = 0) {
  let calls = 0;
  let millis = 0;
  const perSeedMillis: number[] = [];
  for (let seed = 1; seed <= contention.seeds; seed++) {
    const r = simulateContention({ clients, strategy, seed, firstRetry });
    calls += r.calls;
    millis += r.completionMillis;
    perSeedMillis.push(r.completionMillis);
  }
  return { calls: calls / contention.seeds, millis: millis / contention.seeds, perSeedMillis };
}

/**
 * How far apart two strategies finish, against the noise between seeds: the paired t statistic
 * of a - b over the same seeds (their mean difference over its standard error). Negative when a
 * finishes sooner.
 */
function pairedT(a: readonly number[], b: readonly number[]): number {
  const d = a.map((x, i) => x - b[i]!);
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (d.length - 1));
  return mean / (sd / Math.sqrt(d.length));
}
/** "Clearly" sooner: by more than twice the seeds' noise (t below -2; for 20 seeds, about the 6% level two-sided). */
const clearlyT = -2;

/** Averages per crowd size and strategy: calls (the work the record absorbs) and time to the last finish. */
export const contentionRaw = Object.fromEntries(
  contention.crowds.map((clients) => [
    clients,
    Object.fromEntries(backoffStrategies.map((s) => [s, average(clients, s)])) as Record<
      BackoffStrategy,
      { calls: number; millis: number; perSeedMillis: number[] }
    >,
  ]),
) as Record<
  (typeof contention.crowds)[number],
  Record<BackoffStrategy, { calls: number; millis: number; perSeedMillis: number[] }>
>;

/** Decorrelated against full jitter's time to the last finish, per crowd: the paired t over the seeds. */
export const decorrelatedVsFullT = Object.fromEntries(
  contention.crowds.map((clients) => [
    clients,
    pairedT(contentionRaw[clients].decorrelated.perSeedMillis, contentionRaw[clients].full.perSeedMillis),
  ]),
) as Record<(typeof contention.crowds)[number], number>;

const least = (clients: (typeof contention.crowds)[number], by: "calls" | "millis") =>
  jittered.reduce((best, s) => (contentionRaw[clients][s][by] < contentionRaw[clients][best][by] ? s : best));

/** One row per crowd size: every strategy's calls and seconds, and which jittered one did least work. */
export const contentionTable = contention.crowds.map((clients) => ({
  clients,
  cells: backoffStrategies.map((strategy) => ({
    strategy,
    calls: grouped(contentionRaw[clients][strategy].calls),
    seconds: grouped(contentionRaw[clients][strategy].millis / 1000, 2),
  })),
  leastWork: least(clients, "calls"),
  soonest: least(clients, "millis"),
}));
export const strategyLabels = labels;

const largest = contention.crowds[contention.crowds.length - 1]!;
const crowdsWhere = (test: (clients: (typeof contention.crowds)[number]) => boolean) =>
  contention.crowds.filter(test).map(String);

const jitteredCallsLargest = jittered.map((st) => contentionRaw[largest][st].calls);
const jitteredSpread = Math.max(...jitteredCallsLargest) / Math.min(...jitteredCallsLargest) - 1;
const exponentialVsNoneGap = Math.max(
  ...contention.crowds.map((c) => Math.abs(contentionRaw[c].exponential.calls / contentionRaw[c].none.calls - 1)),
);
const exponentialFewerLargest = 1 - contentionRaw[largest].exponential.calls / contentionRaw[largest].none.calls;

export const contentionFindings = {
  /** "10, 25 and 50": where decorrelated jitter made the fewest calls of the jittered strategies. */
  decorrelatedLeastAt: listed(crowdsWhere((c) => least(c, "calls") === "decorrelated")),
  fullLeastAt: listed(crowdsWhere((c) => least(c, "calls") === "full")),
  /** How many times slower plain exponential backoff finishes than full jitter, at the smallest and largest crowd. */
  exponentialVsFullTime: {
    smallest: grouped(
      contentionRaw[contention.crowds[0]].exponential.millis / contentionRaw[contention.crowds[0]].full.millis,
    ),
    largest: grouped(contentionRaw[largest].exponential.millis / contentionRaw[largest].full.millis),
  },
  /** How many times the calls of full jitter no backoff makes, at the largest crowd. */
  noneVsFullCallsLargest: grouped(contentionRaw[largest].none.calls / contentionRaw[largest].full.calls, 1),
  /**
   * The crowd from which decorrelated jitter finishes clearly sooner than full jitter at every
   * larger size: by more than twice the noise between seeds (paired t below -2).
   */
  decorrelatedClearlySoonestFrom: String(
    contention.crowds.find((c) =>
      contention.crowds.filter((d) => d >= c).every((d) => decorrelatedVsFullT[d] < clearlyT),
    ),
  ),
  /** How far apart the jittered strategies' calls are at the largest crowd: max / min - 1, rounded up ("within"). */
  jitteredSpreadLargest: percentAtMost(jitteredSpread, 0),
  /**
   * Plain exponential's calls against no backoff's: within this share of them at every crowd size
   * (|exponential / none - 1|, rounded up: "within")...
   */
  exponentialVsNoneWithin: percentAtMost(exponentialVsNoneGap, 0),
  /** ...and how many fewer it makes at the largest crowd (1 - exponential / none). */
  exponentialFewerLargest: percentUpTo(exponentialFewerLargest),
  smallest: String(contention.crowds[0]),
  largest: String(largest),
  /** The values behind the bounds above, for the tests. */
  raw: { jitteredSpread, exponentialVsNoneGap, exponentialFewerLargest },
};

// --- The same experiment with Brooker's convention (the first retry counted as 1) --------------
/**
 * Full and equal jitter depend on where the retry count starts; decorrelated jitter does not
 * (its draws are the same in both runs). Averages of calls per crowd size, Brooker's convention.
 */
export const brookerRaw = Object.fromEntries(
  contention.crowds.map((clients) => [
    clients,
    {
      full: average(clients, "full", 1).calls,
      equal: average(clients, "equal", 1).calls,
      decorrelated: contentionRaw[clients].decorrelated.calls,
    },
  ]),
) as Record<(typeof contention.crowds)[number], Record<(typeof jittered)[number], number>>;

const brookerLeast = (clients: (typeof contention.crowds)[number]) =>
  jittered.reduce((best, s) => (brookerRaw[clients][s] < brookerRaw[clients][best] ? s : best));
/** Two strategies' calls within 1% of each other: a tie, well inside the seeds' noise. */
const tieWithin = 0.01;
const tied = (a: number, b: number) => Math.abs(a / b - 1) < tieWithin;

export const brookerFindings = {
  /** What the chapter calls a tie: calls within this share of each other ("1%"). */
  tieWithin: percentUpTo(tieWithin),
  /** The smallest crowd from which full jitter makes the fewest calls at every larger size ("50"). */
  fullLeastFrom: String(
    contention.crowds.find((c) => contention.crowds.filter((d) => d >= c).every((d) => brookerLeast(d) === "full")),
  ),
  /** Crowds where full and decorrelated jitter are within 1% of each other in calls ("25"). */
  tiedAt: listed(
    crowdsWhere((c) => brookerLeast(c) !== "full" && tied(brookerRaw[c].full, brookerRaw[c].decorrelated)),
  ),
  /** Crowds where decorrelated jitter still makes clearly the fewest calls ("10"). */
  decorrelatedLeastAt: listed(
    crowdsWhere((c) => brookerLeast(c) === "decorrelated" && !tied(brookerRaw[c].full, brookerRaw[c].decorrelated)),
  ),
  /** How many fewer calls full jitter makes than decorrelated at the largest crowd: "14%". */
  fullSavesLargest: percentUpTo(1 - brookerRaw[largest].full / brookerRaw[largest].decorrelated, 0),
};

// --- What limits retries across a fleet (the retry-budgets chapter has the details) ----------
/** gRPC's token bucket with its example tokenRatio: retries stay off above this failure share. */
const throttleRatio = grpcExampleThrottling.tokenRatio;
export const throttle = {
  /** "1 in 11" */
  offAbove: oneIn(balancingFailureShare(throttleRatio)),
  offAbovePercent: percentUpTo(balancingFailureShare(throttleRatio)),
};
