/**
 * The game days: each a seeded incident on one of the course's systems, the actions its
 * operator has, the chapters it exercises, and a reference response (the par).
 */
import { asGiven, minutesAndSeconds, percent, percentUpTo, times } from "../../format/number.ts";
import { inWords, listNames } from "../../format/words.ts";
import { placeAll, preProvisionFactor, rollout, uniformCustomers } from "../cells/index.ts";
import { randomInt, randomStreams } from "../random.ts";
import { defaultServices, parameterDefaults, triggeredDependency } from "../retry-storm/index.ts";
import { randomShard } from "../shuffle-shard.ts";
import { type ActionId, actionSpec, edgeRuleSeconds, scaleOutDelay, scaleOutSeconds } from "./actions.ts";
import type { FleetSpec, HostSpec, TenantSpec } from "./fleet.ts";
import type { Slo } from "./slo.ts";
import { halfMinutesInWords, onePartIn } from "./spoken.ts";
import { platform, stormWarmup } from "./storm.ts";

/** One entry of an action log: at `at` seconds since the start, the operator did `action` (to `target`). */
export interface LogEntry {
  at: number;
  action: ActionId;
  target?: string;
}

/** An action a scenario offers, and what it may be aimed at (names of components, tenants, zones). */
export interface Offer {
  action: ActionId;
  targets?: readonly string[];
}

export interface GameScenario {
  id: string;
  /** Two characters, for result codes. */
  code: string;
  title: string;
  /** One line: the incident, for lists. */
  summary: string;
  /** What the on-call engineer knows when the game starts (the briefing). */
  briefing: string;
  /** Chapter slugs this game exercises, the first being the one it is built on. */
  chapters: readonly string[];
  /** Game length, seconds; requests arriving in it are scored. */
  seconds: number;
  /** When the fault starts (time to mitigate counts from here). */
  faultAt: number;
  /** What actually happens, for the debrief (hidden while playing). */
  cause: string;
  /** The fault in a few words, for the debrief's timeline (at `faultAt`), on the scenario's own `seed`. */
  faultLabel: string;
  slo: Slo;
  seed: number;
  offers: readonly Offer[];
  /**
   * The reference response on the scenario's own `seed`: an on-call engineer who acts soon after
   * the evidence. Its score is par.
   */
  reference: readonly LogEntry[];
  /**
   * For a game whose seed decides where the fault is (which host), the fault label and the
   * reference response on any seed; `faultLabel` and `reference` are these on `seed`. Read
   * through `onSeed`.
   */
  placed?: (seed: number) => Placed;
  /** Why the reference response does what it does, for the debrief. */
  referenceWhy: string;
  /**
   * A tempting step that costs users here, added to the reference response in the scoring
   * chapter and its tests to show that a harmful action costs.
   */
  trap: { entry: LogEntry; why: string };
  model: { kind: "fleet"; build: (seed: number) => FleetSpec } | { kind: "storm" };
}

/** What a seed decides beyond the traffic: where the fault is, so what the debrief names and par aims at. */
export interface Placed {
  faultLabel: string;
  reference: readonly LogEntry[];
  /** The trap's entry, when it aims at the place too (a tenant). */
  trap?: LogEntry;
}

/**
 * The fault label, par's log and the trap's entry of `scenario` played on `seed` (the same on
 * every seed unless its seed places the fault).
 */
export function onSeed(scenario: GameScenario, seed: number): Required<Placed> {
  const placed = scenario.placed?.(seed);
  return {
    faultLabel: placed?.faultLabel ?? scenario.faultLabel,
    reference: placed?.reference ?? scenario.reference,
    trap: placed?.trap ?? scenario.trap.entry,
  };
}

/** The seed every scenario is played on unless the player picks another (its page, its room, its par). */
const sharedSeed = 1;

/** Every scenario is played against the same objective: 99.9% of requests good within 500 ms over 30 days. */
export const gameSlo: Slo = { target: 0.999, latencyMs: 500, periodDays: 30 };

const pad = (n: number) => String(n).padStart(2, "0");
const tenantNames = (count: number) => Array.from({ length: count }, (_, i) => `t${pad(i + 1)}`);

/** Defaults every fleet shares; each scenario changes what its story needs. */
export const fleetDefaults = { crashRecovery: 20, detectSeconds: 10 } as const;
/** How every fleet's clients call: a try given up after `tryTimeout` seconds, retried with jittered backoff. */
const fleetClient = { tryTimeout: 1, attempts: 3, retryDelayMs: 100, backoffCapMs: 1000 } as const;

function fleetBase(hosts: HostSpec[], tenants: TenantSpec[]): FleetSpec {
  return {
    seconds: 600,
    drain: 15,
    hosts,
    cells: null,
    zones: ["zone-a"],
    tenants,
    routing: "pooled",
    slots: 2,
    queueLimit: 20,
    shedQueueLimit: 4,
    serviceMs: { median: 40, sigma: 0.5 },
    client: { ...fleetClient },
    lowPriorityShare: 0.3,
    writeShare: 0,
    database: null,
    cache: null,
    detectSeconds: fleetDefaults.detectSeconds,
    crashRecovery: fleetDefaults.crashRecovery,
    faults: [],
    rollout: null,
    controlPlaneImpaired: false,
    components: "host",
    cacheComponent: false,
  };
}

// --- Poison tenant -------------------------------------------------------------------------------

const poisonWorkers = 16;
const poisonShard = 4;
const poisonTenants = tenantNames(32);
const poisonAt = 60;
const poisonEvery = 5;
const poisonRate = 8;
const workerNames = Array.from({ length: poisonWorkers }, (_, i) => `w${pad(i)}`);
const poisonGroups = poisonWorkers / poisonShard;

/**
 * With fixed groups, the tenant whose requests crash workers on `seed` (one request in
 * `poisonEvery`, from `poisonAt`), drawn from the seed's own "fault:poison-tenant" stream:
 * blocking it is par's first step, so it must be found in the crash dumps, not remembered from
 * another game.
 */
export function poisonTenantOf(seed: number): string {
  return poisonTenants[randomInt(randomStreams(seed)("fault:poison-tenant"), poisonTenants.length)]!;
}

/**
 * With shuffle shards the poison tenant is the same on every seed (the seed deals the shards):
 * the only step aimed at it, blocking it, is that game's trap, so knowing it wins nothing.
 */
export const shufflePoisonTenant = "t07";

/** Which of the fixed groups a tenant is served by (the groups deal tenants round the table). */
const fixedGroupOf = (tenant: number) => tenant % poisonGroups;

function poisonFleet(seed: number, shuffle: boolean): FleetSpec {
  const hosts = workerNames.map((name) => ({ name, cell: 0, zone: 0 }));
  const deal = randomStreams(seed)("shards");
  const tenants: TenantSpec[] = poisonTenants.map((name, i) => ({
    name,
    rate: poisonRate,
    cell: 0,
    shard: shuffle
      ? randomShard(poisonWorkers, poisonShard, deal)
      : Array.from({ length: poisonShard }, (_, k) => fixedGroupOf(i) * poisonShard + k),
  }));
  return {
    ...fleetBase(hosts, tenants),
    routing: "shard",
    faults: [
      {
        kind: "poison",
        at: poisonAt,
        tenant: poisonTenants.indexOf(shuffle ? shufflePoisonTenant : poisonTenantOf(seed)),
        every: poisonEvery,
      },
    ],
  };
}

const poisonOffers: Offer[] = [
  { action: "filter-request" },
  { action: "block-tenant", targets: poisonTenants },
  { action: "unblock-tenant", targets: poisonTenants },
  { action: "restart", targets: workerNames },
  { action: "retries-off" },
  { action: "retries-on" },
  { action: "shed-priority" },
  { action: "unshed-priority" },
];

const poisonLabel = (tenant: string) => `${tenant} starts sending a query of death: 1 request in ${poisonEvery}`;

/** Fixed groups on `seed`: par blocks the poison tenant, then trades the block for the edge rule; the trap blocks a tenant of its group. */
function poisonFixedPlaced(seed: number): Placed {
  const tenant = poisonTenantOf(seed);
  const index = poisonTenants.indexOf(tenant);
  const groupMate = poisonTenants.find((_, i) => i !== index && fixedGroupOf(i) === fixedGroupOf(index))!;
  return {
    faultLabel: poisonLabel(tenant),
    reference: [
      { at: 120, action: "block-tenant", target: tenant },
      { at: 125, action: "filter-request" },
      { at: 190, action: "unblock-tenant", target: tenant },
    ],
    trap: { at: 121, action: "block-tenant", target: groupMate },
  };
}

const poisonFixedWhy = `Every crash dump names a request of the same tenant. Its group's workers are down, and with them every tenant of the group: blocking that tenant stops the crashes within seconds, at the price of all its requests; the edge rule that drops only the crashing request takes ${halfMinutesInWords(edgeRuleSeconds)} to push, and once it is in place the tenant is unblocked.`;

/** Shuffle shards: par pushes the edge rule; the trap blocks the poison tenant at the same moment. */
const poisonShuffleReference: readonly LogEntry[] = [{ at: 120, action: "filter-request" }];
const poisonShuffleTrap: LogEntry = { at: 120, action: "block-tenant", target: shufflePoisonTenant };

/**
 * What the shuffle-shards game's explanations say of the other tenants on `seed`, written from
 * the shards the seed deals: a tenant dealt at most half of the poison tenant's workers fails
 * over to workers of its own shard and barely notices; one dealt more (three of four, or all
 * four, on some seeds) loses requests too until the crashes stop, and a block would spare it
 * the seconds by which a block lands before the edge rule. The scenario's own `referenceWhy` and
 * trap are these on its seed; `scenarios.test.ts` plays each claim on several seeds.
 */
export function poisonShuffleWhy(seed: number): { referenceWhy: string; trapWhy: string } {
  const tenants = poisonFleet(seed, true).tenants;
  const poison = tenants.find((t) => t.name === shufflePoisonTenant)!;
  const shared = (t: TenantSpec) => t.shard!.filter((w) => poison.shard!.includes(w)).length;
  const others = tenants.filter((t) => t !== poison);
  const hurt = others.filter((t) => shared(t) > poisonShard / 2);
  const spared = others.filter((t) => shared(t) <= poisonShard / 2);
  const p = shufflePoisonTenant;
  const workers = `${inWords(poisonShard)} workers`;
  const few = `the other ${spared.length} tenants share at most ${inWords(Math.max(0, ...spared.map(shared)))} of ${p}'s ${workers} each, fail over to workers of their own shard, and barely notice`;
  const why = `Every crash dump names a request of ${p}`;
  const rule = "the reference response only pushes the edge rule that drops the crashing request";
  if (hurt.length === 0)
    return {
      referenceWhy: `${why}, but ${few}. Blocking ${p} would protect nobody who needs it and fail every request of its that still gets through, so ${rule}.`,
      trapWhy: `The fixed-groups game's first step: here ${p} is the only tenant hurting, so blocking it turns its partial outage into a full one and protects nobody.`,
    };
  // By how many they share: "t13 (dealt three of t07's four workers)", "t18 and t22 (each dealt three of
  // t07's four workers) and t24 (dealt all four)".
  const counts = [...new Set(hurt.map(shared))].sort((x, y) => x - y);
  const dealt = listNames(
    counts.map((k, i) => {
      const group = hurt.filter((t) => shared(t) === k).map((t) => t.name);
      const what = k === poisonShard ? `all ${inWords(k)}` : inWords(k);
      return `${listNames(group)} (${group.length > 1 ? "each " : ""}dealt ${what}${i === 0 ? ` of ${p}'s ${workers}` : ""})`;
    }),
  );
  const names = listNames(hurt.map((t) => t.name));
  const one = hurt.length === 1;
  // A block pushed with the edge rule lands this much before it.
  const sooner = minutesAndSeconds(
    poisonShuffleReference[0]!.at +
      actionSpec("filter-request").delay -
      (poisonShuffleTrap.at + actionSpec("block-tenant").delay),
  );
  return {
    referenceWhy: `${why}. Here ${dealt} ${one ? "loses" : "lose"} requests too until the crashes stop; ${few}. Blocking ${p} would stop the crashes ${sooner} sooner than the edge rule, but fail every request of its that still gets through, so ${rule}.`,
    trapWhy: `The fixed-groups game's first step: here ${p} is hurting, and so ${one ? "is" : "are"} ${dealt}, but only until the edge rule lands: blocking ${p} turns its partial outage into a full one to spare ${names} the ${sooner} before the rule lands.`,
  };
}
const poisonShuffleShared = poisonShuffleWhy(sharedSeed);

// --- Bad deploy -----------------------------------------------------------------------------------

const deployCells = Array.from({ length: 8 }, (_, i) => `cell-${i + 1}`);
const deployWaveSize = 2;
const deployTenants = 32;
/** Each cell's hosts, by the letter after the cell's name. */
const deployCellHosts = ["a", "b"];
const deploy = { start: 60, bake: 90, errorShare: 0.25, versions: ["v41", "v42"] as [string, string] };

function deployFleet(): FleetSpec {
  const hosts = deployCells.flatMap((cell, c) =>
    deployCellHosts.map((h, k) => ({ name: `${cell}${h}`, cell: c, zone: (deployCellHosts.length * c + k) % 3 })),
  );
  // Tenants placed by the cells' control plane: the emptiest cell first.
  const customers = uniformCustomers(deployTenants);
  const { router } = placeAll(customers, deployCells.length);
  const tenants = customers.map((c, i) => {
    const route = router.route(c.id);
    return { name: `t${pad(i + 1)}`, rate: 6, cell: route.ok ? route.cell : 0 };
  });
  // The pipeline's plan: the canary cell alone, then waves of two cells.
  const plan = rollout({
    cellPopulations: deployCells.map((_, c) => tenants.filter((t) => t.cell === c).length),
    releaseBad: false,
    healthCheckCatches: false,
    waveSize: deployWaveSize,
  });
  const waves = plan.steps.filter((s) => s.action === "deploy").map((s) => s.cells);
  return {
    ...fleetBase(hosts, tenants),
    cells: deployCells,
    zones: ["zone-a", "zone-b", "zone-c"],
    routing: "cell",
    rollout: { ...deploy, waves },
    components: "cell",
  };
}

// --- Lost zone -------------------------------------------------------------------------------------

const zones = ["zone-a", "zone-b", "zone-c"];
/** Hosts each zone starts with (a scale-out adds more, spread over the zones that are up). */
const hostsPerZone = 4;
const zoneHosts = zones.flatMap((z, zi) =>
  Array.from({ length: hostsPerZone }, (_, k) => ({ name: `${z.slice(-1)}${k + 1}`, cell: 0, zone: zi })),
);

const zone = { tenants: 40, rate: 8.5, slots: 4, serviceMs: { median: 100, sigma: 0.4 }, lostAt: 60, dbTimeout: 2 };
/** Capacity over peak load: hosts x slots / mean service time (log-normal: median x e^(sigma^2 / 2)), over requests a second. */
export const zoneHeadroom =
  (zoneHosts.length * zone.slots) /
  ((zone.serviceMs.median / 1000) * Math.exp(zone.serviceMs.sigma ** 2 / 2)) /
  (zone.tenants * zone.rate);

/** Capacity the zones left after losing one serve, as a share of the peak load. */
const zoneLeftShare = ((zones.length - 1) / zones.length) * zoneHeadroom;
/** Share of the lost zone's requests marked low priority (what shedding by priority refuses). */
const zoneLowPriorityShare = 0.25;

function zoneFleet(): FleetSpec {
  const tenants = tenantNames(zone.tenants).map((name) => ({ name, rate: zone.rate, cell: 0 }));
  return {
    ...fleetBase(zoneHosts, tenants),
    zones,
    slots: zone.slots,
    serviceMs: zone.serviceMs,
    lowPriorityShare: zoneLowPriorityShare,
    writeShare: 0.2,
    database: { zone: 0, timeout: zone.dbTimeout },
    faults: [{ kind: "lose-zone", at: zone.lostAt, zone: 0 }],
    controlPlaneImpaired: true,
    components: "zone",
  };
}

// --- Thundering herd -------------------------------------------------------------------------------

const dbHosts = ["db-1", "db-2"];

const herd = { tenants: 30, rate: 10, flushAt: 60, retryDelayMs: 1000, attempts: 3 };
const herdCache = { keys: 3000, ttl: 300, hitMs: 2 };

/**
 * The share of reads the warm cache answers before the flush: a key is read
 * `tenants x rate / keys` times a second, so a fill lasting the time-to-live serves that many
 * reads times the time-to-live as hits, after the one miss that filled it.
 */
export const herdWarmHitShare = (() => {
  const readsPerFill = ((herd.tenants * herd.rate) / herdCache.keys) * herdCache.ttl;
  return readsPerFill / (readsPerFill + 1);
})();

function herdFleet(): FleetSpec {
  const tenants = tenantNames(herd.tenants).map((name) => ({ name, rate: herd.rate, cell: 0 }));
  return {
    ...fleetBase(
      dbHosts.map((name) => ({ name, cell: 0, zone: 0 })),
      tenants,
    ),
    serviceMs: { median: 25, sigma: 0.5 },
    // A connection pool's wait queue: long enough to wait far past any client's patience.
    queueLimit: 2000,
    client: { tryTimeout: 1, attempts: herd.attempts, retryDelayMs: herd.retryDelayMs, backoffCapMs: 4000 },
    cache: { ...herdCache },
    faults: [{ kind: "flush-cache", at: herd.flushAt }],
    cacheComponent: true,
  };
}

// --- Gray failure ----------------------------------------------------------------------------------

const grayHosts = Array.from({ length: 10 }, (_, i) => `h${pad(i + 1)}`);

/**
 * The host that turns slow on `seed`, drawn from the seed's own "fault:slow-host" stream (the
 * traffic draws from others, so it is the same whichever host it is): a player who learned the
 * host on one seed knows nothing of the next, and has to find it on the dashboard.
 */
export function grayHostOf(seed: number): string {
  return grayHosts[randomInt(randomStreams(seed)("fault:slow-host"), grayHosts.length)]!;
}

const gray = { tenants: 30, rate: 10, slowAt: 60, factor: 30 };

function grayPlaced(seed: number): Placed {
  const host = grayHostOf(seed);
  return {
    faultLabel: `${host}'s disk degrades: it serves ${gray.factor} times slower`,
    reference: [{ at: 120, action: "eject-host", target: host }],
  };
}

function grayFleet(seed: number): FleetSpec {
  const tenants = tenantNames(gray.tenants).map((name) => ({ name, rate: gray.rate, cell: 0 }));
  return {
    ...fleetBase(
      grayHosts.map((name) => ({ name, cell: 0, zone: 0 })),
      tenants,
    ),
    slots: 4,
    serviceMs: { median: 30, sigma: 0.5 },
    // A thread-pool server with an unbounded queue: whatever it cannot serve yet waits.
    queueLimit: 100_000,
    faults: [{ kind: "slow-host", at: gray.slowAt, host: grayHosts.indexOf(grayHostOf(seed)), factor: gray.factor }],
  };
}

// --- The scenarios ---------------------------------------------------------------------------------

const stormServices = defaultServices.map((s) => s.name);
/** The storm's services that call pricing, the dependency that slows, and those that never do. */
const pricingCallers = defaultServices.filter((s) => s.dependency === triggeredDependency).map((s) => s.name);
const pricingBystanders = stormServices.filter((name) => !pricingCallers.includes(name));

/** The placed games on the shared seed: their own `faultLabel`, `reference` and trap. */
const poisonFixedShared = poisonFixedPlaced(sharedSeed);
const grayShared = grayPlaced(sharedSeed);

export const scenarios: readonly GameScenario[] = [
  {
    id: "retry-storm",
    code: "rs",
    title: "The retry storm",
    summary: `Pricing is slow for ${parameterDefaults.triggerDuration} s; naive retries fill the shared connection pool and keep it full.`,
    briefing: `${stormServices.length} services (${stormServices.join(", ")}) run in one platform and share one pool of ${parameterDefaults.poolSize} connections to their dependencies. Clients and services both make up to ${parameterDefaults.attempts} attempts at a call (${parameterDefaults.attempts - 1} retries), holding the connection while they wait. Only ${pricingCallers.join(" and ")} call pricing.`,
    chapters: [
      "retry-storm",
      "timeouts-retries-backoff",
      "retry-budgets",
      "circuit-breakers",
      "load-shedding",
      "bulkheads",
    ],
    seconds: 600,
    faultAt: stormWarmup,
    faultLabel: `pricing slows to a median of ${asGiven(parameterDefaults.triggerLatency)} ms for ${parameterDefaults.triggerDuration} s`,
    cause: `At ${minutesAndSeconds(stormWarmup)} pricing slows to a median of ${asGiven(parameterDefaults.triggerLatency)} ms for ${parameterDefaults.triggerDuration} s. Every caller retries while holding its connection, the pool fills, and its queue keeps serving tries whose clients already gave up; their retries keep the pool full long after pricing recovered, and ${pricingBystanders.join(" and ")}, which never call pricing, fail with the rest.`,
    slo: gameSlo,
    seed: sharedSeed,
    offers: [
      { action: "retries-off" },
      { action: "retries-on" },
      { action: "retry-budget" },
      { action: "shed-queue" },
      { action: "restart", targets: [...stormServices, platform] },
      { action: "grow-pool" },
      { action: "breaker-open", targets: stormServices },
      { action: "breaker-closed", targets: stormServices },
    ],
    reference: [
      { at: 120, action: "retries-off" },
      { at: 120, action: "shed-queue" },
    ],
    referenceWhy:
      "The storm feeds on its own retries and on a queue that serves tries their callers gave up on: turning the retry flag off stops the extra tries, bounding the queue refuses at once what would wait past its caller's patience, and the pool serves fresh requests again.",
    trap: {
      entry: { at: 130, action: "breaker-open", target: "search" },
      why: "Search fails with the rest, but it is a victim of the full pool, not a cause: forcing its breaker open fails every search request for as long as it is held open.",
    },
    model: { kind: "storm" },
  },
  {
    id: "poison-fixed",
    code: "pf",
    title: "A poison tenant, fixed groups",
    summary: `One tenant's requests crash the workers that serve them; tenants are split over ${poisonGroups} fixed groups.`,
    briefing: `${poisonTenants.length} tenants share ${poisonWorkers} workers, split into ${poisonGroups} fixed groups of ${poisonShard}: each tenant is served by one group, and its client fails over between the group's workers. A worker that crashes is restarted by its supervisor within ${fleetDefaults.crashRecovery} s.`,
    chapters: ["shuffle-sharding", "failure-modes", "cells"],
    seconds: 600,
    faultAt: 60,
    faultLabel: poisonFixedShared.faultLabel,
    cause: `From ${minutesAndSeconds(poisonAt)}, 1 request in ${poisonEvery} from one tenant (which tenant, the seed decides) is a query of death: it crashes the worker that starts serving it, and the tenant's client retries it on the next worker of its group.`,
    slo: gameSlo,
    seed: sharedSeed,
    offers: poisonOffers,
    reference: poisonFixedShared.reference,
    placed: poisonFixedPlaced,
    referenceWhy: poisonFixedWhy,
    trap: {
      entry: poisonFixedShared.trap!,
      why: "A tenant of the poison tenant's group fails along with it, but none of its requests crash anything: blocking it adds all of its requests to the ones lost.",
    },
    model: { kind: "fleet", build: (seed) => poisonFleet(seed, false) },
  },
  {
    id: "poison-shuffle",
    code: "ps",
    title: "A poison tenant, shuffle shards",
    summary: `A poison tenant again, on the same ${poisonWorkers} workers, with a shuffle shard of ${poisonShard} per tenant.`,
    briefing: `${poisonTenants.length} tenants share ${poisonWorkers} workers. Each tenant has its own shuffle shard: ${poisonShard} workers dealt at random, and its client fails over between them. A worker that crashes is restarted by its supervisor within ${fleetDefaults.crashRecovery} s.`,
    chapters: ["shuffle-sharding", "failure-modes"],
    seconds: 600,
    faultAt: 60,
    faultLabel: poisonLabel(shufflePoisonTenant),
    cause: `From ${minutesAndSeconds(poisonAt)}, 1 request in ${poisonEvery} from ${shufflePoisonTenant} is a query of death: it crashes every worker of ${shufflePoisonTenant}'s shard that tries it.`,
    slo: gameSlo,
    seed: sharedSeed,
    offers: poisonOffers,
    reference: poisonShuffleReference,
    referenceWhy: poisonShuffleShared.referenceWhy,
    trap: { entry: poisonShuffleTrap, why: poisonShuffleShared.trapWhy },
    model: { kind: "fleet", build: (seed) => poisonFleet(seed, true) },
  },
  {
    id: "bad-deploy",
    code: "bd",
    title: "A bad deploy rolling across cells",
    summary: "A release breaks one kind of request, and the pipeline keeps rolling it out, cell by cell.",
    briefing: `${deployTenants} tenants live in ${deployCells.length} cells of ${deployCellHosts.length} hosts each. A release, ${deploy.versions[1]}, starts rolling out at ${minutesAndSeconds(deploy.start)}: the canary cell first, then waves of ${deployWaveSize} cells every ${deploy.bake} s. The pipeline's own health check looks for crashes.`,
    chapters: ["deploys-and-correlated-failure", "cells"],
    seconds: 600,
    faultAt: 60,
    faultLabel: `${deploy.versions[1]} reaches the canary cell; it fails ${percentUpTo(deploy.errorShare)} of requests`,
    cause: `${deploy.versions[1]} fails every request of one kind (${percentUpTo(deploy.errorShare)} of them), on every host that runs it, so a retry on the other host of the cell fails too. Nothing crashes, so the pipeline's health check passes and the rollout goes on.`,
    slo: gameSlo,
    seed: sharedSeed,
    offers: [
      { action: "halt-rollout" },
      { action: "rollback-wave" },
      { action: "drain-cell", targets: deployCells },
      { action: "move-tenant", targets: tenantNames(deployTenants) },
      { action: "retries-off" },
      { action: "retries-on" },
      { action: "shed-priority" },
      { action: "unshed-priority" },
    ],
    reference: [
      { at: 120, action: "halt-rollout" },
      { at: 125, action: "rollback-wave" },
    ],
    referenceWhy: `The canary cell's success rate drops as soon as ${deploy.versions[1]} lands there; halting the rollout keeps it in one cell, and one rollback puts that cell back on ${deploy.versions[0]}.`,
    trap: {
      entry: { at: 130, action: "shed-priority" },
      why: "Errors climb, but not for lack of capacity: shedding low-priority traffic fails those requests and fixes nothing.",
    },
    model: { kind: "fleet", build: () => deployFleet() },
  },
  {
    id: "lost-zone",
    code: "lz",
    title: "A lost zone, control plane impaired",
    summary: "A zone goes dark with the database primary in it; the others were not provisioned to carry its load.",
    briefing: `${zoneHosts.length} hosts in ${zones.length} zones serve ${zone.tenants} tenants behind one load balancer, with capacity for ${times(zoneHeadroom, 1)} the peak (riding out the loss of a zone without launching anything would take ${times(preProvisionFactor(zones.length), 1)}). The database primary lives in ${zones[0]} with replicas in the other zones. The cloud provider reports its control plane (launches, scaling) is degraded.`,
    chapters: ["static-stability", "load-shedding", "failure-domains"],
    seconds: 600,
    faultAt: 60,
    faultLabel: `${zones[0]} stops answering, with the database primary in it`,
    cause: `At ${minutesAndSeconds(zone.lostAt)} ${zones[0]} stops answering: its hosts and the database primary with them. Writes wait for the primary until their ${zone.dbTimeout} s timeout, holding the hosts' workers; the zones left have ${percentUpTo((zones.length - 1) / zones.length, 0)} of the capacity for all of the load.`,
    slo: gameSlo,
    seed: sharedSeed,
    offers: [
      { action: "failover-zone", targets: zones },
      { action: "shed-priority" },
      { action: "unshed-priority" },
      { action: "scale-out" },
      { action: "retries-off" },
      { action: "retries-on" },
      { action: "shed-queue" },
      { action: "eject-host", targets: zoneHosts.map((h) => h.name) },
      { action: "return-host", targets: zoneHosts.map((h) => h.name) },
    ],
    reference: [
      { at: 120, action: "failover-zone", target: "zone-a" },
      { at: 125, action: "scale-out" },
      { at: 130, action: "shed-queue" },
    ],
    referenceWhy: `Failing the database over is a data-plane step and works while the control plane is impaired; the scale-out is slow, so it is asked for at once. Until it lands, the zones left can serve ${percentUpTo(zoneLeftShare, 0)} of the load: bounding the queue refuses at once only the requests that find it full, and fails fewer than shedding low-priority traffic would, which fails every one of those (${onePartIn(1 / zoneLowPriorityShare)} of all requests) whether there is room for it or not.`,
    trap: {
      entry: { at: 135, action: "eject-host", target: "b1" },
      why: `Every host left is busy because there are too few of them: until a scale-out lands each zone has ${inWords(hostsPerZone)} hosts, so ejecting one that looks overloaded takes ${onePartIn(hostsPerZone)} of its zone's capacity away, and the impaired control plane needs ${minutesAndSeconds(scaleOutSeconds.impaired)} to add any.`,
    },
    model: { kind: "fleet", build: () => zoneFleet() },
  },
  {
    id: "thundering-herd",
    code: "th",
    title: "A thundering herd after a cache flush",
    summary: `A cache is flushed; every read goes to the database at once, and each failed read comes back as a retry ${herd.retryDelayMs / 1000} s later.`,
    briefing: `${herd.tenants} tenants read through a cache in front of ${dbHosts.length} database hosts; the cache answers about ${percent(herdWarmHitShare, 0)} of reads. Clients retry a failed read after exactly ${herd.retryDelayMs / 1000} s, ${herd.attempts - 1} times at most.`,
    chapters: ["load-shedding", "timeouts-retries-backoff", "retry-storm"],
    seconds: 600,
    faultAt: 60,
    faultLabel: "a deploy flushes the cache",
    cause: `At ${minutesAndSeconds(herd.flushAt)} a deploy flushes the cache. Every read misses and goes to the database, which cannot serve them all; its queue grows past the clients' timeout, so it spends its time on reads nobody waits for, and a read fills the cache only if someone still waits for it. The cache does not refill by itself.`,
    slo: gameSlo,
    seed: sharedSeed,
    offers: [
      { action: "shed-queue" },
      { action: "restart", targets: dbHosts },
      { action: "retries-off" },
      { action: "retries-on" },
      { action: "jitter-on" },
      { action: "retry-budget" },
      { action: "shed-priority" },
      { action: "unshed-priority" },
    ],
    reference: [
      { at: 120, action: "shed-queue" },
      { at: 120, action: "jitter-on" },
    ],
    referenceWhy: `A bounded queue means every read the database takes is answered in time and fills the cache; with jitter a failed read's first retry waits ${herd.retryDelayMs / 2000} s on average (anywhere up to ${herd.retryDelayMs / 1000} s) instead of exactly ${herd.retryDelayMs / 1000} s.`,
    trap: {
      entry: { at: 150, action: "restart", target: "db-1" },
      why: "Once the queue is bounded, the backlog drains by itself: restarting a database host only takes half the capacity away while it starts.",
    },
    model: { kind: "fleet", build: () => herdFleet() },
  },
  {
    id: "gray-failure",
    code: "gf",
    title: "A gray failure: one slow host",
    summary: `One host of ${grayHosts.length} turns slow while its health checks keep passing.`,
    briefing: `${gray.tenants} tenants are spread over ${grayHosts.length} hosts by a load balancer that routes to every host whose health check passes. Clients time out a try after ${fleetClient.tryTimeout} s and retry on another host.`,
    chapters: ["failure-modes", "load-shedding"],
    seconds: 600,
    faultAt: 60,
    faultLabel: grayShared.faultLabel,
    cause: `At ${minutesAndSeconds(gray.slowAt)} one host's disk degrades (which host, the seed decides): it serves ${gray.factor} times slower, but its health check (which touches no disk) keeps passing, so it keeps getting 1 in ${grayHosts.length} tries and queues them.`,
    slo: gameSlo,
    seed: sharedSeed,
    offers: [
      { action: "eject-host", targets: grayHosts },
      { action: "return-host", targets: grayHosts },
      { action: "restart", targets: grayHosts },
      { action: "retries-off" },
      { action: "retries-on" },
      { action: "shed-queue" },
      { action: "shed-priority" },
      { action: "unshed-priority" },
    ],
    reference: grayShared.reference,
    placed: grayPlaced,
    referenceWhy: `The slow host's own latency stands out from the other ${inWords(grayHosts.length - 1)}; taking it out of rotation stops sending it traffic, whatever its health check says.`,
    trap: {
      entry: { at: 125, action: "shed-priority" },
      why: "Users see slow requests, but the fleet has capacity to spare: shedding low-priority traffic fails those requests and does not make one slow host faster.",
    },
    model: { kind: "fleet", build: (seed) => grayFleet(seed) },
  },
];

export function findScenario(id: string): GameScenario | undefined {
  return scenarios.find((s) => s.id === id);
}

/**
 * Seconds from taking an action in this game to its effect, as the model applies it: a
 * scale-out waits for the control plane, which is slower while the game's is impaired (the lost
 * zone); every other action takes its catalogue delay. What the offers, the cards and the
 * countdown of actions under way show.
 */
export function actionDelay(scenario: GameScenario, action: ActionId): number {
  if (action === "scale-out" && scenario.model.kind === "fleet") return scaleOutDelay(controlPlaneImpaired(scenario));
  return actionSpec(action).delay;
}

/**
 * Whether a fleet game's control plane is impaired, read once per scenario from the fleet its
 * model builds (the game worker asks at every frame for each action under way).
 */
const impairedByScenario = new WeakMap<GameScenario, boolean>();
function controlPlaneImpaired(scenario: GameScenario): boolean {
  let impaired = impairedByScenario.get(scenario);
  if (impaired === undefined) {
    impaired = scenario.model.kind === "fleet" && scenario.model.build(scenario.seed).controlPlaneImpaired;
    impairedByScenario.set(scenario, impaired);
  }
  return impaired;
}
