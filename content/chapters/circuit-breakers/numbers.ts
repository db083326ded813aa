/**
 * Every number the circuit-breakers chapter shows, computed at build time: how many calls each
 * library's defaults need before the breaker can open, what failing fast saves (Little's law),
 * the sharded-backend trap, and the retry-storm replay with breakers on.
 */
import { busyConnections } from "../../../src/sim/backoff.ts";
import {
  expectedCallsToStreak,
  failuresToOpen,
  longestFailureRun,
  roundRobinOutcomes,
} from "../../../src/sim/breaker-thresholds.ts";
import { pricingDemand } from "../../../src/sim/retry-storm/demand.ts";
import {
  parameterDefaults,
  defaultScenario,
  defaultServices,
  rememberedRetryStorm,
  statedRate,
  triggeredDependency,
} from "../../../src/sim/retry-storm/index.ts";
import { asGiven, grouped, nounFor, percentUpTo, roundToFigures, successPercent } from "../../../src/format/number.ts";
import { inWords, listNames, ordinal } from "../../../src/format/words.ts";

const params = parameterDefaults;

// --- Library defaults, each from the library's own documentation (linked from the table that shows them) ---
/** resilience4j CircuitBreakerConfig: count window 100, minimumNumberOfCalls 100, failureRateThreshold 50 (>=), waitDurationInOpenState 60 s, permittedNumberOfCallsInHalfOpenState 10 (judged by their failure rate). */
export const resilience4j = { window: 100, minCalls: 100, threshold: 0.5, openSeconds: 60, halfOpenCalls: 10 };
/** opossum options: timeout 10 s, errorThresholdPercentage 50 (strictly above), resetTimeout 30 s, rolling window 10 s in 10 buckets, volumeThreshold 0, one trial call half-open. */
export const opossum = {
  timeoutSeconds: 10,
  threshold: 0.5,
  resetSeconds: 30,
  windowSeconds: 10,
  buckets: 10,
  volumeThreshold: 0,
  halfOpenCalls: 1,
};
/** Polly v8 CircuitBreakerStrategyOptions: FailureRatio 0.1 (>=), MinimumThroughput 100, SamplingDuration 30 s, BreakDuration 5 s; the first call after the break is the probe. */
export const polly = { ratio: 0.1, minThroughput: 100, samplingSeconds: 30, breakSeconds: 5, halfOpenCalls: 1 };

const pricingRate = defaultServices.filter((s) => s.dependency === triggeredDependency).reduce((a, s) => a + s.rate, 0);
/** A small window for the strict-versus-inclusive comparison. */
const smallWindow = 10;

export const thresholds = {
  resilience4jPercent: percentUpTo(resilience4j.threshold, 0),
  resilience4jFailures: failuresToOpen(resilience4j.minCalls, resilience4j.threshold, false),
  pollyPercent: percentUpTo(polly.ratio, 0),
  pollyFailures: failuresToOpen(polly.minThroughput, polly.ratio, false),
  opossumPercent: percentUpTo(opossum.threshold, 0),
  /** With volumeThreshold 0 the very first call counts: one failure out of one is 100% > 50%. */
  opossumFirstCallFailures: failuresToOpen(Math.max(1, opossum.volumeThreshold), opossum.threshold, true),
  opossumFirstCallCalls: Math.max(1, opossum.volumeThreshold),
  smallWindow,
  opossumFailuresSmall: failuresToOpen(smallWindow, opossum.threshold, true),
  inclusiveFailuresSmall: failuresToOpen(smallWindow, opossum.threshold, false),
  opossumBucketSeconds: opossum.windowSeconds / opossum.buckets,
};

// --- How quickly each can notice, at pricing's traffic ------------------------------------------
const quietCallsPerMinute = 3;
export const detection = {
  pricingRate,
  consecutive: params.breakerThreshold,
  consecutiveMillis: Math.round((params.breakerThreshold / pricingRate) * 1000),
  resilience4jSeconds: grouped(resilience4j.minCalls / pricingRate, 1),
  /** A quiet dependency's calls a minute, and the minutes they take to reach resilience4j's minimum. */
  quietPerMinute: quietCallsPerMinute,
  quietFillMinutes: grouped(Math.ceil(resilience4j.minCalls / quietCallsPerMinute)),
};

// --- A consecutive-failure breaker and random failures ------------------------------------------
const streak = params.breakerThreshold;
const streakCalls = (p: number) => expectedCallsToStreak(p, streak);
/** Round robin over two hosts, one of them dead: the alternating failures a streak never sees. */
const roundRobin = { hosts: 2, dead: 1 };
const alternating = roundRobinOutcomes(roundRobin.hosts, roundRobin.dead);
export const consecutive = {
  streak,
  /** Expected calls before `streak` failures in a row, failing half the calls at random: 62 for 5. */
  halfCalls: grouped(streakCalls(0.5)),
  halfSeconds: grouped(streakCalls(0.5) / pricingRate, 1),
  lowPercent: percentUpTo(0.2, 0),
  /** ...and failing one call in five: about 3,900, long minutes of traffic for a quiet dependency. */
  lowCalls: grouped(Math.round(streakCalls(0.2) / 100) * 100),
  lowSeconds: grouped(streakCalls(0.2) / pricingRate),
  /** The round robin in words, as the sentence gives it ("two hosts, one of them dead"). */
  roundRobin: { ...roundRobin, hostsWords: inWords(roundRobin.hosts), deadWords: inWords(roundRobin.dead) },
  /** Round robin over two hosts, one dead: half the calls fail, never two in a row. */
  alternatingFailing: percentUpTo(alternating.filter(Boolean).length / alternating.length, 0),
  alternatingLongestRun: longestFailureRun(alternating),
};

// --- What failing fast saves (Little's law) ------------------------------------------------------
const timeout = params.attemptTimeout;
const demand = pricingDemand();
/**
 * The model keeps one breaker per calling service, in front of its dependency (World.buildBreakers,
 * looked up by the calling service), so pricing has one breaker in each of its callers.
 */
const breakersInFront = defaultServices.filter((s) => s.dependency === triggeredDependency).length;
/** Each open breaker lets `probes` calls through per cooldown, each holding at most one timeout. */
const heldOpenBound = breakersInFront * busyConnections(params.breakerProbes / params.breakerCooldown, timeout);
export const failFast = {
  timeoutSeconds: timeout,
  /** Connections held by calls that each wait out one timeout and do not retry (the case study's one-try figure). */
  heldClosed: Math.round(demand.oneTry.connections),
  sharedPool: params.poolSize,
  /** Breakers in front of pricing: one in each service that calls it, and their count in words. */
  breakersInFront,
  breakersInFrontWords: inWords(breakersInFront),
  callers: listNames(defaultServices.filter((s) => s.dependency === triggeredDependency).map((s) => s.name)),
  /** With the breakers open only probes reach the dependency: `probes` per cooldown from each. */
  probes: params.breakerProbes,
  cooldownSeconds: params.breakerCooldown,
  /** The bound, rounded up to a tenth: "at most" must not read below the figure. */
  heldOpenBound,
  heldOpen: asGiven(Math.ceil(roundToFigures(heldOpenBound * 10, 15)) / 10),
};

// --- The trap: one breaker in front of a sharded backend ---------------------------------------
const shards = 8;
const failureShare = 1 / shards;
export const sharded = {
  shards,
  failurePercent: percentUpTo(failureShare),
  pollyTrips: failureShare >= polly.ratio,
  /** Blast radius: one shard's customers without the breaker, everyone once it opens. */
  withoutBreaker: percentUpTo(failureShare),
  withBreaker: percentUpTo(1),
};

// --- The replay ----------------------------------------------------------------------------------
function run(defences: "breaker"[]) {
  return rememberedRetryStorm(defaultScenario({ defences })).summary;
}
const naive = run([]);
const breakers = run(["breaker"]);
const pricingCallers = defaultServices.filter((s) => s.dependency === triggeredDependency).map((s) => s.name);
const unrelated = defaultServices.filter((s) => s.dependency !== triggeredDependency).map((s) => s.name);
const rate = (summary: typeof naive, name: string) =>
  statedRate(summary.services.find((s) => s.name === name)!.successRate, `${name}'s success over the run`);

export const replay = {
  params: { threshold: params.breakerThreshold, cooldownSeconds: params.breakerCooldown, probes: params.breakerProbes },
  triggerSeconds: naive.triggerSeconds,
  /** The rows' shares count every request of the run: the warm-up, then `duration` from the trigger on. */
  warmupSeconds: params.warmup,
  durationSeconds: params.duration,
  rows: defaultServices.map((s) => ({
    service: s.name,
    // As the replay and the bulkheads chapter write a success rate: "100%" only where every request was served.
    naive: successPercent(rate(naive, s.name)),
    breaker: successPercent(rate(breakers, s.name)),
  })),
  pricingCallers: listNames(pricingCallers),
  unrelated: listNames(unrelated),
  naiveRecoverySeconds: naive.recoverySeconds,
  interventionSeconds: naive.interventionSeconds,
  breakerRecoverySeconds: breakers.recoverySeconds,
  openings: breakers.breakerOpenings,
  naiveAmplification: grouped(statedRate(naive.dependencyAmplification, "the naive run's calls per request"), 2),
  breakerAmplification: grouped(statedRate(breakers.dependencyAmplification, "the breakers' calls per request"), 2),
};
export const raw = { naive, breakers };

// --- The breaker playground's own settings ---------------------------------------------------------
/**
 * The settings breaker.play.ts gives its breaker, read from the program's text (the page passes in
 * the source it shows, `breaker.play.ts?raw`), in the words of the sentence that introduces it:
 * change the program and the sentence changes with it; a setting no longer written as
 * `name: <whole number>,` fails the build instead of leaving the sentence behind.
 */
export function breakerSettings(code: string) {
  const setting = (name: string) => {
    const found = new RegExp(`^\\s+${name}: (\\d+),`, "m").exec(code);
    if (!found) throw new Error(`breaker.play.ts: no whole-number \`${name}\` setting to describe`);
    return Number(found[1]);
  };
  const threshold = setting("threshold");
  const cooldownSeconds = setting("cooldownSeconds");
  const probes = setting("probes");
  return {
    threshold,
    cooldownSeconds,
    probes,
    /** "open on the 5th consecutive failure" */
    thresholdOrdinal: ordinal(threshold),
    /** "a one-second cooldown" */
    cooldownWords: inWords(cooldownSeconds),
    /** "three probes" */
    probesText: `${inWords(probes)} ${nounFor(probes, "probe")}`,
  };
}
