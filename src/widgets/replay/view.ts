/**
 * Pure descriptions of what the replay draws, shared by the server (static SVG) and the page
 * (uPlot): the chart rows and their series, the markers, the text summaries and the data table.
 */
import { unitBesideTitle } from "../../format/units.ts";
import {
  asGiven,
  compactNumber,
  grouped,
  latency,
  perRequest,
  secondsOrMinutes,
  successPercent,
} from "../../format/number.ts";
import { listNames } from "../../format/words.ts";
import { defenceNames } from "../../sim/retry-storm/scenario.ts";
import { recoveryHoldSeconds, refusalMoments, timesOutWaiting } from "../../sim/retry-storm/metrics.ts";
import type { RetryStormMetrics, RetryStormSummary } from "../../sim/retry-storm/index.ts";

export interface RunView {
  summary: RetryStormSummary;
  metrics: RetryStormMetrics;
}

export interface SeriesView {
  label: string;
  values: (number | null)[];
  /** Index into the palette; the same meaning keeps the same colour on both sides. */
  colour: number;
  dashed?: boolean;
}

export interface ChartView {
  id: string;
  title: string;
  unit: string;
  /** Logarithmic y axis (latency spans milliseconds to seconds). */
  log?: boolean;
  /** Fixed y range, when the quantity has one. */
  range?: [number, number];
  series: SeriesView[];
}

export const palette = ["#2563eb", "#ea580c", "#16a34a", "#9333ea", "#64748b", "#dc2626"];

/**
 * The indexes of a series' values that no line reaches: a value whose neighbours on both sides are
 * gaps (or the series' ends). A line needs two neighbouring values to draw a segment, so at a
 * trickle of requests a second with some between two empty ones would show nothing; both charts
 * (the static SVG and uPlot) draw a dot there instead.
 */
export function isolatedPoints(values: ArrayLike<number | null | undefined>): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++)
    if (values[i] != null && values[i - 1] == null && values[i + 1] == null) out.push(i);
  return out;
}

/** The diameter of that dot in CSS pixels, on both charts. */
export const isolatedPointSize = 5;

/** The five rows of charts, one shared time axis. */
export function chartViews(run: RunView): ChartView[] {
  const m = run.metrics;
  // A second in which no request arrived has no rate: null, a gap in the curve, not 100%.
  const percentages = (xs: (number | null)[]) => xs.map((x) => (x === null ? null : Math.round(x * 1000) / 10));
  return [
    {
      id: "success",
      title: "Requests that succeed, by service",
      unit: "%",
      range: [0, 100],
      series: m.services.map((s, i) => ({ label: s.name, values: percentages(s.successRate), colour: i })),
    },
    {
      id: "pool",
      title: "Pooled connections in use",
      unit: "connections",
      series: [
        { label: "in use", values: m.poolInUse, colour: 0 },
        { label: "pool size", values: m.time.map(() => m.poolCapacity), colour: 4, dashed: true },
      ],
    },
    {
      id: "waiting",
      title: "Requests waiting for a connection",
      unit: "requests",
      series: [{ label: "waiting", values: m.waiting, colour: 1 }],
    },
    {
      id: "rates",
      title: "Tries sent and requests served",
      unit: "per second",
      series: [
        { label: "tries", values: m.attempts, colour: 5 },
        { label: "successes", values: m.successes, colour: 2 },
      ],
    },
    {
      id: "latency",
      title: "Latency of successful requests",
      unit: "ms",
      log: true,
      series: [
        { label: "p50", values: m.latencyP50, colour: 0 },
        { label: "p99", values: m.latencyP99, colour: 3 },
      ],
    },
  ];
}

export interface Marker {
  time: number;
  label: string;
  kind: "trigger" | "full" | "goodput" | "shed" | "refused" | "intervention" | "recovered";
}

/** The colour of each kind of event, on the charts and in the list under them. */
export const markerColour: Record<Marker["kind"], string> = {
  trigger: "#ea580c",
  full: "#ca8a04",
  goodput: "#be185d",
  shed: "#0891b2",
  refused: "#dc2626",
  intervention: "#9333ea",
  recovered: "#16a34a",
};

/**
 * Whether any request arrived in the run: without one, nothing fails, succeeds or recovers, and
 * the model gives no tries per request (null), which is what this reads.
 */
const hasRequests = (summary: RetryStormSummary): summary is RetryStormSummary & { amplification: number } =>
  summary.amplification !== null;

/**
 * The run's milestones, in time order: trigger, saturation, goodput gone, the pool's first refusals
 * (the first try shed, the first wait timed out: "first refusal" where that came first, the
 * model's `refusalMoments`), the end.
 */
export function markers(summary: RetryStormSummary): Marker[] {
  const list: Marker[] = [];
  if (summary.triggerSeconds > 0) {
    list.push({ time: 0, label: "pricing slows", kind: "trigger" });
    list.push({ time: summary.triggerSeconds, label: "pricing recovers", kind: "trigger" });
  }
  if (summary.poolFullSeconds !== null) list.push({ time: summary.poolFullSeconds, label: "pool full", kind: "full" });
  if (summary.goodputZeroSeconds !== null)
    list.push({ time: summary.goodputZeroSeconds, label: "goodput gone", kind: "goodput" });
  for (const r of refusalMoments(summary))
    list.push({ time: r.seconds, label: r.label, kind: r.kind === "shed" ? "shed" : "refused" });
  if (summary.interventionSeconds !== null)
    list.push({ time: summary.interventionSeconds, label: "operators step in", kind: "intervention" });
  if (summary.recoverySeconds !== null)
    list.push({ time: summary.triggerSeconds + summary.recoverySeconds, label: "recovered", kind: "recovered" });
  return list.sort((a, b) => a.time - b.time);
}

/** A time-axis label, on the static and the live charts alike: "0 s", "2 min", "90 s". */
export function timeLabel(t: number): string {
  return t === 0 ? "0 s" : t % 60 === 0 ? `${t / 60} min` : `${t} s`;
}

/**
 * The chapter's value axis, on the live charts and the static ones (replay.css sets the same
 * width): its width, and the gap from the plot's edge to a label's right end, in CSS pixels. Wide
 * enough for its widest label, "100 ms" (45 px at 12 px in Debian's sans-serif). It draws no tick
 * marks: a grid line across the plot marks each value it labels. The live chart once drew ticks
 * the static one did not, in uPlot's ink, 7% black: faint on the light theme, unseen on the dark.
 */
export const valueAxis = { size: 56, gap: 8 } as const;

/**
 * Where a chart's plot sits in its box, on the live charts (charts.ts: uPlot's padding and axis
 * sizes) and the static ones (svg.ts; replay.css sets the same sizes) alike, in CSS pixels: room
 * above the plot for the top value's label, centred on the plot's top edge (half a line of the
 * labels' type), the plot, then the time axis under it (a tick, a gap, its labels, whose tops sit
 * `tick + gap` under the plot), and a margin on the right. The chapter's chart is `height` tall
 * in all; the presenter's is as tall as its screen has room for (present-size.ts), its labels in
 * 24 px type. uPlot left to itself put 17 px above the plot and a 50 px time axis under it: the
 * chapter's live plot was 83 px tall where the static one it replaced was 120, and every label
 * moved when it arrived.
 */
export const chartFrame = {
  chapter: { height: 150, top: 8, timeAxis: 26, right: 10 },
  present: { top: 12, timeAxis: 56, right: 10 },
  tick: 4,
  gap: 2,
} as const;

/**
 * A value-axis label, on the static and the live charts alike, with its unit where the number
 * alone does not say it: a latency as a dashboard writes it ("10 ms", "100 ms", "1 s", "10 s"), a
 * share with its "%" ("0%", "100%"). A count ("20k") stands alone: its unit is in the chart's
 * title. uPlot hands a split it has no value for as null: no label.
 */
export function axisLabel(view: Pick<ChartView, "unit">, value: number | null): string {
  if (value == null) return "";
  if (view.unit === "ms") return value >= 1 ? latency(value) : `${compactNumber(value)} ms`;
  if (view.unit === "%") return `${compactNumber(value)}%`;
  return compactNumber(value);
}

/**
 * Where a time label stands against its time, on the static and the live charts alike: centred on
 * it, but lined up by its start or its end with a time at the plot's first or last 4% (`share` of
 * the plot's width from its left), where a centred label would run past the chart's edge: a run
 * of two minutes ends on "2 min", which the live chart centred on its last pixel and cut in half.
 */
export function timeAnchor(share: number): "start" | "middle" | "end" {
  return share < 0.04 ? "start" : share > 0.96 ? "end" : "middle";
}

/** Time-axis ticks from 0 to `max`, every `step` seconds (two minutes, four on a narrow chart). */
export function timeTicks(max: number, step = 120): number[] {
  const out: number[] = [];
  for (let t = 0; t <= max; t += step) out.push(t);
  return out;
}

/** A second's success rate, or "no requests" where none arrived (the model's null): nothing measured is not 100%. */
const fmtRate = (x: number | null) => (x === null ? "no requests" : successPercent(x));

/** Success of the services that never call pricing over the incident window, or null when none arrived in it. */
export function unrelatedSuccess(summary: RetryStormSummary): number | null {
  const unrelated = summary.services.filter((s) => s.dependency !== "pricing");
  const requests = unrelated.reduce((a, s) => a + s.incidentRequests, 0);
  return requests === 0 ? null : unrelated.reduce((a, s) => a + s.incidentSucceeded, 0) / requests;
}

/** A moment on the replay's clock: "at 21.6 s", or before the trigger "9.2 s before the trigger". */
const when = (t: number) => (t < 0 ? `${secondsOrMinutes(-t)} before the trigger` : `at ${secondsOrMinutes(t)}`);

/** Whether the run recovered, and how, in words that hold with a trigger and without one. */
function recoveryText(summary: RetryStormSummary): string {
  const operators = `operators step in ${when(summary.interventionSeconds ?? 0)} (an input, not a result of the model)`;
  if (summary.triggerSeconds > 0) {
    if (summary.recoveredBy === null) return "it never recovers by itself";
    if (summary.recoveredBy === "intervention") return `it does not recover by itself, only when ${operators}`;
    // A recovery in pricing's own second reads as one: not "0 s after pricing does".
    const after = secondsOrMinutes(summary.recoverySeconds!);
    return after === secondsOrMinutes(0)
      ? "it recovers by itself as soon as pricing does"
      : `it recovers by itself ${after} after pricing does`;
  }
  // No trigger: nothing slowed, so "after pricing does" would be false; say what the model measured.
  const healthy = `healthy (at least 99% of requests succeeding ${recoveryHoldSeconds} s running)`;
  if (summary.recoveredBy === null) return `pricing never slows, yet from 0 s on it is never ${healthy}`;
  if (summary.recoveredBy === "intervention") return `pricing never slows, yet it is ${healthy} only once ${operators}`;
  return `pricing never slows, and it is ${healthy} from ${secondsOrMinutes(summary.recoverySeconds!)}`;
}

/** A chart's title with its unit in brackets, unless the title already says it: for its figcaption and its accessible name. */
export function chartName(view: Pick<ChartView, "title" | "unit">): string {
  const unit = unitBesideTitle(view.title, view.unit);
  return unit ? `${view.title} (${unit})` : view.title;
}

/**
 * Tries per request as every page writes it (the replay's summary, the run sheets) and the
 * terminal too (`npm run sim -- retry-storm`): perRequest's two decimals, "4.65", "1.00".
 */
export const triesPerRequest = (amplification: number): string => perRequest(amplification);

/** The tries shedding turned away, as the summary says it: "1,782 tries are shed (the first at 0.6 s)". */
function shedText(summary: RetryStormSummary): string {
  const n = summary.triesShed;
  if (n === 0 || summary.firstShedSeconds === null) return "no try is shed";
  if (n === 1) return `1 try is shed ${when(summary.firstShedSeconds)}`;
  return `${grouped(n)} tries are shed (the first ${when(summary.firstShedSeconds)})`;
}

/** One sentence per run: what a reader should take away, in numbers. */
export function summaryText(name: string, run: RunView): string {
  const { summary } = run;
  if (!hasRequests(summary))
    return `${name}: no request arrives in the whole run, so no connection is used, nothing is refused and nothing needs to recover.`;
  /** A moment of the run: when it happened (null: it never did), and how the sentence says so. */
  type Milestone = { t: number | null; text: string };
  const at = (t: number | null, what: string, never: string): Milestone => ({
    t,
    text: t === null ? never : `${what} ${when(t)}`,
  });
  const pool = run.metrics.pools.length > 1 ? "a bulkhead pool" : "the pool";
  const places: Milestone[] = [
    at(summary.poolFullSeconds, `${pool} is full`, `${pool === "the pool" ? "the pool never fills" : "no pool fills"}`),
    at(summary.goodputZeroSeconds, "goodput is gone", "goodput never stops"),
    // With shedding on: how many tries it turned away at once, without a wait, and from when.
    ...(summary.defences.includes("shed")
      ? [{ t: summary.triesShed === 0 ? null : summary.firstShedSeconds, text: shedText(summary) }]
      : []),
    // What the model measures: a try that waited the pool's whole acquire timeout. Not "no request
    // is refused": shedding refuses tries at once, without a wait, and is counted above.
    at(summary.firstRefusalSeconds, `the first try ${timesOutWaiting}`, `no try ${timesOutWaiting}`),
  ];
  // Read as a story: the moments that happened in the order they did (a long queue can shed its
  // first try after the first wait timed out), in the places such moments hold in the list; those
  // that never happened keep theirs. A stable sort: moments at the same time keep the list's order.
  const happened = places.filter((m) => m.t !== null).sort((a, b) => a.t! - b.t!);
  const milestones = listNames(places.map((m) => (m.t === null ? m.text : happened.shift()!.text)));
  const share = unrelatedSuccess(summary);
  const window = `during the incident (0 to ${secondsOrMinutes(summary.incidentEndSeconds)})`;
  const unrelated =
    summary.incidentEndSeconds === 0
      ? "no incident, so no incident success rate"
      : share === null
        ? `no request to the services that never call pricing arrives ${window}`
        : `${window} services that never call pricing succeed ${successPercent(share)} of the time`;
  const tries = `${triesPerRequest(summary.amplification)} tries per request`;
  return `${name}: ${milestones}; ${recoveryText(summary)}; ${unrelated}; ${tries}.`;
}

/** The two runs: the naive one, and the one with the defences switched on (side by side on a wide screen, one at a time on a phone). */
export type Side = "naive" | "defended";
export const sides: readonly Side[] = ["naive", "defended"];

/**
 * What a run is called wherever it is named: `name` before what is said of it (its summary, the
 * moment under the playhead, what is read out, the data table's columns), `label` where the run
 * itself is named (its charts, its events, the phone's toggle). The second run with no
 * defence switched on is not "defended" at all: it is named by what it is.
 */
export function runName(side: Side, defences: readonly string[]): { name: string; label: string } {
  if (side === "naive") return { name: "Naive", label: "Naive run" };
  if (defenceNames.some((d) => defences.includes(d))) return { name: "Defended", label: "Defended run" };
  // Short: at 24 px the presenter view's summaries fill a 1280 x 720 screen, and a summary that
  // began "Right-hand run, no defence switched on:" took a line more and made the page scroll.
  return { name: "No defence switched on", label: "Run with no defence switched on" };
}

/**
 * The heading over the defended run: the defences it has on, and only those, in the controls'
 * order. With none on, it is not "defended" at all: the heading says what the run is, as its name
 * does (runName), not where it stands: on a phone it is the only run on show, on no side.
 */
export function defendedHeading(defences: readonly string[]): string {
  const on = defenceNames.filter((d) => defences.includes(d));
  return on.length ? `Defended: ${listNames(on)}` : runName("defended", []).label;
}

/**
 * One line on where a run's connections are, when it is not one shared pool: with bulkheads
 * each dependency has a pool of its own, so the total is not the pool size the naive run has.
 */
export function poolNote(run: RunView): string {
  const pools = run.metrics.pools;
  if (pools.length <= 1) return "";
  const sizes = new Set(pools.map((p) => p.size));
  const each =
    sizes.size === 1
      ? `${pools.length} pools of ${pools[0]!.size}, one per dependency`
      : `pools of ${listNames(pools.map((p) => `${p.size} for ${p.name}`))}`;
  const pricing = pools.find((p) => p.name === "pricing");
  return `Bulkheads: no shared pool; ${each} (${run.metrics.poolCapacity} connections in all)${pricing ? `, and pricing's callers can use only the ${pricing.size} of pricing's pool` : ""}.`;
}

/**
 * The second of the run the playhead stands in: the slot of the per-second series it reads, and
 * that second's start, the playhead's own value (the time beside the slider). The charts draw the
 * second's values at its middle, where the playhead's line stands.
 */
function playheadSlot(time: number, m: Pick<RetryStormMetrics, "time">): { index: number; start: number } {
  const index = Math.max(0, Math.min(m.time.length - 1, Math.floor(time) - m.time[0]!));
  return { index, start: m.time[index]! };
}

/**
 * What both runs look like in the second the playhead stands in, from `t` to `t + 1`: the
 * connections in use and the tries waiting as the model records them, at the second's end (so
 * the pool that fills at 0.5 s shows full in the second from 0 s, "in use at 1 s"), and the share
 * of the requests arriving in it that succeed. Every run has the same seconds.
 */
export function momentText(time: number, runs: readonly { name: string; run: RunView }[]): string {
  const first = runs[0]?.run.metrics;
  const start = first && first.time.length > 0 ? playheadSlot(time, first).start : Math.floor(time);
  const end = start + 1;
  const parts = runs.map(({ name, run }) => {
    const m = run.metrics;
    // A run without requests: one short line, whatever the second.
    if (!hasRequests(run.summary)) return `${name}: no requests, so no connection in use`;
    const i = playheadSlot(time, m).index;
    const rate = m.successRate[i] ?? null;
    // Each pool's share of the connections in use, in brackets after their sum: a readout of
    // figures side by side, as the line's own ", 3 waiting, 100% ..." is, so a comma between
    // them and no "and" (a sentence's list is listNames's; this is a table row said in words).
    const pools =
      m.pools.length > 1
        ? ` (${m.pools.map((p) => `${p.name} ${grouped(p.inUse[i]!)} of ${grouped(p.size)}`).join(", ")})`
        : "";
    const success = rate === null ? "no request arrives" : `${successPercent(rate)} of the requests arriving succeed`;
    return `${name}: ${grouped(m.poolInUse[i]!)} of ${grouped(m.poolCapacity)} connections in use at ${end} s${pools}, ${grouped(m.waiting[i]!)} waiting, ${success}`;
  });
  return `From ${start} s to ${end} s: ${parts.join("; ")}.`;
}

export interface TableRow {
  time: number;
  cells: string[];
}

/** An event in words, as the list under the charts and a static chart's marker line (its tooltip) say it: "first refusal: 82.7 s". */
export const markerText = (m: Marker): string => `${m.label}: ${secondsOrMinutes(m.time)}`;

/** The events under a side's charts, as list items (the server and the page draw the same). */
export function markerItemsHtml(marks: Marker[]): string {
  return marks
    .map((m) => `<li><span class="rs-swatch" style="background:${markerColour[m.kind]}"></span>${markerText(m)}</li>`)
    .join("");
}

/** The data-table fallback: one row every `step` seconds, both runs side by side. */
export function tableRows(naive: RunView, defended: RunView, step = 10): { head: string[]; rows: TableRow[] } {
  // Each run's columns under its name, as the summaries call it: "naive", "defended".
  const columns = (name: string) => ["in use", "waiting", "success"].map((c) => `${name.toLowerCase()}: ${c}`);
  const head = [
    "time (s)",
    ...columns(runName("naive", []).name),
    ...columns(runName("defended", defended.summary.defences).name),
  ];
  const rows: TableRow[] = [];
  const m = naive.metrics;
  for (let i = 0; i < m.time.length; i += step) {
    const d = defended.metrics;
    rows.push({
      time: m.time[i]!,
      cells: [
        asGiven(m.time[i]!),
        asGiven(m.poolInUse[i]!),
        asGiven(m.waiting[i]!),
        fmtRate(m.successRate[i] ?? null),
        asGiven(d.poolInUse[i]!),
        asGiven(d.waiting[i]!),
        fmtRate(d.successRate[i] ?? null),
      ],
    });
  }
  return { head, rows };
}

/** The data table's caption, head and body (the server and the page draw the same). */
export function tableHtml(naive: RunView, defended: RunView): string {
  const { head, rows } = tableRows(naive, defended);
  const th = head.map((h) => `<th scope="col">${h}</th>`).join("");
  const body = rows
    .map((r) => `<tr>${r.cells.map((c, i) => (i === 0 ? `<th scope="row">${c}</th>` : `<td>${c}</td>`)).join("")}</tr>`)
    .join("");
  return `<caption>Both runs every 10 s</caption><thead><tr>${th}</tr></thead><tbody>${body}</tbody>`;
}

/**
 * The playhead's value as a screen reader says it: the slider's number alone ("-30") does not say
 * it is seconds, nor which side of the trigger.
 */
export function playheadText(t: number): string {
  if (t === 0) return "at the trigger";
  return `${grouped(Math.abs(t))} s ${t < 0 ? "before" : "after"} the trigger`;
}
