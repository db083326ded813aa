/**
 * Retry arithmetic and backoff strategies: how long to wait before the next attempt, how much
 * load retries add, and a small seeded contention model that compares jitter strategies.
 * Pure: no DOM, no Node, no clock. Everything random takes a `Random` from ./random.ts.
 */
import { randomStreams, type Random } from "./random.ts";
import { assertWholeNumber } from "./checks.ts";
import { EventQueue } from "./event-queue.ts";

// ---------------------------------------------------------------------------------------------
// Backoff and jitter

export const backoffStrategies = ["none", "exponential", "full", "equal", "decorrelated"] as const;
export type BackoffStrategy = (typeof backoffStrategies)[number];

export interface BackoffOptions {
  /** The first delay, before any doubling (any time unit; the caller picks). */
  base: number;
  /** The ceiling no delay may exceed. */
  cap: number;
}

/** Capped exponential backoff for the n-th retry (n = 0 for the first): min(cap, base * 2^n). */
export function cappedExponential(n: number, { base, cap }: BackoffOptions): number {
  assertWholeNumber("retry number", n, 0);
  // 2^n overflows to Infinity for large n; min() still returns the cap, which is what we want.
  return Math.min(cap, base * 2 ** n);
}

/** Full jitter: anywhere between zero and the capped exponential delay. */
export function fullJitter(n: number, options: BackoffOptions, rand: Random): number {
  return rand() * cappedExponential(n, options);
}

/** Equal jitter: half the capped exponential delay for sure, plus a random share of the other half. */
export function equalJitter(n: number, options: BackoffOptions, rand: Random): number {
  const half = cappedExponential(n, options) / 2;
  return half + rand() * half;
}

/**
 * Decorrelated jitter: each delay is drawn between base and three times the previous delay,
 * then capped, so it depends on the last sleep rather than on the retry count.
 * The first call should pass `previous = base`.
 */
export function decorrelatedJitter(previous: number, { base, cap }: BackoffOptions, rand: Random): number {
  return Math.min(cap, base + rand() * (3 * previous - base));
}

/** One caller's sequence of delays; `next()` is the delay before the next retry. */
export interface Backoff {
  next(): number;
  /** Forget the history (after a success). */
  reset(): void;
}

/**
 * Where the retry count starts. The course calls the first retry n = 0 (full jitter's first
 * window is [0, base)), as gRPC's retry design (gRFC A6) did from 2017 until 2024; its current text
 * jitters each wait by a factor of 0.8 to 1.2 instead. Marc Brooker's published simulator counts
 * the first retry as n = 1 (a first window of [0, 2 x base)). Decorrelated jitter ignores the count.
 */
export type FirstRetry = 0 | 1;

/** A stateful backoff for one caller, with any of the strategies. "none" retries immediately. */
export function makeBackoff(
  strategy: BackoffStrategy,
  options: BackoffOptions,
  rand: Random,
  firstRetry: FirstRetry = 0,
): Backoff {
  if (!(options.base > 0) || !(options.cap >= options.base)) {
    throw new RangeError(`need 0 < base <= cap, got base ${options.base}, cap ${options.cap}`);
  }
  if (firstRetry !== 0 && firstRetry !== 1) throw new RangeError(`the first retry is number 0 or 1, got ${firstRetry}`);
  let retries = firstRetry;
  let previous = options.base;
  return {
    next() {
      const n = retries++;
      switch (strategy) {
        case "none":
          return 0;
        case "exponential":
          return cappedExponential(n, options);
        case "full":
          return fullJitter(n, options, rand);
        case "equal":
          return equalJitter(n, options, rand);
        case "decorrelated":
          previous = decorrelatedJitter(previous, options, rand);
          return previous;
      }
    },
    reset() {
      retries = firstRetry;
      previous = options.base;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// How much load retries add

/**
 * Attempts reaching the bottom layer when every layer retries: the product of attempts per
 * layer, attempts^layers when they are equal (3 layers of 4 attempts: 64 calls for one request).
 */
export function amplification(attemptsPerLayer: number | readonly number[], layers = 1): number {
  const perLayer = typeof attemptsPerLayer === "number" ? Array(layers).fill(attemptsPerLayer) : attemptsPerLayer;
  return perLayer.reduce((product: number, attempts: number) => {
    if (!Number.isInteger(attempts) || attempts < 1)
      throw new RangeError(`attempts must be whole numbers >= 1, got ${attempts}`);
    return product * attempts;
  }, 1);
}

/**
 * Expected attempts for one request allowed `retries` retries, when each attempt fails
 * independently with probability p: 1 + p + p^2 + ... + p^N = (1 - p^(N+1)) / (1 - p).
 */
export function expectedAttempts(retries: number, failureProbability: number): number {
  const p = failureProbability;
  if (!(p >= 0 && p <= 1)) throw new RangeError(`failure probability must be in [0, 1], got ${p}`);
  if (p === 1) return retries + 1;
  return (1 - p ** (retries + 1)) / (1 - p);
}

/**
 * How long the naive loop (sleep step * attempt after each failure, connection held throughout)
 * keeps a pooled connection when every attempt times out.
 */
export function naiveHoldSeconds({
  attempts,
  timeoutSeconds,
  sleepStepSeconds,
}: {
  attempts: number;
  timeoutSeconds: number;
  sleepStepSeconds: number;
}): number {
  let held = 0;
  for (let attempt = 0; attempt < attempts; attempt++) held += timeoutSeconds + sleepStepSeconds * attempt;
  return held;
}

/** Little's law: connections busy on average = arrival rate x time each request holds one. */
export function busyConnections(arrivalsPerSecond: number, holdSeconds: number): number {
  return arrivalsPerSecond * holdSeconds;
}

/** The most requests per second a pool can serve when each holds a connection for `holdSeconds`. */
export function poolThroughput(connections: number, holdSeconds: number): number {
  return connections / holdSeconds;
}

/**
 * The load below which a system whose clients retry up to r times stays stable even if every
 * attempt fails: capacity / (r + 1). Between that and capacity it is vulnerable.
 */
export function stableLoadBound(capacity: number, retries: number): number {
  return capacity / (retries + 1);
}

// ---------------------------------------------------------------------------------------------
// Limiting retries

// The gRPC retry token bucket (gRFC A6) is src/sim/token-bucket.ts.

/**
 * Google SRE adaptive throttling: the share of new requests a client rejects locally, from the
 * requests it sent and the ones the backend accepted in the recent window.
 */
export function adaptiveRejectProbability(requests: number, accepts: number, k = 2): number {
  return Math.max(0, (requests - k * accepts) / (requests + 1));
}

// ---------------------------------------------------------------------------------------------
// Contention: why jitter matters

export interface ContentionOptions {
  clients: number;
  strategy: BackoffStrategy;
  seed: number;
  /** Backoff base and cap, in milliseconds. */
  base?: number;
  cap?: number;
  /** One-way network delay: uniform in [mean - spread, mean + spread] milliseconds. */
  delayMean?: number;
  delaySpread?: number;
  /** Give up on a client after this many attempts (a safety stop; counted as not finished). */
  maxAttempts?: number;
  /** The first retry's number: 0 (the course's convention, the default) or 1 (Brooker's simulator). */
  firstRetry?: FirstRetry;
}

/** The defaults of simulateContention, in milliseconds. */
export const contentionDefaults = { base: 5, cap: 2000, delayMean: 10, delaySpread: 2, maxAttempts: 1000 } as const;

export interface ContentionResult {
  strategy: BackoffStrategy;
  clients: number;
  /** Every attempt made, successful or not: the work done. */
  calls: number;
  /** When the last client finished, in milliseconds. */
  completionMillis: number;
  /** Clients that hit maxAttempts without succeeding. */
  gaveUp: number;
}

/** What a contention event is about: which client, and for writes and replies, the version and outcome. */
interface ContentionMessage {
  client: number;
  version: number;
  ok: boolean;
}
const READ = 0;
const WRITE = 1;
const REPLY = 2;

/**
 * Clients all want to update one shared record with optimistic concurrency: read the version,
 * then write only if nobody else wrote in between. Every client starts at time 0; a client whose
 * write loses backs off with its strategy and tries again, until it wins. Each message crosses
 * a network with a seeded random delay, so identical clients drift apart only by that noise
 * and by their jitter.
 */
export function simulateContention(options: ContentionOptions): ContentionResult {
  const { clients, strategy, seed } = options;
  const { base, cap, delayMean, delaySpread, maxAttempts } = { ...contentionDefaults, ...options };
  assertWholeNumber("clients", clients, 1);
  // Separate streams for the network and for the backoff, so switching strategy does not
  // change the network noise the clients see.
  const streams = randomStreams(seed);
  const network = streams("contention:network");
  const jitter = streams("contention:jitter");
  const delay = () => delayMean - delaySpread + 2 * delaySpread * network();
  const backoffs = Array.from({ length: clients }, () =>
    makeBackoff(strategy, { base, cap }, jitter, options.firstRetry ?? 0),
  );
  const attempts = new Array<number>(clients).fill(0);
  const queue = new EventQueue<ContentionMessage>();
  let version = 0;
  let calls = 0;
  let gaveUp = 0;
  let completionMillis = 0;

  const attempt = (client: number, at: number) => {
    attempts[client]!++;
    calls++;
    queue.schedule(at + delay(), READ, { client, version: 0, ok: false });
  };
  for (let c = 0; c < clients; c++) attempt(c, 0);

  while (queue.pop()) {
    const at = queue.now;
    const event = queue.refOut!;
    if (queue.kindOut === READ) {
      // The read reaches the record: remember the version, send the conditional write.
      queue.schedule(at + delay(), WRITE, { client: event.client, version, ok: false });
    } else if (queue.kindOut === WRITE) {
      const ok = event.version === version;
      if (ok) version++;
      queue.schedule(at + delay(), REPLY, { client: event.client, version, ok });
    } else if (event.ok) {
      completionMillis = at;
    } else if (attempts[event.client]! >= maxAttempts) {
      gaveUp++;
      completionMillis = Math.max(completionMillis, at);
    } else {
      attempt(event.client, at + backoffs[event.client]!.next());
    }
  }
  return { strategy, clients, calls, completionMillis, gaveUp };
}
