/**
 * What the retry-storm replay's charts write on their value axes, read the way a reader sees them:
 * a static chart's labels are text in its SVG (src/widgets/replay/svg.ts); a live chart's are drawn
 * on its canvas by uPlot (right-aligned beside the plot: the time axis's are centred), so the page's
 * canvas text is recorded as it is drawn, each canvas keeping what its last redraw wrote.
 */
import type { Locator, Page } from "playwright-core";

/** Start recording (before the replay's code loads: uPlot draws with the recording methods). */
export function recordCanvasAxes(page: Page): Promise<void> {
  return page.evaluate(() => {
    type Recorded = HTMLCanvasElement & { valueAxis?: { text: string; y: number }[] };
    const proto = CanvasRenderingContext2D.prototype;
    const { clearRect, fillText } = proto;
    // uPlot clears its whole canvas before each redraw: what was written before is gone.
    proto.clearRect = function (x, y, w, h) {
      (this.canvas as Recorded).valueAxis = [];
      return clearRect.call(this, x, y, w, h);
    };
    proto.fillText = function (text, x, y, maxWidth) {
      if (this.textAlign === "right") ((this.canvas as Recorded).valueAxis ??= []).push({ text: String(text), y });
      return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
    };
  });
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
