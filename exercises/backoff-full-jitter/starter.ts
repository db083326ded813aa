/** The capped exponential ceiling: min(cap, base * 2^attempt), in milliseconds. */
export function backoffCeiling(attempt: number, base: number, cap: number): number {
  // TODO: validate the arguments, then return the capped ceiling.
  throw new Error("backoffCeiling is not written yet");
}

/** Full jitter: a uniformly random delay between 0 and the ceiling, one rand() call. */
export function fullJitter(attempt: number, base: number, cap: number, rand: () => number): number {
  // TODO
  throw new Error("fullJitter is not written yet");
}
