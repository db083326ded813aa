/**
 * Every figure the interview playbook shows, in its prose and in its question bank, computed
 * from src/sim at build time. The bank refers to them as {{name}} placeholders (see `bank`).
 */
import { choose } from "../../../src/sim/combinatorics.ts";
import { exactOverlap, fixedGroupsBlastRadius } from "../../../src/sim/shuffle-shard.ts";
import {
  amplification as amplify,
  expectedAttempts,
  naiveHoldSeconds,
  poolThroughput,
  stableLoadBound,
} from "../../../src/sim/backoff.ts";

import { grouped, percent, readableShare, times } from "../../../src/format/number.ts";
import { sreStarvationExample, threadStarvation } from "../../../src/sim/starvation.ts";

/** Blast radius of one fault, as a share of customers, for each rung of the ladder. */
export interface Rung {
  design: string;
  fault: string;
  share: number;
}

/** A rung with its share as people say it: "25%", "3.6%", or "1.33e-8". */
const said = (rung: Rung) => ({ ...rung, shareText: readableShare(rung.share) });

// Cells: equal slices of customers behind a router; one cell lost takes 1/cells of them.
export const cells = { count: 10, share: fixedGroupsBlastRadius(10), untouched: 1 - fixedGroupsBlastRadius(10) };

// The worked example in "Say it as a number": a SaaS with tenants spread over cells, and a bad
// release that takes `incidentMinutes` to notice and roll back.
export const worked = (() => {
  const tenants = 40_000;
  const cellCount = 8;
  const incidentMinutes = 15;
  const share = fixedGroupsBlastRadius(cellCount);
  const perCell = tenants / cellCount;
  return {
    tenants,
    cellCount,
    incidentMinutes,
    share,
    perCell,
    /** Tenant-minutes of errors when the release goes everywhere at once. */
    globalTenantMinutes: tenants * incidentMinutes,
    /** ...and when it goes to one cell first and is rolled back there. */
    cellTenantMinutes: perCell * incidentMinutes,
  };
})();

// Shuffle sharding, the course's running example and the 16-worker problem.
const fixedGroups = 4;
const smallFleet = { workers: 8, shard: 2 } as const;
const largeFleet = { workers: 100, shard: 5 } as const;
const eight = exactOverlap(smallFleet.workers, smallFleet.shard);
const sixteen = exactOverlap(16, 4);
export const shuffle = {
  eight: {
    shards: eight.possibleShards,
    all: eight.all.value,
    some: eight.some.value,
    none: eight.none.value,
    fixed: fixedGroupsBlastRadius(fixedGroups),
  },
  sixteen: { shards: sixteen.possibleShards, all: sixteen.all.value, fixed: fixedGroupsBlastRadius(fixedGroups) },
  hundred: { shards: choose(largeFleet.workers, largeFleet.shard) },
  route53: { workers: 2048, size: 4, shards: choose(2048, 4) },
};

// Retries multiply across layers: every layer makes `attempts` tries of the one below.
export const amplification = { attempts: 4, layers: 3, total: amplify(4, 3) };

// Expected attempts per request with N retries when each attempt fails with probability p.
export const expected = { p: 0.5, retries: 3, attempts: expectedAttempts(3, 0.5) };

// Metastability: with r retries per request the system is stable only below capacity / (r + 1).
export const metastable = { capacity: 300, retries: 1, stableBelow: stableLoadBound(300, 1) };

// Static stability: losing one of N zones must need no launches, so provision N / (N - 1) x peak.
export const staticStability = { three: 3 / 2, two: 2 / 1 };

// A pool whose connections are held through retries: capacity = connections / holding time.
export const pool = (() => {
  const connections = 50;
  const normalHoldSeconds = 0.05;
  // The naive loop: 5 attempts, 1 s time-outs, sleeping 200 ms x attempt, connection held throughout.
  const stormHoldSeconds = naiveHoldSeconds({ attempts: 5, timeoutSeconds: 1, sleepStepSeconds: 0.2 });
  return {
    connections,
    normalHoldSeconds,
    stormHoldSeconds,
    normalCapacity: poolThroughput(connections, normalHoldSeconds),
    stormCapacity: poolThroughput(connections, stormHoldSeconds),
  };
})();

// Thread starvation (SRE book): hung requests hold threads for the whole hang.
const starved = threadStarvation(sreStarvationExample);
export const starvation = { threads: starved.threads, demanded: starved.threadsDemanded };

/** The ladder of designs, from one shared fate to shuffle sharding. */
export const ladder = (
  [
    { design: "One stack, three replicas", fault: "a bad release or a poison request reaches every replica", share: 1 },
    {
      design: `${fixedGroups} fixed shards`,
      fault: "a poison customer crashes its shard",
      share: fixedGroupsBlastRadius(fixedGroups),
    },
    { design: `${cells.count} cells`, fault: "one cell fails (bad deploy to that cell)", share: cells.share },
    {
      design: `Shuffle shards of ${smallFleet.shard} from ${smallFleet.workers} workers`,
      fault: "a poison customer crashes its two workers: others lose both",
      share: eight.all.value,
    },
    {
      design: `Shuffle shards of ${largeFleet.shard} from ${largeFleet.workers} workers`,
      fault: "the same, at a larger fleet",
      share: 1 / Number(shuffle.hundred.shards),
    },
  ] satisfies Rung[]
).map(said);

/** Formatted figures by name, for {{name}} placeholders in questions.yaml. */
export const bank: Readonly<Record<string, string>> = {
  "cells.count": grouped(cells.count),
  "cells.share": percent(cells.share, 0),
  "cells.untouched": percent(cells.untouched, 0),
  "worked.tenants": grouped(worked.tenants),
  "worked.cells": grouped(worked.cellCount),
  "worked.share": percent(worked.share),
  "worked.perCell": grouped(worked.perCell),
  "worked.minutes": grouped(worked.incidentMinutes),
  "worked.globalTenantMinutes": grouped(worked.globalTenantMinutes),
  "worked.cellTenantMinutes": grouped(worked.cellTenantMinutes),
  "shuffle8.shards": grouped(shuffle.eight.shards),
  "shuffle8.all": percent(shuffle.eight.all),
  "shuffle8.some": percent(shuffle.eight.some),
  "shuffle8.none": percent(shuffle.eight.none),
  "shuffle8.fixed": percent(shuffle.eight.fixed, 0),
  "shuffle16.shards": grouped(shuffle.sixteen.shards),
  "shuffle16.all": percent(shuffle.sixteen.all, 3),
  "shuffle16.fixed": percent(shuffle.sixteen.fixed, 0),
  "shuffle100.shards": grouped(shuffle.hundred.shards),
  "route53.workers": grouped(shuffle.route53.workers),
  "route53.size": grouped(shuffle.route53.size),
  "route53.shards": grouped(shuffle.route53.shards),
  "amp.attempts": grouped(amplification.attempts),
  "amp.layers": grouped(amplification.layers),
  "amp.total": grouped(amplification.total),
  "expected.p": percent(expected.p, 0),
  "expected.retries": grouped(expected.retries),
  "expected.attempts": grouped(expected.attempts, 2),
  "meta.capacity": grouped(metastable.capacity),
  "meta.stableBelow": grouped(metastable.stableBelow),
  "static.three": times(staticStability.three),
  "static.two": times(staticStability.two),
  "pool.connections": grouped(pool.connections),
  "pool.stormHold": `${grouped(pool.stormHoldSeconds)} s`,
  "pool.normalCapacity": grouped(pool.normalCapacity),
  "pool.stormCapacity": grouped(pool.stormCapacity, 1),
  "starve.threads": grouped(starvation.threads),
  "starve.demanded": grouped(starvation.demanded),
};

/** Prose figures for the chapter text. */
export const prose = {
  worked: {
    tenants: grouped(worked.tenants),
    cells: grouped(worked.cellCount),
    share: percent(worked.share),
    perCell: grouped(worked.perCell),
    minutes: grouped(worked.incidentMinutes),
    cellTenantMinutes: grouped(worked.cellTenantMinutes),
    globalTenantMinutes: grouped(worked.globalTenantMinutes),
    ratio: grouped(worked.globalTenantMinutes / worked.cellTenantMinutes),
  },
  cells: { count: grouped(cells.count), share: percent(cells.share, 0), untouched: percent(cells.untouched, 0) },
  shuffle8: { shards: grouped(shuffle.eight.shards), all: percent(shuffle.eight.all) },
};
