/**
 * Static charts of a replay run, drawn at build time so the page shows the result before any
 * JavaScript runs (and prints). Pure string building: no DOM.
 *
 * A chart has the live chart's size and layout (charts.ts: 150 px high, a 56 px value axis, the
 * plot where `chartFrame` puts it), and its text is real text at the page's size, whatever the
 * width: the curves are drawn in an SVG that stretches across the plot (its strokes do not
 * stretch), from its top edge to its bottom one as uPlot draws them, while the labels sit in SVGs
 * measured in CSS pixels, placed by percentage along the axes, on the lines uPlot writes its own
 * on (a value's label centred on its value, a time's label with its top a tick and a gap under the plot).
 */
import { escapeHtml } from "../escape-html.ts";
import {
  axisLabel,
  chartFrame,
  isolatedPointSize,
  isolatedPoints,
  markerColour,
  markerText,
  type markers,
  palette,
  timeAnchor,
  timeLabel,
  timeTicks,
  valueAxis,
  type ChartView,
} from "./view.ts";
import { valueScale, type ValueScale } from "./scale.ts";

/**
 * Seconds between two labels of a live chart's time axis (charts.ts): `base` (two minutes, four on
 * a narrow chart, as the static charts here), doubled until the widest label of a step and a gap of
 * `gap` px fit between two labels on a plot `plotWidth` px wide showing `span` seconds. The static
 * presenter chart follows it by a container query in replay.css, set where this rule switches.
 * The presenter's 24 px labels need it on a phone: "4 min" is about 73 px wide, and on a 197 px plot
 * every four minutes ran "4 min" into "8 min".
 */
export function timeStep(
  span: number,
  plotWidth: number,
  labelWidth: (label: string) => number,
  base = 120,
  gap = 16,
): number {
  const fits = (step: number) =>
    (step / span) * plotWidth >= Math.max(...timeTicks(span, step).map((t) => labelWidth(timeLabel(t)))) + gap;
  let step = base;
  if (!(span > 0) || !(plotWidth > 0)) return step;
  while (step < span && !fits(step)) step *= 2;
  return step;
}

/** The plot's drawing units across and down; it is stretched to the plot's box (replay.css). */
const W = 1000;
const H = 100;

/**
 * One chart as HTML (an image with its name, made of SVGs); `time` is the shared x axis. With
 * `veilFrom`, the plot also holds a veil from that time to the end, in the page's background
 * colour, which the presenter view shows while the room predicts (as it veils a live chart ahead
 * of its playhead), so the static chart does not give the run away before the replay loads.
 * `scale` is the value axis (scale.ts): the one the live chart will draw, shared with the other
 * run's chart of the same metric; by default this chart's own.
 */
export function chartSvg(
  chart: ChartView,
  time: number[],
  marks: ReturnType<typeof markers>,
  label: string,
  veilFrom?: number,
  scale: ValueScale = valueScale([chart]),
): string {
  const x0 = time[0]!;
  const x1 = time[time.length - 1]! + 1;
  const { min: yMin, max: yMax, log } = scale;
  /** Share of the width at time t, 0..1. */
  const fx = (t: number) => (t - x0) / (x1 - x0);
  const sx = (t: number) => fx(t) * W;
  const sy = (v: number) => {
    const f = log
      ? (Math.log10(Math.max(v, yMin)) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))
      : (v - yMin) / (yMax - yMin);
    return H - Math.min(1, Math.max(0, f)) * H;
  };
  const r = (n: number) => Math.round(n * 10) / 10;
  const pct = (t: number) => `${r(fx(t) * 100)}%`;
  // Points along a flat run (a pool pinned at its size, a success rate stuck at zero) add
  // nothing to the picture: keep only the ends of each run, so the page stays light.
  const paths = chart.series
    .map((s) => {
      const pts: ([number, number] | null)[] = s.values.map((v, i) =>
        v === null ? null : [r(sx(time[i]! + 0.5)), r(sy(v))],
      );
      let d = "";
      pts.forEach((pt, i) => {
        if (!pt) return;
        const prev = pts[i - 1];
        const next = pts[i + 1];
        if (prev && next && prev[1] === pt[1] && next[1] === pt[1]) return;
        d += `${prev ? "L" : "M"}${pt[0]} ${pt[1]}`;
      });
      const line = `<path d="${d}" fill="none" stroke="${palette[s.colour]}" stroke-width="1.5" vector-effect="non-scaling-stroke"${s.dashed ? ' stroke-dasharray="4 3"' : ""}/>`;
      // A value with a gap on each side is a lone "M" the line never leaves: a dot marks it. The
      // dot is a zero-length stroke with a round cap, which stays round when the plot stretches
      // (a circle would stretch into an ellipse).
      const lone = isolatedPoints(s.values).map((i) => `M${pts[i]![0]} ${pts[i]![1]}h0`);
      const dots = lone.length
        ? `<path class="rs-dots" d="${lone.join("")}" fill="none" stroke="${palette[s.colour]}" stroke-width="${isolatedPointSize}" stroke-linecap="round" vector-effect="non-scaling-stroke"/>`
        : "";
      return line + dots;
    })
    .join("");
  // A grid line at each tick, as the live chart draws one at each of its splits.
  const grid = scale.ticks
    .map(
      (v) =>
        `<line x1="0" x2="${W}" y1="${r(sy(v))}" y2="${r(sy(v))}" stroke="currentColor" stroke-opacity="0.2" vector-effect="non-scaling-stroke"/>`,
    )
    .join("");
  const lines = marks
    .map(
      (m) =>
        `<line x1="${r(sx(m.time))}" x2="${r(sx(m.time))}" y1="0" y2="${H}" stroke="${markerColour[m.kind]}" stroke-width="1.5" stroke-dasharray="3 3" vector-effect="non-scaling-stroke"><title>${escapeHtml(markerText(m))}</title></line>`,
    )
    .join("");
  const ticks: string[] = [];
  const timeGrid: string[] = [];
  const labelTop = chartFrame.tick + chartFrame.gap;
  for (const t of timeTicks(x1)) {
    const anchor = timeAnchor(fx(t));
    // Every other label steps aside on a narrow chart, and every other one again in a presenter
    // chart on a phone (replay.css), as the live charts' do (timeStep).
    const minor = t % 240 !== 0 ? ' class="rs-tick-minor"' : t % 480 !== 0 ? ' class="rs-tick-mid"' : "";
    // Its tick, and its grid line across the plot (as the live chart draws one at each time it labels), step aside with it.
    ticks.push(`<line${minor} x1="${pct(t)}" x2="${pct(t)}" y1="0" y2="${chartFrame.tick}" stroke="currentColor"/>`);
    timeGrid.push(
      `<line${minor} x1="${r(sx(t))}" x2="${r(sx(t))}" y1="0" y2="${H}" stroke="currentColor" stroke-opacity="0.2" vector-effect="non-scaling-stroke"/>`,
    );
    // Its em box's top a tick and a gap under the plot, as a canvas's "top" baseline sets uPlot's.
    ticks.push(
      `<text${minor} x="${pct(t)}" y="${labelTop}" dy="0.5em" dominant-baseline="central" text-anchor="${anchor}">${timeLabel(t)}</text>`,
    );
  }
  const plot =
    `<svg class="rs-svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" aria-hidden="true">` +
    grid +
    timeGrid.join("") +
    lines +
    paths +
    (veilFrom === undefined
      ? ""
      : `<rect class="rs-ahead" x="${r(sx(veilFrom))}" y="-2" width="${r(W - sx(veilFrom) + 10)}" height="${H + 4}"/>`) +
    `</svg>`;
  // As the live chart's axis writes a tick ("20k", "10 ms", "100%"), its right edge where the live
  // one's is (a gap from the axis's edge; neither draws a tick mark there). Placed in shares of the axis's height, its
  // em box centred on the value as a canvas's "middle" baseline centres uPlot's, so the labels stay
  // at their values however tall the chart is drawn, and whatever their type (the presenter
  // view's charts are taller, and in larger type).
  const labelDx = -valueAxis.gap;
  const yLabel = (v: number) =>
    `<text x="100%" dx="${labelDx}" y="${r((sy(v) / H) * 100)}%" dominant-baseline="central" text-anchor="end">${escapeHtml(axisLabel(chart, v))}</text>`;
  // Every tick the live axis labels, from the top down.
  const yAxis = `<svg class="rs-static-y" aria-hidden="true">${[...scale.ticks].reverse().map(yLabel).join("")}</svg>`;
  const xAxis = `<svg class="rs-static-x" aria-hidden="true">${ticks.join("")}</svg>`;
  // The series' names and colours, as the live chart's legend shows them.
  const legend = chart.series
    .map((s) => `<li><span class="rs-key" style="border-color:${palette[s.colour]}"></span>${escapeHtml(s.label)}</li>`)
    .join("");
  return `<div class="rs-static" role="img" aria-label="${escapeHtml(label)}">${yAxis}${plot}${xAxis}</div><ul class="rs-static-legend" aria-hidden="true">${legend}</ul>`;
}
