/**
 * Every number the shuffle-sharding chapter shows, computed at build time by the simulation
 * library. The prose imports these; numbers.test.ts checks them against the published figures
 * (AWS Builders' Library, "Workload isolation using shuffle-sharding") and against arithmetic.
 * Each share is written as the explorer on the same page writes it (percentAnySize, and
 * oneInWhole for the chance of the very same shard), so a figure reads one way on the page.
 */
import { choose } from "../../../src/sim/combinatorics.ts";
import { grouped, oneInWhole, percentAnySize, percentagePoints } from "../../../src/format/number.ts";
import { inWords } from "../../../src/format/words.ts";
import { exactOverlap, fixedGroupsBlastRadius, simulatePoison } from "../../../src/sim/shuffle-shard.ts";

// --- The small fleet: 8 workers, every customer on 2 of them ---------------------------
const smallFleet = { workers: 8, shard: 2, groups: 4 } as const;
const smallExact = exactOverlap(smallFleet.workers, smallFleet.shard);
const fixedShare = fixedGroupsBlastRadius(smallFleet.groups);

/** C(n, k) / groups, in words for a sentence: "exactly 7" when it divides evenly, "about 7.3" when not. */
function timesSmaller(possibleShards: bigint, groups: number): string {
  const exact = possibleShards % BigInt(groups) === 0n;
  return exact
    ? `exactly ${grouped(possibleShards / BigInt(groups))}`
    : `about ${grouped(Number(possibleShards) / groups, 1)}`;
}

export const small = {
  ...smallFleet,
  /** Workers in one fixed group. */
  groupSize: smallFleet.workers / smallFleet.groups,
  /** C(8, 2) */
  possibleShards: grouped(smallExact.possibleShards),
  /** Fixed pairs: the poison customer's pair is a quarter of everyone. */
  fixedPercent: percentAnySize(fixedShare),
  /** Same pair: 1 / 28. */
  allFraction: `${smallExact.all.numerator}/${smallExact.all.denominator}`,
  allPercent: percentAnySize(smallExact.all.value),
  /** Both workers shared: C(k, k) C(n - k, 0) ways, which is one. */
  allCount: grouped(choose(smallFleet.shard, smallFleet.shard) * choose(smallFleet.workers - smallFleet.shard, 0)),
  /** Exactly one shared worker: k (n - k) / C(n, k), shown unreduced over 28. */
  oneCount: grouped(choose(smallFleet.shard, 1) * choose(smallFleet.workers - smallFleet.shard, 1)),
  onePercent: percentAnySize(smallExact.distribution[1]!.value),
  /** No shared worker: C(n - k, k) / C(n, k). */
  noneCount: grouped(choose(smallFleet.workers - smallFleet.shard, smallFleet.shard)),
  nonePercent: percentAnySize(smallExact.none.value),
  /**
   * Without client-side failover every customer that loses any of its workers loses service:
   * 1 - C(n - k, k) / C(n, k), 13/28, the explorer's shuffle row with failover off.
   */
  anyLostPercent: percentAnySize(1 - smallExact.none.value),
  /**
   * How many times smaller the shuffle blast radius is than the fixed one, (1 / groups) / (1 / C(n, k))
   * = C(n, k) / groups, said "exactly" when that divides evenly and "about" otherwise: "exactly 7".
   */
  improvement: timesSmaller(smallExact.possibleShards, smallFleet.groups),
};

// --- The seeded simulation: mulberry32, seed 7, 10,000 customers -------------------------
const simulation = { workers: 8, shard: 2, customers: 10_000, seed: 7 } as const;
const simulated = simulatePoison(simulation);
const others = simulation.customers - 1;
const someStandardError = Math.sqrt((smallExact.some.value * (1 - smallExact.some.value)) / others);

export const sim = {
  ...simulation,
  customersText: grouped(simulation.customers),
  others: grouped(others),
  poisonShard: simulated.poisonShard.map((w) => `w${w}`).join(" and "),
  lostAll: grouped(simulated.lostAll),
  lostAllPercent: percentAnySize(simulated.lostAll / others),
  lostSome: grouped(simulated.lostSome),
  lostSomePercent: percentAnySize(simulated.lostSome / others),
  lostNone: grouped(simulated.lostNone),
  lostNonePercent: percentAnySize(simulated.lostNone / others),
  /** Standard error of the "lose one" share, in percentage points: sqrt(p (1 - p) / N). */
  noisePoints: percentagePoints(someStandardError, 1),
};
/** How far each simulated share is from the formula's, in standard errors (the prose calls the gap noise). */
export const simGap = {
  standardError: someStandardError,
  lostAll:
    (simulated.lostAll / others - smallExact.all.value) /
    Math.sqrt((smallExact.all.value * (1 - smallExact.all.value)) / others),
  lostSome: (simulated.lostSome / others - smallExact.some.value) / someStandardError,
};

// --- Bigger fleets: full overlap becomes vanishingly rare ----------------------------------
function fleet(workers: number, shard: number) {
  const exact = exactOverlap(workers, shard);
  return {
    workers: grouped(workers),
    shard,
    possibleShards: grouped(exact.possibleShards),
    /** The chance of the very same shard, 1 / C(n, k), as the explorer writes it: "1 in 75,287,520 = 1.33 × 10^-6%". */
    sameShard: oneInWhole(exact.possibleShards),
  };
}

export const hundred = fleet(100, 5);
/** Route 53: 2,048 virtual name servers, 4 per hosted zone. */
const route53Fleet = { workers: 2048, shard: 4, stripes: 4 } as const;
/**
 * Route 53 takes a zone's name servers one from each stripe (one stripe per top-level domain):
 * however the stripes divide the fleet, the product of their sizes is largest when they are
 * equal, so there are at most (workers / stripes)^stripes such shards.
 */
const stripedShards = (route53Fleet.workers / route53Fleet.stripes) ** route53Fleet.stripes;
export const route53 = {
  ...fleet(route53Fleet.workers, route53Fleet.shard),
  maxShared: 2,
  stripes: route53Fleet.stripes,
  stripesText: inWords(route53Fleet.stripes),
  stripedShardsValue: stripedShards,
  stripedShards: grouped(stripedShards),
};

// --- The exercise's setting (its answers are left to the reader) ---------------------------
export const exercise = { workers: 16, shard: 4, groups: 4 } as const;
