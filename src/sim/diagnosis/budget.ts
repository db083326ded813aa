/**
 * A client fleet retrying its calls to pricing, for a diagnosis: `rate` user requests a second,
 * each allowed `retries` retries, pricing failing `failPct`% of calls. Three situations:
 *   no-budget   every failed call is retried, up to the limit: retries add
 *               rate x (expected attempts - 1) calls a second (expectedAttempts in
 *               src/sim/backoff.ts), piling load on a failing service
 *   budget      a retry budget caps retries at `ratioPct`% of requests: it is doing its job, and
 *               the failures are pricing's own problem
 *   blip        few calls fail; the retries they cost are well within any budget
 * The number: how many calls a second a budget of `ratioPct`% would take off pricing now.
 */
import { expectedAttempts } from "../backoff.ts";

export const budgetCases = ["no-budget", "budget", "blip"] as const;
export type BudgetCase = (typeof budgetCases)[number];

export interface BudgetParams {
  incident: number;
  rate: number;
  retries: number;
  /** Pricing's failure rate, in percent (the blip uses a twentieth of it). */
  failPct: number;
  /** The retry budget, as a percentage of requests. */
  ratioPct: number;
}

export function budgetCase(p: BudgetParams): BudgetCase {
  const c = budgetCases[p.incident];
  if (c === undefined) throw new RangeError(`incident must be 0 to ${budgetCases.length - 1}`);
  return c;
}

export interface BudgetNow {
  requests: number;
  /** Share of calls failing. */
  failing: number;
  /** Retries sent a second. */
  retries: number;
  /** Calls reaching pricing a second. */
  calls: number;
}

/** The steady state: retries as the policy sends them (capped by the budget where there is one). */
export function budgetNow(p: BudgetParams): BudgetNow {
  const kind = budgetCase(p);
  const failing = (kind === "blip" ? p.failPct / 20 : p.failPct) / 100;
  const uncapped = p.rate * (expectedAttempts(p.retries, failing) - 1);
  const retries = kind === "budget" ? Math.min(uncapped, (p.rate * p.ratioPct) / 100) : uncapped;
  return { requests: p.rate, failing, retries, calls: p.rate + retries };
}

/** Calls a second a budget of ratioPct% would take off pricing now: the retries above the cap. */
export function budgetCut(p: BudgetParams): number {
  const now = budgetNow(p);
  return Math.max(0, now.retries - (p.rate * p.ratioPct) / 100);
}
