/**
 * The fleet: the smallest discrete-event model that plays six of the game days. Tenants send
 * open-loop (Poisson) requests; a load balancer sends each try to one host the tenant may use
 * (its shard, its cell, or any host) among those in rotation; a host serves a few requests at a
 * time and queues the rest, first in first out. Clients give up on a try after a timeout and
 * retry (on another host when they can) after a fixed or jittered delay. A try whose client gave
 * up is not cancelled: the host still does the work.
 *
 * Faults and operators change the world while it runs:
 * - a poison request crashes the host that starts serving it (everything on it fails); the host
 *   comes back by itself after `crashRecovery` seconds;
 * - a release rolls out cell by cell in waves; a host on the bad release fails a share of requests;
 * - a zone is lost: its hosts answer nothing, and the database primary, if it lived there, is gone;
 * - a cache in front of the hosts is flushed: every read misses until refilled, and a read fills
 *   the cache only if the application still waits for it;
 * - one host turns slow while its health check keeps passing.
 *
 * The load balancer only learns that a host is down (or back) from health checks, `detectSeconds`
 * after the fact; a slow host passes them. Every action's delay comes from the action catalogue.
 */
import { fullJitter } from "../backoff.ts";
import { randomStreams, type Random } from "../random.ts";
import { EventQueue } from "../event-queue.ts";
import { RatioRetryBudget } from "../retry-storm/policies.ts";
import { logNormal } from "../retry-storm/world.ts";
import { Ring } from "../ring.ts";
import { successPercent } from "../../format/number.ts";
import {
  actionSpec,
  retryBudgetRatio,
  retryBudgetWindowSeconds,
  scaleOutHosts,
  scaleOutDelay,
  startupSeconds,
} from "./actions.ts";
import type { ComponentSnapshot, Telemetry } from "./telemetry.ts";

export interface HostSpec {
  name: string;
  /** Index into the fleet's cells (0 when it has none). */
  cell: number;
  /** Index into the fleet's zones. */
  zone: number;
}

export interface TenantSpec {
  name: string;
  /** Requests per second. */
  rate: number;
  /** Index into the fleet's cells (0 when it has none). */
  cell: number;
  /** With shards: the hosts this tenant may use. */
  shard?: number[];
}

/** How a tenant's hosts are chosen: any host, its shard, or the hosts of its cell. */
export type Routing = "pooled" | "shard" | "cell";

export type FleetFault =
  /** From `at`, one in `every` requests of `tenant` is poison: it crashes the host that starts serving it. */
  | { kind: "poison"; at: number; tenant: number; every: number }
  /** From `at`, `host` serves `factor` times slower; its health check keeps passing. */
  | { kind: "slow-host"; at: number; host: number; factor: number }
  /** At `at`, every host of `zone` stops answering (and the database primary with it, if it is there). */
  | { kind: "lose-zone"; at: number; zone: number }
  /** At `at`, the cache forgets every key. */
  | { kind: "flush-cache"; at: number };

export interface RolloutSpec {
  /** When the canary wave starts. */
  start: number;
  /** Seconds between waves (each wave bakes this long before the next starts). */
  bake: number;
  /** Cells per wave, in order (the first is the canary). */
  waves: number[][];
  /** Share of requests of the kind the new release breaks: such a request fails on every host that runs it. */
  errorShare: number;
  /** Version names: the current release and the new one. */
  versions: [string, string];
}

export interface FleetSpec {
  seconds: number;
  /** Extra seconds after the last arrival for requests in flight to end. */
  drain: number;
  hosts: HostSpec[];
  cells: string[] | null;
  zones: string[];
  tenants: TenantSpec[];
  routing: Routing;
  /** Requests each host serves at once, and most that may wait. */
  slots: number;
  queueLimit: number;
  /** The queue limit once "shed-queue" is on. */
  shedQueueLimit: number;
  /** Service time: log-normal around a median (ms). */
  serviceMs: { median: number; sigma: number };
  client: {
    /** Seconds a client waits for a try. */
    tryTimeout: number;
    /** Tries per request, the first included. */
    attempts: number;
    /** Delay before a retry, ms: fixed (every client the same: synchronised) until jitter is pushed. */
    retryDelayMs: number;
    /** Ceiling of the jittered backoff, ms. */
    backoffCapMs: number;
  };
  /** Share of requests marked low priority. */
  lowPriorityShare: number;
  /** Share of requests that write to the database primary (0: no database in the model). */
  writeShare: number;
  /** Where the database primary lives, and how long a host waits on it before failing. */
  database: { zone: number; timeout: number } | null;
  cache: { keys: number; ttl: number; hitMs: number } | null;
  /** Seconds before the load balancer's health checks notice a host went down or came back. */
  detectSeconds: number;
  /** Seconds a crashed host takes to come back by itself. */
  crashRecovery: number;
  faults: FleetFault[];
  rollout: RolloutSpec | null;
  /** Launches (scale-out) are slow while the control plane is impaired. */
  controlPlaneImpaired: boolean;
  /** What a dashboard row is: one host, or all the hosts of a cell or a zone. */
  components: "host" | "cell" | "zone";
  /** A dashboard row for the cache, after the others. */
  cacheComponent: boolean;
}

interface Host {
  spec: HostSpec;
  index: number;
  /** The process is up (not crashed); it may still be starting. */
  alive: boolean;
  /** Its zone is lost: nothing it is sent gets an answer. */
  blackHoled: boolean;
  /** Refuses work until then (starting up). */
  startingUntil: number;
  /** What the load balancer believes its health check says. */
  lbHealthy: boolean;
  ejected: boolean;
  busy: number;
  /** The tries it is serving now (each knows its place: `Try.slot`). */
  serving: Try[];
  queue: Ring<Try>;
  /** Service-time multiplier (a gray failure). */
  slow: number;
  /** 0: the current release; 1: the new one. */
  version: number;
  /** Ends every try it holds when it crashes or restarts. */
  generation: number;
  rand: Random;
}

interface Request {
  tenant: number;
  arrival: number;
  tries: number;
  /** The host of its first try, and of later ones (allocated only when it retries). */
  firstHost: number;
  laterHosts: number[] | null;
  low: boolean;
  write: boolean;
  key: number;
  poison: boolean;
  /** Of the kind the new release breaks: it fails on every host that runs it. */
  broken: boolean;
  done: boolean;
}

interface Try {
  request: Request;
  host: Host | null;
  /** How the host's work on it ends, decided when it starts serving it. */
  ok: boolean;
  /** Its index in its host's `serving` list while served. */
  slot: number;
  /** When it reached its host (queue wait and service count as the host's latency). */
  sentAt: number;
  startedAt: number;
  /** The client stopped waiting (timeout or an error came back). */
  clientDone: boolean;
  /** The host is done with it (or dropped it). */
  finished: boolean;
  inService: boolean;
  generation: number;
  /** A cache miss the host serves, to fill the cache with. */
  fills: boolean;
}

// Event kinds.
const ARRIVAL = 0;
const TRY_TIMEOUT = 1;
const DONE = 2;
const RETRY = 3;
const TICK = 4;
const HOST_UP = 5;
const LB_CHECK = 6;
const EFFECT = 7;

type Ref = number | Try | Request | Host | (() => void);

function tried(request: Request, host: number): boolean {
  return request.firstHost === host || request.laterHosts?.includes(host) === true;
}

export class Fleet {
  readonly spec: FleetSpec;
  readonly hosts: Host[] = [];
  private readonly telemetry: Telemetry;
  private readonly queue: EventQueue<Ref>;
  private readonly stream: (name: string) => Random;
  private readonly arrivalRand: Random[];
  private readonly requestRand: Random[];
  private readonly routeRand: Random;
  private readonly retryRand: Random;
  private readonly budgets: RatioRetryBudget[];
  private readonly tenantCell: number[];
  private readonly shardHosts: Host[][];
  private readonly cellHosts: Host[][];
  private readonly blocked: boolean[];
  private readonly poisonEvery: number[];
  private cachedUntil: Float64Array;
  /** Every cache lookup and hit since the start. */
  private readonly cacheTally = { lookups: 0, hits: 0 };
  /** The tally when the dashboard's cache row was last written: its counts over the last second are the difference. */
  private cacheTallyShown = { lookups: 0, hits: 0 };

  /** The share of cache lookups so far that hit (0 before the first). */
  cacheHitShare(): number {
    return this.cacheTally.lookups === 0 ? 0 : this.cacheTally.hits / this.cacheTally.lookups;
  }

  /** What monitoring reported since the last look (crashes, health checks, deploys), oldest first. */
  private notices: { at: number; text: string }[] = [];

  takeNotices(): { at: number; text: string }[] {
    const out = this.notices;
    this.notices = [];
    return out;
  }

  // Operator switches.
  filterPoison = false;
  retries = true;
  budget = false;
  jitter = false;
  shedQueue = false;
  shedLow = false;
  primaryZone: number | null;
  /** The rollout: whether halted, and each wave's state (not started, on the new release, being rolled back, rolled back). */
  halted = false;
  private readonly waves: ("waiting" | "new" | "rolling back" | "rolled back")[];
  private rollbackBusyUntil = -Infinity;
  private scaleOuts = 0;
  /** When the scale-out under way lands (the hosts it launches join). */
  private scaleOutUntil = -Infinity;
  /** Per tenant, when the move under way flips it; per cell, when the drain under way flips its tenants. */
  private readonly movingUntil = new Map<number, number>();
  private readonly drainingUntil = new Map<number, number>();

  constructor(spec: FleetSpec, seed: number, telemetry: Telemetry) {
    this.spec = spec;
    this.telemetry = telemetry;
    this.stream = randomStreams(seed);
    this.queue = new EventQueue<Ref>(0);
    for (const h of spec.hosts) this.addHost(h, true);
    this.arrivalRand = spec.tenants.map((t) => this.stream(`arrivals:${t.name}`));
    this.requestRand = spec.tenants.map((t) => this.stream(`requests:${t.name}`));
    this.routeRand = this.stream("route");
    this.retryRand = this.stream("retry");
    this.budgets = spec.tenants.map(() => new RatioRetryBudget(retryBudgetRatio, retryBudgetWindowSeconds, 0));
    this.tenantCell = spec.tenants.map((t) => t.cell);
    this.shardHosts = spec.tenants.map((t) => (t.shard ?? []).map((i) => this.hosts[i]!));
    this.cellHosts = (spec.cells ?? [""]).map((_, c) => this.hosts.filter((h) => h.spec.cell === c));
    this.blocked = spec.tenants.map(() => false);
    this.poisonEvery = spec.tenants.map(() => 0);
    this.primaryZone = spec.database?.zone ?? null;
    this.waves = (spec.rollout?.waves ?? []).map(() => "waiting");
    this.cachedUntil = new Float64Array(spec.cache?.keys ?? 0);
    if (spec.cache) {
      // A warm cache: every key was last filled some time within its time-to-live.
      const rand = this.stream("cache:warm");
      for (let k = 0; k < spec.cache.keys; k++) this.cachedUntil[k] = rand() * spec.cache.ttl;
    }
    for (let i = 0; i < spec.tenants.length; i++) this.scheduleArrival(i, 0);
    for (let t = 1; t <= spec.seconds; t++) this.queue.scheduleInOrder(t, TICK, undefined, 1);
    for (const fault of spec.faults) this.at(fault.at, () => this.fault(fault));
    const rollout = spec.rollout;
    if (rollout)
      for (let w = 0; w < rollout.waves.length; w++) this.at(rollout.start + w * rollout.bake, () => this.startWave(w));
  }

  /** The clock: the event being handled, or between events where the last advanceTo stopped. */
  private clock = 0;

  get now(): number {
    return this.clock;
  }

  /** When the run stops: the game's end plus the drain. */
  get end(): number {
    return this.spec.seconds + this.spec.drain;
  }

  /** Process every event due by `time` and move the clock there. */
  advanceTo(time: number): void {
    const stop = Math.min(time, this.end);
    const queue = this.queue;
    while (queue.peekTime() <= stop && queue.pop()) {
      const now = queue.now;
      this.clock = now;
      const ref = queue.refOut;
      switch (queue.kindOut) {
        case ARRIVAL:
          this.arrival(ref as number, now);
          break;
        case TRY_TIMEOUT:
          this.tryTimeout(ref as Try, now);
          break;
        case DONE:
          this.done(ref as Try, now);
          break;
        case RETRY:
          this.send(ref as Request, now);
          break;
        case TICK:
          this.tick();
          break;
        case HOST_UP:
          this.hostUp(ref as Host, now);
          break;
        case LB_CHECK: {
          const host = ref as Host;
          const healthy = this.healthy(host, now);
          if (healthy !== host.lbHealthy)
            this.notices.push({
              at: now,
              text: `load balancer: ${host.spec.name} ${healthy ? "passes its health check again, back in rotation" : "fails its health check, out of rotation"}`,
            });
          host.lbHealthy = healthy;
          break;
        }
        case EFFECT:
          (ref as () => void)();
          break;
      }
    }
    this.clock = Math.max(this.clock, stop);
    if (stop >= this.end) this.telemetry.closeUnfinished();
  }

  /** Run `effect` at simulated time `t` (or now, if that has passed). */
  at(t: number, effect: () => void): void {
    this.queue.schedule(t, EFFECT, effect);
  }

  // --- Requests --------------------------------------------------------------------------------

  private scheduleArrival(tenant: number, now: number): void {
    const rate = this.spec.tenants[tenant]!.rate;
    if (!(rate > 0)) return;
    const next = now - Math.log(1 - this.arrivalRand[tenant]!()) / rate;
    if (next < this.spec.seconds) this.queue.schedule(next, ARRIVAL, tenant);
  }

  private arrival(tenant: number, now: number): void {
    this.scheduleArrival(tenant, now);
    const rand = this.requestRand[tenant]!;
    // Every request draws the same numbers whatever happens to it, so actions never reshuffle them.
    const low = rand() < this.spec.lowPriorityShare;
    const write = rand() < this.spec.writeShare;
    const key = Math.floor(rand() * (this.spec.cache?.keys ?? 1));
    const poisonDraw = rand();
    const brokenDraw = rand();
    const every = this.poisonEvery[tenant]!;
    const request: Request = {
      tenant,
      arrival: now,
      tries: 0,
      firstHost: -1,
      laterHosts: null,
      low,
      write,
      key,
      poison: every > 0 && poisonDraw < 1 / every,
      broken: brokenDraw < (this.spec.rollout?.errorShare ?? 0),
      done: false,
    };
    this.telemetry.arrival(tenant, now);
    this.budgets[tenant]!.onRequest(now);
    // The edge refuses blocked tenants and, while shedding, low-priority requests: no retry.
    if (this.blocked[tenant] || (this.shedLow && low) || (this.filterPoison && request.poison))
      return this.requestDone(request, false, now);
    this.send(request, now);
  }

  private requestDone(request: Request, ok: boolean, now: number): void {
    if (request.done) return;
    request.done = true;
    this.telemetry.requestDone(request.tenant, request.arrival, now, ok);
  }

  /** Send the request's next try: the cache first, then a host chosen by the load balancer. */
  private send(request: Request, now: number): void {
    if (request.done) return;
    request.tries++;
    const cache = this.spec.cache;
    if (cache) {
      this.cacheTally.lookups++;
      if (this.cachedUntil[request.key]! > now) {
        this.cacheTally.hits++;
        return this.requestDone(request, true, now + cache.hitMs / 1000);
      }
    }
    const job: Try = {
      request,
      host: null,
      ok: false,
      slot: -1,
      sentAt: now,
      startedAt: now,
      clientDone: false,
      finished: false,
      inService: false,
      generation: 0,
      fills: cache !== null,
    };
    this.queue.scheduleInOrder(now + this.spec.client.tryTimeout, TRY_TIMEOUT, job);
    const host = this.route(request);
    if (!host) return this.tryFailed(job, now); // no healthy host to send it to
    job.host = host;
    if (request.firstHost < 0) request.firstHost = host.index;
    else (request.laterHosts ??= []).push(host.index);
    if (host.blackHoled) return; // no answer: the client's timeout will tell
    if (!host.alive || now < host.startingUntil) return this.tryFailed(job, now); // refused at once
    if (host.busy < this.spec.slots) return this.serve(host, job, now);
    if (host.queue.size < (this.shedQueue ? this.spec.shedQueueLimit : this.spec.queueLimit))
      return host.queue.push(now, 0, job);
    this.tryFailed(job, now); // queue full: refused at once
  }

  /** The hosts a tenant's requests may go to (before the load balancer's view of their health). */
  private candidates(tenant: number): readonly Host[] {
    const spec = this.spec;
    if (spec.routing === "shard") return this.shardHosts[tenant]!;
    if (spec.routing === "cell") return this.cellHosts[this.tenantCell[tenant]!]!;
    return this.hosts;
  }

  /**
   * The host the load balancer sends this request's next try to: one at random among the
   * tenant's hosts in rotation, preferring those this request has not tried yet (a client that
   * can, fails over).
   */
  private route(request: Request): Host | null {
    const hosts = this.candidates(request.tenant);
    let inRotation = 0;
    let fresh = 0;
    for (let i = 0; i < hosts.length; i++) {
      const h = hosts[i]!;
      if (!h.lbHealthy || h.ejected) continue;
      inRotation++;
      if (!tried(request, h.index)) fresh++;
    }
    if (inRotation === 0) return null;
    const preferFresh = fresh > 0;
    let pick = Math.floor(this.routeRand() * (preferFresh ? fresh : inRotation));
    for (let i = 0; i < hosts.length; i++) {
      const h = hosts[i]!;
      if (!h.lbHealthy || h.ejected || (preferFresh && tried(request, h.index))) continue;
      if (pick-- === 0) return h;
    }
    return null;
  }

  private serve(host: Host, job: Try, now: number): void {
    host.busy++;
    job.slot = host.serving.length;
    host.serving.push(job);
    job.inService = true;
    job.generation = host.generation;
    job.startedAt = now;
    const request = job.request;
    if (request.poison) {
      this.notices.push({
        at: now,
        text: `${host.spec.name} crashed; its crash dump shows a request of ${this.spec.tenants[request.tenant]!.name}`,
      });
      return this.crash(host, now);
    }
    const spec = this.spec;
    let seconds = (logNormal(host.rand, spec.serviceMs.median, spec.serviceMs.sigma) * host.slow) / 1000;
    job.ok = true;
    if (request.write && spec.database && (this.primaryZone === null || this.zoneLost(this.primaryZone))) {
      // The database primary is gone: the host waits on it until its own timeout, then fails.
      seconds = spec.database.timeout;
      job.ok = false;
    } else if (host.version === 1 && request.broken) {
      job.ok = false;
    }
    this.queue.schedule(now + seconds, DONE, job);
  }

  private done(job: Try, now: number): void {
    const host = job.host!;
    if (job.finished || job.generation !== host.generation) return; // dropped by a crash or restart
    job.finished = true;
    host.busy--;
    const last = host.serving.pop()!;
    if (last !== job) {
      host.serving[job.slot] = last;
      last.slot = job.slot;
    }
    const ok = job.ok;
    this.telemetry.componentWork(this.componentOf(host), ok, (now - job.sentAt) * 1000);
    // The application fills the cache only if it still waits for the answer.
    if (ok && job.fills && !job.clientDone && this.spec.cache)
      this.cachedUntil[job.request.key] = now + this.spec.cache.ttl;
    if (!job.clientDone) {
      if (ok) {
        job.clientDone = true;
        this.requestDone(job.request, true, now);
      } else this.tryFailed(job, now);
    }
    this.serveNext(host, now);
  }

  private serveNext(host: Host, now: number): void {
    while (host.busy < this.spec.slots && host.queue.size > 0 && host.alive) this.serve(host, host.queue.shift(), now);
  }

  private tryTimeout(job: Try, now: number): void {
    if (job.clientDone) return;
    this.tryFailed(job, now);
  }

  /** The client learns its try failed (an error, a refusal or its own timeout): retry or give up. */
  private tryFailed(job: Try, now: number): void {
    if (job.clientDone) return;
    job.clientDone = true;
    const request = job.request;
    if (request.done) return;
    const client = this.spec.client;
    const tenant = request.tenant;
    const canRetry =
      this.retries && request.tries < client.attempts && (!this.budget || this.budgets[tenant]!.tryRetry(now));
    if (!canRetry) return this.requestDone(request, false, now);
    this.queue.schedule(now + this.retryDelayMs(request.tries - 1) / 1000, RETRY, request);
  }

  /**
   * How long a client waits before retry number `n` (0 for the first): the same fixed delay for
   * every client (so failures that happen together retry together), or, once jitter is pushed,
   * full jitter: anywhere from 0 to the capped exponential backoff.
   */
  retryDelayMs(n: number): number {
    const client = this.spec.client;
    return this.jitter
      ? fullJitter(n, { base: client.retryDelayMs, cap: client.backoffCapMs }, this.retryRand)
      : client.retryDelayMs;
  }

  // --- Hosts -----------------------------------------------------------------------------------

  private addHost(spec: HostSpec, atStart: boolean): Host {
    const host: Host = {
      spec,
      index: this.hosts.length,
      alive: true,
      blackHoled: false,
      startingUntil: 0,
      lbHealthy: atStart,
      ejected: false,
      busy: 0,
      serving: [],
      queue: new Ring<Try>(),
      slow: 1,
      version: 0,
      generation: 0,
      rand: this.stream(`host:${spec.name}`),
    };
    this.hosts.push(host);
    return host;
  }

  private healthy(host: Host, now: number): boolean {
    return host.alive && !host.blackHoled && now >= host.startingUntil;
  }

  private readonly lostZones = new Set<number>();

  private zoneLost(zone: number): boolean {
    return this.lostZones.has(zone);
  }

  /** The load balancer will look at this host's health check again `detectSeconds` from now. */
  private recheck(host: Host, now: number): void {
    this.queue.schedule(now + this.spec.detectSeconds, LB_CHECK, host);
  }

  /** Everything the host holds fails at once: what it serves and what waits for it. */
  private dropAll(host: Host, now: number): void {
    host.generation++;
    host.busy = 0;
    const dropped = [...host.serving, ...host.queue.drain()];
    host.serving = [];
    for (const job of dropped) {
      job.finished = true;
      this.telemetry.componentWork(this.componentOf(host), false, 0);
      this.tryFailed(job, now);
    }
  }

  private crash(host: Host, now: number): void {
    host.alive = false;
    this.dropAll(host, now);
    this.queue.schedule(now + this.spec.crashRecovery, HOST_UP, host);
    this.recheck(host, now);
  }

  private hostUp(host: Host, now: number): void {
    if (host.alive) return;
    this.notices.push({ at: now, text: `${host.spec.name} restarted by its supervisor` });
    host.alive = true;
    host.startingUntil = now;
    this.recheck(host, now);
  }

  // --- Faults and the rollout --------------------------------------------------------------------

  private fault(fault: FleetFault): void {
    const now = this.now;
    switch (fault.kind) {
      case "poison":
        this.poisonEvery[fault.tenant] = fault.every;
        return;
      case "slow-host":
        this.hosts[fault.host]!.slow = fault.factor;
        return;
      case "lose-zone":
        this.lostZones.add(fault.zone);
        for (const host of this.hosts) {
          if (host.spec.zone !== fault.zone) continue;
          host.blackHoled = true;
          // What it held never answers either: its clients time out.
          host.generation++;
          host.busy = 0;
          host.serving = [];
          host.queue.drain();
          this.recheck(host, now);
        }
        return;
      case "flush-cache":
        this.cachedUntil.fill(0);
        return;
    }
  }

  private startWave(wave: number): void {
    if (this.halted) return;
    const rollout = this.spec.rollout!;
    const cells = rollout.waves[wave]!.map((c) => this.spec.cells?.[c] ?? String(c));
    this.notices.push({
      at: this.now,
      text: `deploy pipeline: ${rollout.versions[1]} goes to ${cells.join(" and ")}${wave === 0 ? " (canary)" : ""}`,
    });
    this.waves[wave] = "new";
    this.setWaveVersion(wave, 1);
  }

  private setWaveVersion(wave: number, version: number): void {
    const cells = new Set(this.spec.rollout!.waves[wave]);
    for (const host of this.hosts) if (cells.has(host.spec.cell)) host.version = version;
  }

  // --- Actions ---------------------------------------------------------------------------------

  /** Why `action` cannot be done now on `target`, or null when it can. */
  check(action: string, target: string | null): string | null {
    switch (action) {
      case "filter-request":
        return this.want("filter", this.filterPoison) ? "the edge already drops that request" : null;
      case "retries-off":
        return this.want("retries", this.retries) ? null : "retries are already off";
      case "retries-on":
        return this.want("retries", this.retries) ? "retries are already on" : null;
      case "retry-budget":
        return this.want("budget", this.budget) ? "the retry budget is already set" : null;
      case "jitter-on":
        return this.want("jitter", this.jitter) ? "retries already use jitter" : null;
      case "shed-queue":
        return this.want("shedQueue", this.shedQueue) ? "the wait queues are already bounded" : null;
      case "shed-priority":
        return this.want("shedLow", this.shedLow) ? "low-priority traffic is already shed" : null;
      case "unshed-priority":
        return this.want("shedLow", this.shedLow) ? null : "low-priority traffic is not being shed";
      case "block-tenant":
        return this.want(`blocked:${target}`, this.blocked[this.tenantIndex(target)])
          ? `${target} is already blocked`
          : null;
      case "unblock-tenant":
        return this.want(`blocked:${target}`, this.blocked[this.tenantIndex(target)])
          ? null
          : `${target} is not blocked`;
      case "restart": {
        const host = this.host(target);
        if (host.blackHoled) return `${target} is in a lost zone: it cannot be reached`;
        // Not twice on the same thing while the first is under way (the game's rule): a host still
        // starting is not restarted again, which would only throw its start-up away.
        if (this.now < host.startingUntil) return `${target} is still starting`;
        return null;
      }
      case "eject-host":
        return this.want(`ejected:${target}`, this.host(target).ejected) ? `${target} is already ejected` : null;
      case "return-host":
        return this.want(`ejected:${target}`, this.host(target).ejected) ? null : `${target} is not ejected`;
      case "halt-rollout":
        if (!this.spec.rollout) return "there is no rollout";
        return this.want("halted", this.halted) ? "the rollout is already halted" : null;
      case "rollback-wave": {
        const rollout = this.spec.rollout;
        if (!rollout) return "there is no rollout";
        if (this.latestNewWave() >= 0) return null;
        // Not twice on the same thing while the first is under way: every wave still on the new
        // release already has its rollback coming.
        return this.waves.includes("rolling back")
          ? `every wave that runs ${rollout.versions[1]} is already being rolled back`
          : "no wave runs the new release";
      }
      case "move-tenant": {
        const t = this.tenantIndex(target);
        if ((this.spec.cells?.length ?? 1) < 2) return `there is no other cell to move ${target} to`;
        // Not twice on the same thing while the first is under way: its copy is still running.
        if (this.now < (this.movingUntil.get(t) ?? -Infinity)) return `${target} is still being moved`;
        return null;
      }
      case "drain-cell": {
        const cell = this.cellIndex(target);
        if (this.spec.cells!.length < 2) return `there is no other cell to drain ${target} to`;
        if (this.now < (this.drainingUntil.get(cell) ?? -Infinity)) return `${target} is still draining`;
        return this.tenantCell.some((c) => c === cell) ? null : `${target} has no tenants left`;
      }
      case "failover-zone": {
        const zone = this.zoneIndex(target);
        if (!this.spec.database) return "there is no database to fail over";
        return this.want("primary", this.primaryZone) === zone ? null : `the database primary is not in ${target}`;
      }
      case "scale-out":
        if (this.spec.components === "host") return "this dashboard has a row per host: it cannot show new ones";
        // Not twice on the same thing while the first is under way: the hosts asked for are still coming.
        return this.now < this.scaleOutUntil ? "the hosts of the last scale-out are still launching" : null;
      default:
        return `${action} is not an action in this scenario`;
    }
  }

  /**
   * Do `action` now; returns when its effect lands: after the delay the catalogue gives it, but a
   * rollback waits for the one before it and a scale-out for the control plane. Throws a
   * RangeError if it cannot be done.
   */
  apply(action: string, target: string | null): number {
    const problem = this.check(action, target);
    if (problem) throw new RangeError(problem);
    const now = this.now;
    const lands = now + actionSpec(action as never).delay;
    const later = (effect: () => void) => {
      this.at(lands, effect);
      return lands;
    };
    this.intend(action, target);
    switch (action) {
      case "filter-request":
        return later(() => {
          this.filterPoison = true;
        });
      case "retries-off":
        return later(() => {
          this.retries = false;
        });
      case "retries-on":
        return later(() => {
          this.retries = true;
        });
      case "retry-budget":
        return later(() => {
          this.budget = true;
        });
      case "jitter-on":
        return later(() => {
          this.jitter = true;
        });
      case "shed-queue":
        return later(() => {
          this.shedQueue = true;
        });
      case "shed-priority":
        return later(() => {
          this.shedLow = true;
        });
      case "unshed-priority":
        return later(() => {
          this.shedLow = false;
        });
      case "block-tenant": {
        const t = this.tenantIndex(target);
        return later(() => {
          this.blocked[t] = true;
        });
      }
      case "unblock-tenant": {
        const t = this.tenantIndex(target);
        return later(() => {
          this.blocked[t] = false;
        });
      }
      case "restart":
        this.restart(this.host(target), now);
        return lands;
      case "eject-host": {
        const host = this.host(target);
        return later(() => {
          host.ejected = true;
        });
      }
      case "return-host": {
        const host = this.host(target);
        return later(() => {
          host.ejected = false;
        });
      }
      case "halt-rollout":
        return later(() => {
          this.halted = true;
        });
      case "rollback-wave":
        return this.rollback(now);
      case "move-tenant": {
        const t = this.tenantIndex(target);
        this.movingUntil.set(t, lands);
        return later(() => {
          this.tenantCell[t] = this.emptiestCell([t], this.tenantCell[t]);
        });
      }
      case "drain-cell": {
        const cell = this.cellIndex(target);
        this.drainingUntil.set(cell, lands);
        return later(() => {
          const movers = this.tenantCell.flatMap((c, t) => (c === cell ? [t] : []));
          for (const t of movers) this.tenantCell[t] = this.emptiestCell(movers, cell);
        });
      }
      case "failover-zone": {
        const zone = this.zoneIndex(target);
        return later(() => {
          const up = this.spec.zones.map((_, z) => z).filter((z) => z !== zone && !this.zoneLost(z));
          this.primaryZone = up[0] ?? null;
        });
      }
      case "scale-out":
        return this.scaleOut(now);
    }
    throw new RangeError(`${action} is not an action in this scenario`);
  }

  /** What the operator has asked for, before it lands: checks read this, so a second click is refused at once. */
  private readonly wants = new Map<string, unknown>();

  private want<T>(key: string, current: T): T {
    return this.wants.has(key) ? (this.wants.get(key) as T) : current;
  }

  private intend(action: string, target: string | null): void {
    const set: Record<string, [string, unknown]> = {
      "filter-request": ["filter", true],
      "retries-off": ["retries", false],
      "retries-on": ["retries", true],
      "retry-budget": ["budget", true],
      "jitter-on": ["jitter", true],
      "shed-queue": ["shedQueue", true],
      "shed-priority": ["shedLow", true],
      "unshed-priority": ["shedLow", false],
      "block-tenant": [`blocked:${target}`, true],
      "unblock-tenant": [`blocked:${target}`, false],
      "eject-host": [`ejected:${target}`, true],
      "return-host": [`ejected:${target}`, false],
      "halt-rollout": ["halted", true],
    };
    const entry = set[action];
    if (entry) this.wants.set(entry[0], entry[1]);
    if (action === "failover-zone") {
      const zone = this.zoneIndex(target);
      const up = this.spec.zones.map((_, z) => z).filter((z) => z !== zone && !this.zoneLost(z));
      this.wants.set("primary", up[0] ?? null);
    }
  }

  private restart(host: Host, now: number): void {
    this.dropAll(host, now);
    host.alive = true;
    host.startingUntil = now + startupSeconds;
    // It fails its health check while it starts; the load balancer notices, then notices it is back.
    this.recheck(host, now);
    this.queue.schedule(host.startingUntil, HOST_UP, host);
    this.at(host.startingUntil, () => this.recheck(host, this.now));
  }

  /** The most recent wave that runs the new release with no rollback of it asked for, or -1. */
  private latestNewWave(): number {
    return this.waves.lastIndexOf("new");
  }

  /**
   * Roll back the most recent wave that still runs the new release (and is not being rolled
   * back already): whichever waves started or were rolled back before, it is that wave's cells
   * that go back. Returns when they are back on the old release.
   */
  private rollback(now: number): number {
    const wave = this.latestNewWave();
    // One wave at a time: a rollback waits for the one before it.
    const start = Math.max(now, this.rollbackBusyUntil);
    const done = start + actionSpec("rollback-wave").delay;
    this.rollbackBusyUntil = done;
    this.waves[wave] = "rolling back";
    this.at(done, () => {
      this.waves[wave] = "rolled back";
      this.setWaveVersion(wave, 0);
    });
    return done;
  }

  /** Add hosts once the control plane answers; returns when they are there. */
  private scaleOut(now: number): number {
    const seconds = scaleOutDelay(this.spec.controlPlaneImpaired);
    const round = this.scaleOuts++;
    this.scaleOutUntil = now + seconds;
    this.at(now + seconds, () => {
      const zones = this.spec.zones.map((_, z) => z).filter((z) => !this.zoneLost(z));
      for (let k = 0; k < scaleOutHosts; k++) {
        const zone = zones[k % zones.length]!;
        const host = this.addHost({ name: `new-${round * scaleOutHosts + k + 1}`, cell: 0, zone }, false);
        this.recheck(host, this.now);
      }
    });
    return now + seconds;
  }

  /** The cell with the fewest tenants (lowest number on ties), avoiding `leaving` and, when it can, cells on the new release. */
  private emptiestCell(moving: number[], leaving?: number): number {
    const cells = this.spec.cells?.length ?? 1;
    const counts = new Array<number>(cells).fill(0);
    this.tenantCell.forEach((c, t) => {
      if (!moving.includes(t)) counts[c]!++;
    });
    const open = Array.from({ length: cells }, (_, c) => c).filter((c) => c !== leaving);
    const clean = open.filter((c) => !this.hosts.some((h) => h.spec.cell === c && h.version === 1));
    const choices = clean.length > 0 ? clean : open;
    return choices.reduce((best, c) => (counts[c]! < counts[best]! ? c : best), choices[0]!);
  }

  // --- Names ---------------------------------------------------------------------------------

  private tenantIndex(name: string | null): number {
    const i = this.spec.tenants.findIndex((t) => t.name === name);
    if (i < 0) throw new RangeError(`no tenant named "${name}"`);
    return i;
  }

  private host(name: string | null): Host {
    const host = this.hosts.find((h) => h.spec.name === name);
    if (!host) throw new RangeError(`no host named "${name}"`);
    return host;
  }

  private cellIndex(name: string | null): number {
    const i = this.spec.cells?.indexOf(name ?? "") ?? -1;
    if (i < 0) throw new RangeError(`no cell named "${name}"`);
    return i;
  }

  private zoneIndex(name: string | null): number {
    const i = this.spec.zones.indexOf(name ?? "");
    if (i < 0) throw new RangeError(`no zone named "${name}"`);
    return i;
  }

  // --- The dashboard ---------------------------------------------------------------------------

  /** Component names, in dashboard order. */
  componentNames(): string[] {
    const spec = this.spec;
    const rows =
      spec.components === "cell"
        ? spec.cells!
        : spec.components === "zone"
          ? spec.zones
          : spec.hosts.map((h) => h.name);
    return spec.cacheComponent ? [...rows, "cache"] : [...rows];
  }

  private componentOf(host: Host): number {
    const spec = this.spec;
    if (spec.components === "cell") return host.spec.cell;
    if (spec.components === "zone") return host.spec.zone;
    return host.index;
  }

  private tick(): void {
    const now = this.now;
    const names = this.componentNames();
    const rows: ComponentSnapshot[] = names.map(() => ({ inUse: 0, capacity: 0, queue: 0, status: "" }));
    const states: string[][] = names.map(() => []);
    for (const host of this.hosts) {
      const c = this.componentOf(host);
      const row = rows[c]!;
      row.inUse += host.busy;
      row.capacity += host.ejected || !host.lbHealthy ? 0 : this.spec.slots;
      row.queue += host.queue.size;
      states[c]!.push(this.hostStatus(host, now));
    }
    rows.forEach((row, c) => {
      if (this.spec.cacheComponent && c === rows.length - 1) return;
      row.status = summarizeStates(states[c]!);
    });
    if (this.spec.cacheComponent && this.spec.cache) {
      let cached = 0;
      for (let k = 0; k < this.cachedUntil.length; k++) if (this.cachedUntil[k]! > now) cached++;
      const row = rows[rows.length - 1]!;
      row.inUse = cached;
      row.capacity = this.spec.cache.keys;
      const lookups = this.cacheTally.lookups - this.cacheTallyShown.lookups;
      const hits = this.cacheTally.hits - this.cacheTallyShown.hits;
      row.status = cacheStatus(lookups, hits);
      this.cacheTallyShown = { ...this.cacheTally };
    }
    this.onTick(rows);
  }

  /** What the host's own monitoring would say about it (not its hidden cause). */
  private hostStatus(host: Host, now: number): string {
    if (host.blackHoled) return "unreachable";
    if (!host.alive) return "crashed";
    if (now < host.startingUntil) return "starting";
    if (host.ejected) return "ejected";
    if (!host.lbHealthy) return "joining";
    if (this.spec.rollout) return this.spec.rollout.versions[host.version]!;
    return "up";
  }

  /** Called at the end of every second with each row's state; the game records the frame. */
  onTick: (rows: ComponentSnapshot[]) => void = () => {};
}

/**
 * The cache row's state on the dashboard, from its last second's lookups and hits: "idle" when
 * nothing looked it up, else the share that hit as the rows write a success (successPercent), so
 * "100% hits" only when every lookup hit and "0% hits" only when none did: 996 of 1,000 reads
 * "99.6% hits", where whole percents wrote it "100% hits", and 2,499 of 2,500 "100.0% hits".
 */
export function cacheStatus(lookups: number, hits: number): string {
  return lookups === 0 ? "idle" : `${successPercent(hits / lookups)} hits`;
}

/** "up" when all agree; otherwise the distinct states with their counts: "1 crashed, 3 up". */
function summarizeStates(states: string[]): string {
  const counts = new Map<string, number>();
  for (const s of states) counts.set(s, (counts.get(s) ?? 0) + 1);
  if (counts.size === 1) return states[0]!;
  return [...counts].map(([s, n]) => `${n} ${s}`).join(", ");
}
