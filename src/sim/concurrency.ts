/**
 * How many requests are in flight at once, and how big a pool must be for them. Little's law
 * gives the mean: in flight = arrival rate x mean time each stays. A pool sized at the mean is
 * full half the time; size it from the tail instead. With requests arriving at random (a
 * Poisson process) and no limit, the number in flight is Poisson-distributed with that mean,
 * whatever the distribution of each request's time (the M/G/infinity queue), so its tail is
 * exact: P(in flight > n).
 */

/** Little's law: requests in flight on average = arrival rate x mean time each one stays. */
export function meanInFlight(arrivalsPerSecond: number, meanSeconds: number): number {
  if (!(arrivalsPerSecond >= 0) || !(meanSeconds >= 0))
    throw new RangeError(`rate and time must be numbers >= 0, got ${arrivalsPerSecond} and ${meanSeconds}`);
  return arrivalsPerSecond * meanSeconds;
}

/** P(N > n) for N ~ Poisson(mean): the share of time more than n requests are in flight. */
export function poissonTail(mean: number, n: number): number {
  if (!(mean >= 0) || !Number.isFinite(mean)) throw new RangeError(`mean must be a finite number >= 0, got ${mean}`);
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a whole number >= 0, got ${n}`);
  if (mean === 0) return 0;
  // Log of P(N = k), built up from P(N = 0) = e^-mean, so large means do not underflow.
  let logTerm = -mean;
  for (let k = 1; k <= n + 1; k++) logTerm += Math.log(mean / k);
  // Sum the upper tail directly (k = n + 1, n + 2, ...): exact even when it is tiny.
  let tail = 0;
  for (let k = n + 1; ; k++) {
    const term = Math.exp(logTerm);
    tail += term;
    if (k > mean && term <= tail * 1e-17) break;
    logTerm += Math.log(mean / (k + 1));
  }
  return Math.min(1, tail);
}

/** The smallest pool size n for which P(in flight > n) <= target, in flight being Poisson(mean). */
export function sizeForTail(mean: number, target: number): number {
  if (!(target > 0 && target < 1)) throw new RangeError(`target share must be in (0, 1), got ${target}`);
  let n = 0;
  while (poissonTail(mean, n) > target) n++;
  return n;
}
