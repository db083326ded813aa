/**
 * What fails when a shared resource saturates. Every service that draws from it fails
 * directly; every service that calls a failing service fails too (unless that call has a
 * fallback), and so on up the call graph. Cycles are fine: each service is visited once.
 */
import type { FailureMap, MapResource } from "./model.ts";

export interface FailingService {
  name: string;
  /** "direct": draws from the resource; "call": calls a failing service. */
  cause: "direct" | "call";
  /** For "call": the failing service it calls (the first one found, so the chain is a shortest one). */
  via?: string;
}

export interface ResourceImpact {
  resource: string;
  kind: MapResource["kind"];
  /** Services that draw from the resource, in map order. */
  direct: string[];
  /** Every failing service, in map order, with why it fails. */
  failing: FailingService[];
  /** Services that keep working, in map order. */
  spared: string[];
  /** failing / all services. */
  serviceShare: number;
  /** Failing weight / all weight, when the map gives weights; otherwise null. */
  trafficShare: number | null;
  /** Groups of direct users with no call path between groups: more than one group means unrelated services share fate here. */
  userGroups: string[][];
  /** True when the resource is shared by otherwise unrelated services (userGroups.length > 1). */
  sharedByUnrelated: boolean;
}

export interface MapAnalysis {
  services: number;
  /** Whether any service has a weight (traffic shares are then given). */
  weighted: boolean;
  impacts: ResourceImpact[];
  /** Resources shared by otherwise unrelated services, in map order. */
  flagged: string[];
}

/** Callers of each service whose failure they cannot absorb (calls without fallback). */
function callersOf(map: FailureMap): Map<string, string[]> {
  const callers = new Map<string, string[]>(map.services.map((s) => [s.name, []]));
  for (const c of map.calls) if (!c.fallback) callers.get(c.callee)?.push(c.caller);
  return callers;
}

/** Services reachable from each service by calls (any call, fallback or not), excluding itself unless on a cycle. */
function reachability(map: FailureMap): Map<string, Set<string>> {
  const callees = new Map<string, string[]>(map.services.map((s) => [s.name, []]));
  for (const c of map.calls) callees.get(c.caller)?.push(c.callee);
  const reach = new Map<string, Set<string>>();
  for (const s of map.services) {
    const seen = new Set<string>();
    const stack = [...(callees.get(s.name) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(callees.get(next) ?? []));
    }
    reach.set(s.name, seen);
  }
  return reach;
}

/**
 * Everything that fails when `start` services fail: breadth first up the callers, so each
 * "via" is the nearest failing callee. Used for resources (start = direct users) and for a
 * failing service on its own.
 */
export function failingWith(map: FailureMap, start: readonly string[]): FailingService[] {
  const callers = callersOf(map);
  const found = new Map<string, FailingService>();
  const queue: string[] = [];
  for (const name of start) {
    if (found.has(name)) continue;
    found.set(name, { name, cause: "direct" });
    queue.push(name);
  }
  for (let i = 0; i < queue.length; i++) {
    const failed = queue[i]!;
    for (const caller of callers.get(failed) ?? []) {
      if (found.has(caller)) continue;
      found.set(caller, { name: caller, cause: "call", via: failed });
      queue.push(caller);
    }
  }
  // Report in map order, which is the order a reader wrote and reads the services.
  return map.services.flatMap((s) => found.get(s.name) ?? []);
}

/** Split `users` into groups where members are related: one reaches the other by calls, or both reach the service the resource is dedicated to. */
function relatedGroups(users: string[], reach: Map<string, Set<string>>, dedicatedTo: string | undefined): string[][] {
  const related = (a: string, b: string) =>
    reach.get(a)!.has(b) ||
    reach.get(b)!.has(a) ||
    (dedicatedTo !== undefined &&
      (a === dedicatedTo || reach.get(a)!.has(dedicatedTo)) &&
      (b === dedicatedTo || reach.get(b)!.has(dedicatedTo)));
  const groups: string[][] = [];
  for (const user of users) {
    // Join every existing group that holds a relative (union of groups, kept in first-seen order).
    const joined = [...new Set(groups.flatMap((g, i) => (g.some((m) => related(m, user)) ? [i] : [])))];
    if (joined.length === 0) {
      groups.push([user]);
      continue;
    }
    const target = groups[joined[0]!]!;
    target.push(user);
    for (const i of joined.slice(1).reverse()) {
      target.push(...groups[i]!);
      groups.splice(i, 1);
    }
  }
  const order = new Map(users.map((u, i) => [u, i]));
  return groups.map((g) => g.sort((a, b) => order.get(a)! - order.get(b)!));
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

export function saturateResource(
  map: FailureMap,
  resource: string,
  reach: Map<string, Set<string>> = reachability(map),
): ResourceImpact {
  const found = map.resources.find((r) => r.name === resource);
  if (!found) throw new RangeError(`no resource named "${resource}" in the map`);
  const usersSet = new Set(map.uses.filter((u) => u.resource === resource).map((u) => u.service));
  const direct = map.services.map((s) => s.name).filter((name) => usersSet.has(name));
  const failing = failingWith(map, direct);
  const failingNames = new Set(failing.map((f) => f.name));
  const weighted = map.services.some((s) => s.weight !== undefined);
  const weightOf = (name: string) => map.services.find((s) => s.name === name)?.weight ?? 0;
  const totalWeight = map.services.reduce((sum, s) => sum + (s.weight ?? 0), 0);
  const userGroups = relatedGroups(direct, reach, found.dedicatedTo);
  return {
    resource,
    kind: found.kind,
    direct,
    failing,
    spared: map.services.map((s) => s.name).filter((name) => !failingNames.has(name)),
    serviceShare: share(failing.length, map.services.length),
    // Weights that add up to nothing say nothing about traffic (0 of 0 is not 0%): the share of
    // services stands alone then, as for a map without weights.
    trafficShare:
      weighted && totalWeight > 0
        ? share(
            failing.reduce((sum, f) => sum + weightOf(f.name), 0),
            totalWeight,
          )
        : null,
    userGroups,
    sharedByUnrelated: userGroups.length > 1,
  };
}

export function analyseFailureMap(map: FailureMap): MapAnalysis {
  const reach = reachability(map);
  const impacts = map.resources.map((r) => saturateResource(map, r.name, reach));
  return {
    services: map.services.length,
    weighted: map.services.some((s) => s.weight !== undefined),
    impacts,
    flagged: impacts.filter((i) => i.sharedByUnrelated).map((i) => i.resource),
  };
}
