/**
 * C(n, k): how many different shards of k workers can be drawn from n workers.
 * Return it exactly, as a BigInt (28n, not 28).
 */
export function choose(n: number, k: number): bigint {
  // TODO: throw a RangeError unless n and k are whole numbers >= 0.
  // TODO: return 0n when k > n.
  // TODO: multiply and divide in BigInt, step by step, over the smaller of k and n - k.
  throw new Error("choose(n, k) is not written yet");
}
