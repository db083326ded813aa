/**
 * Availability arithmetic as interviews ask for it: dependencies in series and in parallel,
 * nines as minutes of downtime, error budgets and burn rates.
 *
 * Every formula assumes the failures it combines are independent. That is the assumption a
 * candidate must say out loud: a bad deploy, a shared config or a region outage fails "parallel"
 * copies together, and then the parallel formula is far too kind.
 */
import { checkNonNegative, checkPositive, checkShare, checkWhole } from "./checks.ts";

export const secondsPerDay = 86_400;

/** A request that needs every one of these parts up: the product of their availabilities. */
export function serial(availabilities: readonly number[]): number {
  availabilities.forEach((a, i) => {
    checkShare(`availability ${i + 1}`, a);
  });
  return availabilities.reduce((product, a) => product * a, 1);
}

/** Any one of these copies is enough: down only when all are down, 1 - product of (1 - a). */
export function parallel(availabilities: readonly number[]): number {
  if (availabilities.length === 0) throw new RangeError("parallel needs at least one copy");
  availabilities.forEach((a, i) => {
    checkShare(`availability ${i + 1}`, a);
  });
  return 1 - availabilities.reduce((product, a) => product * (1 - a), 1);
}

/** `count` dependencies of the same availability in series: a^count (0.999^n). */
export function chain(availability: number, count: number): number {
  checkShare("availability", availability);
  checkWhole("count", count);
  return availability ** count;
}

/** `copies` independent copies of the same availability, any one enough. */
export function redundant(availability: number, copies: number): number {
  checkWhole("copies", copies, 1);
  return parallel(Array.from({ length: copies }, () => availability));
}

/** How many nines an availability has: 0.999 -> 3, 0.9995 -> 3.3. */
export function nines(availability: number): number {
  checkShare("availability", availability);
  return -Math.log10(1 - availability);
}

/** Seconds of downtime an availability target allows over a period of `days`. */
export function allowedDowntimeSeconds(target: number, days: number): number {
  checkShare("target", target);
  checkPositive("days", days);
  return (1 - target) * days * secondsPerDay;
}

/**
 * Burn rate: how fast a window spends the error budget, as a multiple of the rate that would
 * spend exactly the whole budget over the whole period. `badShare` is the share of requests
 * that were bad in the window; the budget allows 1 - target.
 */
export function burnRate(badShare: number, target: number): number {
  checkShare("bad share", badShare);
  checkShare("target", target);
  if (target === 1) throw new RangeError("a target of 100% leaves no error budget to burn");
  return badShare / (1 - target);
}

/** Share of the period's budget spent by burning at `rate` for `windowSeconds`. */
export function budgetSpent(rate: number, windowSeconds: number, periodDays: number): number {
  checkNonNegative("burn rate", rate);
  checkNonNegative("window", windowSeconds);
  checkPositive("period", periodDays);
  return (rate * windowSeconds) / (periodDays * secondsPerDay);
}

/** Seconds until a whole, untouched budget is gone at a constant burn `rate`. */
export function exhaustionSeconds(rate: number, periodDays: number): number {
  checkPositive("burn rate", rate);
  checkPositive("period", periodDays);
  return (periodDays * secondsPerDay) / rate;
}

/** The burn rate at which `windowSeconds` spends `share` of the budget: the threshold of a burn-rate alert. */
export function burnRateFor(share: number, windowSeconds: number, periodDays: number): number {
  checkShare("share of budget", share);
  checkPositive("window", windowSeconds);
  checkPositive("period", periodDays);
  return (share * periodDays * secondsPerDay) / windowSeconds;
}
