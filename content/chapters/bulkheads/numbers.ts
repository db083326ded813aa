/**
 * Every number the bulkheads chapter shows, computed at build time: pool sizes by Little's law
 * from the retry-storm scenario's own services and latencies, and the replay with and without
 * bulkheads. numbers.test.ts checks them against the sources and by hand.
 */
import { poolThroughput } from "../../../src/sim/backoff.ts";
import { meanInFlight, poissonTail, sizeForTail } from "../../../src/sim/concurrency.ts";
import { pricingDemand } from "../../../src/sim/retry-storm/demand.ts";
import {
  defaultDependencies,
  parameterDefaults,
  defaultScenario,
  defaultServices,
  rememberedRetryStorm,
  statedRate,
  triggeredDependency,
} from "../../../src/sim/retry-storm/index.ts";
import { grouped, readableShare, successPercent } from "../../../src/format/number.ts";
import { inWords, timesInWords } from "../../../src/format/words.ts";

const params = parameterDefaults;

/** z such that P(Z <= z) = 0.99 for a standard normal: the 99th percentile of a log-normal is median * e^(sigma z). */
export const z99 = 2.3263478740408408;

/** The share of time a pool may be too small: more requests in flight than connections. */
export const tailTarget = 0.001;

function latencySeconds(dependency: string) {
  const { medianMs, sigma } = defaultDependencies.find((d) => d.name === dependency)!.latency;
  return {
    median: medianMs / 1000,
    /** Mean of a log-normal: median x e^(sigma^2 / 2). */
    mean: (medianMs / 1000) * Math.exp(sigma ** 2 / 2),
    p99: (medianMs / 1000) * Math.exp(sigma * z99),
  };
}

// --- Sizing one pool per dependency: Little's law for the mean, the Poisson tail for the size ---
export const sizing = defaultDependencies.map((dependency) => {
  const callers = defaultServices.filter((s) => s.dependency === dependency.name);
  const rate = callers.reduce((sum, s) => sum + s.rate, 0);
  const latency = latencySeconds(dependency.name);
  /** Little's law: requests in flight on average. */
  const mean = meanInFlight(rate, latency.mean);
  /** The smallest pool that more requests than it holds need less than tailTarget of the time. */
  const size = sizeForTail(mean, tailTarget);
  /** The tempting shortcut: rate x p99, rounded up. It mixes a mean (the rate) with a percentile. */
  const rateTimesP99 = Math.ceil(rate * latency.p99 - 1e-9);
  return {
    dependency: dependency.name,
    callers: callers.map((s) => s.name).join(", "),
    rate,
    medianMillis: dependency.latency.medianMs,
    meanMillis: grouped(latency.mean * 1000),
    p99Millis: Math.round(latency.p99 * 1000),
    meanInFlight: grouped(mean, 1),
    size,
    sizeTail: readableShare(poissonTail(mean, size)),
    /** A pool sized at the mean (rounded up) is too small this often. */
    atMeanSize: Math.ceil(mean),
    // As the bulkhead-sizing exercise on this page writes the same tail (readableShare): "29.0%".
    atMeanTail: readableShare(poissonTail(mean, Math.ceil(mean))),
    rateTimesP99,
    rateTimesP99Tail: readableShare(poissonTail(mean, rateTimesP99)),
    raw: { mean, latency },
  };
});
const pricingSizing = sizing.find((s) => s.dependency === triggeredDependency)!;
/** The rows the prose reads: pricing's, and the quietest dependency's (where the rate x p99 shortcut fails). */
export const pricingRow = pricingSizing;
export const quietestRow = [...sizing].sort((a, b) => a.rate - b.rate || a.raw.mean - b.raw.mean)[0]!;

/**
 * How far pricing's rate x p99 pool misses the sizing target: its tail over the target, and that
 * many times in words ("twice"), for the sentence that says the shortcut misses, but by little.
 */
const shortcutOverTarget = poissonTail(pricingSizing.raw.mean, pricingSizing.rateTimesP99) / tailTarget;
export const shortcutMiss = {
  timesTarget: timesInWords(Math.round(shortcutOverTarget)),
  raw: shortcutOverTarget,
};

export const pools = {
  shared: params.poolSize,
  bulkhead: params.bulkheadSize,
  /** The pools the sizing asks for, together. */
  sizedTotal: sizing.reduce((sum, s) => sum + s.size, 0),
  pricingRate: pricingSizing.rate,
  pricingSize: pricingSizing.size,
  tailTarget: readableShare(tailTarget),
};

// --- What the trigger asks of a shared pool ------------------------------------------------------
const slowSeconds = params.triggerLatency / 1000;
const demand = pricingDemand(params);
export const trigger = {
  seconds: params.triggerDuration,
  latencyMillis: grouped(params.triggerLatency),
  /** The case study's demand figures: a call that waits the slowdown out, and the incident's loop. */
  noTimeoutDemand: grouped(demand.noTimeout.connections),
  naiveLoopDemand: grouped(demand.naiveLoop.connections),
  /** How many whole shared pools the incident's loop wants. */
  naiveOverPool: grouped(demand.naiveLoop.connections / params.poolSize),
  /**
   * A full pricing bulkhead completes this many calls per second while pricing is slow, when each
   * call waits the slowdown out (no timeout: the case study's first way of calling).
   */
  bulkheadThroughput: grouped(poolThroughput(pricingSizing.size, slowSeconds), 1),
};

// --- A queue in front of the bulkhead: how long is too long? --------------------------------------
const queue = 10;
export const queueing = {
  length: queue,
  clientTimeoutSeconds: params.clientTimeout,
  /**
   * Waiting behind `queue` requests while pricing is healthy: a full pool completes its size
   * divided by the mean holding time each second (Little's law; the mean, not the median)...
   */
  healthyWaitMillis: Math.round((queue / poolThroughput(pricingSizing.size, pricingSizing.raw.latency.mean)) * 1000),
  /** ...and while pricing is slow, when each call waits the slowdown out: longer than the client waits... */
  slowWaitSeconds: grouped(queue / poolThroughput(pricingSizing.size, demand.noTimeout.holdSeconds), 1),
  /** ...and when each call gives up at its attempt timeout (the case study's setting): longer still than the client waits. */
  attemptTimeoutSeconds: params.attemptTimeout,
  timeoutWaitSeconds: grouped(queue / poolThroughput(pricingSizing.size, demand.oneTry.holdSeconds), 1),
  raw: {
    slowWait: queue / poolThroughput(pricingSizing.size, demand.noTimeout.holdSeconds),
    timeoutWait: queue / poolThroughput(pricingSizing.size, demand.oneTry.holdSeconds),
    /** Calls a second a full pricing pool finishes, each way: waiting the slowdown out, or giving up at the timeout. */
    slowThroughput: poolThroughput(pricingSizing.size, demand.noTimeout.holdSeconds),
    timeoutThroughput: poolThroughput(pricingSizing.size, demand.oneTry.holdSeconds),
  },
};

// --- Library defaults, from each library's documentation (cited in the chapter's reading list) ----
export const libraries = {
  /** resilience4j BulkheadConfig: maxConcurrentCalls 25, maxWaitDuration 0 (no wait). */
  resilience4jSemaphoreConcurrent: 25,
  /** resilience4j ThreadPoolBulkheadConfig.DEFAULT_QUEUE_CAPACITY. */
  resilience4jThreadPoolQueue: 100,
  /** Envoy CircuitBreakers.Thresholds: "If not specified, the default is 1024", for each of the three. */
  envoyMaxRequests: 1024,
  envoyMaxConnections: 1024,
  envoyMaxPendingRequests: 1024,
};
/** Envoy's default for each of its three limits, as the prose shows it ("each 1,024 by default"): one figure for all three. */
function oneEnvoyDefault(): string {
  const { envoyMaxRequests, envoyMaxConnections, envoyMaxPendingRequests } = libraries;
  if (envoyMaxConnections !== envoyMaxRequests || envoyMaxPendingRequests !== envoyMaxRequests)
    throw new Error("Envoy's three limits have different defaults: the chapter says they share one");
  return grouped(envoyMaxRequests);
}
export const envoyDefaultShown = oneEnvoyDefault();

// --- The replay: naive, then with bulkheads only ------------------------------------------------
function run(defences: "bulkhead"[]) {
  const { summary } = rememberedRetryStorm(defaultScenario({ defences }));
  /** Success over the incident window: from the trigger until the run recovers or operators step in. */
  const rate = (name: string) =>
    statedRate(summary.services.find((s) => s.name === name)!.incidentSuccessRate, `${name}'s success in the incident`);
  return { summary, rate };
}
const naive = run([]);
const walled = run(["bulkhead"]);
/** The model gives every dependency a pool of the same size, `bulkheadSize`: more in all than the shared pool. */
const dependencyCount = new Set(defaultServices.map((s) => s.dependency)).size;
/**
 * The same run with the largest equal pools that together have no more connections than the
 * shared pool: the unrelated services' result does not come from the replay's extra connections.
 */
const dividedSize = Math.floor(params.poolSize / dependencyCount);
const divided = (() => {
  const { summary } = rememberedRetryStorm(
    defaultScenario({ defences: ["bulkhead"], params: { bulkheadSize: dividedSize } }),
  );
  const rate = (name: string) =>
    statedRate(summary.services.find((s) => s.name === name)!.incidentSuccessRate, `${name}'s success in the incident`);
  return { summary, rate };
})();
const unrelated = defaultServices.filter((s) => s.dependency !== triggeredDependency).map((s) => s.name);
const pricingCallers = defaultServices.filter((s) => s.dependency === triggeredDependency).map((s) => s.name);

export const replay = {
  serviceCount: defaultServices.length,
  /** The same count in words, for the diagram's description. */
  serviceCountWords: inWords(defaultServices.length),
  unrelated: unrelated.join(" and "),
  /** The slow dependency, then the others, each once: the diagram's bulkheads, one per dependency. */
  dependencies: [...new Set([triggeredDependency, ...defaultServices.map((s) => s.dependency)])],
  pricingCallers: pricingCallers.join(" and "),
  rows: defaultServices.map((s) => ({
    service: s.name,
    dependency: s.dependency,
    naive: successPercent(naive.rate(s.name)),
    bulkhead: successPercent(walled.rate(s.name)),
  })),
  /** Lowest success rate among services that never call pricing. */
  unrelatedNaiveWorst: successPercent(Math.min(...unrelated.map(naive.rate))),
  unrelatedBulkheadWorst: successPercent(Math.min(...unrelated.map(walled.rate))),
  pricingBulkheadBest: successPercent(Math.max(...pricingCallers.map(walled.rate))),
  /** The replay's pools: one per dependency, each of `bulkheadSize`, and their total against the shared pool's. */
  bulkheadPools: dependencyCount,
  bulkheadPoolsWords: inWords(dependencyCount),
  bulkheadTotal: dependencyCount * params.bulkheadSize,
  /** Equal pools that together hold no more than the shared pool, and the unrelated services' worst share with them. */
  dividedSize,
  dividedTotal: dependencyCount * dividedSize,
  unrelatedDividedWorst: successPercent(Math.min(...unrelated.map(divided.rate))),
  /** Both runs end only at the intervention, so their incident windows are the same. */
  incidentEndSeconds: grouped(naive.summary.incidentEndSeconds),
  naiveRecovered: naive.summary.recovered,
  naiveRecoverySeconds: naive.summary.recoverySeconds,
  interventionSeconds: naive.summary.interventionSeconds,
};
export const raw = { naive: naive.summary, bulkhead: walled.summary, divided: divided.summary };

/**
 * A bigger shared pool, left alone for five minutes: with enough connections even five tries per
 * request fit (load < capacity / attempts), the platform is in the stable band, and the storm ends
 * by itself. The chapter says so beside the playground; numbers.test.ts checks the model.
 */
const biggerPoolSize = 30;
const bigger = rememberedRetryStorm(
  defaultScenario({ params: { poolSize: biggerPoolSize, duration: 300, intervention: null } }),
).summary;
const small = rememberedRetryStorm(defaultScenario({ params: { duration: 300, intervention: null } })).summary;
const totalRate = defaultServices.reduce((a, svc) => a + svc.rate, 0);
/** Mean connection-seconds per request when healthy, from the sizing's Little's law means. */
const healthyHold = sizing.reduce((a, row) => a + row.raw.mean, 0) / totalRate;
export const biggerPool = {
  size: biggerPoolSize,
  attempts: params.attempts,
  /** Tries per second the bigger pool can serve at healthy holding times, against attempts x load. */
  capacity: poolThroughput(biggerPoolSize, healthyHold),
  worstCaseTries: params.attempts * totalRate,
  recovered: bigger.recoveredBy === "self",
  recoverySeconds: bigger.recoverySeconds,
  smallRecovered: small.recovered,
};
