/** Draws a `plot(...)` chart with uPlot, which is loaded the first time a chart is drawn. */
import type { PlotSpec } from "../../playground/protocol.ts";

const palette = ["#3b82f6", "#f97316", "#16a34a", "#a855f7", "#dc2626", "#0891b2"];

export async function drawPlot(container: HTMLElement, spec: PlotSpec, caption: string): Promise<void> {
  const [{ default: uPlot }] = await Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]);
  const figure = document.createElement("figure");
  figure.className = "playground__plot";
  figure.setAttribute("role", "img");
  figure.setAttribute("aria-label", caption);
  container.append(figure);
  const ink = getComputedStyle(container).color;
  const grid = { stroke: "rgba(128, 128, 128, 0.25)" };
  const bars = spec.kind === "bar" ? uPlot.paths.bars!({ size: [0.7, 60] }) : undefined;
  new uPlot(
    {
      title: spec.title,
      width: Math.max(260, container.clientWidth - 16),
      height: 240,
      scales: { x: { time: false } },
      axes: [
        { stroke: ink, grid, label: spec.xLabel },
        { stroke: ink, grid, label: spec.yLabel },
      ],
      series: [
        { label: spec.xLabel ?? "x" },
        ...spec.series.map((s, i) => ({
          label: s.label,
          stroke: palette[i % palette.length],
          width: 2,
          ...(bars ? { paths: bars, fill: `${palette[i % palette.length]}99` } : {}),
        })),
      ],
    },
    [spec.x, ...spec.series.map((s) => s.values)],
    figure,
  );
}
