/**
 * Shuffle sharding: every customer gets its own random combination of `size` of the
 * `workers`. One customer's poison request takes out only the workers it touches; the
 * question is how many other customers that leaves with nothing.
 */
import { type Random, mulberry32 } from "./random.ts";
import { choose, fraction, overlapDistribution, type Fraction } from "./combinatorics.ts";
import { assertWholeNumber } from "./checks.ts";

function assertShard(workers: number, size: number): void {
  assertWholeNumber("workers", workers, 1);
  if (!Number.isInteger(size) || size < 1 || size > workers) {
    throw new RangeError(`shard size must be a whole number from 1 to ${workers}, got ${size}`);
  }
}

/**
 * Pick `size` distinct workers out of `workers` with a partial Fisher-Yates shuffle: only
 * the first `size` positions are shuffled, so it costs `size` draws, not `workers`.
 */
export function randomShard(workers: number, size: number, rand: Random): number[] {
  assertShard(workers, size);
  const pool = Array.from({ length: workers }, (_, i) => i);
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(rand() * (workers - i));
    const picked = pool[j]!;
    pool[j] = pool[i]!;
    pool[i] = picked;
  }
  return pool.slice(0, size);
}

/**
 * The same deal as `randomShard`, for millions of customers: one pool is reused and the
 * swaps are undone after each deal, so a deal costs O(size) instead of O(workers).
 * It consumes random numbers exactly as `randomShard` does and returns the same shards.
 */
export function shardDealer(workers: number, size: number, rand: Random): () => Int32Array {
  assertShard(workers, size);
  const pool = Int32Array.from({ length: workers }, (_, i) => i);
  const swappedWith = new Int32Array(size);
  const shard = new Int32Array(size);
  return () => {
    for (let i = 0; i < size; i++) {
      const j = i + Math.floor(rand() * (workers - i));
      swappedWith[i] = j;
      const picked = pool[j]!;
      pool[j] = pool[i]!;
      pool[i] = picked;
      shard[i] = picked;
    }
    for (let i = size - 1; i >= 0; i--) {
      const j = swappedWith[i]!;
      const t = pool[j]!;
      pool[j] = pool[i]!;
      pool[i] = t;
    }
    return shard;
  };
}

export interface PoisonScenario {
  workers: number;
  /** Workers per customer (k). */
  shard: number;
  /** Customers in total, the poison customer (customer 0) included. */
  customers: number;
  seed: number;
}

export interface PoisonOutcome {
  /** The poison customer's workers, all of which crash. */
  poisonShard: number[];
  /** Other customers that lose every one of their workers. */
  lostAll: number;
  /** Other customers that lose some, but not all, of their workers. */
  lostSome: number;
  /** Other customers that keep all of their workers. */
  lostNone: number;
  /** histogram[j]: other customers sharing exactly j workers with the poison shard. */
  histogram: number[];
}

/**
 * Deal a shard to every customer from one seeded stream (customer 0 first), poison customer
 * 0, and count what happens to the other customers.
 */
export function simulatePoison({ workers, shard, customers, seed }: PoisonScenario): PoisonOutcome {
  assertWholeNumber("customers", customers, 1);
  const deal = shardDealer(workers, shard, mulberry32(seed));
  const poisonShard = Array.from(deal());
  const poisoned = new Uint8Array(workers);
  for (const w of poisonShard) poisoned[w] = 1;
  const histogram = new Array<number>(shard + 1).fill(0);
  for (let c = 1; c < customers; c++) {
    const s = deal();
    let hit = 0;
    for (let i = 0; i < shard; i++) hit += poisoned[s[i]!]!;
    histogram[hit]!++;
  }
  const lostAll = histogram[shard]!;
  const lostNone = histogram[0]!;
  return { poisonShard, lostAll, lostSome: customers - 1 - lostAll - lostNone, lostNone, histogram };
}

export interface ExactOverlap {
  /** Number of possible shards, C(workers, shard), exactly. */
  possibleShards: bigint;
  /** P(another customer shares exactly j workers), for j = 0..shard. */
  distribution: Fraction[];
  /** P(another customer loses every worker) = 1 / C(workers, shard). */
  all: Fraction;
  /** P(another customer loses some but not all of its workers). */
  some: Fraction;
  /** P(another customer loses none). */
  none: Fraction;
}

/** The exact shares the simulation converges to. */
export function exactOverlap(workers: number, shard: number): ExactOverlap {
  assertShard(workers, shard);
  const distribution = overlapDistribution(workers, shard);
  const all = distribution[shard]!;
  const none = distribution[0]!;
  const someNumerator =
    all.denominator * none.denominator - all.numerator * none.denominator - none.numerator * all.denominator;
  const someDenominator = all.denominator * none.denominator;
  return {
    possibleShards: choose(workers, shard),
    distribution,
    all,
    none,
    some: fraction(someNumerator, someDenominator),
  };
}

/**
 * Fixed sharding: customers are split evenly over `groups` groups, so a poison customer
 * takes down its whole group: 1/groups of everyone.
 */
export function fixedGroupsBlastRadius(groups: number): number {
  assertWholeNumber("groups", groups, 1);
  return 1 / groups;
}
