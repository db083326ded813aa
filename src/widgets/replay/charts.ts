/**
 * The replay's live charts: uPlot, one chart per row of `chartViews` for each side, on one
 * shared time axis (cursor synced across all of them), with the run's markers drawn as dashed
 * lines and a playhead line over each. Rebuilt when the theme changes (axis ink is read when a
 * chart is made), resized when the page is.
 */
import type uPlotType from "uplot";
import { compactNumber } from "../../format/number.ts";
import { fitPresentCharts } from "./present-size.ts";
import { sharedScales, type ValueScale } from "./scale.ts";
import { timeStep } from "./svg.ts";
import {
  axisLabel,
  chartFrame,
  chartName,
  chartViews,
  isolatedPointSize,
  isolatedPoints,
  markerColour,
  markers,
  palette,
  runName,
  sides,
  timeAnchor,
  timeLabel,
  timeTicks,
  valueAxis,
  type ChartView,
  type Marker,
  type RunView,
  type Side,
} from "./view.ts";

/** The chapter's charts' type, the static charts' (replay.css): the live ones write their labels in it too. */
const chapterFont = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * Chart sizes: the chapter's, and the presenter view's (one chart at a time, read from the back of
 * a room at 1280 x 720). The value axis is as wide as its widest label with its unit ("100 ms",
 * 45 px at 12 px in Debian's sans-serif, 98 px at 24 px) beside a short tick; the room around the
 * plot is `chartFrame`'s, as the static charts (svg.ts, replay.css) lay it out.
 */
const geometryFor = (present: boolean, family: string) => {
  const frame = present ? chartFrame.present : chartFrame.chapter;
  const common = { top: frame.top, right: frame.right, xSize: frame.timeAxis };
  return present
    ? { ...common, height: 300, font: `600 24px ${family}`, ySize: 110 }
    : { ...common, height: chartFrame.chapter.height, font: chapterFont, ySize: valueAxis.size };
};

/**
 * The live charts' time values: each second's value drawn at the middle of its second, as the
 * static chart draws it (svg.ts) and the playhead stands (setPlayhead).
 */
const liveTimes = (time: readonly number[]): number[] => time.map((t) => t + 0.5);

/**
 * The live time axis's range, the static chart's (svg.ts): from the first second's start to the
 * last one's end, half a second either side of the first and last values `liveTimes` gives.
 */
const liveTimeRange = (_u: unknown, min: number, max: number): uPlotType.Range.MinMax => [min - 0.5, max + 0.5];

/** 20000 -> "20k", 0.5 -> "0.5": axis labels that fit a phone's width. */
export function compact(n: number): string {
  // uPlot hands a split it has no value for as null.
  return n == null ? "" : compactNumber(n);
}

/** Where time `t` is across a live chart's plot, as a share of its width from the left. */
const shareOfPlot = (u: Pick<uPlotType, "scales">, t: number): number => {
  const { min, max } = u.scales.x!;
  return (t - min!) / (max! - min!);
};

/**
 * A live time axis's labels (uPlot's `values`): each centred on its time, as uPlot writes them,
 * but for those at an end of the plot (timeAnchor), which uPlot can only centre: `drawEdgeTimes`
 * writes those.
 */
export const timeAxisLabels = (u: Pick<uPlotType, "scales">, splits: readonly number[]): (string | null)[] =>
  splits.map((t) => (timeAnchor(shareOfPlot(u, t)) === "middle" ? timeLabel(t) : null));

/**
 * Write a live chart's time labels at the ends of its plot on its canvas (uPlot's drawAxes hook),
 * lined up with their times by their start or their end as the static chart's are (svg.ts), where
 * uPlot writes the others: their tops a tick and a gap under the plot, in the axis's font (scaled
 * to the canvas's pixels as uPlot scales it) and ink. Centred, a run of two minutes ended on a
 * "2 min" cut in half by the chart's edge.
 */
export function drawEdgeTimes(
  u: Pick<uPlotType, "ctx" | "bbox" | "scales" | "valToPos">,
  splits: readonly number[],
  font: string,
  ink: string,
  ratio: number = devicePixelRatio,
): void {
  const { ctx, bbox } = u;
  ctx.save();
  ctx.font = font.replace(/(\d+)px/, (_, px: string) => `${Math.round(Number(px) * ratio)}px`);
  ctx.fillStyle = ink;
  ctx.textBaseline = "top";
  const top =
    Math.round(bbox.top + bbox.height) + Math.round(chartFrame.tick * ratio) + Math.round(chartFrame.gap * ratio);
  for (const t of splits) {
    const anchor = timeAnchor(shareOfPlot(u, t));
    if (anchor === "middle") continue;
    ctx.textAlign = anchor === "start" ? "left" : "right";
    ctx.fillText(timeLabel(t), Math.round(u.valToPos(t, "x", true)), top);
  }
  ctx.restore();
}

/**
 * A live chart's time ticks, worked out once each time uPlot lays its axes out: uPlot asks for them
 * (`splits`, the axis's option) and draws its own labels at them, and the hook that writes the
 * labels at the plot's ends (drawEdgeTimes) reads the same ticks (`drawn`) instead of working them
 * out a second time on every draw (timeSplits reads the page's layout, a presenter's measures text).
 */
export function timeAxisTicks<U>(compute: (u: U) => number[]): { splits: (u: U) => number[]; drawn: () => number[] } {
  let last: number[] = [];
  return {
    splits: (u) => {
      last = compute(u);
      return last;
    },
    drawn: () => last,
  };
}

/** The live value axis's labels (uPlot's `values`): each with its unit, as the static chart writes them (view.ts). */
export const valueAxisLabels =
  (view: Pick<ChartView, "unit">) =>
  (_u: unknown, splits: readonly (number | null)[]): string[] =>
    splits.map((v) => axisLabel(view, v));

/**
 * A live chart's y scale and the ticks and labels of its value axis (uPlot's options), on the
 * scale `scale` returns when the chart draws: the one both runs' charts of the metric share
 * (scale.ts), whose ticks the static chart labels too (svg.ts), so nothing moves when this chart
 * replaces it, in the chapter or on a projector.
 */
export function liveValueAxis(view: ChartView, scale: () => ValueScale) {
  return {
    scale: {
      ...(view.log ? { distr: 3, log: 10 } : {}),
      range: (): uPlotType.Range.MinMax => [scale().min, scale().max],
    } satisfies uPlotType.Scale,
    splits: () => scale().ticks,
    // Every tick labelled, as the static chart labels it: uPlot's own filter for a log axis left
    // out every other decade ("1 s" and "10 ms" of 10 ms to 10 s) on the chapter's small chart.
    filter: (_u: uPlotType, splits: number[]) => splits,
    values: valueAxisLabels(view),
  };
}

/**
 * uPlot's series of one chart: time, then each line. A line breaks at a gap (spanGaps off); a
 * value with a gap on each side, which no segment reaches, is drawn as a dot (uPlot shows every
 * point by itself only when they are few enough to stand apart).
 */
export function seriesOptions(view: ChartView): uPlotType.Series[] {
  return [
    { label: "time (s)" },
    ...view.series.map(
      (s): uPlotType.Series => ({
        label: s.label,
        stroke: palette[s.colour],
        width: 1.5,
        ...(s.dashed ? { dash: [5, 4] } : {}),
        spanGaps: false,
        points: {
          size: isolatedPointSize,
          fill: palette[s.colour],
          // Read from the chart's data when it draws: a new run swaps the data, not these options.
          filter: (u, i, show) => {
            if (show) return null;
            const lone = isolatedPoints(u.data[i]!);
            return lone.length > 0 ? lone : null;
          },
        },
      }),
    ),
  ];
}

interface SideCharts {
  plots: uPlotType[];
  marks: Marker[];
  run: RunView | null;
  playheads: HTMLElement[];
}

export class ReplayCharts {
  private readonly charts: Record<Side, SideCharts> = {
    naive: { plots: [], marks: [], run: null, playheads: [] },
    defended: { plots: [], marks: [], run: null, playheads: [] },
  };
  private playhead = 0;
  /** Each metric's value axis, shared by the two runs' charts of it (scale.ts), from the runs shown. */
  private scales: Record<string, ValueScale> = {};

  constructor(
    private readonly root: HTMLElement,
    private readonly uPlot: typeof uPlotType,
  ) {}

  private container(side: Side): HTMLElement {
    return this.root.querySelector<HTMLElement>(`[data-side="${side}"]`)!;
  }

  /**
   * Draw the two runs: build each side's charts the first time, then only swap the data, every
   * chart on the value axes the two runs share (scale.ts), worked out once for both before either
   * side draws (each side's charts read them as they draw).
   */
  show(runs: Readonly<Record<Side, RunView>>): void {
    for (const side of sides) {
      this.charts[side].run = runs[side];
      this.charts[side].marks = markers(runs[side].summary);
    }
    this.scales = sharedScales(sides.map((side) => runs[side]));
    // Both sides at the size measured before either is built: uPlot sizes a new chart a moment
    // after it is made, so the defended side measured from the naive side's new plots was fitted to
    // plots not yet sized, and a presenter's defended chart shrank to its least as the replay loaded.
    const geometry = this.geometry();
    for (const side of sides) {
      const entry = this.charts[side];
      const run = runs[side];
      if (entry.plots.length === 0) this.build(side, run, geometry);
      else
        chartViews(run).forEach((view, i) => {
          entry.plots[i]!.setData([
            liveTimes(run.metrics.time),
            ...view.series.map((s) => s.values),
          ] as uPlotType.AlignedData);
          // The defended run's name follows its defences (none on: it is not "defended").
          this.name(entry.plots[i]!, side, run, view);
        });
    }
  }

  /** The value axis of a metric's charts, on both sides. */
  private scale(id: string): ValueScale {
    return this.scales[id]!;
  }

  /** A chart's accessible name: its run's, then what it plots. */
  private name(u: uPlotType, side: Side, run: RunView, view: ChartView): void {
    u.root.setAttribute("aria-label", `${runName(side, run.summary.defences).label}: ${chartName(view)} over time`);
  }

  /** Move every chart's playhead line to simulated second `t`. */
  setPlayhead(t: number): void {
    this.playhead = t;
    for (const side of sides) {
      this.charts[side].plots.forEach((u, i) => {
        this.charts[side].playheads[i]!.style.left = `${u.valToPos(t + 0.5, "x")}px`;
      });
    }
  }

  private geometry() {
    const present = this.root.classList.contains("rs--present");
    const geometry = geometryFor(present, getComputedStyle(this.root).fontFamily);
    if (!present) return geometry;
    // Fitted to the live plots once drawn; before, to the static ones they replace (the same height: present-size.ts).
    const live = [...this.root.querySelectorAll<HTMLElement>("[data-chart] .u-wrap")];
    const plots = live.length ? live : [...this.root.querySelectorAll<HTMLElement>("[data-chart] .rs-static")];
    return { ...geometry, height: fitPresentCharts(plots) ?? geometry.height };
  }

  /** Fit every chart to its side's width (a hidden side keeps its size until it is shown). */
  resize(): void {
    const { height } = this.geometry();
    for (const side of sides) {
      const width = this.width(side);
      if (width === null) continue;
      for (const u of this.charts[side].plots)
        if (u.width !== width || u.height !== height) u.setSize({ width, height });
    }
    this.setPlayhead(this.playhead);
  }

  /** Build every chart again (the theme changed: axis ink is read when a chart is made). */
  rebuild(): void {
    const geometry = this.geometry();
    for (const side of sides) {
      const entry = this.charts[side];
      if (!entry.run) continue;
      for (const u of entry.plots) u.destroy();
      entry.plots = [];
      entry.playheads = [];
      this.build(side, entry.run, geometry);
    }
    this.setPlayhead(this.playhead);
  }

  /** A replay narrower than 26rem (a phone): the time axis labels every four minutes, as replay.css does. */
  private narrow(): boolean {
    // The presenter's large labels need the same room as a phone's small chart.
    if (this.root.classList.contains("rs--present")) return true;
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const style = getComputedStyle(this.root);
    const content =
      this.root.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return content <= 26 * rem;
  }

  /** A canvas to measure the presenter's axis labels with. */
  private measure: CanvasRenderingContext2D | null = null;

  /**
   * A live chart's time ticks (uPlot's `splits`), as the static charts' (svg.ts): every two
   * minutes, every four on a narrow chart, and as far apart as a presenter chart's large labels
   * need (timeStep).
   */
  private timeSplits(u: uPlotType, font: string): number[] {
    const { min, max } = u.scales.x!;
    return timeTicks(max!, this.timeStep(u, max! - min!, font));
  }

  /** Seconds between two time labels of a chart `span` seconds wide: a presenter chart's labels, in `font`, measured. */
  private timeStep(u: uPlotType, span: number, font: string): number {
    const base = this.narrow() ? 240 : 120;
    // The chapter's charts label every base step, as its static ones do (svg.ts, replay.css):
    // only a presenter's large labels are measured.
    if (font === chapterFont) return base;
    this.measure ??= document.createElement("canvas").getContext("2d");
    const ctx = this.measure;
    if (!ctx) return base;
    ctx.font = font;
    return timeStep(span, u.bbox.width / devicePixelRatio, (label) => ctx.measureText(label).width, base);
  }

  /** The width a side's charts should have, or null while the side is hidden. */
  private width(side: Side): number | null {
    // The first chart on show (the presenter view shows one chart at a time).
    const figure = [...this.container(side).querySelectorAll<HTMLElement>("[data-chart]")].find(
      (f) => f.clientWidth > 0,
    );
    if (!figure) return null;
    return Math.max(260, figure.clientWidth);
  }

  private build(side: Side, run: RunView, geometry: ReturnType<ReplayCharts["geometry"]>): void {
    const uPlot = this.uPlot;
    const container = this.container(side);
    const ink = getComputedStyle(this.root).color;
    // A hidden side (the phone's one-run view) is built at the other side's width.
    const width = this.width(side) ?? this.width(side === "naive" ? "defended" : "naive") ?? 320;
    const entry = this.charts[side];
    const { height, font, ySize, xSize, top, right } = geometry;
    for (const view of chartViews(run)) {
      const yAxis = liveValueAxis(view, () => this.scale(view.id));
      const timeAxis = timeAxisTicks((u: uPlotType) => this.timeSplits(u, font));
      const slot = container.querySelector<HTMLElement>(`[data-chart="${view.id}"] [data-plot]`)!;
      slot.textContent = "";
      const u = new uPlot(
        {
          width,
          height,
          legend: { show: true, live: false },
          cursor: { sync: { key: `rs-${this.root.id}` }, drag: { x: false, y: false } },
          // The static chart's frame (chartFrame): uPlot's own padding left 17 px over the plot.
          padding: [top, right, 0, 0],
          scales: {
            x: { time: false, range: liveTimeRange },
            // The range both runs' charts of this metric share, read when the chart is drawn (show).
            y: yAxis.scale,
          },
          axes: [
            {
              stroke: ink,
              font,
              size: xSize,
              // The static chart's grid line (1 px) and its ticks: as long, in the ink, the labels a gap under them.
              grid: { stroke: "rgba(128,128,128,0.2)", width: 1 },
              ticks: { size: chartFrame.tick, stroke: ink, width: 1 },
              gap: chartFrame.gap,
              splits: timeAxis.splits,
              values: timeAxisLabels,
            },
            {
              stroke: ink,
              font,
              grid: { stroke: "rgba(128,128,128,0.2)", width: 1 },
              size: ySize,
              // No tick marks, as the static chart has none: the labels the same gap from the plot.
              ticks: { show: false },
              gap: valueAxis.gap,
              values: yAxis.values,
              splits: yAxis.splits,
              filter: yAxis.filter,
            },
          ],
          series: seriesOptions(view),
          hooks: {
            drawAxes: [(u: uPlotType) => drawEdgeTimes(u, timeAxis.drawn(), font, ink)],
            draw: [(u: uPlotType) => this.drawMarkers(u, entry.marks)],
          },
        },
        [liveTimes(run.metrics.time), ...view.series.map((s) => s.values)] as uPlotType.AlignedData,
        slot,
      );
      u.root.setAttribute("role", "img");
      this.name(u, side, run, view);
      const head = document.createElement("div");
      head.className = "rs-playhead";
      head.setAttribute("aria-hidden", "true");
      u.over.append(head);
      entry.plots.push(u);
      entry.playheads.push(head);
    }
  }

  private drawMarkers(u: uPlotType, marks: readonly Marker[]): void {
    const ctx = u.ctx;
    ctx.save();
    ctx.lineWidth = 1.5 * devicePixelRatio;
    ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
    for (const m of marks) {
      const x = Math.round(u.valToPos(m.time, "x", true));
      ctx.strokeStyle = markerColour[m.kind];
      ctx.beginPath();
      ctx.moveTo(x, u.bbox.top);
      ctx.lineTo(x, u.bbox.top + u.bbox.height);
      ctx.stroke();
    }
    ctx.restore();
  }
}
