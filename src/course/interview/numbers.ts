/**
 * Every figure the interview playbook shows, in its prose and in its question bank, computed
 * from src/sim at build time. The bank refers to them as {{name}} placeholders (see `bank`).
 * They live in src/course, beside the bank's questions, rather than in the chapter's folder,
 * because pages outside the chapter render them too: the question bank's pages, the mock
 * interview's data and the interview sheet.
 */
import { choose } from "../../sim/combinatorics.ts";
import { exactOverlap, fixedGroupsBlastRadius } from "../../sim/shuffle-shard.ts";
import {
  amplification as amplify,
  busyConnections,
  expectedAttempts,
  poolThroughput,
  stableLoadBound,
} from "../../sim/backoff.ts";

import {
  countOf,
  duration,
  grouped,
  oneIn,
  percent,
  percentAnySize,
  percentAnySizeHtml,
  percentUpTo,
  readableShare,
  times,
} from "../../format/number.ts";
import { inWords, percentileOrdinal, timesInWords } from "../../format/words.ts";
import { defaultServices, parameterDefaults } from "../../sim/retry-storm/scenario.ts";
import { healthyPool, pricingDemand } from "../../sim/retry-storm/demand.ts";
import { balancingFailureShare, grpcExampleThrottling } from "../../sim/token-bucket.ts";
import { levelBar } from "../self-assessment.ts";
import { alertRules, BurnMonitor } from "../../sim/gameday/slo.ts";
import { sreStarvationExample, threadStarvation } from "../../sim/starvation.ts";
import { preProvisionFactor } from "../../sim/cells/static-stability.ts";
import { nonCellularImpact } from "../../sim/cells/blast.ts";
import { analyseFailureMap } from "../../sim/failure-map/analyse.ts";
import { parseFailureMap } from "../../sim/failure-map/parse.ts";
import { designMaps } from "../../sim/failure-map/designs/index.ts";
import {
  allowedDowntimeSeconds,
  anySlow,
  backlogAfter,
  budgetSpent,
  burnRate,
  burnRateFor,
  canaryVerdict,
  chain,
  coldCacheMultiplier,
  dnsFailoverSeconds,
  drainSeconds,
  exhaustionSeconds,
  hedgeExtraLoad,
  hedgedSlow,
  majority,
  originLoad,
  redundant,
  rampHeadroom,
  canarySizes,
  serial,
  stepExcessRequests,
  tolerableFailures,
  writesLost,
} from "../../sim/reliability/index.ts";

/** Blast radius of one fault, as a share of customers, for each rung of the ladder. */
export interface Rung {
  design: string;
  fault: string;
  share: number;
}

/**
 * A rung with its share as a percentage however small, as the shuffle-sharding chapter and its
 * explorer write it (percentAnySize): "25%", "3.6%", "1.33 × 10^-6%" as text, the exponent a
 * superscript in `shareHtml`. The prose's and the bank's shares of the same designs use the same
 * rule, so the page's "10%" of tenants is the ladder's "10%".
 */
const said = (rung: Rung) => ({
  ...rung,
  shareText: percentAnySize(rung.share),
  shareHtml: percentAnySizeHtml(rung.share),
});

// Cells: equal slices of customers behind a router; one cell lost takes 1/cells of them.
export const cells = (() => {
  const count = 10;
  return {
    count,
    share: fixedGroupsBlastRadius(count),
    untouched: 1 - fixedGroupsBlastRadius(count),
    /** Half as many cells, as finance asks: one cell's share of tenants then. */
    halvedShare: fixedGroupsBlastRadius(count / 2),
    /** The largest tenant's share of all traffic: it must fit in one cell. */
    largestTenant: 1 / 20,
  };
})();

// The worked example in "Say it as a number": a SaaS with tenants spread over cells, and a bad
// release that takes `incidentMinutes` to notice and roll back.
export const worked = (() => {
  const tenants = 40_000;
  const cellCount = 8;
  const incidentMinutes = 15;
  // Of those minutes, the alert waits this long for errors before anyone is told.
  const alertMinutes = 10;
  const share = fixedGroupsBlastRadius(cellCount);
  const perCell = tenants / cellCount;
  return {
    tenants,
    cellCount,
    incidentMinutes,
    alertMinutes,
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
const sixteenFleet = { workers: 16, shard: 4 } as const;
const sixteen = exactOverlap(sixteenFleet.workers, sixteenFleet.shard);
export const shuffle = {
  eight: {
    shards: eight.possibleShards,
    all: eight.all.value,
    some: eight.some.value,
    none: eight.none.value,
    // The same workers in fixed groups of the shard's size.
    fixed: fixedGroupsBlastRadius(smallFleet.workers / smallFleet.shard),
  },
  sixteen: {
    shards: sixteen.possibleShards,
    all: sixteen.all.value,
    fixed: fixedGroupsBlastRadius(sixteenFleet.workers / sixteenFleet.shard),
  },
  hundred: { shards: choose(largeFleet.workers, largeFleet.shard) },
  smallFleet,
  largeFleet,
  sixteenFleet,
  /**
   * Route 53: 2,048 virtual name servers, 4 per hosted zone (AWS Builders' Library), dealt one from
   * each of four stripes, and no zone overlapping an earlier one by more than two name servers
   * ("A Case Study in Global Fault Isolation", AWS Architecture Blog). The stripes allow at most
   * (workers / stripes)^stripes shards, fewer than C(2048, 4).
   */
  route53: (() => {
    const workers = 2048;
    const size = 4;
    const stripes = 4;
    return {
      workers,
      size,
      shards: choose(workers, size),
      stripes,
      stripedShards: (workers / stripes) ** stripes,
      maxShared: 2,
    };
  })(),
};

// Retries multiply across layers: every layer makes `attempts` tries of the one below.
export const amplification = { attempts: 4, layers: 3, total: amplify(4, 3) };

// Expected attempts per request with N retries when each attempt fails with probability p.
export const expected = { p: 0.5, retries: 3, attempts: expectedAttempts(3, 0.5) };

// Metastability: with r retries per request the system is stable only below capacity / (r + 1).
export const metastable = (() => {
  const capacity = 300;
  const retries = 1;
  return { capacity, retries, attempts: retries + 1, stableBelow: stableLoadBound(capacity, retries) };
})();

// Static stability: losing one of N zones must need no launches, so provision N / (N - 1) x peak.
// (`three` and `two` name the bank's figures; `zones` and `fewerZones` are the counts they are computed for.)
export const staticStability = (() => {
  const zones = 3;
  const fewerZones = 2;
  return { zones, three: preProvisionFactor(zones), fewerZones, two: preProvisionFactor(fewerZones) };
})();

// The retry-storm question's pool is the replay's (the incident its prompt times): one shared pool,
// the naive loop's attempts and timeouts, and Little's law for what it serves (capacity =
// connections / holding time), healthy and while every pricing attempt times out.
export const pool = (() => {
  const healthy = healthyPool(parameterDefaults);
  const stormHoldSeconds = pricingDemand(parameterDefaults).naiveLoop.holdSeconds;
  return {
    attempts: parameterDefaults.attempts,
    timeoutSeconds: parameterDefaults.attemptTimeout,
    connections: parameterDefaults.poolSize,
    stormHoldSeconds,
    normalCapacity: healthy.capacity,
    stormCapacity: poolThroughput(parameterDefaults.poolSize, stormHoldSeconds),
  };
})();

// Thread starvation (SRE book): hung requests hold threads for the whole hang.
const starved = threadStarvation(sreStarvationExample);
export const starvation = { threads: starved.threads, demanded: starved.threadsDemanded };

/** Every one of a shard's workers, in words: 2 -> "both", 3 -> "all three". */
const everyOne = (shard: number) => (shard === 2 ? "both" : `all ${inWords(shard)}`);

/** The ladder of designs, from one shared fate to shuffle sharding. */
export const ladder = (
  [
    {
      design: "One stack, three replicas",
      fault: "a bad release or a poison request reaches every replica",
      // One shared deployment: the cells model's comparison for both faults.
      share: Math.min(
        nonCellularImpact({ kind: "bad-deploy", cell: 0 }, { cells: 1, zones: 1 }).customerShare,
        nonCellularImpact({ kind: "poison", customer: "c0" }, { cells: 1, zones: 1 }).customerShare,
      ),
    },
    {
      design: `${fixedGroups} fixed shards`,
      fault: "a poison customer crashes its shard",
      share: fixedGroupsBlastRadius(fixedGroups),
    },
    { design: `${cells.count} cells`, fault: "one cell fails (bad deploy to that cell)", share: cells.share },
    {
      design: `Shuffle shards of ${smallFleet.shard} from ${smallFleet.workers} workers`,
      fault: `a poison customer crashes its ${inWords(smallFleet.shard)} workers: others lose ${everyOne(smallFleet.shard)}`,
      share: eight.all.value,
    },
    {
      design: `Shuffle shards of ${largeFleet.shard} from ${largeFleet.workers} workers`,
      fault: "the same, at a larger fleet",
      share: 1 / Number(shuffle.hundred.shards),
    },
  ] satisfies Rung[]
).map(said);

// ---- Availability arithmetic -------------------------------------------------------------
const minutes = (seconds: number) => seconds / 60;
/** The window every monthly figure is counted over, in days. */
export const month = 30;

// Five dependencies in series at three nines each, and a database with a standby at 99% a copy.
export const availability = (() => {
  const depAvailability = 0.999;
  const deps = 5;
  const copy = 0.99;
  const copies = 2;
  const total = chain(depAvailability, deps);
  return {
    depAvailability,
    deps,
    /** The product: the chain's availability if its parts fail independently. */
    chain: total,
    /** The chain's ceiling, reached only if every failure coincides: its weakest part. */
    weakest: Math.min(...Array.from({ length: deps }, () => depAvailability)),
    chainDowntimeMinutes: minutes(allowedDowntimeSeconds(total, month)),
    copy,
    copies,
    pair: redundant(copy, copies),
  };
})();

// Nines as minutes of downtime over a 30-day month (and a year for five nines).
export const ninesTable = [0.99, 0.999, 0.9995, 0.9999, 0.99999].map((target) => ({
  target,
  monthMinutes: minutes(allowedDowntimeSeconds(target, month)),
  yearMinutes: minutes(allowedDowntimeSeconds(target, 365)),
}));
const ninesAt = (target: number) => ninesTable.find((n) => n.target === target)!;

/**
 * Minutes of downtime as the playbook writes them, one precision for a figure wherever it appears:
 * two decimals below ten minutes (4.32, 5.26), one from ten (43.2, 52.6).
 */
export const downtimeMinutes = (minutes: number): string => grouped(minutes, minutes < 10 ? 2 : 1);

/** A downtime with its unit: hours from two hours ("7.2 h"), whole seconds under a minute ("26 s"), minutes between. */
export const downtimeText = (minutes: number): string =>
  minutes >= 120
    ? `${grouped(minutes / 60, 1)} h`
    : minutes < 1
      ? `${grouped(minutes * 60)} s`
      : `${downtimeMinutes(minutes)} min`;

// An incident against a 99.9% monthly SLO: 2% of requests fail for 90 minutes.
export const burn = (() => {
  const target = 0.999;
  const badShare = 0.02;
  const incidentMinutes = 90;
  const rate = burnRate(badShare, target);
  // The SRE Workbook's fast-burn page, as the game day's alerts apply it: 2% of a 30-day budget
  // in one hour, while the last five minutes (1/12 of the hour) burn as fast.
  const fastBurn = alertRules.find((rule) => rule.id === "fast-burn")!;
  const pageShare = fastBurn.budgetSpent;
  const pageWindowHours = fastBurn.longWindow / 3600;
  const pageShortWindowMinutes = fastBurn.shortWindow / 60;
  // A slow burn against the same objective, lasting as long as the workbook's ticket window
  // (10% of the budget in three days).
  const slowBad = 0.002;
  const ticketShare = 0.1;
  const ticketDays = 3;
  // When the incident pages: the game day's monitor, fed second by second (any steady rate gives
  // the same answer), after a healthy hour, until the fast-burn rule fires.
  const monitor = new BurnMonitor({ target, latencyMs: 1_000, periodDays: month }, 1_000);
  let pageAfterSeconds = Number.NaN;
  for (let s = 1; s <= incidentMinutes * 60 && Number.isNaN(pageAfterSeconds); s++) {
    const fired = monitor.record(1_000, 1_000 * badShare).find((e) => e.rule === fastBurn.id);
    if (fired) pageAfterSeconds = fired.firedAt;
  }
  return {
    target,
    badShare,
    incidentMinutes,
    rate,
    spent: budgetSpent(rate, incidentMinutes * 60, month),
    exhaustionHours: exhaustionSeconds(rate, month) / 3600,
    pageShare,
    pageWindowHours,
    pageShortWindowMinutes,
    pageThreshold: burnRateFor(pageShare, pageWindowHours * 3600, month),
    slowBad,
    slowDays: ticketDays,
    slowRate: burnRate(slowBad, target),
    ticketShare,
    ticketDays,
    ticketRate: burnRateFor(ticketShare, ticketDays * 86_400, month),
    /** Seconds of errors before the fast-burn page fires (NaN if it never does within the incident). */
    pageAfterSeconds,
    /** Share of the month's budget spent by then. */
    spentAtPage: budgetSpent(rate, pageAfterSeconds, month),
  };
})();

/**
 * Envoy's documented default panic threshold: below this share of healthy hosts it balances across
 * all of them ("Panic threshold", Envoy documentation:
 * https://www.envoyproxy.io/docs/envoy/latest/intro/arch_overview/upstream/load_balancing/panic_threshold).
 */
export const envoy = { panicThreshold: 0.5 };

/**
 * The health-check question's scenario: how long the database slows down before the load balancer
 * has removed every instance. An input, not a result: the prompt states it and the model answer
 * repeats it, and both read it here so they cannot disagree.
 */
const fleetCheck = { slowdownSeconds: 30 };

/**
 * resilience4j's documented default for how many calls its breaker lets through half-open and
 * judges by their failure rate (permittedNumberOfCallsInHalfOpenState 10, "CircuitBreaker",
 * resilience4j documentation: https://resilience4j.readme.io/docs/circuitbreaker).
 */
export const resilience4jBreaker = { halfOpenCalls: 10 };

/**
 * Route 53's documented rule for an endpoint health check: healthy while more than this share of
 * its health checkers report it healthy ("How Amazon Route 53 determines whether a health check is
 * healthy", Amazon Route 53 Developer Guide:
 * https://docs.aws.amazon.com/Route53/latest/DeveloperGuide/dns-failover-determining-health-of-endpoints.html).
 */
export const route53Health = {
  healthyShare: 0.18,
  /** The two intervals between checks the same page offers: "every 10 seconds or every 30 seconds". */
  fastIntervalSeconds: 10,
  standardIntervalSeconds: 30,
};

/**
 * MySQL's semisynchronous replication: how long the source waits on a commit for a replica's
 * acknowledgment before reverting to asynchronous replication, by default
 * (rpl_semi_sync_source_timeout, 10000 ms; "Configuring Semisynchronous Replication", MySQL 8.4
 * Reference Manual: https://dev.mysql.com/doc/refman/8.4/en/replication-semisync-interface.html).
 */
export const mysqlSemiSync = { timeoutSeconds: 10 };

/**
 * gRPC's hedging policy: a hedgingPolicy's maxAttempts is the most requests in flight at once, and
 * gRPC uses 5 for any larger value ("Request Hedging", gRPC documentation:
 * https://grpc.io/docs/guides/request-hedging/). That 5 is a default the client may change: gRFC A6
 * ("gRPC Retry Design", section "Limits on Retries and Hedges":
 * https://github.com/grpc/proposal/blob/master/A6-client-retries.md) gives maxAttempts of both
 * policies a client-side maximum of 5 by default, which "can be changed by the client through the
 * use of channel arguments"; the question's "a client may raise that cap" rests on it.
 */
export const grpcHedging = { maxInFlight: 5 };

/**
 * gRPC retry throttling (gRFC A6) with a token ratio of 0.1: the failure share above which the
 * bucket drains and retries stop, from the course's token bucket (src/sim/token-bucket.ts).
 */
export const retryThrottle = {
  tokenRatio: grpcExampleThrottling.tokenRatio,
  stopShare: balancingFailureShare(grpcExampleThrottling.tokenRatio),
};

/**
 * A per-request attempt cap against a retry budget: in a failure that hits every request, each
 * uses all its attempts, so the load on the dependency is that many times its normal load. The
 * budget is the SRE book's per-client 10% of requests ("Handling Overload", Site Reliability
 * Engineering, chapter 21: https://sre.google/sre-book/handling-overload/).
 */
export const retryBudget = (() => {
  const attempts = 3;
  return { attempts, load: attempts, share: 0.1 };
})();

/** The retry storm's incident: when operators stepped in, from the replay's own scenario. */
export const storm = { interventionSeconds: parameterDefaults.intervention };

/**
 * The shared-pool question's system is the replay's (checkout calls pricing, search never does,
 * one pool): checkout's requests a second against every service's, from the replay's services.
 */
export const checkoutTraffic = (() => {
  const checkout = defaultServices.find((s) => s.name === "checkout")!.rate;
  const total = defaultServices.reduce((sum, s) => sum + s.rate, 0);
  return { checkout, total, share: checkout / total };
})();

// A 99.99% product on twelve hard dependencies that each promise 99.95%. The product of their
// availabilities is what they give if they fail independently; it is not the best case. Failures
// that coincide fail fewer requests, the fewest when all coincide, so no chain beats its weakest part (the
// true ceiling). Failures that never overlap are the worst case, one minus the sum of what each
// loses (the union bound), and independence lies close to it.
export const ceiling = (() => {
  const target = 0.9999;
  const depAvailability = 0.9995;
  const deps = 12;
  const parts = Array.from({ length: deps }, () => depAvailability);
  const independent = serial(parts);
  return {
    target,
    depAvailability,
    deps,
    /** Expected availability if the dependencies fail independently: the product. */
    independent,
    /** The true ceiling: every failure coincides, so the chain is as good as its weakest part. */
    weakest: Math.min(...parts),
    /** The worst case: no two failures overlap. */
    worst: Math.max(0, 1 - parts.reduce((sum, a) => sum + (1 - a), 0)),
    allowedMinutes: minutes(allowedDowntimeSeconds(target, month)),
    expectedMinutes: minutes(allowedDowntimeSeconds(independent, month)),
  };
})();

// ---- Failover -------------------------------------------------------------------------------
// Nightly backups at 200 writes a second: the worst case loses a day of writes.
export const backups = { intervalHours: 24, writesPerSecond: 200, lost: writesLost(24 * 3600, 200) };

// An asynchronous replica 2 s behind at 3,000 writes a second.
export const lag = { lagSeconds: 2, writesPerSecond: 3000, lost: writesLost(2, 3000) };

// Active-active across regions: the survivors must carry the peak.
// (`two` and `three` name the bank's figures; `count` and `more` are the region counts behind them.)
export const regions = (() => {
  const count = 2;
  const more = 3;
  const utilisation = 0.6;
  return {
    count,
    more,
    two: preProvisionFactor(count),
    three: preProvisionFactor(more),
    twoMaxUtilisation: 1 / preProvisionFactor(count),
    threeMaxUtilisation: 1 / preProvisionFactor(more),
    /** Each region running at this share of its capacity; after one is lost, the survivors carry it all. */
    utilisation,
    overloaded: (utilisation * count) / (count - 1),
  };
})();

// Quorums.
// (`three`, `four` and `five` name the bank's figures; `members` is the count each is computed for.)
const quorumOf = (members: number) => ({ members, majority: majority(members), tolerates: tolerableFailures(members) });
export const quorum = { three: quorumOf(3), four: quorumOf(4), five: quorumOf(5) };

// DNS failover: checks every 30 s, 3 failures to trip, then the TTL.
export const dns = (() => {
  const interval = 30;
  const failures = 3;
  const shortTtl = 60;
  const longTtl = 300;
  const failover = (ttlSeconds: number) =>
    dnsFailoverSeconds({ intervalSeconds: interval, failuresToTrip: failures, ttlSeconds });
  return { interval, failures, shortTtl, longTtl, short: failover(shortTtl), long: failover(longTtl) };
})();

// ---- Tail latency ---------------------------------------------------------------------------
export const tail = (() => {
  const slowShare = 0.01;
  const fanout = 100;
  // A hedge goes out when a leaf has not answered by this percentile of its latency.
  const hedgeAt = 0.95;
  return {
    slowShare,
    fanout,
    hedgeAt,
    slow: anySlow(slowShare, fanout),
    hedgedLeaf: hedgedSlow(slowShare),
    hedged: anySlow(hedgedSlow(slowShare), fanout),
    extraLoad: hedgeExtraLoad(hedgeAt),
  };
})();

// ---- Caches ---------------------------------------------------------------------------------
// A hot key at 5,000 requests a second whose database query takes 200 ms: misses in flight at once.
// With coalescing, every request for the key waits while the one query runs: if it slows to 5 s, that many wait.
export const stampede = {
  rps: 5000,
  querySeconds: 0.2,
  concurrent: busyConnections(5000, 0.2),
  slowQuerySeconds: 5,
  waiting: busyConnections(5000, 5),
};

// A cache in front of a database: 20,000 rps at a 95% hit ratio; the database is sized for 2,000 rps.
export const coldCache = (() => {
  const rps = 20_000;
  const hitRatio = 0.95;
  const databaseCapacity = 2_000;
  return {
    rps,
    hitRatio,
    databaseCapacity,
    warm: originLoad(rps, hitRatio),
    multiplier: coldCacheMultiplier(hitRatio),
    overCapacity: originLoad(rps, 0) / databaseCapacity,
  };
})();

// ---- Quotas ---------------------------------------------------------------------------------
export const quotas = { capacity: 10_000, tenants: 500, perTenant: 100, oversubscription: (500 * 100) / 10_000 };

// ---- Canaries -------------------------------------------------------------------------------
// 2,000 rps, a 1% canary for a 10-minute bake; errors 0.1% before, a regression doubles them.
export const canary = (() => {
  const rps = 2000;
  const share = 0.01;
  const bakeMinutes = 10;
  const baseline = 0.001;
  const regressed = 0.002;
  const alpha = 0.01;
  const power = 0.9;
  const widerShare = 0.1;
  const requests = rps * share * bakeMinutes * 60;
  const verdict = canaryVerdict({ requests, baseline, regressed, alpha });
  // From `needed` requests on every canary catches it with the power asked; `fewest` is the smallest
  // that does, and some counts between do not (see canarySizes).
  const { fewest, from: needed } = canarySizes(baseline, regressed, alpha, power);
  const neededMinutes = needed / (rps * share) / 60;
  return {
    rps,
    share,
    bakeMinutes,
    baseline,
    regressed,
    alpha,
    power,
    requests,
    ...verdict,
    needed,
    fewest,
    neededMinutes,
    /** The same regression on a canary of `widerShare`. */
    widerShare,
    tenPercentMinutes: needed / (rps * widerShare) / 60,
    /** The bug that doubles the errors fails this share of requests on top of the baseline. */
    bugShare: regressed - baseline,
  };
})();

// ---- Capacity -------------------------------------------------------------------------------
// Three zones, a 9,000 rps peak, 300 rps an instance.
export const zones = (() => {
  const count = 3;
  const peak = 9000;
  const perInstance = 300;
  const atPeak = Math.ceil(peak / perInstance);
  const factor = preProvisionFactor(count);
  return {
    count,
    peak,
    perInstance,
    atPeak,
    factor,
    total: Math.ceil(atPeak * factor),
    maxUtilisation: 1 / factor,
    /** The factor with one more zone. */
    oneMoreFactor: preProvisionFactor(count + 1),
  };
})();

// A ramp of 20 rps every second against an autoscaler that lags 4 minutes; and a step it cannot follow.
export const autoscaling = {
  rampPerSecond: 20,
  /** How long the ramp lasts: longer than the lag, so the gap reaches ramp x lag. */
  rampMinutes: 10,
  lagSeconds: 240,
  headroom: rampHeadroom(20, 240),
  stepFrom: 10_000,
  stepTo: 15_000,
  stepLag: 180,
  stepExcess: stepExcessRequests(10_000, 15_000, 180),
};

// ---- End-to-end designs ---------------------------------------------------------------------
/** Share of traffic that fails when `resource` saturates in design map `id`, from the map builder's analysis. */
export function designShare(id: string, resource: string): number {
  const text = designMaps[id];
  if (text === undefined) throw new Error(`no design map "${id}"`);
  const parsed = parseFailureMap(text);
  if (!parsed.ok)
    throw new Error(`design map ${id}: ${parsed.errors.map((e) => `line ${e.line}: ${e.message}`).join("; ")}`);
  const impact = analyseFailureMap(parsed.map).impacts.find((i) => i.resource === resource);
  if (!impact) throw new Error(`design map ${id} has no resource "${resource}"`);
  if (impact.trafficShare === null) throw new Error(`design map ${id} gives no traffic weights`);
  return impact.trafficShare;
}

/** How many cells design map `id` draws: its entry points named cell<N>-tenants. */
export function designCells(id: string): number {
  const text = designMaps[id];
  if (text === undefined) throw new Error(`no design map "${id}"`);
  const parsed = parseFailureMap(text);
  if (!parsed.ok) throw new Error(`design map ${id} does not parse`);
  return parsed.map.services.filter((s) => /^cell\d+-tenants$/.test(s.name)).length;
}

export const designs = {
  saas: {
    cells: designCells("saas-control-data-plane"),
    router: designShare("saas-control-data-plane", "router-workers"),
    cell: designShare("saas-control-data-plane", "cell1-db"),
    controlPlane: designShare("saas-control-data-plane", "control-db"),
    /** Half as many cells of equal size: each carries two of today's, so one failing reaches twice the share. */
    cellHalved: 2 * designShare("saas-control-data-plane", "cell1-db"),
  },
  payments: (() => {
    const paymentsPerSecond = 400;
    const crossRegionLag = 1;
    const outageMinutes = 20;
    const gatewayCapacity = 1200;
    const backlog = backlogAfter(paymentsPerSecond, outageMinutes * 60);
    const usLedger = designShare("multi-region-payments", "us-ledger-db");
    return {
      usLedger,
      paymentsPerSecond,
      crossRegionLag,
      /** A failover of the US region loses its own unreplicated window: the US share of the payments. */
      lostCrossRegion: writesLost(crossRegionLag, paymentsPerSecond * usLedger),
      outageMinutes,
      backlog,
      gatewayCapacity,
      drainMinutes: drainSeconds(backlog, gatewayCapacity, paymentsPerSecond) / 60,
      regions: regions.count,
      regionFactor: preProvisionFactor(regions.count),
    };
  })(),
  notifications: (() => {
    const emailRate = 2000;
    const outageMinutes = 30;
    const senderCapacity = 3000;
    const backlog = backlogAfter(emailRate, outageMinutes * 60);
    // Finance's cut: senders sized with half today's spare over the average rate.
    const trimmedCapacity = emailRate + (senderCapacity - emailRate) / 2;
    return {
      intake: designShare("notification-fanout", "intake-workers"),
      email: designShare("notification-fanout", "email-queue"),
      sms: designShare("notification-fanout", "sms-queue"),
      templates: designShare("notification-fanout", "template-cache"),
      emailRate,
      outageMinutes,
      senderCapacity,
      backlog,
      drainMinutes: drainSeconds(backlog, senderCapacity, emailRate) / 60,
      /** The senders' capacity that the average rate leaves idle: the spare that drains a backlog. */
      idle: 1 - emailRate / senderCapacity,
      spare: senderCapacity - emailRate,
      trimmedCapacity,
      trimmedDrainMinutes: drainSeconds(backlog, trimmedCapacity, emailRate) / 60,
    };
  })(),
  limiter: (() => {
    const edge = 0.9999;
    const limiter = 0.999;
    const api = 0.9995;
    const tenantLimit = 1000;
    const edgeNodes = 20;
    // A tenant whose traffic all lands on a few nodes, each enforcing only its local share.
    const hotNodes = 2;
    return {
      edge,
      limiter,
      api,
      hardPath: serial([edge, limiter, api]),
      failOpenPath: serial([edge, api]),
      tenantLimit,
      edgeNodes,
      perNode: tenantLimit / edgeNodes,
      hotNodes,
      hotShare: hotNodes / edgeNodes,
      sharedCounters: designShare("tenant-rate-limiter", "shared-counters"),
    };
  })(),
  flags: (() => {
    const tenants = 20_000;
    const detectMinutes = 12;
    const cell = designShare("feature-flags", "cell1-snapshot");
    return {
      cells: designCells("feature-flags"),
      cell,
      flagDb: designShare("feature-flags", "flag-db"),
      tenants,
      detectMinutes,
      globalTenantMinutes: tenants * detectMinutes,
      firstWaveTenantMinutes: tenants * cell * detectMinutes,
    };
  })(),
  scheduler: (() => {
    const members = 5;
    const leaseSeconds = 10;
    const electionSeconds = 5;
    const midnightJobs = 60_000;
    const jitterSeconds = 300;
    const startsPerSecond = midnightJobs / jitterSeconds;
    // Product's window: the minute the objective gives a start ("within a minute of its time").
    const minuteWindowSeconds = 60;
    const minuteStartsPerSecond = midnightJobs / minuteWindowSeconds;
    return {
      members,
      tolerates: tolerableFailures(members),
      leaseSeconds,
      electionSeconds,
      gapSeconds: leaseSeconds + electionSeconds,
      jobDb: designShare("job-scheduler", "job-db"),
      midnightJobs,
      jitterSeconds,
      startsPerSecond,
      minuteWindowSeconds,
      minuteStartsPerSecond,
      /**
       * With workers sized for the jittered rate, when the last of midnight's jobs starts in a one-minute
       * window: the queue built during the minute drains at the workers' rate once arrivals stop.
       */
      minuteQueueEndSeconds:
        minuteWindowSeconds +
        drainSeconds(backlogAfter(minuteStartsPerSecond - startsPerSecond, minuteWindowSeconds), startsPerSecond, 0),
    };
  })(),
  search: (() => {
    const shards = 20;
    const slowShare = 0.01;
    return {
      router: designShare("cell-search", "router-workers"),
      cell: designShare("cell-search", "cell1-fanout"),
      shards,
      slowShare,
      slow: anySlow(slowShare, shards),
      hedged: anySlow(hedgedSlow(slowShare), shards),
      hedgeAt: tail.hedgeAt,
      extraLoad: hedgeExtraLoad(tail.hedgeAt),
    };
  })(),
  dispatch: {
    gateway: designShare("ride-dispatch", "gateway-workers"),
    trips: designShare("ride-dispatch", "trips-db"),
    target: 0.9995,
    monthMinutes: minutes(allowedDowntimeSeconds(0.9995, month)),
    zones: staticStability.zones,
    zoneFactor: preProvisionFactor(staticStability.zones),
    pingSeconds: 4,
    partitions: 8,
  },
};

/** Formatted figures by name, for {{name}} placeholders in questions.yaml. */
export const bank: Readonly<Record<string, string>> = {
  "cells.count": grouped(cells.count),
  "cells.share": percentAnySize(cells.share),
  "cells.untouched": percentAnySize(cells.untouched),
  "cells.halvedShare": percentUpTo(cells.halvedShare),
  "cells.largestTenant": percentUpTo(cells.largestTenant),
  "worked.tenants": grouped(worked.tenants),
  "worked.cells": grouped(worked.cellCount),
  "worked.share": percent(worked.share),
  "worked.perCell": grouped(worked.perCell),
  "worked.minutes": grouped(worked.incidentMinutes),
  "worked.alertMinutes": grouped(worked.alertMinutes),
  "worked.globalTenantMinutes": grouped(worked.globalTenantMinutes),
  "worked.cellTenantMinutes": grouped(worked.cellTenantMinutes),
  "shuffle8.workers": grouped(shuffle.smallFleet.workers),
  "shuffle8.size": grouped(shuffle.smallFleet.shard),
  "shuffle8.groups": grouped(shuffle.smallFleet.workers / shuffle.smallFleet.shard),
  "shuffle8.shards": grouped(shuffle.eight.shards),
  "shuffle8.all": percentAnySize(shuffle.eight.all),
  "shuffle8.some": percentAnySize(shuffle.eight.some),
  "shuffle8.none": percentAnySize(shuffle.eight.none),
  "shuffle8.fixed": percentAnySize(shuffle.eight.fixed),
  "shuffle16.workers": grouped(shuffle.sixteenFleet.workers),
  "shuffle16.size": grouped(shuffle.sixteenFleet.shard),
  "shuffle16.groups": grouped(shuffle.sixteenFleet.workers / shuffle.sixteenFleet.shard),
  "shuffle16.shards": grouped(shuffle.sixteen.shards),
  "shuffle16.all": percent(shuffle.sixteen.all, 3),
  "shuffle16.fixed": percentAnySize(shuffle.sixteen.fixed),
  "shuffle100.workers": grouped(shuffle.largeFleet.workers),
  "shuffle100.size": grouped(shuffle.largeFleet.shard),
  "shuffle100.shards": grouped(shuffle.hundred.shards),
  "route53.workers": grouped(shuffle.route53.workers),
  "route53.size": grouped(shuffle.route53.size),
  "route53.shards": grouped(shuffle.route53.shards),
  "route53.stripes": inWords(shuffle.route53.stripes),
  "route53.stripedShards": grouped(shuffle.route53.stripedShards),
  "route53.maxShared": inWords(shuffle.route53.maxShared),
  "amp.attempts": grouped(amplification.attempts),
  "amp.layers": grouped(amplification.layers),
  "amp.total": grouped(amplification.total),
  "expected.p": percent(expected.p, 0),
  "expected.retries": grouped(expected.retries),
  "expected.attempts": grouped(expected.attempts, 2),
  "meta.capacity": grouped(metastable.capacity),
  "meta.stableBelow": grouped(metastable.stableBelow),
  "meta.retryTimes": timesInWords(metastable.retries),
  "meta.retries": countOf(metastable.retries, "retry", "retries"),
  "meta.attempts": grouped(metastable.attempts),
  "meta.load": times(metastable.attempts),
  "static.three": times(staticStability.three),
  "static.two": times(staticStability.two),
  "static.zones": inWords(staticStability.zones),
  "static.fewerZones": inWords(staticStability.fewerZones),
  "pool.connections": grouped(pool.connections),
  "pool.attempts": inWords(pool.attempts),
  "pool.timeout": `${grouped(pool.timeoutSeconds)} s`,
  /** The share of time a bulkhead may be too small, as the bulkheads chapter sizes its pools. */
  "bulkhead.tail": readableShare(0.001),
  "pool.stormHold": `${grouped(pool.stormHoldSeconds)} s`,
  "pool.normalCapacity": grouped(pool.normalCapacity),
  "pool.stormCapacity": grouped(pool.stormCapacity, 1),
  "starve.threads": grouped(starvation.threads),
  "starve.demanded": grouped(starvation.demanded),
  "avail.dep": percentUpTo(availability.depAvailability),
  "avail.deps": grouped(availability.deps),
  "avail.chain": percent(availability.chain, 2),
  "avail.weakest": percentUpTo(availability.weakest, 2),
  "avail.chainHours": grouped(availability.chainDowntimeMinutes / 60, 1),
  "avail.copy": percentUpTo(availability.copy),
  "avail.copies": inWords(availability.copies),
  "avail.pair": percentUpTo(availability.pair, 2),
  "nines.99": grouped(ninesAt(0.99).monthMinutes / 60, 1),
  "nines.999": downtimeMinutes(ninesAt(0.999).monthMinutes),
  "nines.9995": downtimeMinutes(ninesAt(0.9995).monthMinutes),
  "nines.9999": downtimeMinutes(ninesAt(0.9999).monthMinutes),
  "nines.99999year": downtimeMinutes(ninesAt(0.99999).yearMinutes),
  "burn.target": percentUpTo(burn.target),
  "burn.bad": percentUpTo(burn.badShare),
  "burn.minutes": grouped(burn.incidentMinutes),
  "burn.rate": grouped(burn.rate),
  "burn.spent": percent(burn.spent),
  "burn.exhaustionHours": grouped(burn.exhaustionHours),
  "burn.page": grouped(burn.pageThreshold, 1),
  "burn.pageShare": percentUpTo(burn.pageShare),
  "burn.pageWindow": countOf(burn.pageWindowHours, "hour"),
  "burn.pageShortWindow": countOf(burn.pageShortWindowMinutes, "minute"),
  "burn.pageHours": grouped(burn.pageWindowHours),
  "burn.pageAfterMinutes": grouped(burn.pageAfterSeconds / 60),
  "burn.spentAtPage": percentUpTo(burn.spentAtPage),
  "month.days": grouped(month),
  "burn.slowBad": percentUpTo(burn.slowBad),
  "burn.slowDays": inWords(burn.slowDays),
  "burn.ticketDays": inWords(burn.ticketDays),
  "burn.slowRate": grouped(burn.slowRate),
  "burn.ticketRate": grouped(burn.ticketRate),
  "burn.ticketShare": percentUpTo(burn.ticketShare),
  "envoy.panic": percentUpTo(envoy.panicThreshold),
  "fleet.slowdown": grouped(fleetCheck.slowdownSeconds),
  "resilience4j.halfOpenCalls": inWords(resilience4jBreaker.halfOpenCalls),
  "route53.healthy": percentUpTo(route53Health.healthyShare),
  "route53.fastInterval": grouped(route53Health.fastIntervalSeconds),
  "route53.standardInterval": grouped(route53Health.standardIntervalSeconds),
  "mysql.semiSyncTimeout": grouped(mysqlSemiSync.timeoutSeconds),
  "grpc.hedgeMaxInFlight": inWords(grpcHedging.maxInFlight),
  "grpc.tokenRatio": grouped(retryThrottle.tokenRatio, 1),
  "grpc.stopShare": percentUpTo(retryThrottle.stopShare),
  "budget.attempts": inWords(retryBudget.attempts),
  "budget.load": times(retryBudget.load),
  "budget.share": percentUpTo(retryBudget.share),
  "storm.intervention": duration(storm.interventionSeconds),
  "checkout.share": percentUpTo(checkoutTraffic.share),
  "checkout.rate": grouped(checkoutTraffic.checkout),
  "checkout.total": grouped(checkoutTraffic.total),
  "ceiling.target": percentUpTo(ceiling.target, 2),
  "ceiling.dep": percentUpTo(ceiling.depAvailability, 2),
  "ceiling.deps": grouped(ceiling.deps),
  "ceiling.depsWord": inWords(ceiling.deps),
  "ceiling.independent": percent(ceiling.independent, 2),
  "ceiling.weakest": percentUpTo(ceiling.weakest, 2),
  "ceiling.worst": percent(ceiling.worst, 2),
  "ceiling.allowed": downtimeMinutes(ceiling.allowedMinutes),
  "ceiling.expected": grouped(ceiling.expectedMinutes),
  "backup.hours": grouped(backups.intervalHours),
  "backup.writes": grouped(backups.writesPerSecond),
  "backup.lost": grouped(backups.lost),
  "lag.seconds": grouped(lag.lagSeconds),
  "lag.writes": grouped(lag.writesPerSecond),
  "lag.lost": grouped(lag.lost),
  "regions.two": times(regions.two),
  "regions.three": times(regions.three),
  "regions.twoMax": percentUpTo(regions.twoMaxUtilisation),
  "regions.threeMax": percentUpTo(regions.threeMaxUtilisation),
  "regions.overloaded": percentUpTo(regions.overloaded),
  "regions.utilisation": percentUpTo(regions.utilisation),
  "regions.count": inWords(regions.count),
  "regions.more": inWords(regions.more),
  "quorum.three": inWords(quorum.three.members),
  "quorum.four": inWords(quorum.four.members),
  "quorum.five": inWords(quorum.five.members),
  "quorum.threeMajority": grouped(quorum.three.majority),
  "quorum.threeTolerates": grouped(quorum.three.tolerates),
  "quorum.fourTolerates": grouped(quorum.four.tolerates),
  "quorum.fiveTolerates": grouped(quorum.five.tolerates),
  "dns.interval": grouped(dns.interval),
  "dns.failures": grouped(dns.failures),
  "dns.shortTtl": grouped(dns.shortTtl),
  "dns.longTtl": grouped(dns.longTtl),
  "dns.short": grouped(dns.short),
  "dns.long": grouped(dns.long),
  "tail.slowShare": percentUpTo(tail.slowShare),
  /** The chance one leaf call is fast, as the power is written: 1 - 0.99^100. */
  "tail.fastLeaf": grouped(1 - tail.slowShare, 2),
  "tail.fanout": grouped(tail.fanout),
  "tail.slowOneIn": oneIn(tail.slowShare),
  "tail.hedgeAt": percentileOrdinal(tail.hedgeAt),
  "tail.extraOneIn": oneIn(tail.extraLoad),
  "tail.slow": percentUpTo(tail.slow),
  "tail.hedgedLeaf": readableShare(tail.hedgedLeaf),
  "tail.hedged": percentUpTo(tail.hedged, 2),
  "tail.extraLoad": percentUpTo(tail.extraLoad),
  "stampede.rps": grouped(stampede.rps),
  "stampede.ms": grouped(stampede.querySeconds * 1000),
  "stampede.concurrent": grouped(stampede.concurrent),
  "stampede.slowSeconds": grouped(stampede.slowQuerySeconds),
  "stampede.waiting": grouped(stampede.waiting),
  "cold.rps": grouped(coldCache.rps),
  "cold.hit": percentUpTo(coldCache.hitRatio),
  "cold.capacity": grouped(coldCache.databaseCapacity),
  "cold.warm": grouped(coldCache.warm),
  "cold.multiplier": times(coldCache.multiplier),
  "cold.over": times(coldCache.overCapacity),
  "quota.capacity": grouped(quotas.capacity),
  "quota.tenants": grouped(quotas.tenants),
  "quota.each": grouped(quotas.perTenant),
  "quota.over": times(quotas.oversubscription),
  "canary.rps": grouped(canary.rps),
  "canary.share": percentUpTo(canary.share),
  "canary.bake": grouped(canary.bakeMinutes),
  "canary.baseline": percentUpTo(canary.baseline),
  "canary.regressed": percentUpTo(canary.regressed),
  "canary.requests": grouped(canary.requests),
  "canary.healthy": grouped(canary.expectedHealthy),
  "canary.bad": grouped(canary.expectedBad),
  "canary.threshold": grouped(canary.threshold),
  "canary.detection": percentUpTo(canary.detection),
  "canary.alpha": percentUpTo(canary.alpha),
  "canary.power": percentUpTo(canary.power),
  "canary.needed": grouped(canary.needed),
  "canary.fewest": grouped(canary.fewest),
  "canary.neededMinutes": grouped(canary.neededMinutes),
  "canary.tenPercentMinutes": grouped(canary.tenPercentMinutes, 1),
  "canary.widerShare": percentUpTo(canary.widerShare),
  "canary.bugOneIn": oneIn(canary.bugShare),
  "canary.alphaOneIn": oneIn(canary.alpha),
  "canary.missOneIn": oneIn(1 - canary.detection),
  "zones.count": grouped(zones.count),
  "zones.peak": grouped(zones.peak),
  "zones.perInstance": grouped(zones.perInstance),
  "zones.atPeak": grouped(zones.atPeak),
  "zones.factor": times(zones.factor),
  "zones.total": grouped(zones.total),
  "zones.perZone": grouped(zones.total / zones.count),
  "zones.maxUtilisation": percentUpTo(zones.maxUtilisation),
  "zones.oneMoreFactor": times(zones.oneMoreFactor),
  "zones.oneMore": inWords(zones.count + 1),
  "scale.ramp": grouped(autoscaling.rampPerSecond),
  "scale.rampMinutes": inWords(autoscaling.rampMinutes),
  "scale.lagMinutes": grouped(autoscaling.lagSeconds / 60),
  "scale.headroom": grouped(autoscaling.headroom),
  "scale.from": grouped(autoscaling.stepFrom),
  "scale.to": grouped(autoscaling.stepTo),
  "scale.stepLagMinutes": grouped(autoscaling.stepLag / 60),
  "scale.excess": grouped(autoscaling.stepExcess),
  "saas.cells": inWords(designs.saas.cells),
  "saas.router": percentUpTo(designs.saas.router),
  "saas.cell": percentUpTo(designs.saas.cell),
  "saas.cellHalved": percentUpTo(designs.saas.cellHalved),
  "saas.controlPlane": percentUpTo(designs.saas.controlPlane),
  "pay.us": percentUpTo(designs.payments.usLedger),
  "pay.rate": grouped(designs.payments.paymentsPerSecond),
  "pay.lag": grouped(designs.payments.crossRegionLag),
  "pay.lost": grouped(designs.payments.lostCrossRegion),
  "pay.outage": grouped(designs.payments.outageMinutes),
  "pay.backlog": grouped(designs.payments.backlog),
  "pay.capacity": grouped(designs.payments.gatewayCapacity),
  "pay.drain": grouped(designs.payments.drainMinutes),
  "pay.regions": times(designs.payments.regionFactor),
  "pay.regionCount": inWords(designs.payments.regions),
  "notify.intake": percentUpTo(designs.notifications.intake),
  "notify.email": percentUpTo(designs.notifications.email),
  "notify.sms": percentUpTo(designs.notifications.sms),
  "notify.templates": percentUpTo(designs.notifications.templates),
  "notify.rate": grouped(designs.notifications.emailRate),
  "notify.outage": grouped(designs.notifications.outageMinutes),
  "notify.capacity": grouped(designs.notifications.senderCapacity),
  "notify.backlog": grouped(designs.notifications.backlog),
  "notify.drain": grouped(designs.notifications.drainMinutes),
  "notify.idle": percentUpTo(designs.notifications.idle),
  "notify.spare": grouped(designs.notifications.spare),
  "notify.trimmed": grouped(designs.notifications.trimmedCapacity),
  "notify.trimmedDrain": grouped(designs.notifications.trimmedDrainMinutes),
  "limit.edge": percentUpTo(designs.limiter.edge, 2),
  "limit.limiter": percentUpTo(designs.limiter.limiter, 2),
  "limit.api": percentUpTo(designs.limiter.api, 2),
  "limit.hard": percent(designs.limiter.hardPath, 2),
  "limit.open": percent(designs.limiter.failOpenPath, 2),
  "limit.tenant": grouped(designs.limiter.tenantLimit),
  "limit.nodes": grouped(designs.limiter.edgeNodes),
  "limit.perNode": grouped(designs.limiter.perNode),
  "limit.hotNodes": grouped(designs.limiter.hotNodes),
  "limit.hotShare": percentUpTo(designs.limiter.hotShare),
  "limit.shared": percentUpTo(designs.limiter.sharedCounters),
  "flags.cells": inWords(designs.flags.cells),
  "flags.cell": percentUpTo(designs.flags.cell),
  "flags.db": percentUpTo(designs.flags.flagDb),
  "flags.tenants": grouped(designs.flags.tenants),
  "flags.detect": grouped(designs.flags.detectMinutes),
  "flags.global": grouped(designs.flags.globalTenantMinutes),
  "flags.firstWave": grouped(designs.flags.firstWaveTenantMinutes),
  "sched.members": grouped(designs.scheduler.members),
  "sched.tolerates": grouped(designs.scheduler.tolerates),
  "sched.lease": grouped(designs.scheduler.leaseSeconds),
  "sched.election": grouped(designs.scheduler.electionSeconds),
  "sched.gap": grouped(designs.scheduler.gapSeconds),
  "sched.db": percentUpTo(designs.scheduler.jobDb),
  "sched.jobs": grouped(designs.scheduler.midnightJobs),
  "sched.jitter": grouped(designs.scheduler.jitterSeconds),
  "sched.rate": grouped(designs.scheduler.startsPerSecond),
  "sched.minute": grouped(designs.scheduler.minuteWindowSeconds),
  "sched.minuteRate": grouped(designs.scheduler.minuteStartsPerSecond),
  "sched.minuteTimes": timesInWords(designs.scheduler.minuteStartsPerSecond / designs.scheduler.startsPerSecond),
  "sched.minuteQueueEnd": grouped(designs.scheduler.minuteQueueEndSeconds),
  "search.router": percentUpTo(designs.search.router),
  "search.cell": percentUpTo(designs.search.cell),
  "search.shards": grouped(designs.search.shards),
  "search.slowShare": percentUpTo(designs.search.slowShare),
  "search.slow": percentUpTo(designs.search.slow),
  "search.hedged": percent(designs.search.hedged, 2),
  "search.extra": percentUpTo(designs.search.extraLoad),
  "search.hedgeAt": percentileOrdinal(designs.search.hedgeAt),
  "ride.gateway": percentUpTo(designs.dispatch.gateway),
  "ride.trips": percentUpTo(designs.dispatch.trips),
  "ride.target": percentUpTo(designs.dispatch.target, 2),
  "ride.minutes": downtimeMinutes(designs.dispatch.monthMinutes),
  "ride.zones": times(designs.dispatch.zoneFactor),
  "ride.zoneCount": inWords(designs.dispatch.zones),
  "ride.ping": grouped(designs.dispatch.pingSeconds),
  "ride.partitions": grouped(designs.dispatch.partitions),
  "ride.partitionShare": percentUpTo(1 / designs.dispatch.partitions),
};

/**
 * Reference figures by name, as numbers, for self-assessment evidence: a criterion whose prompt
 * fixes the inputs names one of these, and the figure a candidate pastes is compared with it.
 */
export const values: Readonly<Record<string, number>> = {
  "worked.share": worked.share,
  "worked.cellTenantMinutes": worked.cellTenantMinutes,
  "shuffle8.all": shuffle.eight.all,
  "shuffle16.all": shuffle.sixteen.all,
  "amp.total": amplification.total,
  "pool.stormCapacity": pool.stormCapacity,
  "meta.stableBelow": metastable.stableBelow,
  "starve.demanded": starvation.demanded,
  "static.three": staticStability.three,
  "avail.chain": availability.chain,
  "avail.pair": availability.pair,
  "nines.999": ninesAt(0.999).monthMinutes,
  "nines.9999": ninesAt(0.9999).monthMinutes,
  "burn.rate": burn.rate,
  "burn.spent": burn.spent,
  "ceiling.independent": ceiling.independent,
  "backup.lost": backups.lost,
  "lag.lost": lag.lost,
  "regions.twoMax": regions.twoMaxUtilisation,
  "quorum.fiveTolerates": quorum.five.tolerates,
  "dns.short": dns.short,
  "tail.slow": tail.slow,
  "tail.hedged": tail.hedged,
  "stampede.concurrent": stampede.concurrent,
  "cold.multiplier": coldCache.multiplier,
  "quota.over": quotas.oversubscription,
  "canary.detection": canary.detection,
  "canary.neededMinutes": canary.neededMinutes,
  "zones.total": zones.total,
  "scale.headroom": autoscaling.headroom,
  "cells.share": cells.share,
  "saas.cell": designs.saas.cell,
  "pay.lost": designs.payments.lostCrossRegion,
  "pay.drain": designs.payments.drainMinutes,
  "notify.drain": designs.notifications.drainMinutes,
  "limit.hard": designs.limiter.hardPath,
  "limit.perNode": designs.limiter.perNode,
  "flags.firstWave": designs.flags.firstWaveTenantMinutes,
  "sched.rate": designs.scheduler.startsPerSecond,
  "sched.tolerates": designs.scheduler.tolerates,
  "search.slow": designs.search.slow,
  "ride.minutes": designs.dispatch.monthMinutes,
};

/** Prose figures for the chapter text. */
export const prose = {
  /** The share of a rubric's weight that must be backed at a level to reach it (the debrief's rule). */
  levelBar: percentUpTo(levelBar),
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
  // Shares the ladder also shows, by the ladder's rule (percentAnySize), so the page says each one way.
  cells: {
    count: grouped(cells.count),
    share: percentAnySize(cells.share),
    untouched: percentAnySize(cells.untouched),
  },
  shuffle8: { shards: grouped(shuffle.eight.shards), all: percentAnySize(shuffle.eight.all) },
  /** Nines as downtime: the table in "The arithmetic". */
  nines: ninesTable.map((n) => ({
    target: percentUpTo(n.target, 3),
    month: downtimeText(n.monthMinutes),
    year: downtimeText(n.yearMinutes),
  })),
};
