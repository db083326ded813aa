import { describe, expect, test } from "vitest";
import { chartSvg, timeStep } from "./svg.ts";
import { chartFrame, type ChartView, valueAxis } from "./view.ts";

/** A label's width in the presenter's 24 px type, about 14.6 px a character ("4 min": 73 px). */
const wide = (label: string) => label.length * 14.6;

describe("timeStep: the time axis's labels as far apart as they need", () => {
  test("a presenter chart on a 390 px phone (a 197 px plot over 10 minutes) labels every eight minutes", () => {
    expect(timeStep(600, 197, wide, 240)).toBe(480);
  });
  test("on a projector (a 460 px plot) every four minutes, as before", () => {
    expect(timeStep(600, 460, wide, 240)).toBe(240);
  });
  test("the base step stands while its labels and 16 px fit, however wide the plot", () => {
    expect(timeStep(600, 4000, wide, 120)).toBe(120);
    expect(timeStep(600, 0, wide, 120)).toBe(120);
  });
  test("the step doubles no further than the run is long", () => {
    expect(timeStep(600, 20, wide, 240)).toBe(960);
  });
});

/** A success chart (0 to 100%) of one series with these values. */
const successView = (values: number[]): ChartView => ({
  id: "success",
  title: "t",
  unit: "%",
  range: [0, 100],
  series: [{ label: "a", values, colour: 2 }],
});

test("the static chart marks the labels a narrow chart hides: off four minutes (minor), then off eight (mid)", () => {
  const view = successView([1, 2]);
  const svg = chartSvg(view, [0, 600], [], "steps");
  const top = chartFrame.tick + chartFrame.gap;
  const labels = [
    ...svg.matchAll(new RegExp(`<text(?: class="([^"]*)")? x="[^"]*" y="${top}"[^>]*>([^<]*)</text>`, "g")),
  ].map((m) => [m[2], m[1] ?? ""]);
  expect(labels).toEqual([
    ["0 s", ""],
    ["2 min", "rs-tick-minor"],
    ["4 min", "rs-tick-mid"],
    ["6 min", "rs-tick-minor"],
    ["8 min", ""],
    ["10 min", "rs-tick-minor"],
  ]);
});

test("the static plot draws its values from its top edge to its bottom one, as uPlot does, and a label's tick and grid line step aside with it", () => {
  const view = successView([0, 100]);
  const svg = chartSvg(view, [0, 600], [], "edges");
  // The value axis's grid lines: 100% on the plot's top edge, 0% on its bottom one (no inset).
  const rows = [...svg.matchAll(/<line x1="0" x2="1000" y1="([\d.]+)"/g)].map((m) => Number(m[1]));
  expect(Math.min(...rows)).toBe(0);
  expect(Math.max(...rows)).toBe(Number(/viewBox="0 0 1000 ([\d.]+)"/.exec(svg)![1]));
  // Its labels centred on those edges: 100% at 0% of the axis's height, 0% at 100%.
  expect(svg).toContain('y="0%" dominant-baseline="central" text-anchor="end">100%</text>');
  expect(svg).toContain('y="100%" dominant-baseline="central" text-anchor="end">0%</text>');
  // Off four minutes (2, 6 and 10): each label, its tick and its grid line, all hidden together on a narrow chart.
  expect(svg.match(/<text class="rs-tick-minor"/g)).toHaveLength(3);
  expect(svg.match(/<line class="rs-tick-minor"/g)).toHaveLength(6);
  expect(svg.match(/<line class="rs-tick-mid"/g)).toHaveLength(2);
});

test("the static value axis is its labels alone, with no tick marks, each its gap from the plot as the live chart's", () => {
  const view = successView([0, 100]);
  const axis = /<svg class="rs-static-y"[^>]*>(.*?)<\/svg>/.exec(chartSvg(view, [0, 600], [], "axis"))![1]!;
  const marks = [...axis.matchAll(/<(\w+)[ >]/g)].map((m) => m[1]);
  expect(marks).toEqual(["text", "text", "text"]);
  expect(axis.match(/ dx="([-\d.]+)"/g)).toEqual(Array(3).fill(` dx="${-valueAxis.gap}"`));
});
