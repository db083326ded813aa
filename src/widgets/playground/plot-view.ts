/** Draws a `plot(...)` chart with uPlot, which is loaded the first time a chart is drawn. */
import type { PlotSpec } from "../../playground/protocol.ts";
// As a URL, not a CSS import: Astro drops CSS imported by a lazily loaded chunk.
import uplotStylesheet from "uplot/dist/uPlot.min.css?url";

const palette = ["#3b82f6", "#f97316", "#16a34a", "#a855f7", "#dc2626", "#0891b2"];

export async function drawPlot(container: HTMLElement, spec: PlotSpec, caption: string): Promise<void> {
  if (!document.querySelector("link[data-uplot]")) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = uplotStylesheet;
    link.dataset.uplot = "";
    document.head.append(link);
  }
  const { default: uPlot } = await import("uplot");
  const figure = document.createElement("figure");
  figure.className = "playground__plot";
  figure.setAttribute("role", "img");
  figure.setAttribute("aria-label", caption);
  container.append(figure);
  // Read the text colour at draw time, so axes follow the light/dark theme.
  const ink = () => getComputedStyle(container).color;
  const grid = { stroke: "rgba(128, 128, 128, 0.25)" };
  const bars = spec.kind === "bar" ? uPlot.paths.bars!({ size: [0.7, 60] }) : undefined;
  // Bars are centred on their x: leave half a step free at both ends so none is cut.
  const step = spec.x.length > 1 ? Math.min(...spec.x.slice(1).map((x, i) => Math.abs(x - spec.x[i]!))) || 1 : 1;
  const xRange = bars
    ? { range: (_u: unknown, min: number, max: number): [number, number] => [min - step / 2, max + step / 2] }
    : {};
  const width = () => Math.max(240, container.clientWidth - 16);
  const chart = new uPlot(
    {
      title: spec.title,
      width: width(),
      height: 240,
      // Bars grow from zero, so their heights compare honestly.
      scales: {
        x: { time: false, ...xRange },
        ...(bars
          ? {
              y: {
                range: (_u: unknown, min: number, max: number): [number, number] => [
                  Math.min(0, min),
                  Math.max(0, max) * 1.05 || 1,
                ],
              },
            }
          : {}),
      },
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
  // Follow the column's width (phone rotation, sidebar toggles).
  new ResizeObserver(() => chart.setSize({ width: width(), height: 240 })).observe(container);
  new MutationObserver(() => chart.redraw(false, true)).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ["data-theme"],
  });
}
