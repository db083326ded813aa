/**
 * A chapter diagram is a Tab stop only while it can scroll. The build gives every diagram figure
 * `tabindex="0"` (src/integrations/scrolling-figures.ts), so that one which scrolls sideways on a
 * narrow screen can be reached and scrolled from the keyboard even before or without this script;
 * at widths where src/styles/course.css lets it fit its column (47rem and up) the figure does not
 * scroll, and a Tab stop there would only make a keyboard user press Tab once more per diagram.
 * This takes the stop away where the figure's own style says it does not scroll, and gives it back
 * when the window narrows (a turned phone, a zoom to 200%).
 *
 * It reads the figure's computed `overflow-x`, not its scroll width: a figure far below the window
 * is left unlaid out (`content-visibility: auto`), so its sizes say nothing until the reader nears
 * it, while its style is always computed.
 */

/** What the script needs of a figure (an HTMLElement has it; the unit test hands in fakes). */
export interface FigureLike {
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/** The figures the build made reachable: a diagram figure around a drawing, with the build's Tab stop. */
const figureSelector = 'figure:is(.diagram, .course-figure)[tabindex]:has(> svg[role="img"])';

/** Whether a figure whose computed `overflow-x` is `overflowX` can scroll, so needs a Tab stop. */
export const scrolls = (overflowX: string): boolean => overflowX === "auto" || overflowX === "scroll";

/** Give each figure a Tab stop exactly when `overflowXOf` says it scrolls. */
export function updateStops<F extends FigureLike>(figures: Iterable<F>, overflowXOf: (figure: F) => string): void {
  for (const figure of figures) {
    if (scrolls(overflowXOf(figure))) {
      if (!figure.hasAttribute("tabindex")) figure.setAttribute("tabindex", "0");
    } else if (figure.hasAttribute("tabindex")) figure.removeAttribute("tabindex");
  }
}

/** Runs in the page: the figures of this page, updated now and whenever the window's size changes. */
export function watchFigures(): void {
  const figures = [...document.querySelectorAll<HTMLElement>(figureSelector)];
  if (figures.length === 0) return;
  const update = () => updateStops(figures, (figure) => getComputedStyle(figure).overflowX);
  let queued = false;
  addEventListener("resize", () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      update();
    });
  });
  update();
}
