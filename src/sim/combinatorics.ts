/**
 * Exact counting. Shard counts outgrow 2^53 quickly (C(2048, 4) is already 7.3e11 and
 * C(2048, 8) is not exact in a double), so the exact versions use BigInt.
 */

function assertCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number >= 0, got ${value}`);
  }
}

/** The number of ways to choose k items from n, exactly. C(n, k) = 0 when k > n. */
export function choose(n: number, k: number): bigint {
  assertCount("n", n);
  assertCount("k", k);
  if (k > n) return 0n;
  const r = Math.min(k, n - k);
  let result = 1n;
  // Multiply then divide at each step: the running product is always C(n - r + i, i), an integer.
  for (let i = 1; i <= r; i++) {
    result = (result * BigInt(n - r + i)) / BigInt(i);
  }
  return result;
}

/** C(n, k) as a double: exact while it stays below 2^53, otherwise the nearest double. */
export function chooseNumber(n: number, k: number): number {
  return Number(choose(n, k));
}

/** An exact fraction; `value` is its nearest double. */
export interface Fraction {
  numerator: bigint;
  denominator: bigint;
  value: number;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** numerator / denominator reduced to lowest terms. */
export function fraction(numerator: bigint, denominator: bigint): Fraction {
  if (denominator === 0n) throw new RangeError("denominator must not be zero");
  const g = gcd(numerator, denominator) || 1n;
  const num = numerator / g;
  const den = denominator / g;
  return { numerator: num, denominator: den, value: ratio(num, den) };
}

/** A BigInt ratio as a double; scales both parts down first when they would overflow a double. */
function ratio(num: bigint, den: bigint): number {
  const excess = Math.max(num.toString(2).length, den.toString(2).length) - 1000;
  if (excess <= 0) return Number(num) / Number(den);
  const shift = BigInt(excess);
  return Number(num >> shift) / Number(den >> shift);
}

/**
 * Overlap of a random k-subset with a fixed k-subset of n items (the hypergeometric
 * distribution): entry j is P(exactly j shared) = C(k, j) C(n - k, k - j) / C(n, k).
 */
export function overlapDistribution(n: number, k: number): Fraction[] {
  if (k > n) throw new RangeError(`a shard of ${k} cannot be drawn from ${n} workers`);
  const total = choose(n, k);
  const rest = n - k;
  // C(k, j) upwards and C(n - k, k - j) downwards, one exact step each, instead of k + 1 fresh
  // binomials: O(k) big-number steps rather than O(k^2).
  const kept: bigint[] = new Array(k + 1);
  let others = 1n; // C(rest, 0), for j = k
  kept[k] = others;
  for (let j = k; j > 0; j--) {
    // C(rest, k - j + 1) = C(rest, k - j) * (rest - (k - j)) / (k - j + 1); zero once k - j + 1 > rest.
    const top = rest - (k - j);
    others = top <= 0 ? 0n : (others * BigInt(top)) / BigInt(k - j + 1);
    kept[j - 1] = others;
  }
  const result: Fraction[] = [];
  let ways = 1n; // C(k, 0)
  for (let j = 0; j <= k; j++) {
    result.push(fraction(ways * kept[j]!, total));
    ways = (ways * BigInt(k - j)) / BigInt(j + 1);
  }
  return result;
}
