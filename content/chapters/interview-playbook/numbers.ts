/**
 * Every figure the interview playbook shows, in its prose and in its question bank, computed
 * from src/sim at build time. The bank refers to them as {{name}} placeholders (see `bank`).
 */
import { choose } from "../../../src/sim/combinatorics.ts";
import { exactOverlap, fixedGroupsBlastRadius } from "../../../src/sim/shuffle-shard.ts";
import {
  amplification as amplify,
  busyConnections,
  expectedAttempts,
  naiveHoldSeconds,
  poolThroughput,
  stableLoadBound,
} from "../../../src/sim/backoff.ts";

const int = (n: number | bigint) => n.toLocaleString("en-US");
/** A share as a percentage with `digits` decimals: 0.0357 -> "3.6%". */
export const percent = (share: number, digits = 1) => `${(share * 100).toFixed(digits)}%`;

/** Blast radius of one fault, as a share of customers, for each rung of the ladder. */
export interface Rung {
  design: string;
  fault: string;
  share: number;
}

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
export const starvation = (() => {
  const servers = 10;
  const threadsEach = 100;
  const qps = 1000;
  const hangingShare = 0.05;
  const hangSeconds = 100;
  return {
    threads: servers * threadsEach,
    demanded: busyConnections(qps * hangingShare, hangSeconds),
    qps,
    hangingShare,
    hangSeconds,
  };
})();

/** The ladder of designs, from one shared fate to shuffle sharding. */
export const ladder: Rung[] = [
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
];

/** Formatted figures by name, for {{name}} placeholders in questions.yaml. */
export const bank: Readonly<Record<string, string>> = {
  "cells.count": int(cells.count),
  "cells.share": percent(cells.share, 0),
  "cells.untouched": percent(cells.untouched, 0),
  "worked.tenants": int(worked.tenants),
  "worked.cells": int(worked.cellCount),
  "worked.share": percent(worked.share),
  "worked.perCell": int(worked.perCell),
  "worked.minutes": int(worked.incidentMinutes),
  "worked.globalTenantMinutes": int(worked.globalTenantMinutes),
  "worked.cellTenantMinutes": int(worked.cellTenantMinutes),
  "shuffle8.shards": int(shuffle.eight.shards),
  "shuffle8.all": percent(shuffle.eight.all),
  "shuffle8.some": percent(shuffle.eight.some),
  "shuffle8.none": percent(shuffle.eight.none),
  "shuffle8.fixed": percent(shuffle.eight.fixed, 0),
  "shuffle16.shards": int(shuffle.sixteen.shards),
  "shuffle16.all": percent(shuffle.sixteen.all, 3),
  "shuffle16.fixed": percent(shuffle.sixteen.fixed, 0),
  "shuffle100.shards": int(shuffle.hundred.shards),
  "route53.workers": int(shuffle.route53.workers),
  "route53.size": int(shuffle.route53.size),
  "route53.shards": int(shuffle.route53.shards),
  "amp.attempts": int(amplification.attempts),
  "amp.layers": int(amplification.layers),
  "amp.total": int(amplification.total),
  "expected.p": percent(expected.p, 0),
  "expected.retries": int(expected.retries),
  "expected.attempts": expected.attempts.toFixed(2),
  "meta.capacity": int(metastable.capacity),
  "meta.stableBelow": int(metastable.stableBelow),
  "static.three": `${staticStability.three.toFixed(1)}x`,
  "static.two": `${staticStability.two.toFixed(1)}x`,
  "pool.connections": int(pool.connections),
  "pool.stormHold": `${pool.stormHoldSeconds.toFixed(0)} s`,
  "pool.normalCapacity": int(pool.normalCapacity),
  "pool.stormCapacity": pool.stormCapacity.toFixed(1),
  "starve.threads": int(starvation.threads),
  "starve.demanded": int(starvation.demanded),
};

/** A share as people say it: "25%", "3.6%", or "1.33e-8" when a percentage would round to nothing. */
export function shareText(share: number): string {
  if (share >= 0.1) return percent(share, share * 100 === Math.round(share * 100) ? 0 : 1);
  if (share >= 0.001) return percent(share, 1);
  return share.toExponential(2);
}

/** Prose figures for the chapter text. */
export const prose = {
  worked: {
    tenants: int(worked.tenants),
    cells: int(worked.cellCount),
    share: percent(worked.share),
    perCell: int(worked.perCell),
    minutes: int(worked.incidentMinutes),
    cellTenantMinutes: int(worked.cellTenantMinutes),
    globalTenantMinutes: int(worked.globalTenantMinutes),
    ratio: int(worked.globalTenantMinutes / worked.cellTenantMinutes),
  },
  cells: { count: int(cells.count), share: percent(cells.share, 0), untouched: percent(cells.untouched, 0) },
  shuffle8: { shards: int(shuffle.eight.shards), all: percent(shuffle.eight.all) },
};
