/**
 * The explorer's state: what the controls hold, how it is clamped to what the simulation can
 * do, and how it round-trips through the page URL so a link reproduces a view exactly.
 */
import { readDecimal } from "../../format/decimal.ts";
import { dealCostProblem, shuffleShardLimits } from "../../sim/shuffle-shard.ts";

export interface ExplorerState {
  workers: number;
  /** Workers per customer (k). */
  shard: number;
  customers: number;
  /** Fixed groups, for the fixed-sharding comparison. */
  groups: number;
  seed: number;
  /** Clients retry on the surviving workers of their shard. */
  failover: boolean;
}

/** The chapter's worked example: the seed article's simulation. */
export const defaultState: ExplorerState = {
  workers: 8,
  shard: 2,
  customers: 10_000,
  groups: 4,
  seed: 7,
  failover: true,
};

/** The explorer's share of the one limits object the simulation, the CLI and this widget use. */
export const limits = { ...shuffleShardLimits.page, seed: shuffleShardLimits.seed } as const;

/** URL parameter for each field; short, so shared links stay readable. */
const param = { workers: "n", shard: "k", customers: "c", groups: "g", seed: "seed", failover: "failover" } as const;

function clampInt(value: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * Why the explorer will not deal `state` (too many worker picks for the page's main thread),
 * or undefined. The terminal has the same rule with a larger budget.
 */
export function costProblem(state: ExplorerState): string | undefined {
  const problem = dealCostProblem(state, limits.picks);
  return problem
    ? `${problem}. The page deals at most ${limits.picks.toLocaleString("en")} at once so it stays responsive; npm run sim -- shuffle-shard deals up to ${shuffleShardLimits.picks.toLocaleString("en")}.`
    : undefined;
}

/** Bring any combination of inputs to one the simulation accepts (k <= n, groups <= n). */
export function normalize(input: Partial<ExplorerState>): ExplorerState {
  const workers = clampInt(input.workers ?? NaN, limits.workers.min, limits.workers.max, defaultState.workers);
  return {
    workers,
    shard: clampInt(
      input.shard ?? NaN,
      limits.shard.min,
      Math.min(limits.shard.max, workers),
      Math.min(defaultState.shard, workers),
    ),
    customers: clampInt(input.customers ?? NaN, limits.customers.min, limits.customers.max, defaultState.customers),
    groups: clampInt(input.groups ?? NaN, limits.groups.min, workers, Math.min(defaultState.groups, workers)),
    seed: clampInt(input.seed ?? NaN, limits.seed.min, limits.seed.max, defaultState.seed),
    failover: input.failover ?? defaultState.failover,
  };
}

/** Read the state from a query string; missing or bad values fall back to the defaults. */
export function fromQuery(query: URLSearchParams): ExplorerState {
  const number = (key: string) => (query.has(key) ? readDecimal(query.get(key)!) : undefined);
  const failover = query.get(param.failover);
  return normalize({
    workers: number(param.workers),
    shard: number(param.shard),
    customers: number(param.customers),
    groups: number(param.groups),
    seed: number(param.seed),
    failover: failover === null ? undefined : failover !== "0" && failover !== "off",
  });
}

/** True when the query string names any explorer field (a shared link, not a plain visit). */
export function queryHasState(query: URLSearchParams): boolean {
  return Object.values(param).some((key) => query.has(key));
}

/** Write the state into a query string, leaving unrelated parameters alone. */
export function toQuery(state: ExplorerState, base = new URLSearchParams()): URLSearchParams {
  const query = new URLSearchParams(base);
  query.set(param.workers, String(state.workers));
  query.set(param.shard, String(state.shard));
  query.set(param.customers, String(state.customers));
  query.set(param.groups, String(state.groups));
  query.set(param.seed, String(state.seed));
  query.set(param.failover, state.failover ? "1" : "0");
  return query;
}
