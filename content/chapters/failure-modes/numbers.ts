/**
 * Every number "A field guide to failure modes" shows, computed here. The thread-starvation
 * example is the one in Google's SRE book ("Addressing Cascading Failures"); the gray-failure
 * and replica examples use round, stated assumptions.
 */

const count = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const percent = (share: number, digits = 0) => `${(share * 100).toFixed(digits)}%`;

export interface HangingDependency {
  servers: number;
  threadsPerServer: number;
  /** Requests per second arriving at the whole tier. */
  requestsPerSecond: number;
  /** Share of requests that hang on the slow dependency. */
  hangingShare: number;
  /** How long each hanging request holds its thread. */
  hangSeconds: number;
}

/**
 * Little's law: requests in flight = arrival rate x time each one stays. Hanging requests alone
 * demand rate x hang time threads; once that passes the tier's threads, roughly
 * threads / demand of the work can still be served and the rest fails.
 */
export function threadStarvation(tier: HangingDependency) {
  const threads = tier.servers * tier.threadsPerServer;
  const hangingPerSecond = tier.requestsPerSecond * tier.hangingShare;
  const threadsDemanded = hangingPerSecond * tier.hangSeconds;
  const secondsToExhaust = threads / hangingPerSecond;
  const servedShare = Math.min(1, threads / threadsDemanded);
  return { threads, hangingPerSecond, threadsDemanded, secondsToExhaust, failingShare: 1 - servedShare };
}

export const sreExample: HangingDependency = {
  servers: 10,
  threadsPerServer: 100,
  requestsPerSecond: 1_000,
  hangingShare: 0.05,
  hangSeconds: 100,
};
const starvation = threadStarvation(sreExample);

export const threads = {
  servers: count.format(sreExample.servers),
  perServer: count.format(sreExample.threadsPerServer),
  total: count.format(starvation.threads),
  qps: count.format(sreExample.requestsPerSecond),
  hangingShare: percent(sreExample.hangingShare),
  hangSeconds: count.format(sreExample.hangSeconds),
  hangingPerSecond: count.format(starvation.hangingPerSecond),
  demanded: count.format(starvation.threadsDemanded),
  secondsToExhaust: count.format(starvation.secondsToExhaust),
  failing: percent(starvation.failingShare),
  served: percent(1 - starvation.failingShare),
  raw: starvation,
};

/** One gray server among `servers` behind a round-robin balancer, failing one request in `oneIn`. */
export function grayFailure(servers: number, oneIn: number) {
  const failingOnGray = 1 / oneIn;
  return { failingOnGray, overallErrorRate: failingOnGray / servers, healthCheckPasses: 1 };
}
const grayServers = 10;
const grayOneIn = 10;
const gray = grayFailure(grayServers, grayOneIn);
export const grayExample = {
  servers: count.format(grayServers),
  oneIn: count.format(grayOneIn),
  overall: percent(gray.overallErrorRate),
  healthCheck: percent(gray.healthCheckPasses),
  raw: gray,
};

const secondsPerYear = 365 * 24 * 3600;

/**
 * Replicas that fail independently are all down at once with probability p^n; replicas that
 * share one cause (the same build, the same certificate) are all down with probability p.
 */
export function replicaOutage(replicas: number, downShare: number) {
  const independent = downShare ** replicas;
  const correlated = downShare;
  return {
    independent,
    correlated,
    independentSecondsPerYear: independent * secondsPerYear,
    correlatedHoursPerYear: (correlated * secondsPerYear) / 3600,
  };
}
const replicas = replicaOutage(3, 0.01);
export const replicaExample = {
  replicas: "three",
  downShare: percent(0.01),
  independent: `${(replicas.independent * 100).toFixed(4)}%`,
  independentSeconds: count.format(replicas.independentSecondsPerYear),
  correlated: percent(replicas.correlated),
  correlatedHours: count.format(replicas.correlatedHoursPerYear),
  raw: replicas,
};
