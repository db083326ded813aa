/**
 * What an operator can do in a game day: each action as a real on-call engineer has it, with
 * how long it takes to act and what it costs. A scenario offers the actions that make sense for
 * its system (and the components each one may target); the models read the delays from here,
 * so the catalogue the page and the cards show is the one the simulation obeys.
 */
import { percentUpTo } from "../../format/number.ts";
import { capitalised, halfMinutesInWords } from "./spoken.ts";

/** What an action is aimed at; `null` for actions on the whole system. */
export type TargetKind = "service" | "host" | "cell" | "zone" | "tenant" | null;

export interface ActionSpec {
  /** Stable name, used in action logs: "retries-off". */
  id: string;
  /** Two letters, used in result codes. */
  code: string;
  /** What the button says. */
  label: string;
  target: TargetKind;
  /**
   * The action done to one target, in the log, the feed and the debrief, where the button's words
   * with the target after a colon do not read as English; without it, "Drain a cell: cell-2".
   */
  onTarget?: (target: string) => string;
  /** What it does, in one sentence. */
  does: string;
  /** Seconds from the click until it takes effect (a flag propagating, a config push, a start-up). */
  delay: number;
  /**
   * What it waits for before it takes effect, when that is not a delay but another event (the
   * platform's next restart, for a pool sized at start-up): the acknowledgement, the actions
   * under way and the debrief say so.
   */
  waitsFor?: string;
  /** What it costs, in one sentence: the price a real operator weighs. */
  cost: string;
  /** The chapter that explains why it works (or does not). */
  chapter: string;
}

/** Seconds a restarted service or host spends starting, refusing work. */
export const startupSeconds = 30;
/** Hosts added by one scale-out. */
export const scaleOutHosts = 4;
/** Seconds a scale-out takes with a healthy control plane, and while it is impaired. */
export const scaleOutSeconds = { healthy: 120, impaired: 300 } as const;

/** The one rule for how long a scale-out takes: the fleet applies it, and the pages show it. */
export function scaleOutDelay(controlPlaneImpaired: boolean): number {
  return controlPlaneImpaired ? scaleOutSeconds.impaired : scaleOutSeconds.healthy;
}
/** Seconds a config push takes to reach every client (a retry budget, jitter). */
export const configPushSeconds = 60;
/** Seconds to write an edge rule for the signature in the crash dumps and push it. */
export const edgeRuleSeconds = 60;
/** Seconds one wave's rollback takes: a deploy of its own. */
export const rollbackSeconds = 90;
/** Seconds to copy a tenant's data to another cell before its mapping flips. */
export const cellCopySeconds = 180;

/** Share of requests a retry budget lets be retries, over its window (the SRE book's per-client 10%). */
export const retryBudgetRatio = 0.1;
/** The retry budget's window, in seconds. */
export const retryBudgetWindowSeconds = 10;

export const actionCatalogue = [
  {
    id: "retries-off",
    code: "ro",
    label: "Turn client retries off",
    target: null,
    does: "Flips the feature flag that makes clients (and services) retry: every try becomes a last try.",
    delay: 15,
    cost: "A request that fails once now fails for its user, even when a retry would have worked.",
    chapter: "timeouts-retries-backoff",
  },
  {
    id: "retries-on",
    code: "rn",
    label: "Turn client retries back on",
    target: null,
    does: "Flips the retry flag back.",
    delay: 15,
    cost: "Retries add load again; if the cause is still there, they can restart the storm.",
    chapter: "timeouts-retries-backoff",
  },
  {
    id: "retry-budget",
    code: "rb",
    label: "Set a retry budget",
    target: null,
    does: `Pushes a retry budget to every client: retries may be at most ${percentUpTo(retryBudgetRatio, 2)} of requests over a ${retryBudgetWindowSeconds} s window.`,
    delay: configPushSeconds,
    cost: `A config push: ${halfMinutesInWords(configPushSeconds)} before every client has it; a request refused a retry fails.`,
    chapter: "retry-budgets",
  },
  {
    id: "jitter-on",
    code: "ji",
    label: "Add jitter to retries",
    target: null,
    does: "Pushes full jitter to every client: each retry waits a random time up to its backoff instead of the same fixed delay.",
    delay: configPushSeconds,
    cost: `A config push: ${halfMinutesInWords(configPushSeconds)} before every client has it; the same number of retries still arrives, only spread out.`,
    chapter: "timeouts-retries-backoff",
  },
  {
    id: "shed-queue",
    code: "sq",
    label: "Bound the wait queue (load shedding)",
    target: null,
    does: "Pushes a short queue limit: a request that would wait behind a full queue is refused at once.",
    delay: 30,
    cost: "Refused requests fail for their users, cheaply and at once, instead of waiting to time out.",
    chapter: "load-shedding",
  },
  {
    id: "shed-priority",
    code: "sp",
    label: "Shed low-priority traffic",
    target: null,
    does: "An edge rule refuses requests marked low priority (prefetches, recommendations, batch).",
    delay: 15,
    cost: "Every low-priority request fails for its user while the rule is on.",
    chapter: "load-shedding",
  },
  {
    id: "unshed-priority",
    code: "su",
    label: "Stop shedding low-priority traffic",
    target: null,
    does: "Removes the edge rule that refuses low-priority requests.",
    delay: 15,
    cost: "Their load comes back; make sure there is capacity for it.",
    chapter: "load-shedding",
  },
  {
    id: "filter-request",
    code: "fr",
    label: "Drop the crashing request at the edge",
    target: null,
    does: "Pushes an edge rule that refuses requests matching the signature in the crash dumps, and only those.",
    delay: edgeRuleSeconds,
    cost: `${capitalised(halfMinutesInWords(edgeRuleSeconds))} to write and push the rule; the requests it matches fail (they were crashing workers anyway).`,
    chapter: "failure-modes",
  },
  {
    id: "block-tenant",
    code: "bt",
    label: "Block a tenant",
    target: "tenant",
    does: "An edge rule refuses every request of one tenant.",
    delay: 15,
    cost: "Every request of that tenant fails while it is blocked.",
    chapter: "shuffle-sharding",
  },
  {
    id: "unblock-tenant",
    code: "ut",
    label: "Unblock a tenant",
    target: "tenant",
    does: "Removes a tenant's block.",
    delay: 15,
    cost: "If its requests still carry the poison, they crash workers again.",
    chapter: "shuffle-sharding",
  },
  {
    id: "restart",
    code: "rs",
    label: "Restart",
    target: "service",
    does: "Restarts a service: everything queued on it and in flight is dropped, and it starts fresh.",
    delay: 0,
    cost: `It refuses all work for ${startupSeconds} s while it starts.`,
    chapter: "load-shedding",
  },
  {
    id: "grow-pool",
    code: "gp",
    label: "Grow the connection pool (at the next restart)",
    target: null,
    does: "Doubles the shared connection pool. In this game the platform sizes its pool when it starts, so the change takes effect at its next restart.",
    delay: 0,
    waitsFor: "the platform's next restart",
    cost: "Nothing until the restart; then more connections also means more concurrent load on the dependency.",
    chapter: "bulkheads",
  },
  {
    id: "breaker-open",
    code: "bo",
    label: "Force the circuit breaker open",
    target: "service",
    does: "Forces a service's circuit breaker to the dependency open: its calls fail fast without waiting.",
    delay: 10,
    cost: "Every request of that service fails while the breaker is forced open.",
    chapter: "circuit-breakers",
  },
  {
    id: "breaker-closed",
    code: "bc",
    label: "Force the circuit breaker closed",
    target: "service",
    does: "Forces a service's circuit breaker closed: every call goes through to the dependency.",
    delay: 10,
    cost: "Nothing protects the caller if the dependency is still slow.",
    chapter: "circuit-breakers",
  },
  {
    id: "halt-rollout",
    code: "hr",
    label: "Halt the rollout",
    target: null,
    does: "Pauses the deployment pipeline: no further wave starts.",
    delay: 10,
    cost: "Cells that already run the release keep it until they are rolled back.",
    chapter: "deploys-and-correlated-failure",
  },
  {
    id: "rollback-wave",
    code: "rw",
    label: "Roll back the latest wave",
    target: null,
    does: "Redeploys the previous release to the most recent wave that still runs the new one.",
    delay: rollbackSeconds,
    cost: `A deploy of its own: ${halfMinutesInWords(rollbackSeconds)} per wave, one wave at a time.`,
    chapter: "deploys-and-correlated-failure",
  },
  {
    id: "move-tenant",
    code: "mt",
    label: "Move a tenant to another cell",
    target: "tenant",
    does: "Copies the tenant's data to the emptiest healthy cell and flips its mapping (a control-plane change).",
    delay: cellCopySeconds,
    cost: `${capitalised(halfMinutesInWords(cellCopySeconds))} of copying; the tenant's requests keep going to its old cell until the flip.`,
    chapter: "cells",
  },
  {
    id: "drain-cell",
    code: "dc",
    label: "Drain a cell",
    target: "cell",
    does: "Moves every tenant of a cell to the other cells, spread over the emptiest ones (a control-plane change).",
    delay: cellCopySeconds,
    cost: `${capitalised(halfMinutesInWords(cellCopySeconds))} of copying; the other cells take on its load.`,
    chapter: "cells",
  },
  {
    id: "eject-host",
    code: "eh",
    label: "Eject a host from the load balancer",
    target: "host",
    does: "Takes one host out of the load balancer's rotation, whatever its health check says.",
    delay: 10,
    cost: "One host less of capacity: the others take its share.",
    chapter: "failure-modes",
  },
  {
    id: "return-host",
    code: "rh",
    label: "Return a host to the load balancer",
    target: "host",
    does: "Puts an ejected host back in rotation.",
    delay: 10,
    cost: "If it is still sick, its share of requests suffers again.",
    chapter: "failure-modes",
  },
  {
    id: "failover-zone",
    code: "fz",
    label: "Fail the database over out of a zone",
    target: "zone",
    onTarget: (zone: string) => `Fail the database over, out of ${zone}`,
    does: "Promotes the database replica in another zone to primary (a data-plane operation: no launches needed).",
    delay: 90,
    cost: "Writes keep failing until the promotion completes.",
    chapter: "static-stability",
  },
  {
    id: "scale-out",
    code: "so",
    label: `Scale out (+${scaleOutHosts} hosts)`,
    target: null,
    does: `Asks the control plane to launch ${scaleOutHosts} more hosts, spread over the zones that are up.`,
    delay: scaleOutSeconds.healthy,
    cost: `${scaleOutSeconds.healthy / 60} minutes with a healthy control plane, ${scaleOutSeconds.impaired / 60} while it is impaired: launching is a control-plane operation.`,
    chapter: "static-stability",
  },
] as const satisfies readonly ActionSpec[];

export type ActionId = (typeof actionCatalogue)[number]["id"];

export const actionIds: readonly ActionId[] = actionCatalogue.map((a) => a.id);

export function actionSpec(id: ActionId): ActionSpec {
  return actionCatalogue.find((a) => a.id === id)!;
}

export function isActionId(id: string): id is ActionId {
  return (actionIds as readonly string[]).includes(id);
}
