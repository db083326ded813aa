/**
 * What the retry-storm replay's charts write on their axes, and where, read the way a reader sees
 * them: a static chart's labels are text in its SVG (src/widgets/replay/svg.ts); a live chart's
 * are drawn on its canvas (the value axis's centred on their values beside the plot, the time
 * axis's with their tops under it, by uPlot, and those at the plot's ends by charts.ts), so the
 * page's canvas text is recorded as it is drawn, with its alignment, each canvas keeping what its
 * last redraw wrote.
 */
import type { Locator, Page } from "playwright-core";

/** Start recording (before the replay's code loads: uPlot draws with the recording methods). */
export function recordCanvasAxes(page: Page): Promise<void> {
  return page.evaluate(() => {
    type Label = { text: string; x: number; y: number; align: string };
    type Recorded = HTMLCanvasElement & { valueAxis?: Label[]; timeAxis?: Label[] };
    const proto = CanvasRenderingContext2D.prototype;
    const { clearRect, fillText } = proto;
    // uPlot clears its whole canvas before each redraw: what was written before is gone.
    proto.clearRect = function (x, y, w, h) {
      (this.canvas as Recorded).valueAxis = [];
      (this.canvas as Recorded).timeAxis = [];
      return clearRect.call(this, x, y, w, h);
    };
    proto.fillText = function (text, x, y, maxWidth) {
      const canvas = this.canvas as Recorded;
      const label = { text: String(text), x, y, align: this.textAlign };
      // The value axis's labels are centred on their values ("middle"), the time axis's hang from their tops.
      if (this.textBaseline === "middle") (canvas.valueAxis ??= []).push(label);
      else if (this.textBaseline === "top") (canvas.timeAxis ??= []).push(label);
      return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
    };
  });
}

/**
 * Where a chart on show draws its plot and its labels, in CSS pixels from the page's top left:
 * the plot's box (top, height, left, width); each value label's text and the height its em box is
 * centred on; each time label's text, the point its em box's top is at, and its anchor ("middle"
 * where it is centred on its time, "start" or "end" where it lines up that end with it). A static chart's are read from its SVGs (the plot,
 * each label's place along its axis in its own units), a live chart's from what uPlot drew:
 * its plot's box, and each label where uPlot wrote it on its canvas, a value's label with its em
 * box's middle there and a time's with its top there (a canvas's "middle" and "top" baselines).
 */
export interface ChartPlaces {
  plot: number[];
  values: [string, number][];
  times: [string, number, number, string][];
}

export function chartPlaces(replay: Locator): Promise<Record<string, ChartPlaces>> {
  return replay.evaluate((root) => {
    type Label = { text: string; x: number; y: number; align: string };
    type Recorded = HTMLCanvasElement & { valueAxis?: Label[]; timeAxis?: Label[] };
    const out: Record<string, ChartPlaces> = {};
    const page = (box: DOMRect) => ({ top: box.top + scrollY, left: box.left + scrollX, box });
    const round = (n: number) => Math.round(n * 10) / 10;
    for (const figure of root.querySelectorAll<HTMLElement>("[data-side] [data-chart]")) {
      if (figure.getBoundingClientRect().width === 0) continue;
      const side = figure.closest<HTMLElement>("[data-side]")!.dataset.side;
      const canvas = figure.querySelector<Recorded>(".uplot canvas");
      let places: ChartPlaces;
      if (canvas) {
        const c = page(canvas.getBoundingClientRect());
        const scale = canvas.width / c.box.width;
        const over = page(figure.querySelector(".u-over")!.getBoundingClientRect());
        places = {
          plot: [over.top, over.box.height, over.left, over.box.width],
          values: [...(canvas.valueAxis ?? [])].sort((a, b) => a.y - b.y).map((l) => [l.text, c.top + l.y / scale]),
          times: [...(canvas.timeAxis ?? [])]
            .sort((a, b) => a.x - b.x)
            .map((l) => [
              l.text,
              c.left + l.x / scale,
              c.top + l.y / scale,
              l.align === "left" ? "start" : l.align === "right" ? "end" : "middle",
            ]),
        };
      } else {
        const plot = page(figure.querySelector(".rs-svg")!.getBoundingClientRect());
        const along = (t: SVGTextElement, axis: "x" | "y") => {
          const svg = page(t.ownerSVGElement!.getBoundingClientRect());
          const length = t[axis].baseVal[0]!;
          const size = axis === "x" ? svg.box.width : svg.box.height;
          const at =
            length.unitType === SVGLength.SVG_LENGTHTYPE_PERCENTAGE
              ? (length.valueInSpecifiedUnits / 100) * size
              : length.value;
          return (axis === "x" ? svg.left : svg.top) + at;
        };
        const shown = (selector: string) =>
          [...figure.querySelectorAll<SVGTextElement>(selector)].filter((t) => t.getBoundingClientRect().width > 0);
        places = {
          plot: [plot.top, plot.box.height, plot.left, plot.box.width],
          values: shown(".rs-static-y text")
            .map((t): [string, number] => [t.textContent ?? "", along(t, "y")])
            .sort((a, b) => a[1] - b[1]),
          times: shown(".rs-static-x text").map((t) => [
            t.textContent ?? "",
            along(t, "x"),
            along(t, "y"),
            t.getAttribute("text-anchor") ?? "start",
          ]),
        };
      }
      out[`${side}/${figure.dataset.chart}`] = {
        plot: places.plot.map(round),
        values: places.values.map(([text, y]) => [text, round(y)]),
        times: places.times.map(([text, x, y, anchor]) => [text, round(x), round(y), anchor]),
      };
    }
    return out;
  });
}

/**
 * How each chart's live places (`after`) differ from its static ones (`before`) by more than
 * `slack` px, in words: none, where the live charts drew everything where the static ones had it.
 */
export function movedPlaces(
  before: Record<string, ChartPlaces>,
  after: Record<string, ChartPlaces>,
  slack: number,
): string[] {
  const out: string[] = [];
  const near = (a: number, b: number) => Math.abs(a - b) <= slack;
  for (const [key, b] of Object.entries(before)) {
    const a = after[key];
    if (!a) {
      out.push(`${key}: no live chart`);
      continue;
    }
    if (!b.plot.every((v, i) => near(v, a.plot[i]!))) out.push(`${key} plot ${b.plot} -> ${a.plot}`);
    const texts = (l: readonly (string | number)[][]) => JSON.stringify(l.map((x) => x[0]));
    if (texts(b.values) !== texts(a.values)) out.push(`${key} values ${texts(b.values)} -> ${texts(a.values)}`);
    else
      b.values.forEach(([text, y], i) => {
        if (!near(y, a.values[i]![1])) out.push(`${key} value ${text} at ${y} -> ${a.values[i]![1]}`);
      });
    if (texts(b.times) !== texts(a.times)) out.push(`${key} times ${texts(b.times)} -> ${texts(a.times)}`);
    else
      b.times.forEach(([text, x, y, anchor], i) => {
        const [, ax, ay, aAnchor] = a.times[i]!;
        // Its place and the end of it there: centred on it, or at an end of the plot, lined up by that end.
        if (!near(x, ax) || !near(y, ay) || anchor !== aAnchor)
          out.push(`${key} time ${text} at ${x},${y} (${anchor}) -> ${ax},${ay} (${aAnchor})`);
      });
  }
  return out;
}

/**
 * Each chart's value-axis labels from the top down, by "side/chart" ("naive/waiting"): a live
 * chart's where it has replaced the static one, the static one's before.
 */
export function valueAxes(replay: Locator): Promise<Record<string, string[]>> {
  return replay.evaluate((root) => {
    type Recorded = HTMLCanvasElement & { valueAxis?: { text: string; y: number }[] };
    const out: Record<string, string[]> = {};
    for (const figure of root.querySelectorAll<HTMLElement>("[data-side] [data-chart]")) {
      const side = figure.closest<HTMLElement>("[data-side]")!.dataset.side;
      const canvas = figure.querySelector<Recorded>(".uplot canvas");
      out[`${side}/${figure.dataset.chart}`] = canvas
        ? [...(canvas.valueAxis ?? [])].sort((a, b) => a.y - b.y).map((l) => l.text)
        : [...figure.querySelectorAll(".rs-static-y text")].map((t) => t.textContent ?? "");
    }
    return out;
  });
}

/** The charts of `axes` whose two runs' axes differ, with both: none, where every pair shares its scale. */
export function unsharedAxes(axes: Record<string, string[]>): string[] {
  return Object.keys(axes)
    .filter((key) => key.startsWith("naive/"))
    .map((key) => [key, key.replace(/^naive\//, "defended/")] as const)
    .filter(([naive, defended]) => JSON.stringify(axes[naive]) !== JSON.stringify(axes[defended]))
    .map(([naive, defended]) => `${naive} ${JSON.stringify(axes[naive])} vs ${JSON.stringify(axes[defended])}`);
}

/**
 * What each live chart on show paints between its value axis's labels and its plot, by
 * "side/chart": the pixels of its canvas that are not clear in the strip from `gap` - 2 px left of
 * the plot to its edge, beside the plot's height (its labels end `gap` px from the plot). The
 * static chart draws only its labels there; uPlot drew a tick mark at each value, in its own ink.
 */
export function valueAxisInk(replay: Locator, gap: number): Promise<Record<string, number>> {
  return replay.evaluate((root, gap) => {
    const out: Record<string, number> = {};
    for (const figure of root.querySelectorAll<HTMLElement>("[data-side] [data-chart]")) {
      const canvas = figure.querySelector<HTMLCanvasElement>(".uplot canvas");
      if (!canvas || figure.getBoundingClientRect().width === 0) continue;
      const c = canvas.getBoundingClientRect();
      const plot = figure.querySelector(".u-over")!.getBoundingClientRect();
      const scale = canvas.width / c.width;
      const x = Math.round((plot.left - c.left - (gap - 2)) * scale);
      const y = Math.round((plot.top - c.top) * scale);
      const strip = canvas
        .getContext("2d")!
        .getImageData(x, y, Math.round((gap - 2) * scale), Math.round(plot.height * scale)).data;
      let painted = 0;
      for (let i = 3; i < strip.length; i += 4) if (strip[i]! > 0) painted++;
      out[`${figure.closest<HTMLElement>("[data-side]")!.dataset.side}/${figure.dataset.chart}`] = painted;
    }
    return out;
  }, gap);
}
