/**
 * A service's queue under load, for a diagnosis: capacity `capacity` requests a second, a FIFO
 * queue with no bound, clients that give up after `timeoutS` seconds. Three situations:
 *   overload        arrivals grow past capacity and stay there: the queue grows without end, the
 *                   wait passes the clients' timeout, and the service answers only requests
 *                   whose clients have gone (goodput falls to nothing)
 *   burst           arrivals pass capacity for a while, then fall back: the queue absorbs it
 *   capacity-lost   arrivals stay as they were, but capacity falls (instances lost)
 * Steps of `step` seconds; the queue's wait is its length over capacity.
 */
export const queueCases = ["overload", "burst", "capacity-lost"] as const;
export type QueueCase = (typeof queueCases)[number];

export interface QueueParams {
  incident: number;
  /** Requests a second the service completes. */
  capacity: number;
  /** Requests a second arriving before anything happens. */
  rate: number;
  /** Arrivals (overload, burst) or capacity lost (capacity-lost), as a percentage: 150 = 1.5 times. */
  change: number;
  /** The clients' timeout, in seconds. */
  timeoutS: number;
  /** The second the change starts. */
  start: number;
}

export const queueSeconds = 120;
export const queueStep = 5;
/** How long a burst lasts, in seconds. */
export const burstSeconds = 10;

export function queueCase(p: QueueParams): QueueCase {
  const c = queueCases[p.incident];
  if (c === undefined) throw new RangeError(`incident must be 0 to ${queueCases.length - 1}`);
  return c;
}

/** Arrivals and capacity at second t. */
export function conditions(p: QueueParams, t: number): { arrivals: number; capacity: number } {
  const kind = queueCase(p);
  const on = t >= p.start && (kind !== "burst" || t < p.start + burstSeconds);
  if (!on) return { arrivals: p.rate, capacity: p.capacity };
  if (kind === "capacity-lost") return { arrivals: p.rate, capacity: (p.capacity * (100 - p.change)) / 100 };
  return { arrivals: (p.rate * p.change) / 100, capacity: p.capacity };
}

export interface QueueSample {
  second: number;
  arrivals: number;
  served: number;
  /** Requests waiting at the end of the step. */
  queued: number;
  /** How long a request joining the queue now waits, in seconds. */
  waitS: number;
  /** Requests a second answered before their client gave up. */
  goodput: number;
}

/** The service step by step. With a FIFO queue, what is served waited the queue's wait: past the timeout, nobody is there to read it. */
export function queueRun(p: QueueParams): QueueSample[] {
  let queued = 0;
  const out: QueueSample[] = [];
  for (let second = 0; second < queueSeconds; second += queueStep) {
    const { arrivals, capacity } = conditions(p, second);
    const waitBefore = queued / capacity;
    const available = queued + arrivals * queueStep;
    const servedCount = Math.min(available, capacity * queueStep);
    queued = available - servedCount;
    const served = servedCount / queueStep;
    out.push({
      second,
      arrivals,
      served,
      queued,
      waitS: queued / capacity,
      goodput: waitBefore <= p.timeoutS ? served : 0,
    });
  }
  return out;
}

/**
 * The share of arrivals to refuse at the door, in the steady state the situation reaches, so that
 * everything accepted is answered in time: 1 - capacity / arrivals when arrivals stay above
 * capacity, and nothing for a burst that ends.
 */
export function shedShare(p: QueueParams): number {
  if (queueCase(p) === "burst") return 0;
  const { arrivals, capacity } = conditions(p, queueSeconds);
  return Math.max(0, 1 - capacity / arrivals);
}
