/**
 * Every number the bulkheads chapter shows, computed at build time: pool sizes by Little's law
 * from the retry-storm scenario's own services and latencies, and the replay with and without
 * bulkheads. numbers.test.ts checks them against the sources and by hand.
 */
import { busyConnections, poolThroughput } from "../../../src/sim/backoff.ts";
import {
  defaultDependencies,
  parameterDefaults,
  defaultScenario,
  defaultServices,
  runRetryStorm,
  triggeredDependency,
} from "../../../src/sim/retry-storm/index.ts";
import { percent } from "../../../src/format/number.ts";

const params = parameterDefaults;

/** z such that P(Z <= z) = 0.99 for a standard normal: the 99th percentile of a log-normal is median * e^(sigma z). */
export const z99 = 2.3263478740408408;

/** The scenario's latency percentile used for sizing, in seconds. */
function p99Seconds(dependency: string): number {
  const spec = defaultDependencies.find((d) => d.name === dependency)!;
  return (spec.latency.medianMs / 1000) * Math.exp(spec.latency.sigma * z99);
}

// --- Sizing one pool per dependency with Little's law ------------------------------------------
export const sizing = defaultDependencies.map((dependency) => {
  const callers = defaultServices.filter((s) => s.dependency === dependency.name);
  const rate = callers.reduce((sum, s) => sum + s.rate, 0);
  const p99 = p99Seconds(dependency.name);
  const busy = busyConnections(rate, p99);
  return {
    dependency: dependency.name,
    callers: callers.map((s) => s.name).join(", "),
    rate,
    medianMillis: dependency.latency.medianMs,
    p99Millis: Math.round(p99 * 1000),
    busy: busy.toFixed(1),
    /** Whole connections: round up. */
    size: Math.ceil(busy),
  };
});
const pricingSizing = sizing.find((s) => s.dependency === triggeredDependency)!;

export const pools = {
  shared: params.poolSize,
  bulkhead: params.bulkheadSize,
  /** The pools the sizing asks for, together. */
  sizedTotal: sizing.reduce((sum, s) => sum + s.size, 0),
  pricingRate: pricingSizing.rate,
  pricingSize: pricingSizing.size,
};

// --- What the trigger asks of a shared pool ------------------------------------------------------
const slowSeconds = params.triggerLatency / 1000;
export const trigger = {
  seconds: params.triggerDuration,
  latencyMillis: params.triggerLatency,
  /** Little's law: pricing's callers alone want rate x slow latency connections. */
  pricingDemand: Math.round(busyConnections(pricingSizing.rate, slowSeconds)),
  /** How many whole shared pools that demand would fill. */
  demandOverPool: Math.round(busyConnections(pricingSizing.rate, slowSeconds) / params.poolSize),
  /** A full pricing bulkhead completes this many calls per second while pricing is slow. */
  bulkheadThroughput: poolThroughput(params.bulkheadSize, slowSeconds).toFixed(1),
};

// --- A queue in front of the bulkhead: how long is too long? --------------------------------------
const queue = 10;
export const queueing = {
  length: queue,
  clientTimeoutSeconds: params.clientTimeout,
  /** Waiting behind `queue` requests at the healthy rate (median latency)... */
  healthyWaitMillis: Math.round(
    (queue / poolThroughput(params.bulkheadSize, pricingSizing.medianMillis / 1000)) * 1000,
  ),
  /** ...and while pricing is slow: longer than the client waits, so queued work is wasted. */
  slowWaitSeconds: (queue / poolThroughput(params.bulkheadSize, slowSeconds)).toFixed(1),
};

// --- Library defaults, from each library's documentation (cited in the chapter's reading list) ----
export const libraries = {
  resilience4jSemaphoreConcurrent: 25,
  resilience4jThreadPoolQueue: 100,
  envoyMaxRequests: 1024,
};

// --- The replay: naive, then with bulkheads only ------------------------------------------------
function run(defences: "bulkhead"[]) {
  const { summary } = runRetryStorm(defaultScenario({ defences }));
  const rate = (name: string) => summary.services.find((s) => s.name === name)!.successRate;
  return { summary, rate };
}
const naive = run([]);
const walled = run(["bulkhead"]);
const unrelated = defaultServices.filter((s) => s.dependency !== triggeredDependency).map((s) => s.name);
const pricingCallers = defaultServices.filter((s) => s.dependency === triggeredDependency).map((s) => s.name);

export const replay = {
  serviceCount: defaultServices.length,
  unrelated: unrelated.join(" and "),
  pricingCallers: pricingCallers.join(" and "),
  rows: defaultServices.map((s) => ({
    service: s.name,
    dependency: s.dependency,
    naive: percent(naive.rate(s.name)),
    bulkhead: percent(walled.rate(s.name)),
  })),
  /** Lowest success rate among services that never call pricing. */
  unrelatedNaiveWorst: percent(Math.min(...unrelated.map(naive.rate))),
  unrelatedBulkheadWorst: percent(Math.min(...unrelated.map(walled.rate))),
  pricingBulkheadBest: percent(Math.max(...pricingCallers.map(walled.rate))),
  naiveRecovered: naive.summary.recovered,
  naiveRecoverySeconds: naive.summary.recoverySeconds,
  interventionSeconds: naive.summary.interventionSeconds,
};
export const raw = { naive: naive.summary, bulkhead: walled.summary };
