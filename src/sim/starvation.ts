/**
 * Thread starvation by a hanging dependency, by Little's law: the one computation the failure
 * modes chapter, the load-shedding chapter, the interview playbook and the thread-starvation
 * exercise all use. The example is the one Google's SRE book works in chapter 22, "Addressing
 * Cascading Failures", under "Bimodal latency": 10 servers of 100 threads, 1,000 requests a second
 * taking 100 ms, 5% of them never completing and held to a 100 s deadline, three orders of
 * magnitude above the usual latency.
 *
 * By default the requests that do not hang hold no thread at all: the short estimate the chapters
 * and the exercise teach (1,000 of 5,000 threads' worth served, 80% failing). Give `usualSeconds`
 * and they hold one for that long, as the book counts them: the 950 a second that take 100 ms keep
 * 95 threads busy, so the tier serves 1,000 / (5,000 + 95) = 19.6% and fails 80.4%.
 */

export interface HangingDependency {
  servers: number;
  threadsPerServer: number;
  /** Requests per second arriving at the whole tier. */
  requestsPerSecond: number;
  /** Share of requests that call the hanging dependency (0..1). */
  hangingShare: number;
  /** How long each hanging request holds its thread, in seconds. */
  hangSeconds: number;
  /** How long each request that does not hang holds its thread, in seconds (0, the default: none). */
  usualSeconds?: number;
}

export interface Starvation {
  threads: number;
  hangingPerSecond: number;
  /** Little's law: hanging requests in flight = their arrival rate x how long each stays. */
  threadsDemanded: number;
  /** Little's law for the requests that do not hang: their rate x usualSeconds (0 by default). */
  usualThreads: number;
  /** Demand over supply: how many tiers' worth of threads the hanging requests want. */
  demandRatio: number;
  /**
   * Starting with every thread free but the usual requests' (usualThreads), when the last one is
   * taken: hanging requests take them at their arrival rate and give none back for hangSeconds.
   * Infinity when the demand fits.
   */
  secondsToExhaust: number;
  /**
   * Share of all requests that fail once the threads have run out. A thread comes free only
   * when a hanging request gives up, about threads / hangSeconds times a second; the requests
   * that find it free (hanging or not, in proportion) are served, the rest find none. The tier
   * serves threads / (threadsDemanded + usualThreads) of what it is asked for, so 1 - that fails
   * (0 when demand fits).
   */
  failingShare: number;
}

/** The book's usual latency, of the 95% of requests that do not hang: 100 ms. */
export const sreUsualSeconds = 0.1;

export const sreStarvationExample: HangingDependency = {
  servers: 10,
  threadsPerServer: 100,
  requestsPerSecond: 1_000,
  hangingShare: 0.05,
  hangSeconds: 100,
};

export function threadStarvation(tier: HangingDependency): Starvation {
  const { servers, threadsPerServer, requestsPerSecond, hangingShare, hangSeconds, usualSeconds = 0 } = tier;
  for (const [name, value] of Object.entries({ servers, threadsPerServer, requestsPerSecond, hangSeconds }))
    if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a number > 0, got ${value}`);
  if (!(hangingShare > 0 && hangingShare <= 1))
    throw new RangeError(`hanging share must be in (0, 1], got ${hangingShare}`);
  if (!(usualSeconds >= 0) || !Number.isFinite(usualSeconds))
    throw new RangeError(`usualSeconds must be a number >= 0, got ${usualSeconds}`);
  const threads = servers * threadsPerServer;
  const hangingPerSecond = requestsPerSecond * hangingShare;
  const threadsDemanded = hangingPerSecond * hangSeconds;
  const usualThreads = requestsPerSecond * (1 - hangingShare) * usualSeconds;
  const allDemanded = threadsDemanded + usualThreads;
  return {
    threads,
    hangingPerSecond,
    threadsDemanded,
    usualThreads,
    demandRatio: threadsDemanded / threads,
    secondsToExhaust:
      allDemanded > threads ? Math.max(0, threads - usualThreads) / hangingPerSecond : Number.POSITIVE_INFINITY,
    failingShare: 1 - Math.min(1, threads / allDemanded),
  };
}
