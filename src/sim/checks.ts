/** Argument checks shared by the simulations, so every one words its complaint the same way. */

/** Throws a RangeError naming `name` unless `value` is a whole number >= `min`. */
export function assertWholeNumber(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min)
    throw new RangeError(`${name} must be a whole number >= ${min}, got ${value}`);
}
