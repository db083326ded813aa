/**
 * The retry-storm simulation as an engine you can step and act on.
 *
 * Clients send open-loop (Poisson) requests to services. Each try takes a connection from a
 * pool (waiting first-in first-out when none is free), holds it while the service calls its one
 * dependency in a retry loop, and gives it back at the end. Clients time out and retry too.
 * A try whose client gave up is not cancelled: it still waits its turn and does all its work.
 * The pricing dependency slows down for a few seconds (the trigger); the rest follows.
 *
 *   const run = createRun(defaultScenario({ params: { intervention: null } }));
 *   run.advanceTo(60);                                    // one simulated minute
 *   run.apply({ kind: "retries", on: false });            // operators flip the flag
 *   run.apply({ kind: "flush" });                         // and empty the wait queues
 *   run.advanceTo(run.end);
 *   const { summary, metrics } = run.result();
 *
 * An action applies at the run's clock, after every event due by then: the same scenario, seed
 * and timed actions give the same bytes however the run was stepped (see `replayActions`).
 */
import { EventQueue } from "../event-queue.ts";
import { randomStreams } from "../random.ts";
import {
  recoveryHoldSeconds,
  recoveryIndex,
  round,
  type RetryStormMetrics,
  type RetryStormSummary,
} from "./metrics.ts";
import { listNames } from "../../format/words.ts";
import { MetricsRecorder } from "./recorder.ts";
import {
  checkParameter,
  checkScenario,
  defenceNames,
  triggeredDependency,
  type DefenceName,
  type ParameterName,
  type ParameterValue,
  type Scenario,
} from "./scenario.ts";
import { logNormal, World, type DependencyCondition, type Original, type Pool, type Try } from "./world.ts";
import type { BreakerState } from "./policies.ts";

export interface RetryStormResult {
  summary: RetryStormSummary;
  metrics: RetryStormMetrics;
  /** Wall-clock time the run took; the only field that differs between identical runs. */
  wallMillis: number;
}

/** Extra seconds after the last arrival for requests in flight to finish. */
export const drainSeconds = 15;

/** Something operators (or a game) do to a running system. Each applies at the run's clock. */
export type StormAction =
  /** Switch a defence on or off (bulkheads: new pools; waiters move, held connections finish on the old). */
  | { kind: "defence"; defence: DefenceName; on: boolean }
  /** Change a parameter (all but duration and warmup); see `setParameter` for when each takes effect. */
  | { [N in ParameterName]: { kind: "parameter"; name: N; value: ParameterValue<N> } }[ParameterName]
  /** The feature flag: clients and services stop (or resume) retrying. */
  | { kind: "retries"; on: boolean }
  /** Empty a pool's wait queue (or every pool's): each waiting try fails at once. */
  | { kind: "flush"; pool?: string }
  /** The scenario's intervention, now: retries off, then every wait queue flushed. */
  | { kind: "intervene" }
  /** Set how a dependency answers: healthy, refusing (fails in 1 ms) or black-holed (every call times out); optionally a median latency. */
  | { kind: "dependency"; name: string; condition?: DependencyCondition; medianMs?: number | null }
  /** Drain a service (its clients send nothing: traffic went elsewhere), or bring it back. */
  | { kind: "drain"; service: string; on: boolean }
  /**
   * Restart a service: its waiting tries fail, its tries in flight are cut at their next step,
   * its breaker and budgets start fresh, and for `seconds` it refuses every try at once.
   */
  | { kind: "restart"; service: string; seconds: number }
  /** Force a service's circuit breaker open or closed, or hand it back to its own rules ("auto"). */
  | { kind: "breaker"; service: string; force: "open" | "closed" | "auto" };

export interface TimedAction {
  /** Simulated seconds from the trigger's start. */
  at: number;
  action: StormAction;
}

/** What a dashboard shows of a run at its current moment. */
export interface StormState {
  now: number;
  /** The run has reached its end (last arrival plus the drain). */
  done: boolean;
  defences: DefenceName[];
  retries: boolean;
  pools: { name: string; size: number; inUse: number; waiting: number }[];
  /** Connections of replaced pools still held by tries of before. */
  retiredInUse: number;
  /** Connections held by tries whose client had already given up. */
  abandonedInUse: number;
  services: {
    name: string;
    dependency: string;
    pool: string;
    drained: boolean;
    restarting: boolean;
    breaker: BreakerState | null;
    requests: number;
    succeeded: number;
  }[];
  dependencies: { name: string; condition: DependencyCondition; medianMs: number; slow: boolean }[];
  /** When operators first stepped in (the scenario's intervention, or the first action applied), or null. */
  interventionSeconds: number | null;
}

// Event kinds.
const ARRIVAL = 0;
const CLIENT_TIMEOUT = 1;
const CLIENT_RETRY = 2;
const STEP = 3;
const TICK = 4;
const INTERVENTION = 5;

// What a STEP does. With deadlines, the client's deadline can come first: the service gives up,
// in the middle of a call (a failure, for the breaker) or of a sleep (no call to count).
const ATTEMPT_DONE = 0;
const SLEEP_DONE = 1;
const GIVE_UP_MID_CALL = 2;
const GIVE_UP_ASLEEP = 3;

/** What an event is about: a service (ARRIVAL), a request (CLIENT_RETRY), a try (the rest), or an intervention's token. */
type Ref = number | Original | Try;

/**
 * What a recycled try refers to instead of its last request: no request at all. (Not frozen: a
 * frozen object has a shape of its own, and the field would then hold two.)
 */
const noOriginal: Original = { service: -1, arrival: Number.NaN, tries: 0, resolved: true };

/**
 * A new try, every field present from the start with the kind of value it will hold (a fraction
 * for the deadline), so all tries share one shape with their fields inside the object: the
 * handlers read them without a second lookup, and no field changes kind when first written.
 */
function blankTry(pool: Pool): Try {
  return {
    original: noOriginal,
    service: 0,
    pool,
    deadline: Number.NaN,
    abandoned: false,
    finished: false,
    holding: false,
    attempt: 0,
    next: ATTEMPT_DONE,
    retryAfterSleep: false,
    attemptSucceeds: false,
    timeoutFired: false,
    generation: 0,
  };
}

/** Parameters that shape the run's clock and slots; they cannot change once it has started. */
const fixedParameters: readonly ParameterName[] = ["duration", "warmup"];

/** Start a run of `scenario` (validated; throws a RangeError naming the first problem). */
export function createRun(scenario: Scenario): StormRun {
  return new StormRun(scenario);
}

/** Run a scenario to its end, applying each timed action at its time (in order). */
export function replayActions(scenario: Scenario, actions: readonly TimedAction[]): RetryStormResult {
  const started = typeof performance !== "undefined" ? performance.now() : 0;
  const run = createRun(scenario);
  const sorted = actions.map((a, i) => ({ ...a, i })).sort((a, b) => a.at - b.at || a.i - b.i);
  for (const { at, action } of sorted) {
    if (!(at >= run.now)) throw new RangeError(`action at ${at} s: the run starts at ${run.now} s`);
    if (at > run.end) throw new RangeError(`action at ${at} s: the run ends at ${run.end} s`);
    run.advanceTo(at);
    run.apply(action);
  }
  run.advanceTo(run.end);
  const result = run.result();
  result.wallMillis = (typeof performance !== "undefined" ? performance.now() : 0) - started;
  return result;
}

/** Told of every original request as it arrives and as it ends (a game day scores each one). */
export interface StormObserver {
  arrival(service: number, now: number): void;
  /** The request that arrived at `arrival` succeeded, or its client gave up on it, at `now`. */
  outcome(service: number, arrival: number, now: number, success: boolean): void;
}

/**
 * Told what happens to each try at the pool: it joins the wait queue, takes a connection, gives
 * it back, or is refused when its wait reaches the acquire timeout (`expiredAt`, the moment the
 * summary dates the refusal; the engine notices it at the pool's next hand-out). Tries that leave
 * the queue otherwise (a flush, a restart, a deadline, shedding) are not told: the pool's
 * `waiters` hold what waits at any moment. A try is the same object from its wait to its
 * release, and is reused only after that, so an animation of the pool can follow each connection
 * (src/sim/retry-storm/pool-frames.ts). Unset, it costs nothing.
 */
export interface PoolObserver {
  wait(job: Try, now: number): void;
  take(job: Try, now: number): void;
  give(job: Try, now: number): void;
  refuse(job: Try, expiredAt: number): void;
}

export class StormRun {
  /** The scenario as given (checked); the world holds the parameters as they are now. */
  readonly scenario: Scenario;
  /** Optional: told of each request's arrival and end. */
  observer: StormObserver | null = null;
  /** Optional: told of each try's wait, connection and refusal at the pool. */
  poolObserver: PoolObserver | null = null;
  readonly world: World;
  /** When the run stops: the last arrival (duration) plus the drain. */
  readonly end: number;
  /** The first moment of the run (minus the warm-up). */
  readonly start: number;
  private readonly duration: number;
  private readonly queue: EventQueue<Ref>;
  private readonly recorder: MetricsRecorder;
  private readonly spare: Try[] = [];
  private abandonedHolding = 0;
  private events = 0;
  /** The pending intervention event's token: changing the parameter reschedules it. */
  private interventionToken = 0;
  private intervenedAt: number | null = null;
  private advanceMillis = 0;

  constructor(input: Scenario) {
    const scenario: Scenario = { ...input, params: { ...input.params }, defences: [...input.defences] };
    checkScenario(scenario);
    this.scenario = scenario;
    const stream = randomStreams(scenario.seed);
    const world = new World(scenario, stream);
    this.world = world;
    const warmup = scenario.params.warmup;
    this.duration = scenario.params.duration;
    this.start = -warmup;
    this.end = this.duration + drainSeconds;
    this.recorder = new MetricsRecorder(warmup, this.duration, world.services.length);
    this.queue = new EventQueue<Ref>(-warmup);
    for (let i = 0; i < world.services.length; i++) this.scheduleArrival(i, -warmup);
    // Ticks run in their own in-order lane (1; client timeouts use lane 0), off the heap.
    for (let t = -warmup + 1; t <= this.duration; t++) this.queue.scheduleInOrder(t, TICK, undefined, 1);
    this.scheduleIntervention();
  }

  /** The simulated clock (seconds from the trigger's start). */
  get now(): number {
    return this.queue.now;
  }

  get done(): boolean {
    return this.queue.now >= this.end;
  }

  /** Process every event due by `time` (capped at the end) and move the clock there. */
  advanceTo(time: number): void {
    const wallStart = typeof performance !== "undefined" ? performance.now() : 0;
    const stop = Math.min(time, this.end);
    const queue = this.queue;
    let events = 0;
    while (queue.pop(stop)) {
      const now = queue.now;
      events++;
      const ref = queue.refOut;
      switch (queue.kindOut) {
        case ARRIVAL:
          this.arrival(ref as number);
          break;
        case CLIENT_TIMEOUT:
          this.clientTimeout(ref as Try);
          break;
        case CLIENT_RETRY:
          this.sendTry(ref as Original);
          break;
        case STEP:
          this.step(ref as Try);
          break;
        case TICK:
          this.tick(now);
          break;
        case INTERVENTION:
          if ((ref as number) === this.interventionToken) this.intervene(now);
          break;
      }
    }
    this.events += events;
    queue.advanceClock(stop);
    if (typeof performance !== "undefined") this.advanceMillis += performance.now() - wallStart;
  }

  /**
   * Apply an action now (after every event due by now). Throws a RangeError for an impossible
   * one, and then changes nothing. The first action applied is when operators stepped in: the
   * summary's `interventionSeconds`, against which `recoveredBy` is judged.
   */
  apply(action: StormAction): void {
    this.act(action);
    if (this.intervenedAt === null) this.intervenedAt = this.now;
  }

  private act(action: StormAction): void {
    const now = this.now;
    const world = this.world;
    switch (action.kind) {
      case "defence": {
        if (!defenceNames.includes(action.defence))
          throw new RangeError(`unknown defence "${action.defence}"; choose from ${listNames(defenceNames)}`);
        if (world.defences.has(action.defence) === action.on) return;
        if (action.on) world.defences.add(action.defence);
        else world.defences.delete(action.defence);
        this.reconfigure(action.defence);
        return;
      }
      case "parameter":
        return this.changeParameter(action.name, action.value);
      case "retries":
        world.retriesOff = !action.on;
        return;
      case "flush":
        return this.flush(action.pool === undefined ? world.pools : [this.pool(action.pool)]);
      case "intervene":
        return this.intervene(now);
      case "dependency": {
        const dep = world.dependencies.find((d) => d.name === action.name);
        if (!dep) throw new RangeError(this.unknown("dependency", action.name, world.dependencies, "dependencies"));
        const { condition, medianMs } = action;
        if (condition !== undefined && !["healthy", "refusing", "black-holed"].includes(condition))
          throw new RangeError(`a dependency is healthy, refusing or black-holed, not "${condition}"`);
        if (medianMs !== undefined && medianMs !== null && !(medianMs > 0 && Number.isFinite(medianMs)))
          throw new RangeError(`a median latency must be a number of milliseconds above 0, got ${medianMs}`);
        if (condition !== undefined) dep.condition = condition;
        if (medianMs !== undefined) dep.medianOverride = medianMs === null ? null : medianMs / 1000;
        return;
      }
      case "drain": {
        const i = this.serviceIndex(action.service);
        world.services[i]!.drained = action.on;
        if (!action.on) this.scheduleArrival(i, now);
        return;
      }
      case "restart":
        return this.restart(this.serviceIndex(action.service), action.seconds, now);
      case "breaker": {
        const i = this.serviceIndex(action.service);
        const breaker = world.breakers[i];
        if (!breaker)
          throw new RangeError(`${action.service} has no circuit breaker: switch the breaker defence on first`);
        if (!["open", "closed", "auto"].includes(action.force))
          throw new RangeError(`a breaker is forced open or closed, or set back to auto, not "${action.force}"`);
        breaker.force(action.force === "auto" ? null : action.force, now);
        return;
      }
      default:
        throw new RangeError(`unknown action ${JSON.stringify(action)}`);
    }
  }

  /**
   * Change a parameter now. Load changes the next arrival's gap; pool and bulkhead sizes resize
   * the pools (a smaller pool hands out nothing until enough are returned); timeouts apply to
   * tries from now on (the acquire timeout to every waiter); retry, budget and breaker settings
   * rebuild those policies fresh; trigger settings change the slow window; the intervention is
   * rescheduled (none cancels it).
   */
  setParameter<N extends ParameterName>(name: N, value: ParameterValue<N>): void {
    this.changeParameter(name, value);
  }

  /** `setParameter` for a value from untyped code (checked here, like everything from outside). */
  private changeParameter(name: ParameterName, value: unknown): void {
    if (fixedParameters.includes(name)) throw new RangeError(`${name} cannot change once the run has started`);
    const checked = checkParameter(name, value);
    const world = this.world;
    (world.params as Record<string, unknown>)[name] = checked;
    const before = { client: world.clientTimeout, acquire: world.acquireTimeout };
    world.configure();
    if (world.clientTimeout !== before.client || world.acquireTimeout !== before.acquire) {
      world.timeoutsChangedMidRun();
      if (world.acquireTimeout < before.acquire) for (const pool of world.pools) this.serveWaiters(pool);
    }
    switch (name) {
      case "load":
        for (let i = 0; i < world.services.length; i++) this.scheduleArrival(i, this.now);
        return;
      case "poolSize":
      case "bulkheadSize":
        world.resizePools();
        for (const pool of world.pools) this.serveWaiters(pool);
        return;
      case "attempts":
      case "sleepStep":
      case "backoffBase":
      case "backoffCap":
        world.buildPolicy();
        return;
      case "intervention":
        this.scheduleIntervention();
        return;
    }
    if (name.startsWith("breaker")) world.buildBreakers();
    if (name.startsWith("budget") || name.startsWith("token")) world.buildBudgets();
  }

  /** The run at this moment, for a dashboard. */
  state(): StormState {
    const world = this.world;
    const now = this.now;
    return {
      now,
      done: this.done,
      defences: defenceNames.filter((d) => world.defences.has(d)),
      retries: !world.retriesOff,
      pools: world.pools.map((p) => ({ name: p.name, size: p.size, inUse: p.inUse, waiting: p.waiters.size })),
      retiredInUse: world.retired.reduce((a, p) => a + p.inUse, 0),
      abandonedInUse: this.abandonedHolding,
      services: world.services.map((s, i) => ({
        name: s.spec.name,
        dependency: s.spec.dependency,
        pool: world.servicePool[i]!.name,
        drained: s.drained,
        restarting: now < s.restartingUntil,
        breaker: world.breakers[i]?.stateAt(now) ?? null,
        requests: this.recorder.requests[i]!,
        succeeded: this.recorder.succeeded[i]!,
      })),
      dependencies: world.dependencies.map((d) => ({
        name: d.name,
        condition: d.condition,
        medianMs: round(this.medianAt(d, now) * 1000, 3),
        slow: d.triggered && now >= 0 && now < world.triggerEnd,
      })),
      interventionSeconds: this.intervenedAt,
    };
  }

  /** Wall-clock time spent advancing the run so far. */
  get wallMillis(): number {
    return this.advanceMillis;
  }

  /** How many seconds the series cover: those completed so far (all of them once the run is done). */
  private secondsDone(): number {
    return this.done ? this.recorder.buckets : this.recorder.lastTick + 1;
  }

  /**
   * The per-second series of the seconds completed so far (all of them once the run is done).
   * A second's success rate counts its arrivals that have not yet been answered as not served,
   * as the end of a run counts those it leaves unanswered: read before the end, the last
   * seconds (up to a request's longest life, its tries and their sleeps) read low until their
   * requests end.
   */
  metrics(): RetryStormMetrics {
    const metrics = this.recorder.metrics(
      this.world.services.map((s) => s.spec.name),
      this.secondsDone(),
    );
    metrics.poolCapacity = this.world.capacity();
    return metrics;
  }

  /** The summary of the seconds completed so far (of the whole run once it is done). */
  summary(metrics?: RetryStormMetrics): RetryStormSummary {
    const world = this.world;
    const rec = this.recorder;
    const warmup = rec.warmup;
    // Of the metrics, the summary reads only the success rate by second: without them (the
    // terminal prints the summary alone), that one series is all that is computed.
    const successRate = metrics ? metrics.successRate : rec.successRate(this.secondsDone());
    const seconds = successRate.length;
    /** The start of slot `b`, as `metrics.time[b]` has it. */
    const time = (b: number) => b - warmup;
    const triggerEnd = world.triggerEnd;
    const interventionAt = this.intervenedAt;
    const recoveryAt = recoveryIndex(successRate, Math.ceil(triggerEnd + warmup), recoveryHoldSeconds);
    const recoveredAt = recoveryAt >= 0 ? time(recoveryAt) : null;
    // Success is counted by arrival, so a recovery can be dated a few seconds before the action
    // that brought it: it was by itself only if it had held its full 10 s before operators acted.
    const recoveredBy =
      recoveredAt === null
        ? null
        : interventionAt !== null && recoveredAt + recoveryHoldSeconds > interventionAt
          ? "intervention"
          : "self";
    // The incident: from the trigger's start until it recovered by itself, or operators stepped
    // in, or the run (so far) ended; never shorter than the trigger unless the run is: a window
    // past the run's end would name seconds that were never simulated. Counted in whole seconds of arrival.
    const lastSecond = seconds - warmup;
    const runEnd = Math.min(this.duration, lastSecond);
    const incidentEnd = Math.min(
      runEnd,
      Math.max(triggerEnd, recoveredBy === "self" ? recoveredAt! : interventionAt !== null ? interventionAt : runEnd),
    );
    const from = rec.bucketOf(0);
    const to = Math.min(seconds, from + Math.ceil(incidentEnd));
    const inIncident = (series: number[]) => {
      let sum = 0;
      for (let b = Math.max(0, from); b < to; b++) sum += series[b]!;
      return sum;
    };
    // Goodput gone: the first whole second from the trigger on in which requests of the services
    // that never call the slow dependency arrive, and not one of them is ever served. Counted by
    // arrival, as the success rate is: the first second whose success rates for those services
    // all read 0% (a service with no arrivals that second reads nothing). Counted by completion,
    // it was dated wrongly at a trickle of requests: a lone request that arrives late in a second
    // and finishes in the next left its own second with an arrival and no success, although
    // nothing failed.
    const unrelated = world.services.flatMap((s, i) =>
      s.spec.dependency === triggeredDependency ? [] : [rec.perService[i]!],
    );
    let goodputZeroAt: number | null = null;
    for (let b = Math.max(0, from); unrelated.length > 0 && b < seconds; b++) {
      const { arrived, served } = rec.arrivedAndServed(b, unrelated);
      if (arrived > 0 && served === 0) {
        goodputZeroAt = time(b);
        break;
      }
    }
    const originals = rec.requests.reduce((a, b) => a + b, 0);
    return {
      seed: this.scenario.seed,
      defences: [...world.defences].sort(),
      triggerSeconds: triggerEnd,
      interventionSeconds: interventionAt,
      poolFullSeconds: rec.poolFullAt === null ? null : round(rec.poolFullAt, 3),
      goodputZeroSeconds: goodputZeroAt,
      firstRefusalSeconds: rec.firstRefusalAt === null ? null : round(rec.firstRefusalAt, 3),
      firstShedSeconds: rec.firstShedAt === null ? null : round(rec.firstShedAt, 3),
      recovered: recoveryAt >= 0,
      recoverySeconds: recoveryAt >= 0 ? round(Math.max(0, recoveredAt! - triggerEnd), 3) : null,
      recoveredBy,
      incidentEndSeconds: round(incidentEnd, 3),
      amplification: originals === 0 ? null : round(rec.tries / originals, 3),
      dependencyAmplification: originals === 0 ? null : round(rec.calls / originals, 3),
      services: world.services.map((svc, i) => {
        const requests = rec.requests[i]!;
        const succeeded = rec.succeeded[i]!;
        const incidentRequests = inIncident(rec.perService[i]!.arrived);
        const incidentSucceeded = inIncident(rec.perService[i]!.servedByArrival);
        return {
          name: svc.spec.name,
          dependency: svc.spec.dependency,
          requests,
          succeeded,
          failed: requests - succeeded,
          successRate: requests === 0 ? null : round(succeeded / requests, 5),
          incidentRequests,
          incidentSucceeded,
          incidentSuccessRate: incidentRequests === 0 ? null : round(incidentSucceeded / incidentRequests, 5),
        };
      }),
      abandonedWork: rec.abandonedWork,
      triesShed: rec.shed,
      breakerOpenings: world.breakers.reduce((a, br) => a + (br?.opened ?? 0), 0),
      events: this.events,
    };
  }

  /** Summary and metrics together, with the wall-clock time spent advancing the run. */
  result(): RetryStormResult {
    const metrics = this.metrics();
    return { summary: this.summary(metrics), metrics, wallMillis: this.advanceMillis };
  }

  // --- Event handlers --------------------------------------------------------------------------
  // The handlers and what they call on every event read the clock (`this.queue.now`) instead of
  // taking it as an argument: a fraction passed to a function V8 has not inlined is boxed in a
  // new heap object first, and that was one allocation per event (13.7 MB a run).

  /** A service's next original request; schedules the one after (open loop). */
  private arrival(s: number): void {
    const now = this.queue.now;
    const service = this.world.services[s]!;
    service.arrivalPending = false;
    if (service.drained) return;
    const original: Original = { service: s, arrival: now, tries: 0, resolved: false };
    this.recorder.arrival(s, now);
    this.observer?.arrival(s, now);
    this.world.clientBudgets[s]?.onRequest(now);
    this.sendTry(original);
    this.scheduleArrival(s, now);
  }

  /** Schedule service `s`'s next arrival after `now`, unless one is pending or it sends nothing. */
  private scheduleArrival(s: number, now: number): void {
    const service = this.world.services[s]!;
    if (service.arrivalPending || service.drained) return;
    const rate = service.spec.rate * this.world.load;
    if (!(rate > 0)) return;
    const next = now + -Math.log(1 - service.arrivalRand()) / rate;
    if (next < this.duration) {
      this.queue.schedule(next, ARRIVAL, s);
      service.arrivalPending = true;
    }
  }

  private clientTimeout(job: Try): void {
    job.timeoutFired = true;
    if (job.finished) {
      this.recycle(job);
      return;
    }
    if (job.abandoned) return;
    job.abandoned = true;
    if (job.holding) this.abandonedHolding++;
    this.world.clientBudgets[job.service]?.onOutcome(false);
    this.clientRetry(job.original);
  }

  private tick(now: number): void {
    const world = this.world;
    for (const pool of world.pools) this.serveWaiters(pool);
    world.pruneRetired();
    this.recorder.tick(now, world.pools, world.inUse(), world.waiting(), this.abandonedHolding, world.capacity());
  }

  /** Operators turn retries off and flush every wait queue: load finally drops. */
  private intervene(now: number): void {
    if (this.intervenedAt === null) this.intervenedAt = now;
    this.world.retriesOff = true;
    this.flush(this.world.pools);
  }

  private flush(pools: readonly Pool[]): void {
    for (const pool of pools) {
      for (const job of pool.waiters.drain()) this.finish(job, false);
    }
  }

  private recycle(job: Try): void {
    // Let go of its request (for the garbage collector) without storing another kind of value in
    // the field, which would change the shape every optimized handler was compiled for.
    job.original = noOriginal;
    this.spare.push(job);
  }

  private sendTry(original: Original): void {
    const now = this.queue.now;
    const world = this.world;
    const s = original.service;
    original.tries++;
    this.recorder.attempt(s, now);
    // Tries are recycled: a storm makes hundreds of thousands, and most wait long enough in the
    // pool's queue to outlive the young generation of the garbage collector.
    const job = this.spare.pop() ?? blankTry(world.pools[0]!);
    const service = world.services[s]!;
    job.original = original;
    job.pool = world.servicePool[s]!;
    job.service = s;
    job.deadline = now + world.clientTimeout;
    job.abandoned = false;
    job.finished = false;
    job.holding = false;
    job.attempt = 0;
    job.next = ATTEMPT_DONE;
    job.retryAfterSleep = false;
    job.attemptSucceeds = false;
    job.timeoutFired = false;
    job.generation = service.generation;
    this.queue.scheduleInOrder(job.deadline, CLIENT_TIMEOUT, job);
    world.serviceBudgets[s]?.onRequest(now);
    if (now < service.restartingUntil) return this.finish(job, false); // refused: it is starting
    this.acquire(job);
  }

  private acquire(job: Try): void {
    const now = this.queue.now;
    const pool = job.pool;
    if (pool.inUse < pool.size && pool.waiters.size === 0) {
      this.hold(job);
      return;
    }
    if (pool.inUse >= pool.size) this.recorder.poolFull(now);
    if (pool.waiters.size >= this.world.shedLimit) {
      this.recorder.shedTry(now);
      this.finish(job, false); // shed: refused at once, cheaply
    } else {
      pool.waiters.push(now, 0, job);
      this.poolObserver?.wait(job, now);
    }
  }

  /** Hand free connections to waiters in order, dropping the expired (and, with deadlines, the abandoned). */
  private serveWaiters(pool: Pool): void {
    const now = this.queue.now;
    const waiters = pool.waiters;
    const world = this.world;
    const acquireTimeout = world.acquireTimeout;
    while (waiters.size > 0) {
      const expiresAt = waiters.headTime() + acquireTimeout;
      if (expiresAt <= now) {
        const job = waiters.shift();
        this.recorder.refusal(expiresAt);
        this.poolObserver?.refuse(job, expiresAt);
        // When clients give up before the pool does, nothing refers to an expired try any more:
        // reuse it untouched (asking each try instead once timeouts changed mid-run).
        if (world.clientsGiveUpFirst) this.spare.push(job);
        else this.finish(job, false);
        continue;
      }
      if (world.deadlines && waiters.headItem().deadline <= now) {
        this.finish(waiters.shift(), false);
        continue;
      }
      if (pool.inUse >= pool.size) break;
      this.hold(waiters.shift());
    }
  }

  /** The try takes a connection from its pool and makes its first call. */
  private hold(job: Try): void {
    const now = this.queue.now;
    job.pool.inUse++;
    job.holding = true;
    if (job.abandoned) this.abandonedHolding++;
    this.poolObserver?.take(job, now);
    this.beginAttempt(job);
  }

  /** The try's next step at `at`, unless (with deadlines) its client's deadline comes first. */
  private scheduleStep(job: Try, at: number, next: number, giveUp: number): void {
    const late = this.world.deadlines && at > job.deadline;
    job.next = late ? giveUp : next;
    this.queue.schedule(late ? job.deadline : at, STEP, job);
  }

  /** The median latency of a call to `dep` started at `now`, in seconds. */
  private medianAt(dep: World["dependencies"][number], now: number): number {
    if (dep.medianOverride !== null) return dep.medianOverride;
    const slow = dep.triggered && now >= 0 && now < this.world.triggerEnd;
    return slow ? this.world.triggerMedian : dep.median;
  }

  private beginAttempt(job: Try): void {
    const now = this.queue.now;
    const world = this.world;
    const s = job.service;
    const breaker = world.breakers[s];
    if (breaker && !breaker.allow(now)) return this.finish(job, false); // open: fail fast, no retry
    this.recorder.call(now);
    const dep = world.dependencies[world.services[s]!.dependency]!;
    if (dep.condition !== "healthy") {
      // Refused in a millisecond, or no answer at all until the attempt's timeout.
      job.attemptSucceeds = false;
      const duration = dep.condition === "refusing" ? Math.min(0.001, world.attemptTimeout) : world.attemptTimeout;
      return this.scheduleStep(job, now + duration, ATTEMPT_DONE, GIVE_UP_MID_CALL);
    }
    const latency = logNormal(dep.rand, this.medianAt(dep, now), dep.sigma);
    job.attemptSucceeds = latency <= world.attemptTimeout;
    this.scheduleStep(
      job,
      now + (job.attemptSucceeds ? latency : world.attemptTimeout),
      ATTEMPT_DONE,
      GIVE_UP_MID_CALL,
    );
  }

  /** Call again, unless the policy, the budget or the operators said no. */
  private retryOrFinish(job: Try, retry: boolean): void {
    if (!retry || this.world.retriesOff) return this.finish(job, false);
    job.attempt++;
    this.beginAttempt(job);
  }

  private step(job: Try): void {
    const now = this.queue.now;
    const world = this.world;
    const s = job.service;
    if (job.generation !== world.services[s]!.generation) return this.finish(job, false); // cut by a restart
    if (job.next === GIVE_UP_MID_CALL) world.breakers[s]?.record(now, false);
    if (job.next === GIVE_UP_MID_CALL || job.next === GIVE_UP_ASLEEP) return this.finish(job, false);
    if (job.next === SLEEP_DONE) return this.retryOrFinish(job, job.retryAfterSleep);
    // An attempt came back (or timed out).
    const success = job.attemptSucceeds;
    world.breakers[s]?.record(now, success);
    const budget = world.serviceBudgets[s];
    budget?.onOutcome(success);
    if (success) return this.finish(job, true);
    const decision = world.policy(job.attempt, world.services[s]!.serviceRand);
    const retry = decision.retry && !world.retriesOff;
    if (retry && budget && !budget.tryRetry(now)) return this.finish(job, false);
    const sleep = Math.max(0, decision.sleepMs) / 1000;
    if (sleep === 0) return this.retryOrFinish(job, retry);
    job.retryAfterSleep = retry;
    this.scheduleStep(job, now + sleep, SLEEP_DONE, GIVE_UP_ASLEEP);
  }

  /** The service is done with a try: free its connection and answer the client, if it still waits. */
  private finish(job: Try, success: boolean): void {
    const now = this.queue.now;
    if (job.finished) return;
    job.finished = true;
    const original = job.original;
    const abandoned = job.abandoned;
    const didWork = job.holding;
    if (job.holding) {
      job.holding = false;
      job.pool.inUse--;
      if (abandoned) this.abandonedHolding--;
      this.poolObserver?.give(job, now);
      this.serveWaiters(job.pool);
    }
    // Recycle only after the last look at this try: serving waiters above can start new tries,
    // and a try recycled any earlier could be handed out and overwritten while still in use here.
    if (job.timeoutFired) this.recycle(job);
    if (abandoned) {
      // Work nobody waits for: it held a connection after (or while) its client gave up.
      if (didWork) this.recorder.abandonedWork++;
      return;
    }
    const s = original.service;
    this.world.clientBudgets[s]?.onOutcome(success);
    if (success) {
      original.resolved = true;
      this.recorder.success(s, original.arrival, now);
      this.observer?.outcome(s, original.arrival, now, true);
      return;
    }
    this.clientRetry(original);
  }

  /** A client's try failed or timed out: retry per policy and budget, or give up on the request. */
  private clientRetry(original: Original): void {
    const now = this.queue.now;
    const world = this.world;
    const s = original.service;
    const decision = world.policy(original.tries - 1, world.services[s]!.clientRand);
    const budget = world.clientBudgets[s];
    if (!decision.retry || world.retriesOff || (budget && !budget.tryRetry(now))) {
      original.resolved = true;
      this.observer?.outcome(s, original.arrival, now, false);
      return;
    }
    const sleep = Math.max(0, decision.sleepMs) / 1000;
    // No sleep: the retry goes out at once (and is not an event of its own).
    if (sleep === 0) this.sendTry(original);
    else if (world.fixedSleeps) this.queue.scheduleDelayed(now + sleep, sleep, CLIENT_RETRY, original);
    else this.queue.schedule(now + sleep, CLIENT_RETRY, original);
  }

  // --- Actions' helpers ------------------------------------------------------------------------

  /** Schedule the scenario's intervention (again, when its parameter changed), if it is still to come. */
  private scheduleIntervention(): void {
    const token = ++this.interventionToken;
    const at = this.world.params.intervention;
    if (at !== null && at < this.duration && at >= this.now) this.queue.schedule(at, INTERVENTION, token);
  }

  /** A defence was switched: rebuild what it changes. */
  private reconfigure(defence: DefenceName): void {
    const world = this.world;
    world.configure();
    switch (defence) {
      case "bulkhead":
        world.buildPools();
        for (const pool of world.pools) this.serveWaiters(pool);
        return;
      case "breaker":
        world.buildBreakers();
        return;
      case "budget":
        world.buildBudgets();
        return;
      case "jitter":
        world.buildPolicy();
        return;
      case "timeout":
        // Deadlines apply to tries from now on; waiting tries past their deadline leave at the next hand-out.
        return;
      case "shed":
        return;
    }
  }

  private restart(s: number, seconds: number, now: number): void {
    if (!(seconds >= 0 && Number.isFinite(seconds)))
      throw new RangeError(`a restart takes a number of seconds >= 0, got ${seconds}`);
    const world = this.world;
    const service = world.services[s]!;
    service.generation++;
    service.restartingUntil = now + seconds;
    // Its waiting tries fail; everyone else keeps their place.
    const pool = world.servicePool[s]!;
    const kept: { time: number; job: Try }[] = [];
    const dropped: Try[] = [];
    while (pool.waiters.size > 0) {
      const time = pool.waiters.headTime();
      const job = pool.waiters.shift();
      if (job.service === s) dropped.push(job);
      else kept.push({ time, job });
    }
    for (const { time, job } of kept) pool.waiters.push(time, 0, job);
    for (const job of dropped) this.finish(job, false);
    // A fresh process: a new breaker and new budgets for this service.
    world.breakers[s] = world.makeBreaker();
    world.clientBudgets[s] = world.makeBudget();
    world.serviceBudgets[s] = world.makeBudget();
  }

  private serviceIndex(name: string): number {
    const i = this.world.services.findIndex((s) => s.spec.name === name);
    if (i < 0)
      throw new RangeError(
        this.unknown(
          "service",
          name,
          this.world.services.map((s) => s.spec),
        ),
      );
    return i;
  }

  private pool(name: string): Pool {
    const pool = this.world.pools.find((p) => p.name === name);
    if (!pool) throw new RangeError(this.unknown("pool", name, this.world.pools));
    return pool;
  }

  /** 'no pool named "pricing"; the only pool is "shared"', naming every one there is. */
  private unknown(what: string, name: string, known: readonly { name: string }[], whats = `${what}s`): string {
    const names = known.map((k) => `"${k.name}"`);
    const there =
      names.length === 0
        ? `there are no ${whats}`
        : names.length === 1
          ? `the only ${what} is ${names[0]}`
          : `the ${whats} are ${listNames(names)}`;
    return `no ${what} named "${name}"; ${there}`;
  }
}
