import { describe, expect, test } from "vitest";
import { liveValueAxis } from "./charts.ts";
import { linearTicks, sharedScales, valueScale } from "./scale.ts";
import { serverRuns, staticCharts } from "./server.ts";
import { normalizeState } from "./state.ts";
import { chartSvg } from "./svg.ts";
import { chartViews, runName, type ChartView, type RunView } from "./view.ts";

/** A static chart's value-axis labels, from the top down, as the page shows them. */
const staticLabels = (svg: string) => [...svg.matchAll(/text-anchor="end">([^<]*)</g)].map((m) => m[1]!);

/** What a live chart's value axis labels, from the top down: its splits, written by its `values`. */
const liveLabels = (view: ChartView, scales: ReturnType<typeof sharedScales>) => {
  const axis = liveValueAxis(view, () => scales[view.id]!);
  return axis.values(null, axis.splits()).reverse();
};

const highest = (view: ChartView) =>
  Math.max(...view.series.flatMap((s) => s.values.filter((v): v is number => v !== null)));

describe("linearTicks: a linear axis's ticks, two to four steps from 0 to the lowest top they reach", () => {
  test("the runs' own highest values", () => {
    expect(linearTicks(10_549)).toEqual([0, 5000, 10_000, 15_000]);
    expect(linearTicks(562)).toEqual([0, 200, 400, 600]);
    expect(linearTicks(132)).toEqual([0, 50, 100, 150]);
    expect(linearTicks(20)).toEqual([0, 10, 20]);
    expect(linearTicks(24)).toEqual([0, 10, 20, 30]);
    expect(linearTicks(100)).toEqual([0, 50, 100]);
  });
  test("a count has no step under 1: nothing waiting at all is an axis from 0 to 1, two at most 0, 1, 2", () => {
    expect(linearTicks(0)).toEqual([0, 1]);
    expect(linearTicks(1)).toEqual([0, 1]);
    expect(linearTicks(2)).toEqual([0, 1, 2]);
  });
  test("the top is never under the highest value, and never a step past it", () => {
    for (const top of [1, 3, 7, 19, 21, 99, 101, 499, 501, 999, 1001, 12_345, 98_765]) {
      const ticks = linearTicks(top);
      const step = ticks[1]! - ticks[0]!;
      expect(ticks.at(-1)!, String(top)).toBeGreaterThanOrEqual(top);
      expect(ticks.at(-1)! - step, String(top)).toBeLessThan(top);
      expect(ticks.length, String(top)).toBeLessThanOrEqual(5);
    }
  });
});

describe("the two runs' charts of one metric share one value axis", () => {
  const state = normalizeState({});
  const runs = serverRuns(state);
  const both: RunView[] = [runs.naive, runs.defended];
  const scales = sharedScales(both);

  test("each scale reaches both runs' highest value: the defended run's waiting is drawn on the naive run's 15k", () => {
    for (const [i, view] of chartViews(runs.naive).entries()) {
      const other = chartViews(runs.defended)[i]!;
      const scale = scales[view.id]!;
      expect(scale.max, view.id).toBeGreaterThanOrEqual(Math.max(highest(view), highest(other)));
      expect(scale).toEqual(valueScale([view, other]));
    }
    expect(highest(chartViews(runs.defended).find((v) => v.id === "waiting")!)).toBe(0);
    expect(scales.waiting).toEqual({ min: 0, max: 15_000, ticks: [0, 5000, 10_000, 15_000], log: false });
    // Latency on a log axis: from the power of ten under both runs' lowest to the one over their highest.
    expect(scales.latency).toEqual({ min: 10, max: 10_000, ticks: [10, 100, 1000, 10_000], log: true });
  });

  test("the static charts of the two runs label every metric's axis alike", () => {
    const naive = staticCharts(runName("naive", []).label, runs.naive, undefined, scales);
    const defended = staticCharts(runName("defended", state.defences).label, runs.defended, undefined, scales);
    for (const [i, chart] of naive.entries()) {
      expect(staticLabels(chart.svg).length, chart.id).toBeGreaterThanOrEqual(2);
      expect(staticLabels(defended[i]!.svg), chart.id).toEqual(staticLabels(chart.svg));
    }
  });

  test("a static chart labels the axis its live chart will draw: the same range, ticks and labels, on both sides", () => {
    for (const run of both)
      for (const view of chartViews(run)) {
        const scale = scales[view.id]!;
        const live = liveValueAxis(view, () => scale);
        expect(live.scale.range(), view.id).toEqual([scale.min, scale.max]);
        expect(live.splits(), view.id).toEqual(scale.ticks);
        expect(staticLabels(chartSvg(view, run.metrics.time, [], view.id, undefined, scale)), view.id).toEqual(
          liveLabels(view, scales),
        );
      }
    // The waiting chart's axis, as both draw it on the naive run's numbers.
    expect(liveLabels(chartViews(runs.naive).find((v) => v.id === "waiting")!, scales)).toEqual([
      "15k",
      "10k",
      "5k",
      "0",
    ]);
  });

  test("a chart drawn alone takes its own data's scale, by the same rule", () => {
    const waiting = chartViews(runs.defended).find((v) => v.id === "waiting")!;
    expect(staticLabels(chartSvg(waiting, runs.defended.metrics.time, [], "w"))).toEqual(["1", "0"]);
  });
});
