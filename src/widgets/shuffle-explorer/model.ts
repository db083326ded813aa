/**
 * Everything the explorer shows, computed from its state by the simulation library. Pure, so
 * the server renders the first view at build time and the page redraws with the same code.
 */
import { exactOverlap, fixedGroupsBlastRadius, simulatePoison } from "../../sim/shuffle-shard.ts";
import { wholeNumber } from "../../format/number.ts";
import type { ExplorerState } from "./state.ts";

export interface OverlapRow {
  /** Workers shared with the poison customer. */
  shared: number;
  exact: number;
  simulated: number;
  /** Other customers (simulated) with this overlap. */
  count: number;
}

export interface ExplorerView {
  state: ExplorerState;
  /** The poison customer's workers (customer 0's shuffle shard). */
  poisonShard: number[];
  /** Fixed groups as [first worker, last worker + 1); the poison customer is in group 0. */
  groups: Array<[number, number]>;
  /** C(n, k): exact with thousands separators, or "2.73 × 10^70 (71 digits)" once it is too long to read. */
  possibleShards: string;
  /** C(n, k) exactly: the page writes it, and the chance of one in it, from this (oneInWhole). */
  shardCount: bigint;
  others: number;
  overlap: OverlapRow[];
  /** Simulated counts among the other customers. */
  lostAll: number;
  lostSome: number;
  lostNone: number;
  /** Share of other customers hurt, each design. */
  blast: {
    everyWorker: number;
    fixed: number;
    shuffleExact: number;
    shuffleSimulated: number;
  };
}

/** Split `workers` into `count` contiguous groups whose sizes differ by at most one. */
export function fixedGroups(workers: number, count: number): Array<[number, number]> {
  const groups: Array<[number, number]> = [];
  for (let g = 0; g < count; g++) {
    groups.push([Math.floor((g * workers) / count), Math.floor(((g + 1) * workers) / count)]);
  }
  return groups;
}

export function explorerView(state: ExplorerState): ExplorerView {
  const { workers, shard, customers, seed, groups, failover } = state;
  const outcome = simulatePoison({ workers, shard, customers, seed });
  const exact = exactOverlap(workers, shard);
  const others = customers - 1;
  const hurtSimulated = failover ? outcome.lostAll : outcome.lostAll + outcome.lostSome;
  const hurtExact = failover ? exact.all.value : 1 - exact.none.value;
  return {
    state,
    poisonShard: [...outcome.poisonShard].sort((a, b) => a - b),
    groups: fixedGroups(workers, groups),
    possibleShards: wholeNumber(exact.possibleShards),
    shardCount: exact.possibleShards,
    others,
    overlap: exact.distribution.map((share, j) => ({
      shared: j,
      exact: share.value,
      simulated: outcome.histogram[j]! / others,
      count: outcome.histogram[j]!,
    })),
    lostAll: outcome.lostAll,
    lostSome: outcome.lostSome,
    lostNone: outcome.lostNone,
    blast: {
      everyWorker: 1,
      fixed: fixedGroupsBlastRadius(groups),
      shuffleExact: hurtExact,
      shuffleSimulated: hurtSimulated / others,
    },
  };
}
