/** C(n, k) exactly: multiply and divide step by step in BigInt, over the smaller side. */
export function choose(n: number, k: number): bigint {
  for (const [name, value] of [
    ["n", n],
    ["k", k],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`${name} must be a whole number >= 0, got ${value}`);
  }
  if (k > n) return 0n;
  const steps = Math.min(k, n - k);
  let result = 1n;
  for (let i = 1; i <= steps; i++) {
    // After this step result is C(n - steps + i, i): a whole number, so the division is exact.
    result = (result * BigInt(n - steps + i)) / BigInt(i);
  }
  return result;
}
