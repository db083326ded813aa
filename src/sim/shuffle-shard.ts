/**
 * Shuffle sharding: every customer gets its own random combination of `size` of the
 * `workers`. One customer's poison request takes out only the workers it touches; the
 * question is how many other customers that leaves with nothing.
 */
import { type Random, mulberry32, seedRange } from "./random.ts";
import { choose, fraction, overlapDistribution, type Fraction } from "./combinatorics.ts";
import { assertWholeNumber } from "./checks.ts";
import { grouped } from "../format/number.ts";

/**
 * What one shuffle-shard run may cost, for the terminal (`npm run sim -- shuffle-shard`) and the
 * page's explorer alike (the explorer deals on the page's main thread, so it draws within `page`).
 * Measured on the course's machine (docs/PERFORMANCE.md): a deal costs about 16 ns per worker
 * picked, and the exact shares cost grows with the shard (whole-number arithmetic on C(n, k),
 * about 0.1 s at shards of 256 from 100,000 workers, 8 s at 1,000, 41 s at 2,000).
 */
export const shuffleShardLimits = {
  workers: { min: 1, max: 100_000 },
  /** Workers per customer; also at most the workers. */
  shard: { min: 1, max: 256 },
  /** Customers, the poison one included. */
  customers: { min: 2, max: 10_000_000 },
  /** Fixed groups for the comparison; also at most the workers. */
  groups: { min: 1, max: 100_000 },
  seed: seedRange,
  /** Worker picks one run deals (customers x shard): about 0.8 s at 16 ns each. */
  picks: 50_000_000,
  /** The explorer in the page: every worker is drawn, every overlap gets a row, and a redraw stays near 100 ms. */
  page: {
    workers: { min: 1, max: 2048 },
    shard: { min: 1, max: 32 },
    customers: { min: 2, max: 1_000_000 },
    groups: { min: 1, max: 2048 },
    picks: 5_000_000,
  },
} as const;

/**
 * Why a run would cost more than `picks` allows, in words that name the limit and a way under
 * it; undefined when it is within the limit.
 */
export function dealCostProblem(
  { shard, customers }: { shard: number; customers: number },
  picks: number = shuffleShardLimits.picks,
): string | undefined {
  if (shard * customers <= picks) return undefined;
  const most = Math.floor(picks / shard);
  return `${grouped(customers)} customers with shards of ${shard} is ${grouped(customers * shard)} worker picks, over the limit of ${grouped(picks)} a run: with shards of ${shard}, use at most ${grouped(most)} customers`;
}

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
