/**
 * Expected answers for the 16-worker problem and its variants, computed by the course's own
 * simulation library so the page, the terminal and the tests agree with the chapter.
 */
import { grouped, readableShare } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { exactOverlap, fixedGroupsBlastRadius } from "../../src/sim/shuffle-shard.ts";

export interface Params {
  workers: number;
  shard: number;
  groups: number;
}

export function answers({ workers, shard, groups }: Params): Record<string, number> {
  return {
    // Another customer loses everything only if dealt the same combination: 1 / C(workers, shard).
    shuffle: exactOverlap(workers, shard).all.value,
    // Fixed groups: the poison customer's whole group goes down, 1 group in `groups`.
    fixed: fixedGroupsBlastRadius(groups),
  };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked({ workers, shard, groups }: Params): Record<string, string> {
  const overlap = exactOverlap(workers, shard);
  return {
    combinations: grouped(overlap.possibleShards),
    shuffleShare: readableShare(overlap.all.value),
    fixedShare: readableShare(fixedGroupsBlastRadius(groups)),
  };
}

/** Another problem of the same shape: g fixed groups of k workers, n = g * k workers. */
export function variant(rand: Random): Params {
  for (;;) {
    const shard = 2 + Math.floor(rand() * 4); // 2..5
    const groups = 3 + Math.floor(rand() * 8); // 3..10
    // Not the chapter's own 8 workers in shards of 2, whose 1/28 the exercise names as a mistake.
    if (shard * groups !== 8) return { workers: shard * groups, shard, groups };
  }
}
