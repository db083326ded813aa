/**
 * How tall the presenter view's charts are drawn (/present/retry-storm/): all the room the screen
 * has under them. Shared by the live charts (charts.ts) and the static ones the page is built
 * with, which the component's bootstrap sizes before the replay's code loads; so no import here.
 */

/** The shortest presenter chart: below it, a chart's curves can no longer be told apart. */
export const presentChartMin = 140;

/**
 * A presenter chart's height: on a screen that has the room, all the room it has left under the
 * chart's top (`top`) once what follows the chart (`below`: its legend, the replay's and the
 * page's bottom edges) is taken away, so the page fills the screen and does not scroll, however
 * tall the screen. A chart that starts below the first screen (a phone, where the tools take it)
 * is scrolled to: it takes half the screen. Between the two, never less than `presentChartMin`.
 */
export function presentChartHeight(screen: number, top: number, below: number): number {
  if (top >= screen) return Math.round(Math.max(presentChartMin, screen / 2));
  // Down to the whole pixel: a page a fraction of a pixel taller than the screen scrolls.
  return Math.max(presentChartMin, Math.floor(screen - top - below));
}

/**
 * The height for the charts on show in `plots` (each a chart's box, its time axis in it, as drawn
 * now, the way uPlot counts a chart's height): the lowest one's
 * top (a side's longer summary puts its chart lower) and what lies under it down to the page's
 * end, which the body's box ends at (PresenterPage.astro gives it no height of its own).
 */
export function fitPresentCharts(plots: readonly HTMLElement[]): number | null {
  const boxes = plots.map((p) => p.getBoundingClientRect()).filter((b) => b.width > 0);
  if (boxes.length === 0) return null;
  const top = Math.max(...boxes.map((b) => b.top));
  const bottom = Math.max(...boxes.map((b) => b.bottom));
  const end = document.body.getBoundingClientRect().bottom;
  return presentChartHeight(window.innerHeight, top + window.scrollY, Math.max(0, end - bottom));
}

/**
 * Size the static charts of a presenter replay (`root`) to the screen, now and as the window
 * changes, until the live charts replace them (their own sizing takes over: charts.ts). A static
 * chart's height, its time axis in it, is the root's `--rs-present-plot` (replay.css).
 */
export function sizeStaticCharts(root: HTMLElement): void {
  const size = () => {
    const plots = [...root.querySelectorAll<HTMLElement>(".rs-static")];
    if (plots.length === 0) return removeEventListener("resize", size);
    const height = fitPresentCharts(plots);
    if (height !== null) root.style.setProperty("--rs-present-plot", `${height}px`);
  };
  size();
  addEventListener("resize", size);
}
