/**
 * Every number the retry-storm chapter shows, computed at build time from the simulation and
 * its default scenario. The prose imports these; numbers.test.ts checks them.
 */
import { stableLoadBound } from "../../../src/sim/backoff.ts";
import {
  parameterDefaults,
  defaultScenario,
  defaultServices,
  defenceNames,
  rememberedRetryStorm,
  type DefenceName,
  type Parameters,
  type RetryStormResult,
  type RetryStormSummary,
  statedRate,
} from "../../../src/sim/retry-storm/index.ts";

import { healthyPool, pricingDemand } from "../../../src/sim/retry-storm/demand.ts";
import { poolFilm } from "../../../src/sim/retry-storm/pool-frames.ts";
import {
  grouped,
  minutesAndSeconds,
  percent,
  percentUpTo,
  secondsOrMinutes,
  successPercent,
} from "../../../src/format/number.ts";

const params = parameterDefaults;

// --- The setting ---------------------------------------------------------------------------
const pricingCallers = defaultServices.filter((s) => s.dependency === "pricing");
const unrelated = defaultServices.filter((s) => s.dependency !== "pricing");
const totalRate = defaultServices.reduce((a, s) => a + s.rate, 0);
const pricingRate = pricingCallers.reduce((a, s) => a + s.rate, 0);
const { busy: healthyBusy, holdSeconds: healthyHold, capacity } = healthyPool(params);
const attempts = params.attempts;

export const setting = {
  services: defaultServices.length,
  pricingCallers: pricingCallers.map((s) => s.name).join(" and "),
  unrelated: unrelated.map((s) => s.name).join(" and "),
  totalRate: grouped(totalRate),
  pricingRate: grouped(pricingRate),
  poolSize: grouped(params.poolSize),
  pricingMs: grouped(params.pricingLatency),
  triggerSeconds: grouped(params.triggerDuration),
  triggerMs: grouped(params.triggerLatency),
  clientTimeout: grouped(params.clientTimeout, 0),
  attemptTimeout: grouped(params.attemptTimeout, 0),
  acquireTimeout: grouped(params.acquireTimeout),
  attempts: grouped(attempts),
  sleepStep: grouped(params.sleepStep),
  interventionMinutes: grouped(params.intervention / 60, 0),
};

// --- Little's law for the pool -----------------------------------------------------------
/** Pricing's connection demand while slow, three ways of calling it: the one set of figures every chapter uses. */
const demand = pricingDemand(params);
const holdDuringTrigger = demand.naiveLoop.holdSeconds;
const demandDuringTrigger = demand.naiveLoop.connections;
const stableBound = stableLoadBound(capacity, attempts - 1);

export const littles = {
  /** Average connections busy when all is well. */
  healthyBusy: grouped(healthyBusy, 1),
  healthyHoldMs: grouped(healthyHold * 1000),
  utilisation: percent(healthyBusy / params.poolSize, 0),
  /** Requests per second the pool can serve at healthy holding times. */
  capacity: grouped(capacity),
  /** Connection-seconds one naive pricing call holds when every attempt times out. */
  holdSeconds: grouped(holdDuringTrigger, 0),
  holdSecondsValue: holdDuringTrigger,
  demandDuringTrigger: grouped(demandDuringTrigger),
  demandTimesPool: grouped(demandDuringTrigger / params.poolSize, 0),
  /** A call with no timeout at all waits the slowdown out: rate x slow latency. */
  noTimeoutDemand: grouped(demand.noTimeout.connections),
  /** One try that gives up at its timeout, no retry: rate x timeout. */
  oneTryDemand: grouped(demand.oneTry.connections),
  oneTryHoldSeconds: grouped(demand.oneTry.holdSeconds),
  /** With every try failing, clients send `attempts` tries per request. */
  stormRate: grouped(totalRate * attempts),
  /** Rounded to the nearest: the prose and the diagram say "about" it, as it is not a bound on either side. */
  stableBound: grouped(stableBound),
  stableBoundValue: stableBound,
  stableShare: percent(1 / attempts, 0),
};

/**
 * How soon the pool fills once pricing is slow. Little's law says only that it will (even one try
 * per request wants more connections than the pool has, in the long run); how soon is a division,
 * not Little's law, as a pool filling from free is not the steady state the law averages.
 * Pricing's callers take `pricingRate` connections a second, and none comes back before its
 * attempt timeout (every slow attempt holds its connection that long), so the pool is gone in
 * poolSize / pricingRate seconds, about: search and accounts hold a few connections too, and
 * arrivals are random. numbers.test.ts holds it to the run's own moment the pool filled.
 */
const fillSeconds = params.poolSize / pricingRate;
export const fillTime = {
  seconds: secondsOrMinutes(fillSeconds),
  value: fillSeconds,
};

/** Positions (0..600 in the diagram's coordinates) of the three load regions and of today's load. */
const axisMax = Math.ceil((capacity * 1.2) / 50) * 50;
const at = (load: number) => Math.round((load / axisMax) * 600);
export const regions = {
  axisMax: grouped(axisMax),
  stableX: at(stableBound),
  capacityX: at(capacity),
  loadX: at(totalRate),
  stormX: at(totalRate * attempts),
  stormOffScale: totalRate * attempts > axisMax,
};

// --- The simulation ------------------------------------------------------------------------
const run = (defences: DefenceName[], extra: Partial<Parameters> = {}) =>
  rememberedRetryStorm(defaultScenario({ defences, params: extra })).summary;
/** Success of the services that never call pricing: over the incident window, or the whole run. */
const unrelatedSuccess = (s: RetryStormSummary, over: "incident" | "run" = "incident") => {
  const rows = s.services.filter((x) => x.dependency !== "pricing");
  return over === "incident"
    ? rows.reduce((a, x) => a + x.incidentSucceeded, 0) / rows.reduce((a, x) => a + x.incidentRequests, 0)
    : rows.reduce((a, x) => a + x.succeeded, 0) / rows.reduce((a, x) => a + x.requests, 0);
};
const naiveRun = rememberedRetryStorm(defaultScenario());
export const naiveSummary = naiveRun.summary;
const naive = naiveSummary;
const defended = run([...defenceNames]);
/** Left alone: no intervention, and half an hour of simulated time. */
export const endlessMinutes = 30;
export const endlessSummary = run([], { intervention: null, duration: endlessMinutes * 60 });
const endless = endlessSummary;

/**
 * The thresholds the chapter's sentences use about the model; numbers.test.ts asserts each on
 * the model itself (on several seeds), so a sentence built from them stays true.
 */
export const claims = {
  /** Every connection of the pool is in use, with callers queueing, within this long of the trigger (0.47 s on seed 1). */
  poolFullWithinSeconds: 1,
  /** By this long after the trigger, a whole second has passed in which no request of search or accounts succeeded. */
  goodputGoneWithinSeconds: 3,
  /** The first refusal (a wait reaching the acquire timeout) comes at least this long after the pool filled. */
  refusalAfterFullAtLeastSeconds: 60,
  /** Over the incident window, search and accounts succeed less than this share of the time. */
  unrelatedIncidentSuccessBelow: 0.01,
  /**
   * From the trigger's end until the intervention, this share of the busy connections serve
   * callers who gave up: all of them ("every try that reaches a connection", "100%").
   */
  abandonedShareAtLeast: 1,
  /** Left alone, it is still down after this many minutes (it never recovers by itself). */
  endlessMinutes,
};

/**
 * Connections held for callers who had given up, as a share of those in use, from the trigger's
 * end to the intervention, sampled at the end of each second: of a naive run's result (the
 * chapter's seed below; numbers.test.ts also reads other seeds).
 */
export function abandonedShareOf({ summary, metrics: m }: Pick<RetryStormResult, "summary" | "metrics">): number {
  let held = 0;
  let busy = 0;
  for (let i = 0; i < m.time.length; i++) {
    if (m.time[i]! < summary.triggerSeconds || m.time[i]! >= summary.interventionSeconds!) continue;
    held += m.abandonedInUse[i]!;
    busy += m.poolInUse[i]!;
  }
  return held / busy;
}
const storming = { abandonedShare: abandonedShareOf(naiveRun) };

/** The storm's steady state, from the trigger's end to the intervention, second by second. */
const steady = (() => {
  const m = naiveRun.metrics;
  const seconds = m.time.flatMap((t, i) => (t >= naive.triggerSeconds && t < naive.interventionSeconds! ? [i] : []));
  const mean = (xs: readonly number[]) => seconds.reduce((a, i) => a + xs[i]!, 0) / seconds.length;
  return {
    triesPerSecond: mean(m.attempts),
    /** Tries the pool serves per second: each holds a connection for one fast pricing call now. */
    servedPerSecond: mean(m.dependencyCalls),
    successesPerSecond: mean(m.successes),
    longestQueue: Math.max(...seconds.map((i) => m.waiting[i]!)),
  };
})();
export const steadyState = {
  triesPerSecond: grouped(steady.triesPerSecond),
  servedPerSecond: grouped(steady.servedPerSecond),
  successesPerSecond: grouped(steady.successesPerSecond),
  longestQueue: grouped(Math.round(steady.longestQueue / 100) * 100),
  raw: steady,
};

/** Huang et al., "Metastable Failures in the Wild" (OSDI 2022): their study's figures, as published. */
export const wild = { incidents: 22, organisations: 11, retryShareAbove: "half", shedShareAbove: "55%" };

/**
 * The storm's moments with their unit, as every page writes a moment of the storm (the replay's
 * summary and events, the pool film, the run sheets): secondsOrMinutes, to a tenth of a second
 * below two minutes ("0.5 s", "82.7 s"), then minutes ("11 min").
 */
export const storm = {
  /** When every connection is first in use with callers waiting (about half a second in). */
  poolFullAt: secondsOrMinutes(naive.poolFullSeconds!),
  /** The first whole second with no success for search and accounts. */
  goodputZeroAt: secondsOrMinutes(naive.goodputZeroSeconds!),
  /** The first refusal: a wait in the queue reaches the pool's acquire timeout. */
  firstRefusalAt: secondsOrMinutes(naive.firstRefusalSeconds!),
  /** When the try refused first had joined the queue. */
  firstRefusedQueuedAt: secondsOrMinutes(naive.firstRefusalSeconds! - params.acquireTimeout),
  /** "intervention": the outage ended only when operators stepped in. */
  recoveredBy: naive.recoveredBy,
  /** When the operators step in (the model's input). */
  interventionAt: secondsOrMinutes(naive.interventionSeconds!),
  /** Share of busy connections serving callers who had already left, from the trigger's end to the intervention. */
  abandonedShare: percent(storming.abandonedShare, 0),
  abandonedShareValue: storming.abandonedShare,
  recoverySeconds: grouped(naive.recoverySeconds!),
  outage: minutesAndSeconds(naive.triggerSeconds + naive.recoverySeconds!),
  /** How many times longer than its trigger the outage lasted. */
  timesTrigger: grouped((naive.triggerSeconds + naive.recoverySeconds!) / naive.triggerSeconds),
  amplification: grouped(statedRate(naive.amplification, "the naive run's tries per request"), 2),
  /** Calls from the services to their dependencies, per original request. */
  dependencyAmplification: grouped(statedRate(naive.dependencyAmplification, "the naive run's calls per request"), 2),
  /** Search and accounts over the incident window (trigger start to intervention). */
  unrelatedIncidentSuccess: successPercent(unrelatedSuccess(naive)),
  /** Over the whole run, warm-up and the minute after the intervention included (an artefact of the window). */
  unrelatedSuccessWholeRun: successPercent(unrelatedSuccess(naive, "run")),
  abandonedWork: grouped(naive.abandonedWork),
  failed: grouped(naive.services.reduce((a, s) => a + s.failed, 0)),
  requests: grouped(naive.services.reduce((a, s) => a + s.requests, 0)),
  endlessRecovered: endless.recovered,
  endlessMinutes: grouped(endlessMinutes),
  events: grouped(naive.events),
};

/** The pool animation's frames (the same run, seed 1), for the sentences around it. */
export const film = poolFilm();
const refusalFrame = film.frames.find((f) => f.moment === "refusal")!;
export const poolFill = {
  /** Seconds of storm the animation shows (from just before the trigger). */
  windowSeconds: grouped(film.frames.at(-1)!.t),
  /** The first frame in which every connection serves a caller who has gone. */
  allGoneSeconds: grouped(film.frames[film.initial]!.t, film.frames[film.initial]!.digits),
  queueAtRefusal: grouped(refusalFrame.queue),
  queueGoneShareAtRefusal: percent(refusalFrame.queueGone / refusalFrame.queue, 0),
};

export const defendedRun = {
  recoverySeconds: grouped(defended.recoverySeconds!),
  /** Search and accounts over the defended run's incident window (trigger start to recovery). */
  unrelatedSuccess: successPercent(unrelatedSuccess(defended)),
  amplification: grouped(statedRate(defended.amplification, "the defended run's tries per request"), 2),
  breakerOpenings: grouped(defended.breakerOpenings),
};

/**
 * What one defence alone does to the storm, as the chapter sorts them: "removes" the sustaining
 * effect when the system recovers by itself after the trigger; "contains" it when it does not
 * but search and accounts still succeed at least 99% of the time during the incident; "neither"
 * otherwise. The reader predicts these before the table is shown.
 */
export type DefenceEffect = "removes" | "contains" | "neither";
export const containedAtLeast = 0.99;
/** containedAtLeast for the prose: "99%". */
export const containedAtLeastPercent = percentUpTo(containedAtLeast, 2);
export const effectOf = (s: RetryStormSummary): DefenceEffect =>
  s.recoveredBy === "self" ? "removes" : unrelatedSuccess(s) >= containedAtLeast ? "contains" : "neither";
export const defenceEffectLabels: Record<DefenceEffect, string> = {
  removes: "removes the sustaining effect",
  contains: "only contains it",
  neither: "does neither",
};
/** Each defence as the prediction's rows name it, in the table's order. */
const defenceLabels: Record<DefenceName, string> = {
  bulkhead: "a bulkhead (pricing's callers get their own small pool)",
  breaker: "a circuit breaker on calls to pricing",
  budget: "a retry budget",
  jitter: "backoff with jitter",
  timeout: "deadlines that release the connection",
  shed: "load shedding",
};

/** One row per defence alone: does it stop the storm, and does it protect the unrelated services? */
export const single = defenceNames.map((d) => {
  const s = run([d]);
  return {
    defence: d,
    label: defenceLabels[d],
    effect: effectOf(s),
    firstRefusal: s.firstRefusalSeconds === null ? "never" : secondsOrMinutes(s.firstRefusalSeconds),
    recovery:
      s.recoveredBy === null
        ? "never"
        : s.recoveredBy === "intervention"
          ? `only at the intervention (${grouped(s.interventionSeconds!)} s)`
          : `${grouped(s.recoverySeconds!)} s`,
    unrelated: successPercent(unrelatedSuccess(s)),
    amplification: grouped(statedRate(s.amplification, "tries per request"), 2),
    /** Tries served for callers who had left, with this defence alone (the naive run: storm.abandonedWork). */
    abandonedWork: grouped(s.abandonedWork),
    rawAbandonedWork: s.abandonedWork,
  };
});
const singleOf = (d: DefenceName) => single.find((r) => r.defence === d)!;
/** The work for callers who left, with deadlines alone and with shedding alone: the chapter's list. */
export const abandonedWith = { deadline: singleOf("timeout").abandonedWork, shed: singleOf("shed").abandonedWork };

/** The two predictions the chapter asks for, with the model's figures to grade them against. */
export const predictions = {
  amplification: {
    actual: statedRate(naive.amplification, "the naive run's tries per request"),
    actualText: storm.amplification,
  },
  defences: single.map((r) => ({ id: r.defence, label: r.label, actual: r.effect })),
};

// --- The exercise's worked numbers ---------------------------------------------------------
/** The naive loop sleeps sleepStep × attempt after each failure; the first sleep is 0 ms. */
const sleeps = Array.from({ length: attempts }, (_, k) => k * params.sleepStep).filter((ms) => ms > 0);
export const exercise = {
  holdSeconds: grouped(holdDuringTrigger, 0),
  sleeps: sleeps.join(", "),
  sleepCount: grouped(sleeps.length),
};
