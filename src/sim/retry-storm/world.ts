/**
 * The world of a retry-storm run: the services and their clients, the dependencies they call,
 * the connection pools they share (or, with bulkheads, one per dependency), and the policies
 * each caller obeys (retry policy, retry budgets, circuit breakers). It is state plus the
 * rules for building and rebuilding it from a scenario's parameters and defences; the events
 * that move it are in engine.ts.
 */
import { Ring } from "../ring.ts";
import type { Random } from "../random.ts";
import {
  CircuitBreaker,
  fullJitterRetryPolicy,
  naiveRetryPolicy,
  RatioRetryBudget,
  TokenRetryBudget,
  type RetryBudget,
} from "./policies.ts";
import {
  triggeredDependency,
  type DefenceName,
  type Parameters,
  type RetryPolicy,
  type Scenario,
  type ServiceSpec,
} from "./scenario.ts";

/** A request a client wants served; it may take several tries. */
export interface Original {
  service: number;
  arrival: number;
  tries: number;
  resolved: boolean;
}

export interface Pool {
  /** "shared", or with bulkheads the dependency the pool serves. */
  name: string;
  size: number;
  inUse: number;
  /** Tries waiting for a connection, first in first out; the ring's time is when each joined. */
  waiters: Ring<Try>;
}

/** One try: what the client sent, and the service's work on it. */
export interface Try {
  original: Original;
  /** The original's service, copied so a long-queued try is served without touching its request. */
  service: number;
  pool: Pool;
  deadline: number;
  /** The client stopped waiting (timeout); the work goes on regardless. */
  abandoned: boolean;
  /** The service has answered (or dropped it). */
  finished: boolean;
  holding: boolean;
  attempt: number;
  /** What the pending STEP event means. */
  next: number;
  retryAfterSleep: boolean;
  attemptSucceeds: boolean;
  /** The client's timeout event has run; with `finished`, nothing refers to this try any more. */
  timeoutFired: boolean;
  /** The service's restart count when the try was sent: a restart cuts the tries of before. */
  generation: number;
}

/** How a dependency answers, beyond its latency distribution (operators and game days set it). */
export type DependencyCondition = "healthy" | "refusing" | "black-holed";

export interface Dependency {
  name: string;
  /** Median latency (seconds) when healthy. */
  median: number;
  sigma: number;
  /** The dependency the scenario's trigger slows down. */
  triggered: boolean;
  rand: Random;
  condition: DependencyCondition;
  /** A median latency (seconds) set by an action, replacing the trigger and the healthy median; null for none. */
  medianOverride: number | null;
}

/** What the world knows about each service beyond its spec. */
export interface ServiceState {
  spec: ServiceSpec;
  /** Index of the dependency it calls. */
  dependency: number;
  /** Drained: its clients send nothing (traffic went elsewhere). */
  drained: boolean;
  /** Restarting until this time: tries sent to it fail at once. */
  restartingUntil: number;
  /** Restarts so far; tries from an earlier generation are cut at their next step. */
  generation: number;
  clientRand: Random;
  serviceRand: Random;
  arrivalRand: Random;
  /** An arrival event is pending for this service. */
  arrivalPending: boolean;
}

/** A log-normal sample with the given median (seconds) and log-spread, from two uniforms. */
export function logNormal(rand: Random, median: number, sigma: number): number {
  const u = 1 - rand();
  const v = rand();
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return median * Math.exp(sigma * z);
}

export class World {
  params: Parameters;
  readonly defences = new Set<DefenceName>();
  readonly services: ServiceState[];
  readonly dependencies: Dependency[];
  /** A learner's policy, used at both layers in place of the naive loop (and of jitter). */
  readonly learnerPolicy: RetryPolicy | undefined;
  pools: Pool[] = [];
  /** Pools replaced (bulkheads switched) whose connections are still held by tries of before. */
  retired: Pool[] = [];
  /** Each service's pool. */
  servicePool: Pool[] = [];
  policy!: RetryPolicy;
  /**
   * The policy sleeps the same after every n-th failure (the naive loop): a retry's sleep is one
   * of a few fixed delays, which the event queue keeps in order without its heap.
   */
  fixedSleeps = false;
  breakers: (CircuitBreaker | null)[] = [];
  clientBudgets: (RetryBudget | null)[] = [];
  serviceBudgets: (RetryBudget | null)[] = [];
  /** Operators turned retries off. */
  retriesOff = false;

  // Figures the hot path reads, derived from the parameters and defences.
  clientTimeout = 0;
  acquireTimeout = 0;
  deadlines = false;
  attemptTimeout = 0;
  shedLimit = Infinity;
  load = 0;
  triggerEnd = 0;
  triggerMedian = 0;
  /**
   * Clients give up before the pool does, for every try in the queue: an expired try's client
   * left long ago and its timeout has run, so nothing refers to it and it can be reused untouched.
   * Cleared for good once either timeout changes mid-run (then each try is asked instead).
   */
  clientsGiveUpFirst = false;
  private timeoutsChanged = false;

  constructor(scenario: Scenario, stream: (name: string) => Random) {
    this.params = { ...scenario.params };
    for (const d of scenario.defences) this.defences.add(d);
    this.learnerPolicy = scenario.retryPolicy;
    this.dependencies = scenario.dependencies.map((d) => ({
      name: d.name,
      median: d.latency.medianMs / 1000,
      sigma: d.latency.sigma,
      triggered: d.name === triggeredDependency,
      rand: stream(`latency:${d.name}`),
      condition: "healthy",
      medianOverride: null,
    }));
    this.services = scenario.services.map((spec) => ({
      spec,
      dependency: this.dependencies.findIndex((d) => d.name === spec.dependency),
      drained: false,
      restartingUntil: -Infinity,
      generation: 0,
      clientRand: stream(`retry:client:${spec.name}`),
      serviceRand: stream(`retry:dependency:${spec.name}`),
      arrivalRand: stream(`arrivals:${spec.name}`),
      arrivalPending: false,
    }));
    this.configure();
    this.buildPools();
    this.buildPolicy();
    this.buildBudgets();
    this.buildBreakers();
  }

  /** Read the figures the hot path uses from the current parameters and defences. */
  configure(): void {
    const p = this.params;
    const pricing = this.dependencies.find((d) => d.triggered);
    if (pricing) pricing.median = p.pricingLatency / 1000;
    this.clientTimeout = p.clientTimeout;
    this.acquireTimeout = p.acquireTimeout;
    this.deadlines = this.defences.has("timeout");
    this.attemptTimeout = this.deadlines ? p.deadlineAttemptTimeout : p.attemptTimeout;
    this.shedLimit = this.defences.has("shed") ? p.shedQueue : Infinity;
    this.load = p.load;
    this.triggerEnd = p.triggerDuration;
    this.triggerMedian = p.triggerLatency / 1000;
    this.clientsGiveUpFirst = !this.timeoutsChanged && this.clientTimeout < this.acquireTimeout;
  }

  /** Either timeout changed while tries wait: from now on each expired try is asked whether its client left. */
  timeoutsChangedMidRun(): void {
    this.timeoutsChanged = true;
    this.clientsGiveUpFirst = false;
  }

  /** Pools: one shared, or with bulkheads one per dependency. Waiters move to their new pool in order. */
  buildPools(): void {
    const makePool = (name: string, size: number): Pool => ({ name, size, inUse: 0, waiters: new Ring<Try>(256) });
    const old = this.pools;
    this.pools = this.defences.has("bulkhead")
      ? this.dependencies.map((d) => makePool(d.name, this.params.bulkheadSize))
      : [makePool("shared", this.params.poolSize)];
    this.servicePool = this.services.map((s) =>
      this.defences.has("bulkhead") ? this.pools[s.dependency]! : this.pools[0]!,
    );
    if (old.length === 0) return;
    // Move every waiter, keeping the order they joined in (merged by join time, stable).
    const moving: { time: number; job: Try }[] = [];
    for (const pool of old) {
      while (pool.waiters.size > 0) {
        const time = pool.waiters.headTime();
        moving.push({ time, job: pool.waiters.shift() });
      }
    }
    moving.sort((a, b) => a.time - b.time);
    for (const { time, job } of moving) {
      job.pool = this.servicePool[job.service]!;
      job.pool.waiters.push(time, 0, job);
    }
    for (const pool of old) if (pool.inUse > 0) this.retired.push(pool);
  }

  /** Resize the pools in place (pool size or bulkhead size changed). */
  resizePools(): void {
    for (const pool of this.pools)
      pool.size = this.defences.has("bulkhead") ? this.params.bulkheadSize : this.params.poolSize;
  }

  /** The retry policy: a learner's, else jitter if on, else the article's naive loop. */
  buildPolicy(): void {
    const p = this.params;
    this.fixedSleeps = !this.learnerPolicy && !this.defences.has("jitter");
    this.policy =
      this.learnerPolicy ??
      (this.defences.has("jitter")
        ? fullJitterRetryPolicy(p.attempts, p.backoffBase, p.backoffCap)
        : naiveRetryPolicy(p.attempts, p.sleepStep));
  }

  /** A fresh retry budget from the current parameters, or null when the defence is off. */
  makeBudget(): RetryBudget | null {
    const p = this.params;
    if (!this.defences.has("budget")) return null;
    return p.budgetKind === "token"
      ? new TokenRetryBudget(p.tokenMax, p.tokenRatio)
      : new RatioRetryBudget(p.budgetRatio, p.budgetWindow, p.budgetMinPerSecond);
  }

  /** Fresh retry budgets for every client and service (or none), from the current parameters. */
  buildBudgets(): void {
    this.clientBudgets = this.services.map(() => this.makeBudget());
    this.serviceBudgets = this.services.map(() => this.makeBudget());
  }

  /** A fresh circuit breaker from the current parameters, or null when the defence is off. */
  makeBreaker(): CircuitBreaker | null {
    const p = this.params;
    if (!this.defences.has("breaker")) return null;
    return new CircuitBreaker({
      kind: p.breakerKind,
      threshold: p.breakerThreshold,
      failureRate: p.breakerFailureRate,
      window: p.breakerWindow,
      minCalls: p.breakerMinCalls,
      cooldownSeconds: p.breakerCooldown,
      probes: p.breakerProbes,
    });
  }

  /** Fresh circuit breakers for every service's calls (or none), from the current parameters. */
  buildBreakers(): void {
    this.breakers = this.services.map(() => this.makeBreaker());
  }

  /** Connections in use, over the current pools and those replaced but still held. */
  inUse(): number {
    let used = 0;
    for (const pool of this.pools) used += pool.inUse;
    for (const pool of this.retired) used += pool.inUse;
    return used;
  }

  /** Connections that exist: the current pools, and connections of replaced pools still held. */
  capacity(): number {
    let n = 0;
    for (const pool of this.pools) n += pool.size;
    for (const pool of this.retired) n += pool.inUse;
    return n;
  }

  waiting(): number {
    let n = 0;
    for (const pool of this.pools) n += pool.waiters.size;
    return n;
  }

  /** Forget replaced pools nobody holds any more. */
  pruneRetired(): void {
    if (this.retired.length > 0) this.retired = this.retired.filter((pool) => pool.inUse > 0);
  }
}
