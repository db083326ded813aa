/**
 * A game day's score: what users felt, computed from every request by its tenant and the
 * second it arrived (a pure function of the run, so of scenario, seed and action log).
 *
 * - Tenant-minutes of failed or too-slow requests: for each tenant and each second, the share
 *   of its requests that were bad, summed and divided by 60. A tenant whose every request failed
 *   for a minute costs one tenant-minute; one that lost one request in ten for ten minutes costs
 *   one too. Lower is better; it is what the results board ranks by.
 * - Tenants affected: those that, in at least one whole minute of the game, had more than
 *   `hurtingShare` of their requests bad.
 * - Error budget consumed: bad requests as a share of the whole period's budget.
 * - Time to mitigate: from the fault until users as a whole were back under `hurtingShare` bad
 *   (over every `recentSeconds`-second window) for good; null when that never happened with at
 *   least a minute of the game left to show it, and 0 when they never went over the line at all.
 */
import { round } from "../retry-storm/metrics.ts";
import { budgetRequests, type Slo } from "./slo.ts";
import { hurtingShare, recentSeconds } from "./telemetry.ts";

export interface Score {
  tenantMinutes: number;
  tenantsAffected: number;
  tenants: number;
  requests: number;
  badRequests: number;
  /** Share of the period's error budget these bad requests spent. */
  budgetConsumed: number;
  /** When users were back for good (seconds since the start), or null. */
  mitigatedAt: number | null;
  /** mitigatedAt minus the fault's start, or null. */
  timeToMitigate: number | null;
  /** Whether users as a whole ever went over the line, and whether they were back in time to show it. */
  mitigation: "never over the line" | "mitigated" | "not mitigated";
}

/** Seconds of clean traffic at the end of the game that a mitigation must show. */
export const mitigationProof = 60;

export interface ScoreInput {
  tenants: number;
  seconds: number;
  /** tenant x seconds + second: requests that arrived, and those that ended bad. */
  arrived: Int32Array;
  bad: Int32Array;
  slo: Slo;
  baselineRate: number;
  /** When the fault begins (seconds since the start). */
  faultAt: number;
}

export function scoreRun({ tenants, seconds, arrived, bad, slo, baselineRate, faultAt }: ScoreInput): Score {
  let tenantSeconds = 0;
  let requests = 0;
  let badRequests = 0;
  let affected = 0;
  const systemArrived = new Float64Array(seconds);
  const systemBad = new Float64Array(seconds);
  for (let t = 0; t < tenants; t++) {
    let hurt = false;
    for (let minute = 0; minute * 60 < seconds; minute++) {
      let inMinute = 0;
      let badInMinute = 0;
      for (let s = minute * 60; s < Math.min(seconds, minute * 60 + 60); s++) {
        const n = arrived[t * seconds + s]!;
        const b = bad[t * seconds + s]!;
        if (n > 0) tenantSeconds += b / n;
        inMinute += n;
        badInMinute += b;
        systemArrived[s]! += n;
        systemBad[s]! += b;
      }
      requests += inMinute;
      badRequests += badInMinute;
      if (inMinute > 0 && badInMinute / inMinute > hurtingShare) hurt = true;
    }
    if (hurt) affected++;
  }
  // The last window (of recentSeconds, ending at some second from the fault on) that was over the line.
  let lastBad = -1;
  let windowArrived = 0;
  let windowBad = 0;
  for (let s = 0; s < seconds; s++) {
    windowArrived += systemArrived[s]!;
    windowBad += systemBad[s]!;
    if (s >= recentSeconds) {
      windowArrived -= systemArrived[s - recentSeconds]!;
      windowBad -= systemBad[s - recentSeconds]!;
    }
    if (s >= faultAt && windowArrived > 0 && windowBad / windowArrived > hurtingShare) lastBad = s;
  }
  const mitigatedAt = lastBad < 0 ? faultAt : lastBad + 1;
  const mitigated = mitigatedAt <= seconds - mitigationProof;
  return {
    tenantMinutes: round(tenantSeconds / 60, 3),
    tenantsAffected: affected,
    tenants,
    requests,
    badRequests,
    budgetConsumed: round(badRequests / budgetRequests(slo, baselineRate), 5),
    mitigatedAt: mitigated ? mitigatedAt : null,
    timeToMitigate: mitigated ? Math.max(0, mitigatedAt - faultAt) : null,
    mitigation: lastBad < 0 ? "never over the line" : mitigated ? "mitigated" : "not mitigated",
  };
}

/** Order for a results board: fewer tenant-minutes first, then less budget, then faster mitigation. */
export function compareScores(a: Score, b: Score): number {
  const mitigation = (s: Score) => s.timeToMitigate ?? Number.MAX_SAFE_INTEGER;
  return a.tenantMinutes - b.tenantMinutes || a.budgetConsumed - b.budgetConsumed || mitigation(a) - mitigation(b);
}
