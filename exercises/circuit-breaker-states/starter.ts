export type BreakerState = "closed" | "open" | "half-open";

export interface BreakerOptions {
  failureThreshold: number;
  cooldownMs: number;
  now: () => number;
}

/** A consecutive-failure circuit breaker: closed, open (fail fast for a cooldown), half-open (one probe). */
export class CircuitBreaker {
  constructor(private readonly options: BreakerOptions) {
    // TODO: validate the options and start closed.
  }

  get state(): BreakerState {
    // TODO: an open breaker whose cooldown has passed is half-open.
    throw new Error("CircuitBreaker is not written yet");
  }

  allowRequest(): boolean {
    // TODO
    throw new Error("CircuitBreaker is not written yet");
  }

  recordSuccess(): void {
    // TODO
    throw new Error("CircuitBreaker is not written yet");
  }

  recordFailure(): void {
    // TODO
    throw new Error("CircuitBreaker is not written yet");
  }
}
