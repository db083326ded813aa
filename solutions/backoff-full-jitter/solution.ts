/** min(cap, base * 2^attempt); 2 ** attempt becomes Infinity for huge attempts and min() handles it. */
export function backoffCeiling(attempt: number, base: number, cap: number): number {
  if (!Number.isInteger(attempt) || attempt < 0)
    throw new RangeError(`attempt must be a whole number >= 0, got ${attempt}`);
  if (!(base >= 0) || !(cap >= 0)) throw new RangeError(`base and cap must be >= 0, got ${base} and ${cap}`);
  return Math.min(cap, base * 2 ** attempt);
}

/** Full jitter: uniform on [0, ceiling). */
export function fullJitter(attempt: number, base: number, cap: number, rand: () => number): number {
  return rand() * backoffCeiling(attempt, base, cap);
}
