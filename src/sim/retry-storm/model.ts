/**
 * The retry-storm incident as a discrete-event simulation.
 *
 * Clients send open-loop (Poisson) requests to services. Each try takes a connection from a
 * pool (waiting first-in first-out when none is free), holds it while the service calls its one
 * dependency in a retry loop, and gives it back at the end. Clients time out and retry too.
 * A try whose client gave up is not cancelled: it still waits its turn and does all its work.
 * The pricing dependency slows down for a few seconds (the trigger); the rest follows.
 */
import { randomStreams, type Random } from "../random.ts";
import { EventQueue } from "./event-queue.ts";
import { WaitQueue } from "./wait-queue.ts";
import { quantile, recoveryIndex, round, type RetryStormMetrics, type RetryStormSummary } from "./metrics.ts";
import {
  CircuitBreaker,
  fullJitterRetryPolicy,
  naiveRetryPolicy,
  RatioRetryBudget,
  TokenRetryBudget,
  type RetryBudget,
} from "./policies.ts";
import { checkScenario, triggeredDependency, type RetryPolicy, type Scenario } from "./scenario.ts";

export interface RetryStormResult {
  summary: RetryStormSummary;
  metrics: RetryStormMetrics;
  /** Wall-clock time the run took; the only field that differs between identical runs. */
  wallMillis: number;
}

/** Extra seconds after the last arrival for requests in flight to finish. */
const drainSeconds = 15;

interface Original {
  service: number;
  arrival: number;
  tries: number;
  resolved: boolean;
}

interface Pool {
  size: number;
  inUse: number;
  waiters: WaitQueue<Try>;
}

/** One try: what the client sent, and the service's work on it. */
interface Try {
  original: Original;
  /** The original's service, copied so a long-queued try is served without touching its request. */
  service: number;
  pool: Pool;
  deadline: number;
  /** The client stopped waiting (time-out); the work goes on regardless. */
  abandoned: boolean;
  /** The service has answered (or dropped it). */
  finished: boolean;
  holding: boolean;
  attempt: number;
  /** What the pending STEP event means. */
  next: number;
  retryAfterSleep: boolean;
  attemptSucceeds: boolean;
  /** The client's time-out event has run; with `finished`, nothing refers to this try any more. */
  timeoutFired: boolean;
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

/** What an event is about: a service (ARRIVAL), a request (CLIENT_RETRY) or a try (the rest). */
type Ref = number | Original | Try;

/** A log-normal sample with the given median (seconds) and log-spread, from two uniforms. */
function logNormal(rand: Random, median: number, sigma: number): number {
  const u = 1 - rand();
  const v = rand();
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return median * Math.exp(sigma * z);
}

const num = (scenario: Scenario, name: string): number => scenario.params[name] as number;

/** Run one scenario to the end and measure it. Deterministic: same scenario, same result. */
export function runRetryStorm(input: Scenario): RetryStormResult {
  const wallStart = typeof performance !== "undefined" ? performance.now() : 0;
  const scenario: Scenario = { ...input, params: { ...input.params }, defences: [...input.defences] };
  checkScenario(scenario);
  const p = (name: string) => num(scenario, name);
  const on = new Set(scenario.defences);
  const stream = randomStreams(scenario.seed);

  const warmup = p("warmup");
  const duration = p("duration");
  const triggerEnd = p("triggerDuration");
  const intervention = scenario.params.intervention as number | null;
  const end = duration;
  /** When operators step in, if they do before the run ends. */
  const interventionAt = intervention !== null && intervention < end ? intervention : null;
  const clientTimeout = p("clientTimeout");
  const acquireTimeout = p("acquireTimeout");
  const deadlines = on.has("timeout");
  const attemptTimeout = deadlines ? p("deadlineAttemptTimeout") : p("attemptTimeout");
  const shedLimit = on.has("shed") ? p("shedQueue") : Infinity;
  const clientGivesUpFirst = clientTimeout < acquireTimeout;
  const load = p("load");
  const services = scenario.services;
  const dependencies = scenario.dependencies.map((d) => ({
    name: d.name,
    median: (d.name === triggeredDependency ? p("pricingLatency") : d.latency.medianMs) / 1000,
    sigma: d.latency.sigma,
    triggered: d.name === triggeredDependency,
    rand: stream(`latency:${d.name}`),
  }));
  const triggerMedian = p("triggerLatency") / 1000;
  const serviceDependency = services.map((s) => dependencies.findIndex((d) => d.name === s.dependency));

  // Pools: one shared, or with bulkheads one per dependency.
  const makePool = (size: number): Pool => ({ size, inUse: 0, waiters: new WaitQueue<Try>() });
  const pools: Pool[] = on.has("bulkhead")
    ? dependencies.map(() => makePool(p("bulkheadSize")))
    : [makePool(p("poolSize"))];
  const servicePool = services.map((_, i) => (on.has("bulkhead") ? pools[serviceDependency[i]!]! : pools[0]!));

  // Retry policies: a learner's, else jitter if on, else the article's naive loop.
  const attempts = p("attempts");
  const policy: RetryPolicy =
    scenario.retryPolicy ??
    (on.has("jitter")
      ? fullJitterRetryPolicy(attempts, p("backoffBase"), p("backoffCap"))
      : naiveRetryPolicy(attempts, p("sleepStep")));
  const clientRand = services.map((s) => stream(`retry:client:${s.name}`));
  const serviceRand = services.map((s) => stream(`retry:dependency:${s.name}`));
  const makeBudget = (): RetryBudget | null =>
    !on.has("budget")
      ? null
      : scenario.params.budgetKind === "token"
        ? new TokenRetryBudget(p("tokenMax"), p("tokenRatio"))
        : new RatioRetryBudget(p("budgetRatio"), p("budgetWindow"), p("budgetMinPerSecond"));
  const clientBudgets = services.map(makeBudget);
  const serviceBudgets = services.map(makeBudget);
  const breakers = services.map(() =>
    on.has("breaker")
      ? new CircuitBreaker({
          kind: scenario.params.breakerKind as "consecutive" | "rate",
          threshold: p("breakerThreshold"),
          failureRate: p("breakerFailureRate"),
          window: p("breakerWindow"),
          minCalls: p("breakerMinCalls"),
          cooldownSeconds: p("breakerCooldown"),
          probes: p("breakerProbes"),
        })
      : null,
  );
  let retriesOff = false;

  // Metrics, one slot per second from -warmup.
  const buckets = Math.ceil(warmup + duration);
  const bucketOf = (t: number) => Math.floor(t + warmup);
  const zeros = () => new Array<number>(buckets).fill(0);
  const poolInUse = zeros();
  const waitingSeries = zeros();
  const dependencyCalls = zeros();
  const latencies: number[][] = Array.from({ length: buckets }, () => []);
  const perService = services.map(() => ({
    attempts: zeros(),
    successes: zeros(),
    arrived: zeros(),
    servedByArrival: zeros(),
  }));
  const requests = services.map(() => 0);
  const succeeded = services.map(() => 0);
  let tries = 0;
  let calls = 0;
  let abandonedWork = 0;
  /** Connections held right now by tries whose client has already given up. */
  let abandonedHolding = 0;
  const abandonedSeries = zeros();
  let poolFullAt: number | null = null;
  let firstRefusalAt: number | null = null;

  const queue = new EventQueue<Ref>(-warmup);
  const arrivalRand = services.map((s) => stream(`arrivals:${s.name}`));
  const gap = (i: number) => -Math.log(1 - arrivalRand[i]!()) / (services[i]!.rate * load);
  services.forEach((s, i) => {
    if (s.rate * load > 0) queue.schedule(-warmup + gap(i), ARRIVAL, i);
  });
  // Ticks run in their own in-order lane (1; client time-outs use lane 0), off the heap.
  for (let t = -warmup + 1; t <= end; t++) queue.scheduleInOrder(t, TICK, undefined, 1);
  if (interventionAt !== null) queue.schedule(interventionAt, INTERVENTION);

  const inBucket = (t: number) => {
    const b = bucketOf(t);
    return b >= 0 && b < buckets ? b : -1;
  };

  const spare: Try[] = [];
  function recycle(job: Try): void {
    job.original = undefined as unknown as Original;
    spare.push(job);
  }

  function sendTry(original: Original, now: number): void {
    tries++;
    original.tries++;
    const s = original.service;
    const b = inBucket(now);
    if (b >= 0) perService[s]!.attempts[b]!++;
    // Tries are recycled: a storm makes hundreds of thousands, and most wait long enough in the
    // pool's queue to outlive the young generation of the garbage collector.
    const job: Try = spare.pop() ?? ({} as Try);
    job.original = original;
    job.pool = servicePool[s]!;
    job.service = s;
    job.deadline = now + clientTimeout;
    job.abandoned = false;
    job.finished = false;
    job.holding = false;
    job.attempt = 0;
    job.next = ATTEMPT_DONE;
    job.retryAfterSleep = false;
    job.attemptSucceeds = false;
    job.timeoutFired = false;
    queue.scheduleInOrder(job.deadline, CLIENT_TIMEOUT, job);
    serviceBudgets[s]?.onRequest(now);
    acquire(job, now);
  }

  function acquire(job: Try, now: number): void {
    const pool = job.pool;
    if (pool.inUse < pool.size && pool.waiters.size === 0) {
      hold(job, now);
      return;
    }
    if (poolFullAt === null && pool.inUse >= pool.size && now >= 0) poolFullAt = now;
    if (pool.waiters.size >= shedLimit) {
      finish(job, false, now); // shed: refused at once, cheaply
    } else {
      pool.waiters.push(job, now);
    }
  }

  /** Hand free connections to waiters in order, dropping the expired (and, with deadlines, the abandoned). */
  function serveWaiters(pool: Pool, now: number): void {
    const waiters = pool.waiters;
    while (waiters.size > 0) {
      const expiresAt = waiters.oldestTime() + acquireTimeout;
      if (expiresAt <= now) {
        const job = waiters.shift();
        if (firstRefusalAt === null) firstRefusalAt = expiresAt;
        // When clients give up before the pool does, an expired try's client left long ago and
        // its time-out event has run: nothing refers to it, and it can be reused untouched.
        if (clientGivesUpFirst) spare.push(job);
        else finish(job, false, now);
        continue;
      }
      if (deadlines && waiters.oldest().deadline <= now) {
        finish(waiters.shift(), false, now);
        continue;
      }
      if (pool.inUse >= pool.size) break;
      hold(waiters.shift(), now);
    }
  }

  /** The try takes a connection from its pool and makes its first call. */
  function hold(job: Try, now: number): void {
    job.pool.inUse++;
    job.holding = true;
    if (job.abandoned) abandonedHolding++;
    beginAttempt(job, now);
  }

  /** The try's next step at `at`, unless (with deadlines) its client's deadline comes first. */
  function scheduleStep(job: Try, at: number, next: number, giveUp: number): void {
    const late = deadlines && at > job.deadline;
    job.next = late ? giveUp : next;
    queue.schedule(late ? job.deadline : at, STEP, job);
  }

  function beginAttempt(job: Try, now: number): void {
    const s = job.service;
    const breaker = breakers[s];
    if (breaker && !breaker.allow(now)) return finish(job, false, now); // open: fail fast, no retry
    calls++;
    const b = inBucket(now);
    if (b >= 0) dependencyCalls[b]!++;
    const dep = dependencies[serviceDependency[s]!]!;
    const slow = dep.triggered && now >= 0 && now < triggerEnd;
    const latency = logNormal(dep.rand, slow ? triggerMedian : dep.median, dep.sigma);
    job.attemptSucceeds = latency <= attemptTimeout;
    scheduleStep(job, now + (job.attemptSucceeds ? latency : attemptTimeout), ATTEMPT_DONE, GIVE_UP_MID_CALL);
  }

  /** Call again, unless the policy, the budget or the operators said no. */
  function retryOrFinish(job: Try, retry: boolean, now: number): void {
    if (!retry || retriesOff) return finish(job, false, now);
    job.attempt++;
    beginAttempt(job, now);
  }

  function step(job: Try, now: number): void {
    const s = job.service;
    if (job.next === GIVE_UP_MID_CALL) breakers[s]?.record(now, false);
    if (job.next === GIVE_UP_MID_CALL || job.next === GIVE_UP_ASLEEP) return finish(job, false, now);
    if (job.next === SLEEP_DONE) return retryOrFinish(job, job.retryAfterSleep, now);
    // An attempt came back (or timed out).
    const success = job.attemptSucceeds;
    breakers[s]?.record(now, success);
    serviceBudgets[s]?.onOutcome(success);
    if (success) return finish(job, true, now);
    const decision = policy(job.attempt, serviceRand[s]!);
    const retry = decision.retry && !retriesOff;
    if (retry && serviceBudgets[s] && !serviceBudgets[s]!.tryRetry(now)) return finish(job, false, now);
    const sleep = Math.max(0, decision.sleepMs) / 1000;
    if (sleep === 0) return retryOrFinish(job, retry, now);
    job.retryAfterSleep = retry;
    scheduleStep(job, now + sleep, SLEEP_DONE, GIVE_UP_ASLEEP);
  }

  /** The service is done with a try: free its connection and answer the client, if it still waits. */
  function finish(job: Try, success: boolean, now: number): void {
    if (job.finished) return;
    job.finished = true;
    const original = job.original;
    const abandoned = job.abandoned;
    const didWork = job.holding;
    if (job.holding) {
      job.holding = false;
      job.pool.inUse--;
      if (abandoned) abandonedHolding--;
      serveWaiters(job.pool, now);
    }
    // Recycle only after the last look at this try: serving waiters above can start new tries,
    // and a try recycled any earlier could be handed out and overwritten while still in use here.
    if (job.timeoutFired) recycle(job);
    if (abandoned) {
      // Work nobody waits for: it held a connection after (or while) its client gave up.
      if (didWork) abandonedWork++;
      return;
    }
    clientBudgets[original.service]?.onOutcome(success);
    if (success) {
      original.resolved = true;
      const s = original.service;
      succeeded[s]!++;
      const b = inBucket(now);
      if (b >= 0) {
        perService[s]!.successes[b]!++;
        latencies[b]!.push((now - original.arrival) * 1000);
      }
      const a = inBucket(original.arrival);
      if (a >= 0) perService[s]!.servedByArrival[a]!++;
      return;
    }
    clientRetry(original, now);
  }

  /** A client's try failed or timed out: retry per policy and budget, or give up on the request. */
  function clientRetry(original: Original, now: number): void {
    const s = original.service;
    const decision = policy(original.tries - 1, clientRand[s]!);
    const budget = clientBudgets[s];
    if (!decision.retry || retriesOff || (budget && !budget.tryRetry(now))) {
      original.resolved = true;
      return;
    }
    const sleep = Math.max(0, decision.sleepMs) / 1000;
    // No sleep: the retry goes out at once (and is not an event of its own).
    if (sleep === 0) sendTry(original, now);
    else queue.schedule(now + sleep, CLIENT_RETRY, original);
  }

  let events = 0;
  const stopAt = end + drainSeconds;
  while (queue.pop()) {
    const now = queue.now;
    if (now > stopAt) break;
    events++;
    const ref = queue.refOut;
    switch (queue.kindOut) {
      case ARRIVAL: {
        const s = ref as number;
        const original: Original = { service: s, arrival: now, tries: 0, resolved: false };
        requests[s]!++;
        perService[s]!.arrived[bucketOf(now)]!++;
        clientBudgets[s]?.onRequest(now);
        sendTry(original, now);
        const next = now + gap(s);
        if (next < end) queue.schedule(next, ARRIVAL, s);
        break;
      }
      case CLIENT_TIMEOUT: {
        const job = ref as Try;
        job.timeoutFired = true;
        if (job.finished) {
          recycle(job);
          break;
        }
        if (job.abandoned) break;
        job.abandoned = true;
        if (job.holding) abandonedHolding++;
        clientBudgets[job.service]?.onOutcome(false);
        clientRetry(job.original, now);
        break;
      }
      case CLIENT_RETRY:
        sendTry(ref as Original, now);
        break;
      case STEP:
        step(ref as Try, now);
        break;
      case TICK: {
        for (const pool of pools) serveWaiters(pool, now);
        const b = bucketOf(now) - 1;
        let used = 0;
        let waiting = 0;
        for (const pool of pools) {
          used += pool.inUse;
          waiting += pool.waiters.size;
        }
        poolInUse[b] = used;
        waitingSeries[b] = waiting;
        abandonedSeries[b] = abandonedHolding;
        break;
      }
      case INTERVENTION: {
        // Operators turn retries off and flush every wait queue: load finally drops.
        retriesOff = true;
        for (const pool of pools) {
          for (const job of pool.waiters.drain()) finish(job, false, now);
        }
        break;
      }
    }
  }

  // Series and summary.
  const time = Array.from({ length: buckets }, (_, i) => i - warmup);
  type Counts = (typeof perService)[number];
  /** Of the originals arriving each second, the share served (1 when none arrived). */
  const rateBySecond = (m: Pick<Counts, "arrived" | "servedByArrival">) =>
    m.arrived.map((n, b) => (n === 0 ? 1 : round(m.servedByArrival[b]! / n, 4)));
  /** A per-second count summed over every service. */
  const total = (count: keyof Counts) => time.map((_, b) => perService.reduce((acc, m) => acc + m[count][b]!, 0));
  const serviceSeries = services.map((svc, i) => {
    const m = perService[i]!;
    return { name: svc.name, attempts: m.attempts, successes: m.successes, successRate: rateBySecond(m) };
  });
  const successRate = rateBySecond({ arrived: total("arrived"), servedByArrival: total("servedByArrival") });
  const latencyP50: (number | null)[] = [];
  const latencyP99: (number | null)[] = [];
  for (const list of latencies) {
    if (list.length === 0) {
      latencyP50.push(null);
      latencyP99.push(null);
      continue;
    }
    const sorted = Float64Array.from(list).sort();
    latencyP50.push(round(quantile(sorted, 0.5), 1));
    latencyP99.push(round(quantile(sorted, 0.99), 1));
  }
  const metrics: RetryStormMetrics = {
    time,
    poolInUse,
    abandonedInUse: abandonedSeries,
    poolCapacity: pools.reduce((a, pool) => a + pool.size, 0),
    waiting: waitingSeries,
    attempts: total("attempts"),
    dependencyCalls,
    successes: total("successes"),
    successRate,
    latencyP50,
    latencyP99,
    services: serviceSeries,
  };

  const recoveryAt = recoveryIndex(successRate, Math.ceil(triggerEnd + warmup));
  const recoveredAt = recoveryAt >= 0 ? time[recoveryAt]! : null;
  const recoveredBy =
    recoveredAt === null ? null : interventionAt !== null && recoveredAt >= interventionAt ? "intervention" : "self";
  // The incident: from the trigger's start until it recovered by itself, or operators stepped
  // in, or the run ended; never shorter than the trigger. Counted in whole seconds of arrival.
  const incidentEnd = Math.max(
    triggerEnd,
    recoveredBy === "self" ? recoveredAt! : interventionAt !== null ? interventionAt : duration,
  );
  const incidentBuckets = [bucketOf(0), Math.min(buckets, bucketOf(0) + Math.ceil(incidentEnd))] as const;
  const inIncident = (series: number[]) => {
    let sum = 0;
    for (let b = incidentBuckets[0]; b < incidentBuckets[1]; b++) sum += series[b]!;
    return sum;
  };
  // Goodput gone: the first whole second from the trigger on in which requests of the services
  // that never call the slow dependency arrive, and not one of theirs succeeds.
  const unrelated = services.flatMap((s, i) => (s.dependency === triggeredDependency ? [] : [perService[i]!]));
  let goodputZeroAt: number | null = null;
  for (let b = Math.max(0, bucketOf(0)); unrelated.length > 0 && b < buckets; b++) {
    let arrived = 0;
    let succeededThen = 0;
    for (const m of unrelated) {
      arrived += m.arrived[b]!;
      succeededThen += m.successes[b]!;
    }
    if (arrived > 0 && succeededThen === 0) {
      goodputZeroAt = time[b]!;
      break;
    }
  }
  const originals = requests.reduce((a, b) => a + b, 0);
  const summary: RetryStormSummary = {
    seed: scenario.seed,
    defences: [...on].sort(),
    triggerSeconds: triggerEnd,
    interventionSeconds: interventionAt,
    poolFullSeconds: poolFullAt === null ? null : round(poolFullAt, 3),
    goodputZeroSeconds: goodputZeroAt,
    firstRefusalSeconds: firstRefusalAt === null ? null : round(firstRefusalAt, 3),
    recovered: recoveryAt >= 0,
    recoverySeconds: recoveryAt >= 0 ? round(Math.max(0, time[recoveryAt]! - triggerEnd), 3) : null,
    recoveredBy,
    incidentEndSeconds: round(incidentEnd, 3),
    amplification: originals === 0 ? 0 : round(tries / originals, 3),
    dependencyAmplification: originals === 0 ? 0 : round(calls / originals, 3),
    services: services.map((svc, i) => {
      const incidentRequests = inIncident(perService[i]!.arrived);
      const incidentSucceeded = inIncident(perService[i]!.servedByArrival);
      return {
        name: svc.name,
        dependency: svc.dependency,
        requests: requests[i]!,
        succeeded: succeeded[i]!,
        failed: requests[i]! - succeeded[i]!,
        successRate: requests[i]! === 0 ? 1 : round(succeeded[i]! / requests[i]!, 5),
        incidentRequests,
        incidentSucceeded,
        incidentSuccessRate: incidentRequests === 0 ? null : round(incidentSucceeded / incidentRequests, 5),
      };
    }),
    abandonedWork,
    breakerOpenings: breakers.reduce((a, br) => a + (br?.opened ?? 0), 0),
    events,
  };
  const wallMillis = typeof performance !== "undefined" ? performance.now() - wallStart : 0;
  return { summary, metrics, wallMillis };
}
