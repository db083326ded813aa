/** Argument checks shared by the reliability formulas: each throws a RangeError naming the argument. */

/** A share of a whole, 0 to 1 inclusive. */
export function checkShare(name: string, value: number): void {
  if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must be a share from 0 to 1, got ${value}`);
}

/** A finite number of 0 or more. */
export function checkNonNegative(name: string, value: number): void {
  if (!(value >= 0) || !Number.isFinite(value))
    throw new RangeError(`${name} must be a finite number of 0 or more, got ${value}`);
}

/** A finite number above 0. */
export function checkPositive(name: string, value: number): void {
  if (!(value > 0) || !Number.isFinite(value))
    throw new RangeError(`${name} must be a finite number above 0, got ${value}`);
}

/** A whole number of at least `min`. */
export function checkWhole(name: string, value: number, min = 0): void {
  if (!Number.isInteger(value) || value < min)
    throw new RangeError(`${name} must be a whole number of at least ${min}, got ${value}`);
}
