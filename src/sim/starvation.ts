/**
 * Thread starvation by a hanging dependency, by Little's law: the one computation the failure
 * modes chapter, the load-shedding chapter, the interview playbook and the thread-starvation
 * exercise all use. The example is the one Google's SRE book works in chapter 22, "Addressing
 * Cascading Failures", under "Bimodal latency": 10 servers of 100 threads, 1,000 requests a second
 * taking 100 ms, 5% of them never completing and held to a 100 s deadline, three orders of
 * magnitude above the usual latency.
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
}

export interface Starvation {
  threads: number;
  hangingPerSecond: number;
  /** Little's law: hanging requests in flight = their arrival rate x how long each stays. */
  threadsDemanded: number;
  /** Demand over supply: how many tiers' worth of threads the hanging requests want. */
  demandRatio: number;
  /**
   * Starting with every thread free, when the last one is taken: hanging requests take them at
   * their arrival rate and give none back for hangSeconds. Infinity when the demand fits.
   */
  secondsToExhaust: number;
  /**
   * Share of all requests that fail once the threads have run out. A thread comes free only
   * when a hanging request gives up, about threads / hangSeconds times a second; the requests
   * that find it free (hanging or not, in proportion) are served, the rest find none. The tier
   * serves threads / demanded of what it is asked for, so 1 - that fails (0 when demand fits).
   */
  failingShare: number;
}

export const sreStarvationExample: HangingDependency = {
  servers: 10,
  threadsPerServer: 100,
  requestsPerSecond: 1_000,
  hangingShare: 0.05,
  hangSeconds: 100,
};

export function threadStarvation(tier: HangingDependency): Starvation {
  const { servers, threadsPerServer, requestsPerSecond, hangingShare, hangSeconds } = tier;
  for (const [name, value] of Object.entries({ servers, threadsPerServer, requestsPerSecond, hangSeconds }))
    if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a number > 0, got ${value}`);
  if (!(hangingShare > 0 && hangingShare <= 1))
    throw new RangeError(`hanging share must be in (0, 1], got ${hangingShare}`);
  const threads = servers * threadsPerServer;
  const hangingPerSecond = requestsPerSecond * hangingShare;
  const threadsDemanded = hangingPerSecond * hangSeconds;
  return {
    threads,
    hangingPerSecond,
    threadsDemanded,
    demandRatio: threadsDemanded / threads,
    secondsToExhaust: threadsDemanded > threads ? threads / hangingPerSecond : Number.POSITIVE_INFINITY,
    failingShare: 1 - Math.min(1, threads / threadsDemanded),
  };
}
