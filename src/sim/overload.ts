/**
 * A fluid model of one overloaded server with a first-in first-out queue: work arrives at a rate,
 * the server completes `capacity` per second, callers give up after `timeout` seconds but the
 * server still does their work. Deterministic and exact: within a phase the queue grows or
 * shrinks in a straight line, so the model moves from one corner of that line to the next (the
 * queue filling, emptying, or crossing the longest useful queue) instead of in time steps, and
 * its answers are the closed forms a reader works out by hand (a 10 ms step gave 1,151 refusals
 * where the arithmetic gives 1,150).
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
}

export interface OverloadResult {
  /**
   * Requests admitted to a queue short enough to serve them within the timeout: answered in time
   * for a caller who was still waiting. Counted as they arrive, so the last of them may still be
   * queued when the phases end.
   */
  useful: number;
  /**
   * Requests admitted behind more than the timeout's worth of work, so due to be served after
   * their caller gave up: work done for nobody. Counted as they arrive, so this includes any still
   * queued when the phases end (served late after the run, or never), not only those served.
   */
  wasted: number;
  /** Requests refused at once because the queue was full. */
  rejected: number;
  longestQueue: number;
  /** Arrival times between which a newly queued request would wait longer than the timeout (null if never). */
  uselessFrom: number | null;
  uselessUntil: number | null;
}

function checkOptions({ capacity, timeoutSeconds, phases, queueLimit }: OverloadOptions): void {
  const positive = (name: string, value: number) => {
    if (!(value > 0) || !Number.isFinite(value))
      throw new RangeError(`${name} must be a positive number, got ${value}`);
  };
  positive("capacity", capacity);
  positive("timeoutSeconds", timeoutSeconds);
  if (!(queueLimit >= 0)) throw new RangeError(`queueLimit must be 0 or more (Infinity: unbounded), got ${queueLimit}`);
  for (const [i, phase] of phases.entries()) {
    if (!(phase.seconds >= 0) || !Number.isFinite(phase.seconds))
      throw new RangeError(`phase ${i + 1}: seconds must be 0 or more, got ${phase.seconds}`);
    if (!(phase.rate >= 0) || !Number.isFinite(phase.rate))
      throw new RangeError(`phase ${i + 1}: rate must be 0 or more, got ${phase.rate}`);
  }
}

export function simulateOverload(options: OverloadOptions): OverloadResult {
  checkOptions(options);
  const { capacity, timeoutSeconds, phases, queueLimit } = options;
  /** A request that joins a longer queue waits longer than its caller: queue / capacity > timeout. */
  const usefulQueue = capacity * timeoutSeconds;
  let queue = 0;
  let time = 0;
  let useful = 0;
  let wasted = 0;
  let rejected = 0;
  let longestQueue = 0;
  let uselessFrom: number | null = null;
  let uselessUntil: number | null = null;
  for (const { seconds, rate } of phases) {
    let left = seconds;
    while (left > 0) {
      // The queue's slope, and how much of the arrivals it admits, until its next corner.
      const full = queue >= queueLimit && rate >= capacity;
      const empty = queue <= 0 && rate <= capacity;
      const slope = full || empty ? 0 : rate - capacity;
      const admitted = full ? capacity : rate;
      let span = left;
      let corner: number | null = null;
      const reach = (target: number) => {
        const t = (target - queue) / slope;
        if (t > 0 && t < span) {
          span = t;
          corner = target;
        }
      };
      if (slope > 0 && queueLimit < Infinity) reach(queueLimit);
      if (slope < 0) reach(0);
      if (slope !== 0) reach(usefulQueue);
      // On this stretch the queue stays on one side of the longest useful queue; its middle says which.
      const middle = queue + (slope * span) / 2;
      if (middle > usefulQueue) {
        wasted += admitted * span;
        uselessFrom ??= time;
        uselessUntil = time + span;
      } else {
        useful += admitted * span;
      }
      rejected += (rate - admitted) * span;
      queue = corner ?? Math.min(queueLimit, Math.max(0, queue + slope * span));
      longestQueue = Math.max(longestQueue, queue);
      time += span;
      left -= span;
    }
  }
  return { useful, wasted, rejected, longestQueue, uselessFrom, uselessUntil };
}
