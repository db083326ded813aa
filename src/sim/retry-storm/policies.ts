/**
 * The pieces a caller uses to decide whether to try again: retry policies, retry budgets and
 * circuit breakers. Each is small, pure and driven by the simulated clock it is given.
 */
import type { Random } from "../random.ts";
import { fullJitter } from "../backoff.ts";
import { RetryThrottle } from "../token-bucket.ts";
import type { RetryPolicy } from "./scenario.ts";

/** The article's loop: `attempts` tries, sleeping step x attempt after each failure (the last too). */
export function naiveRetryPolicy(attempts = 5, stepMs = 200): RetryPolicy {
  // The decisions never change, so they are made once: a storm asks hundreds of thousands of times.
  const decisions = Array.from({ length: attempts }, (_, k) =>
    Object.freeze({ sleepMs: stepMs * k, retry: k + 1 < attempts }),
  );
  return (failedAttempt) =>
    decisions[failedAttempt] ?? { sleepMs: stepMs * failedAttempt, retry: failedAttempt + 1 < attempts };
}

/** Capped exponential backoff with full jitter: sleep uniform(0, min(cap, base x 2^n)). */
export function fullJitterRetryPolicy(attempts: number, baseMs: number, capMs: number): RetryPolicy {
  const backoff = { base: baseMs, cap: capMs };
  return (failedAttempt: number, random: Random) => {
    const retry = failedAttempt + 1 < attempts;
    // No sleep after the last failure: nothing follows it.
    return { sleepMs: retry ? fullJitter(failedAttempt, backoff, random) : 0, retry };
  };
}

/** Something that may refuse a retry; told about every first try, retry and outcome. */
export interface RetryBudget {
  onRequest(now: number): void;
  /** Asks to spend a retry now; true when allowed (and then counted). */
  tryRetry(now: number): boolean;
  onOutcome(success: boolean): void;
}

/**
 * Retries capped as a share of requests in a sliding window (Finagle and the SRE book's
 * per-client budget): a retry is allowed while retries < ratio x requests + min x window.
 */
export class RatioRetryBudget implements RetryBudget {
  private requests: Float64Array;
  private retries: Float64Array;
  private slot = -1;
  private requestSum = 0;
  private retrySum = 0;

  constructor(
    private readonly ratio: number,
    private readonly windowSeconds: number,
    private readonly minPerSecond: number,
  ) {
    this.requests = new Float64Array(windowSeconds);
    this.retries = new Float64Array(windowSeconds);
  }

  /** Slide the window to whole second `now`, forgetting seconds that fell out of it. */
  private advance(now: number): number {
    const second = Math.floor(now);
    if (this.slot === -1) this.slot = second;
    const steps = Math.min(second - this.slot, this.windowSeconds);
    for (let k = 1; k <= steps; k++) {
      const i = (((this.slot + k) % this.windowSeconds) + this.windowSeconds) % this.windowSeconds;
      this.requestSum -= this.requests[i]!;
      this.retrySum -= this.retries[i]!;
      this.requests[i] = 0;
      this.retries[i] = 0;
    }
    if (second > this.slot) this.slot = second;
    return ((this.slot % this.windowSeconds) + this.windowSeconds) % this.windowSeconds;
  }

  onRequest(now: number): void {
    const i = this.advance(now);
    this.requests[i]!++;
    this.requestSum++;
  }

  tryRetry(now: number): boolean {
    const i = this.advance(now);
    if (this.retrySum + 1 > this.ratio * this.requestSum + this.minPerSecond * this.windowSeconds) return false;
    this.retries[i]!++;
    this.retrySum++;
    return true;
  }

  onOutcome(): void {}
}

/**
 * gRPC retry throttling (gRFC A6) as a retry budget: the course's one token bucket
 * (src/sim/token-bucket.ts, exact to a thousandth of a token). A failure takes a token, a
 * success puts back tokenRatio; retries stop while tokens <= maxTokens / 2.
 */
export class TokenRetryBudget implements RetryBudget {
  private readonly bucket: RetryThrottle;
  constructor(maxTokens: number, tokenRatio: number) {
    this.bucket = new RetryThrottle(maxTokens, tokenRatio);
  }
  get tokens(): number {
    return this.bucket.tokens;
  }
  onRequest(): void {}
  tryRetry(): boolean {
    return this.bucket.retryAllowed();
  }
  onOutcome(success: boolean): void {
    if (success) this.bucket.recordSuccess();
    else this.bucket.recordFailure();
  }
}

export type BreakerState = "closed" | "open" | "half-open";

export interface BreakerOptions {
  kind: "consecutive" | "rate";
  /** Consecutive failures that open it (kind "consecutive"). */
  threshold: number;
  /** Failure share over the last `window` calls that opens it (kind "rate"), once `minCalls` are in. */
  failureRate: number;
  window: number;
  minCalls: number;
  cooldownSeconds: number;
  /** Trial calls let through half-open; all must succeed to close. */
  probes: number;
}

/**
 * A circuit breaker: closed (calls pass, failures counted), open (calls fail at once for a
 * cooldown), half-open (a few probes pass; all succeed: closed; any fails: open again).
 */
export class CircuitBreaker {
  state: BreakerState = "closed";
  /** How many times it opened. */
  opened = 0;
  private openedAt = 0;
  private consecutive = 0;
  private outcomes: Uint8Array;
  private outcomeCount = 0;
  private outcomeNext = 0;
  private failuresInWindow = 0;
  private probesOut = 0;
  private probesOk = 0;
  /** Operators forced it open or closed; null when it follows its own rules. */
  forced: "open" | "closed" | null = null;

  constructor(private readonly options: BreakerOptions) {
    this.outcomes = new Uint8Array(options.window);
  }

  /**
   * Force it open (every call fails fast) or closed (every call passes, failures not counted),
   * or hand it back to its rules (null): it resumes closed, with its counts cleared.
   */
  force(state: "open" | "closed" | null, now: number): void {
    this.forced = state;
    if (state === "open") this.open(now);
    else this.close();
  }

  /** Its state as a dashboard would show it at `now` (an open breaker past its cooldown is half-open). */
  stateAt(now: number): BreakerState {
    if (this.forced) return this.forced;
    if (this.state === "open" && now - this.openedAt >= this.options.cooldownSeconds) return "half-open";
    return this.state;
  }

  /** May a call start now? Half-open admits only `probes` calls at a time. */
  allow(now: number): boolean {
    if (this.forced !== null) return this.forced === "closed";
    if (this.state === "open") {
      if (now - this.openedAt < this.options.cooldownSeconds) return false;
      this.state = "half-open";
      this.probesOut = 0;
      this.probesOk = 0;
    }
    if (this.state === "half-open") {
      if (this.probesOut >= this.options.probes) return false;
      this.probesOut++;
    }
    return true;
  }

  /** Report the outcome of a call that `allow` let through. */
  record(now: number, success: boolean): void {
    if (this.forced !== null) return;
    if (this.state === "open") return; // a straggler from before it opened
    if (this.state === "half-open") {
      if (!success) return this.open(now);
      if (++this.probesOk >= this.options.probes) this.close();
      return;
    }
    if (this.options.kind === "consecutive") {
      this.consecutive = success ? 0 : this.consecutive + 1;
      if (this.consecutive >= this.options.threshold) this.open(now);
      return;
    }
    const w = this.options.window;
    if (this.outcomeCount === w) this.failuresInWindow -= this.outcomes[this.outcomeNext]!;
    else this.outcomeCount++;
    this.outcomes[this.outcomeNext] = success ? 0 : 1;
    this.failuresInWindow += success ? 0 : 1;
    this.outcomeNext = (this.outcomeNext + 1) % w;
    if (
      this.outcomeCount >= this.options.minCalls &&
      this.failuresInWindow / this.outcomeCount >= this.options.failureRate
    )
      this.open(now);
  }

  private open(now: number): void {
    this.state = "open";
    this.openedAt = now;
    this.opened++;
  }

  private close(): void {
    this.state = "closed";
    this.consecutive = 0;
    this.outcomeCount = 0;
    this.outcomeNext = 0;
    this.failuresInWindow = 0;
  }
}
