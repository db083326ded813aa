/**
 * How much evidence a circuit breaker needs before it opens: the fewest failures a rate
 * threshold needs, how long a consecutive-failure breaker takes to see its streak when failures
 * are random, and the failure patterns it never sees at all. Pure: no imports.
 */

/**
 * Fewest failures among `calls` outcomes that trip a rate threshold: at or above it (resilience4j,
 * Polly) or strictly above it (opossum).
 */
export function failuresToOpen(calls: number, threshold: number, strict: boolean): number {
  const exact = calls * threshold;
  // Rounding guard: 0.1 * 100 must count as exactly 10.
  const whole = Math.abs(exact - Math.round(exact)) < 1e-9 ? Math.round(exact) : exact;
  return strict ? Math.floor(whole) + 1 : Math.ceil(whole);
}

/**
 * Expected number of calls until `streak` failures in a row, when each call fails independently
 * with probability p: (1 - p^n) / ((1 - p) p^n). At p = 0.5 and n = 5 that is 62 calls; at
 * p = 0.2 it is about 3,900. Infinity when p = 0 (no failure ever comes).
 */
export function expectedCallsToStreak(failureProbability: number, streak: number): number {
  const p = failureProbability;
  if (!(p >= 0 && p <= 1)) throw new RangeError(`failure probability must be in [0, 1], got ${p}`);
  if (!Number.isInteger(streak) || streak < 1)
    throw new RangeError(`streak must be a whole number >= 1, got ${streak}`);
  if (p === 0) return Number.POSITIVE_INFINITY;
  if (p === 1) return streak;
  return (1 - p ** streak) / ((1 - p) * p ** streak);
}

/**
 * The longest run of failures in a pattern of outcomes that repeats forever (true = the call
 * fails), such as round robin over hosts of which some are dead. A consecutive-failure breaker
 * whose threshold is above this never opens, however many calls fail.
 */
export function longestFailureRun(repeating: readonly boolean[]): number {
  if (repeating.length === 0) return 0;
  if (repeating.every(Boolean)) return Number.POSITIVE_INFINITY;
  let longest = 0;
  let run = 0;
  // Two laps, so a run that wraps around the end of the pattern is counted whole.
  for (let i = 0; i < 2 * repeating.length; i++) {
    run = repeating[i % repeating.length] ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Round robin over `hosts` hosts of which the first `dead` fail every call: one lap of outcomes. */
export function roundRobinOutcomes(hosts: number, dead: number): boolean[] {
  if (!Number.isInteger(hosts) || hosts < 1) throw new RangeError(`hosts must be a whole number >= 1, got ${hosts}`);
  if (!Number.isInteger(dead) || dead < 0 || dead > hosts)
    throw new RangeError(`dead hosts must be a whole number from 0 to ${hosts}, got ${dead}`);
  return Array.from({ length: hosts }, (_, i) => i < dead);
}
