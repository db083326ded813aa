/**
 * Every number the load-shedding chapter shows, computed at build time: the fluid overload
 * model (src/sim/overload.ts), the SRE book's thread-starvation example by Little's law, and the
 * retry-storm replay with shedding on. numbers.test.ts checks them against the sources and closed forms.
 */
import {
  parameterDefaults,
  defaultScenario,
  defaultServices,
  rememberedRetryStorm,
  statedWorstSuccessRate,
} from "../../../src/sim/retry-storm/index.ts";
import { simulateOverload } from "../../../src/sim/overload.ts";
import { grouped, percentAtLeast, percentUpTo } from "../../../src/format/number.ts";
import { sreStarvationExample, threadStarvation } from "../../../src/sim/starvation.ts";

// --- One overloaded server, FIFO queue, callers with a timeout -------------------------------------
const capacity = 100;
const timeoutSeconds = 1;
const overloadRate = 120;
const overloadSeconds = 60;
const afterRate = 80;
const afterSeconds = 120;
/** The bounded queue: half a second of the server's work, well inside what callers wait. */
const queueLimit = 50;
const phases = [
  { seconds: overloadSeconds, rate: overloadRate },
  { seconds: afterSeconds, rate: afterRate },
];
const unbounded = simulateOverload({ capacity, timeoutSeconds, phases, queueLimit: Infinity });
const bounded = simulateOverload({ capacity, timeoutSeconds, phases, queueLimit });
const arrivals = overloadRate * overloadSeconds + afterRate * afterSeconds;

export const overload = {
  capacity,
  timeoutSeconds,
  overloadRate,
  overloadPercent: percentUpTo(overloadRate / capacity, 0),
  overloadSeconds,
  afterRate,
  afterSeconds,
  afterPercent: percentUpTo(afterRate / capacity, 0),
  /** The longest queue whose last request is still served within the timeout: capacity x timeout. */
  usefulQueue: capacity * timeoutSeconds,
  arrivals: grouped(arrivals),
  unbounded: {
    uselessFrom: grouped(unbounded.uselessFrom!),
    uselessUntil: grouped(unbounded.uselessUntil!),
    /** How long after the overload ended the queue kept serving only abandoned requests. */
    afterEnd: grouped(unbounded.uselessUntil! - overloadSeconds),
    longestQueue: grouped(unbounded.longestQueue),
    usefulPercent: percentUpTo(unbounded.useful / arrivals, 0),
    wasted: grouped(unbounded.wasted),
  },
  bounded: {
    queueLimit,
    maxWaitSeconds: grouped(queueLimit / capacity, 1),
    usefulPercent: percentUpTo(bounded.useful / arrivals, 0),
    rejected: grouped(bounded.rejected),
    wasted: grouped(bounded.wasted),
  },
};
export const rawOverload = { unbounded, bounded, arrivals };

// --- Autoscaling's lag ---------------------------------------------------------------------------------
const scaleUpMinutes = 5;
/** The burst's demand, kept up until new capacity arrives, into an unbounded queue. */
const untilScaled = simulateOverload({
  capacity,
  timeoutSeconds,
  phases: [{ seconds: scaleUpMinutes * 60, rate: overloadRate }],
  queueLimit: Infinity,
});
export const autoscaling = {
  scaleUpMinutes,
  backlog: grouped(untilScaled.longestQueue),
  waitSeconds: grouped(untilScaled.longestQueue / capacity),
  uselessFrom: grouped(untilScaled.uselessFrom!),
};
export const rawAutoscaling = { untilScaled, scaleUpSeconds: scaleUpMinutes * 60 };

// --- Thread starvation (SRE book, "Addressing Cascading Failures"; told in the failure-modes chapter) ---
const starved = threadStarvation(sreStarvationExample);
/** The same tier with the slow call cut off by a timeout short enough for the hanging calls to fit. */
const shortTimeoutSeconds = 10;
const timedOut = threadStarvation({ ...sreStarvationExample, hangSeconds: shortTimeoutSeconds });
export const starvation = {
  failingPercent: percentUpTo(starved.failingShare, 0),
  shortTimeoutSeconds,
  /** Threads the hanging calls hold with that timeout, of the tier's threads. */
  shortTimeoutHeld: grouped(timedOut.threadsDemanded),
  threads: grouped(timedOut.threads),
  /** Share of queries that find no thread with that timeout (0: only the slow calls fail, by timing out). */
  shortTimeoutStarved: timedOut.failingShare,
};

// --- The replay -----------------------------------------------------------------------------------------
const params = parameterDefaults;
const naive = rememberedRetryStorm(defaultScenario()).summary;
const shed = rememberedRetryStorm(defaultScenario({ defences: ["shed"] })).summary;
const shedUnrelated = shed.services.filter((s) =>
  defaultServices.some((d) => d.name === s.name && d.dependency !== "pricing"),
);
/** The playground's run: the same model, stopped this long after the trigger starts. */
const playSeconds = 60;
export const replay = {
  shedQueue: params.shedQueue,
  /** The services' shares count every request of the run: the warm-up, then `duration` from the trigger on. */
  warmupSeconds: params.warmup,
  durationSeconds: params.duration,
  playSeconds,
  naiveWorst: percentUpTo(statedWorstSuccessRate(naive), 1),
  /** "keeps every service at or above": rounded down, so the bound holds (99.494% is "99.4%"). */
  shedWorst: percentAtLeast(statedWorstSuccessRate(shed), 1),
  triggerSeconds: grouped(params.triggerDuration),
  /**
   * The services that never call pricing, and their shares served during the incident with
   * shedding on (the trigger's seconds: the system then recovers by itself): shedding does not
   * isolate them, since the pool is still shared.
   */
  shedUnrelated: shedUnrelated.map((s) => s.name).join(" and "),
  shedUnrelatedIncident: shedUnrelated.map((s) => percentUpTo(s.incidentSuccessRate!, 0)).join(" and "),
  naiveAbandoned: grouped(naive.abandonedWork),
  shedAbandoned: grouped(shed.abandonedWork),
  shedRecoverySeconds: shed.recoverySeconds,
  naiveRecoverySeconds: naive.recoverySeconds,
};
export const raw = { naive, shed };
