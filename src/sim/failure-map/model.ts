/**
 * A failure-domain map: services, the shared resources they draw from, and who calls whom.
 * It is the data behind the map builder and its analysis; the text format (parse.ts) is one
 * way to write it down.
 */

/** The kinds of shared resource a map can hold, as written in the text format. */
export const resourceKinds = {
  pool: "connection pool",
  threads: "thread pool",
  cache: "cache",
  queue: "queue",
} as const;

export type ResourceKind = keyof typeof resourceKinds;

export interface MapService {
  name: string;
  /** Share of user traffic that enters the system here, in any unit; absent for internal services. */
  weight?: number;
  line: number;
}

export interface MapResource {
  name: string;
  kind: ResourceKind;
  /** A client pool dedicated to calls to this service (a bulkhead): its users all depend on that service anyway. */
  dedicatedTo?: string;
  line: number;
}

export interface UseEdge {
  service: string;
  resource: string;
  line: number;
}

export interface CallEdge {
  caller: string;
  callee: string;
  /** The caller degrades gracefully when the callee fails, so the failure stops here. */
  fallback: boolean;
  line: number;
}

/** What a group decided to do about a resource: the worksheet's decisions, carried by the map. */
export const decisionKinds = {
  split: "split it (a bulkhead)",
  protect: "protect it (limits, shedding, budgets)",
  accept: "accept it knowingly",
} as const;

export type DecisionKind = keyof typeof decisionKinds;

/** "decide main-db split: a pool per service; owner Priya; by 15 January": a commitment. */
export interface MapDecision {
  resource: string;
  decision: DecisionKind;
  /** The change, in the group's words. */
  change?: string;
  owner?: string;
  /** By when, as the group wrote it (a date or "next sprint"). */
  by?: string;
  line: number;
}

export interface FailureMap {
  title?: string;
  services: MapService[];
  resources: MapResource[];
  uses: UseEdge[];
  calls: CallEdge[];
  /** The group's decisions, one per resource at most (absent when the map has none). */
  decisions?: MapDecision[];
}
