/**
 * A service's dashboard, minute by minute, for diagnosis exercises: a front end with a pool of
 * `workers`, where every request holds a worker for its own `cpuMs` and, for the share
 * `dependencyShare` that calls the dependency (recommendations, say), for the dependency's
 * latency too. Steady states follow Little's law (workers busy = arrivals x time each is held);
 * when demand exceeds the pool, what is served is what the pool can turn over, and the rest
 * wait in the queue until they time out.
 *
 * Three incidents look alike at first glance (success falls, the pool is full or not) and call
 * for different defences:
 *   slow-dependency    the dependency's latency grows `factor` times; arrivals as before
 *   overload           arrivals grow `factor` times; the dependency as before
 *   dependency-errors  the dependency answers a share of its calls with a fast error
 *
 * Pure and seeded: the seed picks the minute the incident starts and the small wobble of the
 * minutes before it; the steady state after it is exact, so a learner can read the numbers off.
 */
import { mulberry32 } from "../random.ts";

export const dashboardCases = ["slow-dependency", "overload", "dependency-errors"] as const;
export type DashboardCase = (typeof dashboardCases)[number];

export interface DashboardParams {
  /** Index into dashboardCases. */
  incident: number;
  /** Requests arriving per second before the incident. */
  rate: number;
  /** The front end's worker pool, all instances together. */
  workers: number;
  /** Each request's own processing time, in milliseconds. */
  cpuMs: number;
  /** The share of requests that call the dependency (the rest never do). */
  dependencyShare: number;
  /** The dependency's latency before the incident, in milliseconds. */
  dependencyMs: number;
  /** How much worse: latency times (slow-dependency), arrivals times (overload), or the dependency's error share in percent (dependency-errors). */
  factor: number;
  /** The workers a bulkhead reserves for the dependency's calls (they fail fast when it is full). */
  bulkhead: number;
  seed: number;
}

/** How long a failed dependency call takes to come back (a fast error), in milliseconds. */
export const fastErrorMs = 5;
/** The minutes the dashboard shows. */
export const dashboardMinutes = 12;

export interface SteadyState {
  /** Requests arriving per second. */
  arrivals: number;
  /** The dependency's median latency, in milliseconds (fast errors included). */
  dependencyMs: number;
  /** The share of the dependency's calls that fail (errors, not slowness). */
  dependencyErrors: number;
  /** Workers the traffic needs by Little's law (may exceed the pool). */
  demand: number;
  /** Workers busy: the demand, capped at the pool. */
  busy: number;
  /** The share of arriving requests answered successfully. */
  success: number;
}

export function dashboardCase(params: DashboardParams): DashboardCase {
  const c = dashboardCases[params.incident];
  if (c === undefined) throw new RangeError(`incident must be 0 to ${dashboardCases.length - 1}`);
  return c;
}

/** The steady state before the incident (`during` false) or after it. */
export function steadyState(params: DashboardParams, during: boolean): SteadyState {
  const kind = dashboardCase(params);
  const { workers, cpuMs, dependencyShare: f } = params;
  const arrivals = during && kind === "overload" ? params.rate * params.factor : params.rate;
  const slow = during && kind === "slow-dependency" ? params.dependencyMs * params.factor : params.dependencyMs;
  const errors = during && kind === "dependency-errors" ? params.factor / 100 : 0;
  // A dependency call takes `slow` when it works and a fast error's time when it fails.
  const callMs = (1 - errors) * slow + errors * fastErrorMs;
  const heldMs = cpuMs + f * callMs;
  const demand = (arrivals * heldMs) / 1000;
  const busy = Math.min(demand, workers);
  // Served per second: all of it under the pool; what the pool turns over when it is full.
  const served = demand <= workers ? arrivals : (workers * 1000) / heldMs;
  const success = (served / arrivals) * (1 - f * errors);
  return { arrivals, dependencyMs: errors > 0.5 ? fastErrorMs : slow, dependencyErrors: errors, demand, busy, success };
}

/**
 * The defence that fits, and its cost as the share of arriving requests it refuses or fails fast
 * in the steady state it reaches:
 *   slow-dependency    a timeout and a bulkhead of `bulkhead` workers for the dependency's calls:
 *                      the other requests are served; of the dependency's calls, what the bulkhead
 *                      turns over at the slow latency is served and the rest fail fast
 *   overload           load shedding: accept what the pool can turn over, refuse the rest at once
 *   dependency-errors  a circuit breaker with a fallback (the page without recommendations):
 *                      nothing is refused
 */
export function defenceCost(params: DashboardParams): number {
  const kind = dashboardCase(params);
  const during = steadyState(params, true);
  const f = params.dependencyShare;
  if (kind === "slow-dependency") {
    const heldMs = params.cpuMs + during.dependencyMs;
    const carried = (params.bulkhead * 1000) / heldMs;
    const wanted = f * during.arrivals;
    return wanted <= carried ? 0 : (wanted - carried) / during.arrivals;
  }
  if (kind === "overload") {
    const heldMs = params.cpuMs + f * params.dependencyMs;
    const capacity = (params.workers * 1000) / heldMs;
    return Math.max(0, 1 - capacity / during.arrivals);
  }
  return 0;
}

export interface DashboardMinute {
  minute: number;
  arrivals: number;
  dependencyMs: number;
  busy: number;
  /** Success in percent, one decimal. */
  success: number;
  /** The dependency's calls failing, in percent, one decimal. */
  dependencyErrors: number;
}

/** The minute the incident starts (3 to 5), from the seed. */
export function incidentStart(params: DashboardParams): number {
  return 3 + Math.floor(mulberry32(params.seed)() * 3);
}

/**
 * The dashboard's minutes: before the incident, arrivals wobble by up to 2% (the busy workers
 * follow them); from the minute after it starts, the exact steady state. The starting minute
 * itself shows halfway between the two.
 */
export function dashboard(params: DashboardParams): DashboardMinute[] {
  const rand = mulberry32(params.seed + 1);
  const start = incidentStart(params);
  const before = steadyState(params, false);
  const after = steadyState(params, true);
  const out: DashboardMinute[] = [];
  for (let minute = 0; minute < dashboardMinutes; minute++) {
    let s: SteadyState;
    if (minute < start) {
      const wobble = 1 + (rand() - 0.5) * 0.04;
      s = { ...before, arrivals: before.arrivals * wobble, busy: before.busy * wobble };
    } else if (minute === start) {
      const mid = (a: number, b: number) => (a + b) / 2;
      s = {
        ...after,
        arrivals: mid(before.arrivals, after.arrivals),
        dependencyMs: mid(before.dependencyMs, after.dependencyMs),
        busy: mid(before.busy, after.busy),
        success: mid(before.success, after.success),
        dependencyErrors: mid(before.dependencyErrors, after.dependencyErrors),
      };
    } else {
      s = after;
    }
    out.push({
      minute,
      arrivals: Math.round(s.arrivals),
      dependencyMs: Math.round(s.dependencyMs),
      busy: Math.round(s.busy),
      success: Math.round(s.success * 1000) / 10,
      dependencyErrors: Math.round(s.dependencyErrors * 1000) / 10,
    });
  }
  return out;
}
