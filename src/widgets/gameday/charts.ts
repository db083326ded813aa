/**
 * The dashboard's three charts (users, p99 latency, burn rate), drawn with uPlot into the page's
 * chart slots. Each chart's columns grow as frames arrive (one push per frame, never a rebuild of
 * the game so far), and uPlot reads them as they are; each chart redraws as its own job, so the
 * caller can spread them over animation frames.
 */
import type uPlotType from "uplot";
import { burnRateText } from "../../sim/gameday/report.ts";
import { alertRules, burnThreshold, type Slo, windowLabel } from "../../sim/gameday/slo.ts";
import type { Frame } from "../../sim/gameday/telemetry.ts";
import { compact } from "../replay/charts.ts";
import { decades } from "../replay/scale.ts";
import { timeLabel } from "../replay/view.ts";
import { setData } from "./dom.ts";

/** What the charts need of the game: its length, its objective and the burn-rate windows its frames carry. */
export interface ChartSetup {
  scenario: string;
  seconds: number;
  slo: Slo;
  windows: number[];
}

export interface GameCharts {
  /** Frames received since the last call, appended to every chart's columns. */
  add(frames: readonly Frame[]): void;
  /** Empty the charts' columns for a new game (drawn at the next redraw). */
  clear(): void;
  /**
   * Each chart's redraw from its columns, one job each. Drawn, a chart's slot says how many
   * seconds it shows (`data-points`), so a test can tell that every chart shows the game so far.
   */
  readonly draws: readonly (() => void)[];
}

const height = 150;

export function createCharts(root: HTMLElement, setup: ChartSetup, uPlot: typeof uPlotType): GameCharts {
  const ink = () => getComputedStyle(root).color;
  const accent = () => getComputedStyle(root).getPropertyValue("--sl-color-accent").trim() || "#c2410c";
  const red = () => getComputedStyle(root).getPropertyValue("--sl-color-red").trim() || "#dc2626";
  const grid = { stroke: "rgba(128,128,128,0.2)" };
  const slots = [...root.querySelectorAll<HTMLElement>("[data-chart]")];
  const width = () => Math.max(240, slots[0]!.clientWidth);
  const page = alertRules[0]!;
  const burnWindows = [page.shortWindow, page.longWindow];
  const pageThreshold = burnThreshold(page, setup.slo);
  const pageThresholdText = burnRateText(page, setup.slo);
  const axes = (unit: (v: number) => string, log = false): uPlotType.Axis[] => [
    // Whole minutes only, each with its unit as the replay's time axis writes it ("0 s", "5 min").
    { stroke: ink(), grid, values: (_u, splits) => splits.map((s) => (s % 60 === 0 ? timeLabel(s) : "")) },
    {
      stroke: ink(),
      grid,
      size: 62,
      values: (_u, splits) => splits.map(unit),
      // On a log axis one line per decade; uPlot's default draws nine.
      ...(log ? { splits: (_u: uPlotType, _i: number, min: number, max: number) => decades(min, max) } : {}),
    },
  ];
  const chart = (slot: HTMLElement, label: string, options: Partial<uPlotType.Options>, series: uPlotType.Series[]) => {
    const u = new uPlot(
      {
        width: width(),
        height,
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false }, sync: { key: `gd-${setup.scenario}` } },
        series: [{ label: "time" }, ...series],
        ...options,
        scales: { x: { time: false, range: [0, setup.seconds] }, ...(options.scales ?? {}) },
      } as uPlotType.Options,
      [[], ...series.map(() => [])] as unknown as uPlotType.AlignedData,
      slot,
    );
    u.root.setAttribute("role", "img");
    u.root.setAttribute("aria-label", label);
    return u;
  };
  const usersChart = chart(
    slots[0]!,
    "Users: share of requests answered well (within the objective's latency) and at all, each second",
    { scales: { y: { range: [0, 100] } }, axes: axes((v) => `${v}%`) },
    [
      { label: "good", stroke: accent(), width: 2 },
      { label: "answered", stroke: ink(), width: 1, dash: [4, 3] },
    ],
  );
  const latencyChart = chart(
    slots[1]!,
    `p99 latency of the requests answered each second, against the objective's ${setup.slo.latencyMs} ms`,
    {
      scales: {
        y: { distr: 3, log: 10, range: (_u, min, max) => [Math.min(10, min || 10), Math.max(1000, max || 1000)] },
      },
      axes: axes((v) => (v >= 1000 ? `${compact(v / 1000)} s` : `${compact(v)} ms`), true),
    },
    [
      { label: "p99", stroke: accent(), width: 2, spanGaps: false },
      { label: `objective ${setup.slo.latencyMs} ms`, stroke: ink(), width: 1, dash: [4, 3] },
    ],
  );
  const burnChart = chart(
    slots[2]!,
    `Error budget burn rate over ${windowLabel(burnWindows[0]!)} and ${windowLabel(burnWindows[1]!)}, against the page threshold ${pageThresholdText}`,
    {
      scales: { y: { distr: 3, log: 10, range: (_u, _min, max) => [0.1, Math.max(100, max || 100)] } },
      axes: axes(compact, true),
    },
    [
      { label: windowLabel(burnWindows[0]!), stroke: accent(), width: 2 },
      { label: windowLabel(burnWindows[1]!), stroke: ink(), width: 1.5 },
      { label: `page above ${pageThresholdText}`, stroke: red(), width: 1, dash: [4, 3] },
    ],
  );
  new ResizeObserver(() => {
    for (const u of [usersChart, latencyChart, burnChart]) u.setSize({ width: width(), height });
  }).observe(slots[0]!);

  const share = (n: number, d: number) => (d === 0 ? null : Math.round((1000 * n) / d) / 10);
  const burnAt = burnWindows.map((win) => setup.windows.indexOf(win));
  const columns = {
    t: [] as number[],
    good: [] as (number | null)[],
    ok: [] as (number | null)[],
    p99: [] as (number | null)[],
    objective: [] as number[],
    burnShort: [] as number[],
    burnLong: [] as number[],
    page: [] as number[],
  };
  const draw = (u: uPlotType, ...series: unknown[][]) => {
    u.setData(series as unknown as uPlotType.AlignedData);
    setData(u.root.parentElement!, "points", String(u.data[0].length));
  };
  return {
    add(frames) {
      for (const f of frames) {
        columns.t.push(f.t);
        columns.good.push(share(f.good, f.finished));
        columns.ok.push(share(f.ok, f.finished));
        columns.p99.push(f.p99);
        columns.objective.push(setup.slo.latencyMs);
        columns.burnShort.push(Math.max(0.1, f.burn[burnAt[0]!]!));
        columns.burnLong.push(Math.max(0.1, f.burn[burnAt[1]!]!));
        columns.page.push(pageThreshold);
      }
    },
    clear() {
      for (const column of Object.values(columns)) column.length = 0;
    },
    draws: [
      () => draw(usersChart, columns.t, columns.good, columns.ok),
      () => draw(latencyChart, columns.t, columns.p99, columns.objective),
      () => draw(burnChart, columns.t, columns.burnShort, columns.burnLong, columns.page),
    ],
  };
}
