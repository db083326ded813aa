/**
 * Capacity arithmetic: headroom to ride out an autoscaler's lag, and the load a cold cache sends
 * to what is behind it. (Headroom to lose one of N zones, N / (N - 1), is preProvisionFactor in
 * src/sim/cells/static-stability.ts.)
 */
import { checkNonNegative, checkShare } from "./checks.ts";

/**
 * Load rises by `rampPerSecond` (requests a second, every second) and the autoscaler provisions
 * for the load it saw `lagSeconds` ago (metric window, decision, launch, warm-up). Once the ramp
 * has run longer than the lag, load stays ahead of capacity by ramp x lag: the headroom needed
 * to serve the ramp without shedding.
 */
export function rampHeadroom(rampPerSecond: number, lagSeconds: number): number {
  checkNonNegative("ramp", rampPerSecond);
  checkNonNegative("lag", lagSeconds);
  return rampPerSecond * lagSeconds;
}

/**
 * Requests beyond capacity when load steps from what capacity serves to `peakRps` at once and
 * new capacity arrives `lagSeconds` later: (peak - capacity) x lag. They are shed, queued or
 * time out; none of them is served on time.
 */
export function stepExcessRequests(capacityRps: number, peakRps: number, lagSeconds: number): number {
  checkNonNegative("capacity", capacityRps);
  checkNonNegative("peak", peakRps);
  checkNonNegative("lag", lagSeconds);
  return Math.max(0, peakRps - capacityRps) * lagSeconds;
}

/** Requests a second that miss a cache with `hitRatio` and reach the origin: rps x (1 - hit ratio). */
export function originLoad(rps: number, hitRatio: number): number {
  checkNonNegative("requests per second", rps);
  checkShare("hit ratio", hitRatio);
  return rps * (1 - hitRatio);
}

/** How many times its warm load the origin sees when the cache is empty: 1 / (1 - hit ratio). */
export function coldCacheMultiplier(hitRatio: number): number {
  checkShare("hit ratio", hitRatio);
  if (hitRatio === 1) throw new RangeError("with a hit ratio of 1 the origin sees nothing when warm");
  return 1 / (1 - hitRatio);
}

/** Messages queued while a consumer is down for `outageSeconds` and producers keep sending `rate` a second. */
export function backlogAfter(ratePerSecond: number, outageSeconds: number): number {
  checkNonNegative("rate", ratePerSecond);
  checkNonNegative("outage", outageSeconds);
  return ratePerSecond * outageSeconds;
}

/**
 * Seconds to drain a backlog once the consumer is back, while new messages keep arriving at `rate`:
 * backlog / (capacity - rate). A consumer with no spare capacity never drains it.
 */
export function drainSeconds(backlog: number, capacityPerSecond: number, ratePerSecond: number): number {
  checkNonNegative("backlog", backlog);
  checkNonNegative("capacity", capacityPerSecond);
  checkNonNegative("rate", ratePerSecond);
  if (backlog === 0) return 0;
  if (capacityPerSecond <= ratePerSecond) return Number.POSITIVE_INFINITY;
  return backlog / (capacityPerSecond - ratePerSecond);
}
