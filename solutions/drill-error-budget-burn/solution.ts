/** Expected answers for "Drill: error budget and burn rate" (src/sim/reliability). */
import { grouped, percentUpTo, readableShare, rounded, roundToDecimals } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { budgetSpent, burnRate, burnRateFor, exhaustionSeconds } from "../../src/sim/reliability/index.ts";

export interface Params {
  target: number;
  bad: number;
  minutes: number;
  days: number;
}

export function answers({ target, bad, minutes, days }: Params): Record<string, number> {
  const rate = burnRate(bad / 100, target / 100);
  return { rate, spent: budgetSpent(rate, minutes * 60, days), hours: exhaustionSeconds(rate, days) / 3600 };
}

/**
 * The SRE Workbook's two pages ("Alerting on SLOs", https://sre.google/workbook/alerting-on-slos/):
 * 2% of the budget spent in an hour (confirmed by the last 5 minutes), or 5% in six hours
 * (confirmed by the last 30 minutes). Each fires when both windows average its burn rate.
 */
const pages = [
  { name: "fast-burn", share: 0.02, longMinutes: 60, shortMinutes: 5 },
  { name: "slow-burn", share: 0.05, longMinutes: 360, shortMinutes: 30 },
] as const;

/**
 * The minute into the incident at which a page fires, or null if it does not: from an untouched
 * budget, at a steady burn `rate`, the long window's average after t minutes is rate x t / long,
 * and the short window's rate x min(t, short) / short. Once the incident ends the short window
 * empties, so a page that has not fired by then never does.
 */
export function pageMinute(
  rate: number,
  incidentMinutes: number,
  threshold: number,
  longMinutes: number,
  shortMinutes: number,
): number | null {
  if (rate < threshold) return null;
  const t = Math.max((longMinutes * threshold) / rate, (shortMinutes * threshold) / rate);
  return t <= incidentMinutes ? t : null;
}

/** Which Workbook page fires first for this incident, and when (null: neither). */
export function firstPage({ minutes, days }: Params, rate: number) {
  for (const page of pages) {
    const threshold = burnRateFor(page.share, page.longMinutes * 60, days);
    const at = pageMinute(rate, minutes, threshold, page.longMinutes, page.shortMinutes);
    if (at !== null) return { ...page, threshold, at };
  }
  return null;
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { target, bad, minutes, days } = params;
  const a = answers(params);
  const periodMinutes = days * 24 * 60;
  const [fast, slow] = pages.map((p) => ({ ...p, threshold: burnRateFor(p.share, p.longMinutes * 60, days) }));
  const page = firstPage(params, a.rate!);
  const rate = rounded(a.rate!, 3);
  let alert: string;
  if (page?.name === "fast-burn")
    alert = `At ${rate} the fast-burn page fires once the last hour has averaged ${rounded(fast!.threshold, 3)}: ${rounded(page.at, 3)} minutes into the incident, an hour × ${rounded(fast!.threshold, 3)} / ${rate}.`;
  else if (page?.name === "slow-burn")
    alert = `At ${rate} the fast-burn page (an hour averaging ${rounded(fast!.threshold, 3)}) never fires, ${a.rate! < fast!.threshold ? "since the rate is below it" : "since the incident ends first"}; the slow-burn page, ${percentUpTo(slow!.share)} of the budget in six hours (six hours averaging ${rounded(slow!.threshold, 3)}), fires ${rounded(page.at, 3)} minutes in.`;
  else
    alert = `At ${rate} for ${grouped(minutes)} minutes neither page fires: an hour would have to average ${rounded(fast!.threshold, 3)}, or six hours ${rounded(slow!.threshold, 3)}, and the incident ends before either does, though it spent ${readableShare(a.spent!)} of the budget.`;
  return {
    allowance: rounded(1 - target / 100, 3),
    badShare: rounded(bad / 100, 3),
    rate,
    periodMinutes: grouped(periodMinutes),
    spent: `${rounded(a.spent! * 100, 3)}%`,
    incidentShare: readableShare(minutes / periodMinutes),
    periodHours: grouped(days * 24),
    hours: rounded(a.hours!, 3),
    pageShare: percentUpTo(fast!.share),
    alert,
  };
}

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** Another objective and incident; the bad share is always above the allowance, so the rate is above 1. */
export function variant(rand: Random): Params {
  // Not 99%: its allowance of 1% makes the burn rate the error percentage itself.
  const target = pick(rand, [99.5, 99.9, 99.95]);
  const allowance = 100 - target;
  const bad = roundToDecimals(allowance * pick(rand, [2, 4, 5, 10, 20, 50]), 3);
  return { target, bad, minutes: 10 * (1 + Math.floor(rand() * 18)), days: pick(rand, [28, 30]) };
}
