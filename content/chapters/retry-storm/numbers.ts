/**
 * Every number the retry-storm chapter shows, computed at build time from the simulation and
 * its default scenario. The prose imports these; numbers.test.ts checks them.
 */
import { busyConnections, naiveHoldSeconds, poolThroughput, stableLoadBound } from "../../../src/sim/backoff.ts";
import {
  defaultDependencies,
  defaultParameters,
  defaultScenario,
  defaultServices,
  defenceNames,
  runRetryStorm,
  type DefenceName,
  type RetryStormSummary,
} from "../../../src/sim/retry-storm/index.ts";

const count = (n: number) => Math.round(n).toLocaleString("en-US");
const percent = (share: number, digits = 1) => `${(share * 100).toFixed(digits)}%`;
const fixed = (n: number, digits = 1) => n.toFixed(digits);
const minutesAndSeconds = (s: number) => `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;

const params = defaultParameters();
const p = (name: string) => params[name] as number;

// --- The setting ---------------------------------------------------------------------------
const pricingCallers = defaultServices.filter((s) => s.dependency === "pricing");
const unrelated = defaultServices.filter((s) => s.dependency !== "pricing");
const totalRate = defaultServices.reduce((a, s) => a + s.rate, 0);
const pricingRate = pricingCallers.reduce((a, s) => a + s.rate, 0);
/** Mean of a log-normal latency = median x e^(sigma^2 / 2). */
const meanSeconds = (name: string) => {
  const d = defaultDependencies.find((x) => x.name === name)!;
  const median = name === "pricing" ? p("pricingLatency") : d.latency.medianMs;
  return (median / 1000) * Math.exp(d.latency.sigma ** 2 / 2);
};
const healthyBusy = defaultServices.reduce((a, s) => a + busyConnections(s.rate, meanSeconds(s.dependency)), 0);
const healthyHold = healthyBusy / totalRate;
const capacity = poolThroughput(p("poolSize"), healthyHold);
const attempts = p("attempts");

export const setting = {
  services: defaultServices.length,
  pricingCallers: pricingCallers.map((s) => s.name).join(" and "),
  unrelated: unrelated.map((s) => s.name).join(" and "),
  totalRate: count(totalRate),
  pricingRate: count(pricingRate),
  poolSize: count(p("poolSize")),
  pricingMs: count(p("pricingLatency")),
  triggerSeconds: count(p("triggerDuration")),
  triggerMs: count(p("triggerLatency")),
  clientTimeout: fixed(p("clientTimeout"), 0),
  attemptTimeout: fixed(p("attemptTimeout"), 0),
  acquireTimeout: count(p("acquireTimeout")),
  attempts: count(attempts),
  sleepStep: count(p("sleepStep")),
  interventionMinutes: fixed(p("intervention") / 60, 0),
};

// --- Little's law for the pool -----------------------------------------------------------
const holdDuringTrigger = naiveHoldSeconds({
  attempts,
  timeoutSeconds: p("attemptTimeout"),
  sleepStepSeconds: p("sleepStep") / 1000,
});
const demandDuringTrigger = busyConnections(pricingRate, holdDuringTrigger);
const stableBound = stableLoadBound(capacity, attempts - 1);

export const littles = {
  /** Average connections busy when all is well. */
  healthyBusy: fixed(healthyBusy),
  healthyHoldMs: count(healthyHold * 1000),
  utilisation: percent(healthyBusy / p("poolSize"), 0),
  /** Requests per second the pool can serve at healthy holding times. */
  capacity: count(capacity),
  /** Connection-seconds one naive pricing call holds when every attempt times out. */
  holdSeconds: fixed(holdDuringTrigger, 0),
  holdSecondsValue: holdDuringTrigger,
  demandDuringTrigger: count(demandDuringTrigger),
  demandTimesPool: fixed(demandDuringTrigger / p("poolSize"), 0),
  /** With every try failing, clients send `attempts` tries per request. */
  stormRate: count(totalRate * attempts),
  stableBound: count(stableBound),
  stableShare: percent(1 / attempts, 0),
};

/** Positions (0..600 in the diagram's coordinates) of the three load regions and of today's load. */
const axisMax = Math.ceil((capacity * 1.2) / 50) * 50;
const at = (load: number) => Math.round((load / axisMax) * 600);
export const regions = {
  axisMax: count(axisMax),
  stableX: at(stableBound),
  capacityX: at(capacity),
  loadX: at(totalRate),
  stormX: at(totalRate * attempts),
  stormOffScale: totalRate * attempts > axisMax,
};

// --- The simulation ------------------------------------------------------------------------
const run = (defences: DefenceName[], extra: Record<string, number | null> = {}) =>
  runRetryStorm(defaultScenario({ defences, params: extra })).summary;
const unrelatedSuccess = (s: RetryStormSummary) => {
  const rows = s.services.filter((x) => x.dependency !== "pricing");
  return rows.reduce((a, x) => a + x.succeeded, 0) / rows.reduce((a, x) => a + x.requests, 0);
};
const naive = run([]);
const defended = run([...defenceNames]);
const endless = run([], { intervention: null });

export const storm = {
  exhaustedSeconds: fixed(naive.poolExhaustedSeconds!, 0),
  recoverySeconds: count(naive.recoverySeconds!),
  outage: minutesAndSeconds(naive.triggerSeconds + naive.recoverySeconds!),
  /** How many times longer than its trigger the outage lasted. */
  timesTrigger: count((naive.triggerSeconds + naive.recoverySeconds!) / naive.triggerSeconds),
  amplification: fixed(naive.amplification, 2),
  unrelatedSuccess: percent(unrelatedSuccess(naive)),
  abandonedWork: count(naive.abandonedWork),
  failed: count(naive.services.reduce((a, s) => a + s.failed, 0)),
  requests: count(naive.services.reduce((a, s) => a + s.requests, 0)),
  endlessRecovered: endless.recovered,
  events: count(naive.events),
};

export const defendedRun = {
  recoverySeconds: count(defended.recoverySeconds!),
  unrelatedSuccess: percent(unrelatedSuccess(defended), 2),
  amplification: fixed(defended.amplification, 3),
  breakerOpenings: count(defended.breakerOpenings),
};

/** One row per defence alone: does it stop the storm, and does it protect the unrelated services? */
export const single = defenceNames.map((d) => {
  const s = run([d]);
  return {
    defence: d,
    exhausted: s.poolExhaustedSeconds === null ? "never" : `${fixed(s.poolExhaustedSeconds, 0)} s`,
    recovery: !s.recovered
      ? "never"
      : s.recoverySeconds! >= p("intervention") - p("triggerDuration")
        ? "only at the intervention"
        : `${count(s.recoverySeconds!)} s`,
    unrelated: percent(unrelatedSuccess(s)),
    amplification: fixed(s.amplification, 2),
  };
});

// --- The exercise's worked numbers ---------------------------------------------------------
/** The naive loop sleeps sleepStep x attempt after each failure; the first sleep is 0 ms. */
const sleeps = Array.from({ length: attempts }, (_, k) => k * p("sleepStep")).filter((ms) => ms > 0);
export const exercise = {
  holdSeconds: fixed(holdDuringTrigger, 0),
  sleeps: sleeps.join(", "),
  sleepCount: count(sleeps.length),
};
