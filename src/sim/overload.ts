/**
 * A fluid model of one overloaded server with a first-in first-out queue: work arrives at a rate,
 * the server completes `capacity` per second, callers give up after `timeout` seconds but the
 * server still does their work. Deterministic; small enough to check against closed forms.
 */

export interface OverloadPhase {
  seconds: number;
  /** Arrivals per second during this phase. */
  rate: number;
}

export interface OverloadOptions {
  capacity: number;
  timeoutSeconds: number;
  phases: OverloadPhase[];
  /** Most requests allowed to wait; arrivals beyond it are refused at once. Infinity: unbounded. */
  queueLimit: number;
  /** Time step of the integration, in seconds. */
  step?: number;
}

export interface OverloadResult {
  /** Requests served in time for a caller who was still waiting. */
  useful: number;
  /** Requests served after their caller gave up: work done for nobody. */
  wasted: number;
  /** Requests refused at once because the queue was full. */
  rejected: number;
  longestQueue: number;
  /** Arrival times between which a newly queued request would wait longer than the timeout (null if never). */
  uselessFrom: number | null;
  uselessUntil: number | null;
}

export function simulateOverload({
  capacity,
  timeoutSeconds,
  phases,
  queueLimit,
  step = 0.01,
}: OverloadOptions): OverloadResult {
  let queue = 0;
  let time = 0;
  let useful = 0;
  let wasted = 0;
  let rejected = 0;
  let longestQueue = 0;
  let uselessFrom: number | null = null;
  let uselessUntil: number | null = null;
  for (const phase of phases) {
    const steps = Math.round(phase.seconds / step);
    for (let i = 0; i < steps; i++) {
      const arriving = phase.rate * step;
      const admitted = Math.min(arriving, Math.max(0, queueLimit - queue));
      rejected += arriving - admitted;
      // A request admitted now waits for everything ahead of it: queue / capacity seconds.
      const wait = queue / capacity;
      if (wait > timeoutSeconds) {
        wasted += admitted;
        if (uselessFrom === null) uselessFrom = time;
        uselessUntil = time + step;
      } else {
        useful += admitted;
      }
      queue = Math.max(0, queue + admitted - capacity * step);
      longestQueue = Math.max(longestQueue, queue);
      time += step;
    }
  }
  return { useful, wasted, rejected, longestQueue, uselessFrom, uselessUntil };
}
