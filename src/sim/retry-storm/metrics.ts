/**
 * Per-second measurements of a retry-storm run, and the summary drawn from them. Requests are
 * counted twice on purpose: by the second they completed (successes/s, latency, what a
 * dashboard shows) and by the second they arrived (success rate: "of the requests that came in
 * during this second, how many were eventually served").
 */

export interface ServiceSeries {
  name: string;
  /** Tries the clients sent to this service (first tries and retries) per second. */
  attempts: number[];
  /** Original requests that succeeded, by the second they completed. */
  successes: number[];
  /**
   * Share of the original requests arriving in each second that eventually succeeded; null for
   * a second in which none arrived (nothing to measure is not 100%).
   */
  successRate: (number | null)[];
}

/** One connection pool's use, second by second. */
export interface PoolSeries {
  /** "shared", or with bulkheads the dependency the pool serves. */
  name: string;
  /** Its size at the end of the run. */
  size: number;
  /** Connections in use at the end of each second. */
  inUse: number[];
}

export interface RetryStormMetrics {
  /** Start of each 1 s bucket, seconds from the trigger start. */
  time: number[];
  /** Connections in use at the end of each second, over all pools. */
  poolInUse: number[];
  /**
   * Of those, connections held by tries whose client had already given up (work for nobody),
   * at the end of each second.
   */
  abandonedInUse: number[];
  /** Connections that exist, over all pools, at the end of the run (or now, for a run still going). */
  poolCapacity: number;
  /** Connections that exist at the end of each second, over all pools (operators may resize them). */
  capacity: number[];
  /** Each pool on its own: one shared pool, or with bulkheads one per dependency. */
  pools: PoolSeries[];
  /** Requests waiting for a connection at the end of each second. */
  waiting: number[];
  /** Client tries per second, all services. */
  attempts: number[];
  /** Calls to dependencies per second (every attempt of every service's retry loop). */
  dependencyCalls: number[];
  /** Successful original requests per second (by completion), all services. */
  successes: number[];
  /** Share of the originals arriving each second that succeeded, all services; null when none arrived. */
  successRate: (number | null)[];
  /** Median and 99th percentile latency (ms) of requests that succeeded in each second; null when none did. */
  latencyP50: (number | null)[];
  latencyP99: (number | null)[];
  services: ServiceSeries[];
}

export interface ServiceSummary {
  name: string;
  /** Calls a dependency that the trigger slows. */
  dependency: string;
  requests: number;
  succeeded: number;
  failed: number;
  /**
   * Share of the service's requests that succeeded over the whole run, warm-up and the time after
   * the intervention included; null when none arrived (a rate of nothing is not 100%).
   */
  successRate: number | null;
  /** Requests that arrived during the incident window (see `incidentEndSeconds`). */
  incidentRequests: number;
  /** Of those, the ones that eventually succeeded. */
  incidentSucceeded: number;
  /** Share of the requests arriving during the incident that succeeded; null when none arrived. */
  incidentSuccessRate: number | null;
}

export interface RetryStormSummary {
  seed: number;
  defences: string[];
  /** How long the trigger lasted. */
  triggerSeconds: number;
  /**
   * When operators stepped in (seconds after the trigger started): the scenario's intervention,
   * or the first action applied to a stepped run; null for never.
   */
  interventionSeconds: number | null;
  /**
   * First moment, from the trigger's start on, a try found every connection of its pool in use
   * and had to wait (or, with shedding, was turned away), or null. With bulkheads: of any pool.
   */
  poolFullSeconds: number | null;
  /**
   * First whole second, from the trigger's start on, in which requests of the services that
   * never call the slow dependency arrive and not one of theirs succeeds; null if none.
   */
  goodputZeroSeconds: number | null;
  /**
   * First moment a try was refused a connection because it had waited the whole acquire
   * timeout in the pool's queue, or null. (Shedding's instant refusals are not counted:
   * `firstShedSeconds` dates the first of those.)
   */
  firstRefusalSeconds: number | null;
  /**
   * First moment a try was shed: turned away at once, without a wait, because its pool was full
   * and its queue at shedding's limit; null when none was (always, without shedding).
   */
  firstShedSeconds: number | null;
  /**
   * Whether the success rate got back to >= 99% and held for 10 s after the trigger ended (see
   * `recoveryIndex`: false when no request arrived to show it).
   */
  recovered: boolean;
  /** Seconds from the trigger's end to that recovery, or null. */
  recoverySeconds: number | null;
  /**
   * What ended the outage: "self" when it had recovered (and held 10 s) before operators
   * stepped in, "intervention" when it recovered only once they had, null when it never did.
   */
  recoveredBy: "self" | "intervention" | null;
  /**
   * End of the incident window, which starts when the trigger does: the recovery if it came by
   * itself, else the intervention, else the end of the run (never before the trigger ends, unless
   * the run ends first: never after the run's end).
   * Per-service `incident*` figures count requests arriving in it, in whole seconds.
   */
  incidentEndSeconds: number;
  /** Client tries per original request; null when no request arrived (there is nothing to divide by). */
  amplification: number | null;
  /** Dependency calls per original request; null when no request arrived. */
  dependencyAmplification: number | null;
  services: ServiceSummary[];
  /** Tries that held a connection and finished after their client had given up: work for nobody. */
  abandonedWork: number;
  /** Tries shed over the whole run, warm-up and drain included (0 without shedding). */
  triesShed: number;
  /** Times a circuit breaker opened. */
  breakerOpenings: number;
  /** Events the simulation processed. */
  events: number;
}

/**
 * What `firstRefusalSeconds` measures, in the words both the replay's summary ("the first try
 * times out waiting for a connection at 82.7 s", "no try times out waiting for a connection") and
 * the terminal's table use: a try waited the pool's whole acquire timeout. Shedding turns tries
 * away without a wait, so a run that sheds can have none of these and still refuse requests.
 */
export const timesOutWaiting = "times out waiting for a connection";

/**
 * What the replay's events under its charts, the presenter's key moments and the terminal's table
 * call the moments the pool refused a try a connection (the one source of these words):
 *   - `shed`: the first try shed, turned away at once by shedding's queue limit (`firstShedSeconds`);
 *   - `timedOut`: the first try that waited the pool's whole acquire timeout (`firstRefusalSeconds`);
 *   - `first`: that same timeout, where it is the first refusal of all, no try shed before it: in
 *     the naive run (82.7 s), where the chapter calls it "the first refusal". With shedding on,
 *     tries are turned away from the moment the queue reaches its limit, long before a wait could
 *     time out, so a timeout there is not the first refusal.
 * Operators flushing the queues (the intervention) and an open breaker failing a call fast are
 * events of their own, not the pool refusing a connection.
 */
export const refusalWords = {
  first: "first refusal",
  shed: "first try shed",
  timedOut: `first try ${timesOutWaiting}`,
} as const;

/** A moment the pool first refused a try, in words: the first try shed, the first to time out waiting. */
export interface RefusalMoment {
  kind: "shed" | "timedOut";
  seconds: number;
  label: (typeof refusalWords)[keyof typeof refusalWords];
}

/**
 * The run's first refusals, each named by what it was (`refusalWords`): the first try shed, and the
 * first wait that timed out, called "first refusal" only when no try was shed before (or with) it.
 */
export function refusalMoments(
  summary: Pick<RetryStormSummary, "firstShedSeconds" | "firstRefusalSeconds">,
): RefusalMoment[] {
  const { firstShedSeconds: shed, firstRefusalSeconds: timedOut } = summary;
  const moments: RefusalMoment[] = [];
  if (shed !== null) moments.push({ kind: "shed", seconds: shed, label: refusalWords.shed });
  if (timedOut !== null)
    moments.push({
      kind: "timedOut",
      seconds: timedOut,
      label: shed === null || shed > timedOut ? refusalWords.first : refusalWords.timedOut,
    });
  return moments;
}

/** A recovery: the success rate at or above 99% for this many seconds in a row (`recoveryIndex`). */
export const recoveryHoldSeconds = 10;

/** The 0-based rank, in ascending order, of `n` values' `q` quantile (0..1), nearest-rank. */
function quantileRank(n: number, q: number): number {
  return Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1));
}

/** The `q` quantile (0..1) of sorted values, nearest-rank. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  return sorted[quantileRank(sorted.length, q)]!;
}

/**
 * The `q` quantile (0..1) of `values` in any order, nearest-rank: `quantile` of them sorted, the
 * same number, found without sorting them (a dashboard second's thousands of latencies, each
 * second, were sorted to read one of them). Reorders `values` (no NaN among them); empty: undefined.
 */
export function quantileUnsorted(values: Float64Array, q: number): number | undefined {
  const n = values.length;
  if (n === 0) return undefined;
  return rankValue(values, quantileRank(n, q));
}

/**
 * The value that would sit at index `k` of `a` sorted ascending (Hoare's selection: partition
 * around a middle value, keep the side holding `k`), leaving `a` partitioned around it.
 */
function rankValue(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    // After this, a[lo..j] <= pivot <= a[i..hi], and everything strictly between j and i equals it.
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return pivot;
  }
  return a[k]!;
}

/** Round for output, so summaries print the same bytes everywhere and stay readable. */
export function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/**
 * The lowest whole-run success rate among the services that had a request, or null when none had
 * one: a service with no request has no rate, so it is neither the worst nor the best.
 */
export function worstSuccessRate(summary: Pick<RetryStormSummary, "services">): number | null {
  const rates = summary.services.flatMap((s) => (s.successRate === null ? [] : [s.successRate]));
  return rates.length === 0 ? null : Math.min(...rates);
}

/**
 * A rate per request (a success rate, tries per request) that a sentence states as a number: the
 * rate itself, or an error naming what had no request to measure it by. A chapter's figure is
 * computed when the site is built, so a setting that left a service without requests stops the
 * build instead of printing 100%, 0% or 0 tries.
 */
export function statedRate(rate: number | null, what: string): number {
  if (rate === null) throw new Error(`${what}: no request arrived, so there is no rate to state`);
  return rate;
}

/** The worst service's whole-run success rate, stated: a run in which no service had a request stops with an error. */
export function statedWorstSuccessRate(summary: Pick<RetryStormSummary, "services">): number {
  return statedRate(worstSuccessRate(summary), "the worst service");
}

/**
 * Recovery: the first second, at or after the trigger's end, from which the success rate
 * stays >= `threshold` for `hold` consecutive seconds. Returns the index, or -1.
 *
 * A second in which no request arrived (null) measured nothing: it neither breaks those seconds
 * nor starts them, so a recovery starts at a second whose requests were served, and seconds with
 * no request at all are never one. Where every second has requests, this is the plain rule.
 */
export function recoveryIndex(
  rate: ArrayLike<number | null>,
  from: number,
  hold = recoveryHoldSeconds,
  threshold = 0.99,
): number {
  let start = -1;
  for (let i = Math.max(0, from); i < rate.length; i++) {
    const r = rate[i]!;
    if (r !== null) {
      if (r < threshold) start = -1;
      else if (start < 0) start = i;
    }
    if (start >= 0 && i - start + 1 >= hold) return start;
  }
  return -1;
}
