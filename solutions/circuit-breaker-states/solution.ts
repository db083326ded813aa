export type BreakerState = "closed" | "open" | "half-open";

export interface BreakerOptions {
  failureThreshold: number;
  cooldownMs: number;
  now: () => number;
}

export class CircuitBreaker {
  private stored: "closed" | "open" = "closed";
  private failures = 0;
  private openedAt = 0;
  private probeOut = false;

  constructor(private readonly options: BreakerOptions) {
    const { failureThreshold, cooldownMs } = options;
    if (!Number.isInteger(failureThreshold) || failureThreshold < 1)
      throw new RangeError(`failureThreshold must be a whole number >= 1, got ${failureThreshold}`);
    if (!(cooldownMs >= 0)) throw new RangeError(`cooldownMs must be >= 0, got ${cooldownMs}`);
  }

  /** Open turns into half-open by the clock alone, so the state is computed when read. */
  get state(): BreakerState {
    if (this.stored === "open" && this.options.now() - this.openedAt >= this.options.cooldownMs) return "half-open";
    return this.stored;
  }

  allowRequest(): boolean {
    const state = this.state;
    if (state === "closed") return true;
    if (state === "open" || this.probeOut) return false;
    this.probeOut = true; // half-open: this call is the probe
    return true;
  }

  recordSuccess(): void {
    const state = this.state;
    if (state === "closed") this.failures = 0;
    else if (state === "half-open" && this.probeOut) this.close();
  }

  recordFailure(): void {
    const state = this.state;
    if (state === "closed") {
      if (++this.failures >= this.options.failureThreshold) this.open();
    } else if (state === "half-open" && this.probeOut) {
      this.open();
    }
  }

  private open(): void {
    this.stored = "open";
    this.openedAt = this.options.now();
    this.probeOut = false;
  }

  private close(): void {
    this.stored = "closed";
    this.failures = 0;
    this.probeOut = false;
  }
}
