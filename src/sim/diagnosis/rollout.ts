/**
 * A rollout's per-cell error counts at the end of the canary's bake, for a diagnosis. Cell 0 is
 * the canary and runs the new release; the other cells run the old one. The alarm threshold is
 * the canary statistics' (src/sim/canary.ts): the fewest errors a healthy release reaches at most
 * `falseAlarmPct`% of the time. Three situations:
 *   regression   the canary's errors reach the threshold: halt and roll back
 *   noise        the canary is above the baseline's mean but under the threshold: promote
 *   other-cell   the canary is fine, but a cell on the old release is high: not the release
 * Pure and seeded: the seed picks the counts (within each situation's bounds) and the other cell.
 */
import { alarmThreshold, bakeToDetect, type CanaryPlan } from "../canary.ts";
import { mulberry32, randomInt } from "../random.ts";

export const rolloutCases = ["regression", "noise", "other-cell"] as const;
export type RolloutCase = (typeof rolloutCases)[number];

export interface RolloutParams {
  incident: number;
  /** Requests per second across the service, spread evenly over the cells. */
  rate: number;
  cells: number;
  bakeMinutes: number;
  /** The old release's error rate, in percent. */
  baselinePct: number;
  /** The false-alarm rate the alarm is set for, in percent. */
  falseAlarmPct: number;
  /** For the next release's plan: the regression to catch, as an error rate in percent. */
  regressedPct: number;
  seed: number;
}

export function rolloutCase(params: RolloutParams): RolloutCase {
  const c = rolloutCases[params.incident];
  if (c === undefined) throw new RangeError(`incident must be 0 to ${rolloutCases.length - 1}`);
  return c;
}

/** Requests each cell served during the bake. */
export const cellRequests = (p: RolloutParams) => Math.floor((p.rate / p.cells) * p.bakeMinutes * 60);

/** The alarm threshold for one cell's bake. */
export function rolloutThreshold(p: RolloutParams): number {
  return alarmThreshold({
    requests: cellRequests(p),
    baselineErrorRate: p.baselinePct / 100,
    falseAlarm: p.falseAlarmPct / 100,
  });
}

/** The canary cell's plan for the canary statistics: its share of the traffic and the error rates, as fractions. */
export function canaryPlan(p: RolloutParams): CanaryPlan {
  return {
    rate: p.rate,
    share: 1 / p.cells,
    baselineErrorRate: p.baselinePct / 100,
    regressedErrorRate: p.regressedPct / 100,
    falseAlarm: p.falseAlarmPct / 100,
  };
}

/**
 * The first bake, in whole minutes, at which the canary cell's check at the end of the bake
 * catches the regression 90% of the time or more: the shortest that reaches it, not one from which
 * every longer bake does (a bake a little longer may have a threshold one error higher and fall
 * back under 90%: src/sim/canary.ts, bakeToDetect). Null when no bake up to a day reaches it.
 */
export function bakeMinutesToCatch(p: RolloutParams): number | null {
  const choice = bakeToDetect(canaryPlan(p), 0.9, 60, 24 * 3600);
  return choice.bakeSeconds === null ? null : choice.bakeSeconds / 60;
}

export interface RolloutRow {
  cell: number;
  release: "new" | "old";
  requests: number;
  errors: number;
}

export function rolloutTable(p: RolloutParams): { rows: RolloutRow[]; threshold: number; hotCell: number | null } {
  const kind = rolloutCase(p);
  const rand = mulberry32(p.seed);
  const n = cellRequests(p);
  const mean = (n * p.baselinePct) / 100;
  const sd = Math.sqrt(mean * (1 - p.baselinePct / 100));
  const threshold = rolloutThreshold(p);
  // A healthy cell: within about one standard deviation of the mean, and under the threshold.
  const healthy = () => Math.min(threshold - 1, Math.max(0, Math.round(mean + (rand() * 2 - 1) * sd)));
  const hotCell = kind === "other-cell" ? 1 + randomInt(rand, p.cells - 1) : null;
  const rows: RolloutRow[] = [];
  for (let cell = 0; cell < p.cells; cell++) {
    let errors = healthy();
    if (cell === 0 && kind === "regression") errors = threshold + randomInt(rand, Math.max(2, Math.round(2 * sd)));
    if (cell === 0 && kind === "noise") {
      // Above the mean, under the threshold: the reading that tempts a halt.
      const low = Math.ceil(mean + 0.5 * sd);
      errors = Math.min(threshold - 1, low + randomInt(rand, Math.max(1, threshold - low)));
    }
    if (cell === hotCell) errors = threshold + Math.round(sd) + randomInt(rand, Math.max(2, Math.round(sd)));
    rows.push({ cell, release: cell === 0 ? "new" : "old", requests: n, errors });
  }
  return { rows, threshold, hotCell };
}
