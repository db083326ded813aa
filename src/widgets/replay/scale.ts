/**
 * The value axis of a replay chart: its range and its ticks, one rule for the static charts
 * (svg.ts, drawn at build time) and the live ones (charts.ts, uPlot) alike, so a live chart that
 * replaces a static one draws the same axis. A pair of charts, the same metric in the naive run and
 * the defended one, shares one scale, computed from both runs' data: side by side (or switched
 * between on a phone) their heights compare.
 */
import { chartViews, type ChartView, type RunView } from "./view.ts";

export interface ValueScale {
  min: number;
  max: number;
  /** Where the axis is labelled (and the grid drawn), from the bottom up. */
  ticks: number[];
  /** Logarithmic (latency): the range runs from one power of ten to another. */
  log: boolean;
}

/** The most steps between two ticks of a linear axis: five labels at most, 25 px apart on the chapter's 100 px plot. */
const maxSteps = 4;

/** One tick at each power of ten from `min` to `max` (uPlot's default draws nine a decade); the game day's charts draw theirs so too. */
export function decades(min: number, max: number): number[] {
  const out: number[] = [];
  for (let p = Math.floor(Math.log10(Math.max(min, 1e-3))); 10 ** p <= max * 1.0001; p++)
    if (10 ** p >= min * 0.9999) out.push(10 ** p);
  return out.length ? out : [min, max];
}

/** Whether `a` sorts before `b`, element by element. */
const before = (a: number[], b: number[]): boolean => {
  const i = a.findIndex((x, k) => x !== b[k]);
  return i >= 0 && a[i]! < b[i]!;
};

/**
 * A linear axis from 0 reaching at least `top`: ticks a whole number of 1, 2, 2.5 or 5 times a power
 * of ten apart (every quantity drawn here is counted, so no step under 1): the lowest top that two
 * to four steps reach, and of the steps that reach it the fewest (10 549 waiting: 0, 5k, 10k, 15k;
 * 562 tries: 0, 200, 400, 600; 20 connections: 0, 10, 20; 24: 0, 10, 20, 30). A single step, 0
 * and the top, only where no more will do: a top of 1.
 */
export function linearTicks(top: number): number[] {
  const reach = Math.max(1, top);
  let best: { top: number; n: number; step: number } | null = null;
  for (let p = 0; 10 ** p <= reach; p++)
    for (const m of [1, 2, 2.5, 5, 10]) {
      const step = m * 10 ** p;
      if (!Number.isInteger(step)) continue;
      const n = Math.ceil(reach / step - 1e-9);
      if (n > maxSteps) continue;
      // One step (no tick between 0 and the top) only where no more will do: a top of 1.
      const rank = (c: { top: number; n: number }) => [c.n === 1 ? 1 : 0, c.top, c.n];
      const candidate = { top: n * step, n, step };
      if (!best || before(rank(candidate), rank(best))) best = candidate;
    }
  const { n, step } = best!;
  return Array.from({ length: n + 1 }, (_, i) => i * step);
}

/**
 * The scale of one metric's charts, `views` (the same chart, `ChartView.id`, of each run drawn):
 * a fixed range where the quantity has one (a share: 0 to 100%), a log axis from the power of ten
 * at or under the lowest value to the one at or over the highest, or else 0 to the linear ticks'
 * top over the highest value of every series of every view.
 */
export function valueScale(views: readonly ChartView[]): ValueScale {
  const first = views[0]!;
  const values = views.flatMap((v) => v.series.flatMap((s) => s.values.filter((x): x is number => x !== null)));
  if (first.range) {
    const [min, max] = first.range;
    return { min, max, ticks: linearTicks(max - min).map((t) => min + t), log: false };
  }
  if (first.log) {
    const positive = values.filter((v) => v > 0);
    // Without a value: one decade, 10 ms to 100 ms, as a quiet service's latency.
    const low = positive.length ? 10 ** Math.floor(Math.log10(Math.min(...positive))) : 10;
    const high = positive.length ? 10 ** Math.ceil(Math.log10(Math.max(...positive))) : 100;
    const max = high > low ? high : low * 10;
    return { min: low, max, ticks: decades(low, max), log: true };
  }
  const ticks = linearTicks(Math.max(0, ...values));
  return { min: 0, max: ticks.at(-1)!, ticks, log: false };
}

/** Every chart's scale, by chart id, shared by the runs drawn (the naive run and the defended one). */
export function sharedScales(runs: readonly RunView[]): Record<string, ValueScale> {
  const views = runs.map((run) => chartViews(run));
  return Object.fromEntries(
    (views[0] ?? []).map((view) => [view.id, valueScale(views.map((vs) => vs.find((v) => v.id === view.id)!))]),
  );
}
