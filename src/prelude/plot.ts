/**
 * `plot(...)` for playground programs: a line or bar chart under the output. The page draws
 * it with uPlot; the output text (and the terminal) gets a one-line stand-in, identical in
 * both, so golden files match. A run connects its output with `setPlotSink`; outside a run
 * (plain Node, tests) the stand-in is printed.
 */

/** A line or bar chart drawn under the output. */
export interface PlotSpec {
  kind: "line" | "bar";
  title?: string;
  xLabel?: string;
  yLabel?: string;
  /** The x values (for bars, one per bar). */
  x: number[];
  /** Named y series, each as long as `x`; NaN leaves a gap. */
  series: { label: string; values: number[] }[];
}

export interface PlotEvent {
  kind: "plot";
  spec: PlotSpec;
  /** The chart's one-line stand-in in text output. */
  text: string;
}

let sink: ((event: PlotEvent) => void) | null = null;

/** Where plot(...) sends its charts during a run (the runner sets it; null prints them). */
export function setPlotSink(next: ((event: PlotEvent) => void) | null): void {
  sink = next;
}

export interface PlotOptions {
  /** x values; for bars, one per bar. Defaults to 0, 1, 2, ... */
  x?: number[];
  /** Named series of y values, e.g. `{ simulated: [...], exact: [...] }`, each as long as x. */
  series: Record<string, number[]>;
  kind?: "line" | "bar";
  title?: string;
  xLabel?: string;
  yLabel?: string;
}

/** The one line that stands for a chart in text output. */
export function plotCaption(spec: PlotSpec): string {
  const what = `${spec.kind} chart${spec.title ? ` "${spec.title}"` : ""}`;
  const series = spec.series.map((s) => s.label).join(", ");
  return `[${what}: ${series} over ${spec.x.length} points]`;
}

export function plotSpec(options: PlotOptions): PlotSpec {
  if (
    options === null ||
    typeof options !== "object" ||
    typeof options.series !== "object" ||
    options.series === null
  ) {
    throw new TypeError(
      "plot needs { series: { name: [numbers] } }, e.g. plot({ x: [1, 2, 3], series: { lost: [5, 2, 1] } })",
    );
  }
  const entries = Object.entries(options.series);
  if (entries.length === 0) throw new TypeError("plot needs at least one series");
  const length = options.x?.length ?? entries[0]![1].length;
  const x = options.x ?? Array.from({ length }, (_, i) => i);
  const toNumbers = (name: string, values: unknown): number[] => {
    if (!Array.isArray(values) && !ArrayBuffer.isView(values))
      throw new TypeError(`plot: ${name} must be an array of numbers`);
    const list = Array.from(values as ArrayLike<unknown>, (v) => (typeof v === "bigint" ? Number(v) : v));
    if (list.some((v) => typeof v !== "number")) throw new TypeError(`plot: ${name} must hold only numbers`);
    if (list.length !== length) throw new TypeError(`plot: ${name} has ${list.length} values but x has ${length}`);
    return list as number[];
  };
  const kind = options.kind ?? "line";
  if (kind !== "line" && kind !== "bar") throw new TypeError(`plot: kind must be "line" or "bar", got ${String(kind)}`);
  return {
    kind,
    title: options.title,
    xLabel: options.xLabel,
    yLabel: options.yLabel,
    x: toNumbers("x", x),
    series: entries.map(([label, values]) => ({ label, values: toNumbers(`series "${label}"`, values) })),
  };
}

/** Draw a chart under the output: `plot({ x, series: { name: values } })`. */
export function plot(options: PlotOptions): void {
  const spec = plotSpec(options);
  const event: PlotEvent = { kind: "plot", spec, text: plotCaption(spec) };
  if (sink) sink(event);
  else console.log(event.text);
}
