/**
 * Every number the circuit-breakers chapter shows, computed at build time: how many calls each
 * library's defaults need before the breaker can open, what failing fast saves (Little's law),
 * the sharded-backend trap, and the retry-storm replay with breakers on.
 */
import { busyConnections } from "../../../src/sim/backoff.ts";
import { failuresToOpen } from "./thresholds.ts";
export { failuresToOpen };
import {
  parameterDefaults,
  defaultScenario,
  defaultServices,
  runRetryStorm,
  triggeredDependency,
} from "../../../src/sim/retry-storm/index.ts";
import { percentUpTo } from "../../../src/format/number.ts";

const params = parameterDefaults;

// --- Library defaults, each from the library's own documentation (cited in the reading list) ---
export const resilience4j = { window: 100, minCalls: 100, threshold: 0.5, openSeconds: 60, halfOpenCalls: 10 };
export const opossum = { timeoutSeconds: 10, threshold: 0.5, resetSeconds: 30, windowSeconds: 10, buckets: 10 };
export const polly = { ratio: 0.1, minThroughput: 100, samplingSeconds: 30, breakSeconds: 5 };

const pricingRate = defaultServices.filter((s) => s.dependency === triggeredDependency).reduce((a, s) => a + s.rate, 0);
/** A small window for the strict-versus-inclusive comparison. */
const smallWindow = 10;

export const thresholds = {
  resilience4jPercent: percentUpTo(resilience4j.threshold, 0),
  resilience4jFailures: failuresToOpen(resilience4j.minCalls, resilience4j.threshold, false),
  pollyPercent: percentUpTo(polly.ratio, 0),
  pollyFailures: failuresToOpen(polly.minThroughput, polly.ratio, false),
  opossumPercent: percentUpTo(opossum.threshold, 0),
  smallWindow,
  opossumFailuresSmall: failuresToOpen(smallWindow, opossum.threshold, true),
  inclusiveFailuresSmall: failuresToOpen(smallWindow, opossum.threshold, false),
  opossumBucketSeconds: opossum.windowSeconds / opossum.buckets,
};

// --- How quickly each can notice, at pricing's traffic ------------------------------------------
export const detection = {
  pricingRate,
  consecutive: params.breakerThreshold,
  consecutiveMillis: Math.round((params.breakerThreshold / pricingRate) * 1000),
  resilience4jSeconds: (resilience4j.minCalls / pricingRate).toFixed(1),
};

// --- What failing fast saves (Little's law) ------------------------------------------------------
const timeout = params.attemptTimeout;
export const failFast = {
  timeoutSeconds: timeout,
  /** Connections held by calls waiting out their time-out while the dependency is down. */
  heldClosed: Math.round(busyConnections(pricingRate, timeout)),
  sharedPool: params.poolSize,
  /** With the breaker open only probes reach the dependency: `probes` per cooldown. */
  probes: params.breakerProbes,
  cooldownSeconds: params.breakerCooldown,
  heldOpen: busyConnections(params.breakerProbes / params.breakerCooldown, timeout).toFixed(1),
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
  return runRetryStorm(defaultScenario({ defences })).summary;
}
const naive = run([]);
const breakers = run(["breaker"]);
const pricingCallers = defaultServices.filter((s) => s.dependency === triggeredDependency).map((s) => s.name);
const unrelated = defaultServices.filter((s) => s.dependency !== triggeredDependency).map((s) => s.name);
const rate = (summary: typeof naive, name: string) => summary.services.find((s) => s.name === name)!.successRate;

export const replay = {
  params: { threshold: params.breakerThreshold, cooldownSeconds: params.breakerCooldown, probes: params.breakerProbes },
  triggerSeconds: naive.triggerSeconds,
  rows: defaultServices.map((s) => ({
    service: s.name,
    naive: percentUpTo(rate(naive, s.name)),
    breaker: percentUpTo(rate(breakers, s.name)),
  })),
  pricingCallers: pricingCallers.join(" and "),
  unrelated: unrelated.join(" and "),
  naiveRecoverySeconds: naive.recoverySeconds,
  interventionSeconds: naive.interventionSeconds,
  breakerRecoverySeconds: breakers.recoverySeconds,
  openings: breakers.breakerOpenings,
  naiveAmplification: naive.dependencyAmplification.toFixed(2),
  breakerAmplification: breakers.dependencyAmplification.toFixed(2),
};
export const raw = { naive, breakers };
