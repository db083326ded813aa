/**
 * Landing on the place a link names, on a chapter whose blocks far from the screen are left
 * unrendered (`content-visibility: auto`, src/styles/course.css) and stand in at a placeholder
 * height until first shown. The blocks the jump crosses or lands among are rendered for it (class
 * `br-shown`) and soon skipped again, at the real heights the stylesheet's `contain-intrinsic-size:
 * auto` has kept for them: only those are rendered, once. src/widgets/anchor-jumps.ts does it for a
 * click on a link to a place on the page and for a reload; `landEarly` for a page opened at a
 * place, from a classic script in every page's head (built by src/integrations/early-input.ts).
 *
 * A page opened at a place was once landed by anchor-jumps.ts alone, a module script: it runs
 * once the whole page is parsed, after the browser has drawn the top of the page. It rendered the
 * blocks above at their real heights and the window scrolled in the same frame, so the text the
 * window came to show counted as moved by every height that changed above it: a layout shift of
 * 0.11 to 0.37 on /interview-playbook/#mock-interview, #question-bank and
 * /retry-storm/#further-reading at 1280 and 390 px, 0.37 on /retry-storm/#the-replay
 * (tests/browser/anchor-jumps.test.ts). `landEarly` looks for the place before each frame the
 * browser draws while the page is parsed; the heights change in a frame at the top of the page,
 * where no text the window shows moves, and the scroll comes after.
 */
import { returnsToPlace } from "./reading-place.ts";

const shown = "br-shown";

/** The element a fragment such as "#ex-diagnose-breaker" names on this page, or null. */
export function targetOf(hash: string, doc: Document = document): Element | null {
  if (hash.length < 2) return null;
  try {
    return doc.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    // A malformed escape in the address: no such place.
    return null;
  }
}

/**
 * Renders those of `blocks` that are skipped while off screen, with the containment `auto` gives
 * them (course.css, `.br-shown`); returns them.
 */
export function render(blocks: Iterable<Element>): Element[] {
  const rendered: Element[] = [];
  for (const block of blocks) {
    if (getComputedStyle(block).contentVisibility !== "auto") continue;
    block.classList.add(shown);
    rendered.push(block);
  }
  return rendered;
}

/** The blocks of the content that come before `target`. */
export function blocksAbove(target: Element): Element[] {
  const content = target.closest(".sl-markdown-content");
  const above: Element[] = [];
  for (const block of content?.children ?? []) {
    if (block === target || block.contains(target)) break;
    above.push(block);
  }
  return above;
}

/** Let `blocks` be skipped again once the jump has landed and their heights are kept. */
export function skipAgainSoon(blocks: Element[]): void {
  if (blocks.length === 0) return;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      for (const block of blocks) block.classList.remove(shown);
    }),
  );
}

/**
 * Renders those of `blocks` (in the page's order) that the window will show once its top is at
 * `top` (a page offset): each one that starts above the window's foot, up to the first that does
 * not. Returns those it rendered.
 */
export function renderShown(blocks: readonly Element[], top: number): Element[] {
  const rendered: Element[] = [];
  const bottom = top + innerHeight;
  for (const block of blocks) {
    if (scrollY + block.getBoundingClientRect().top >= bottom) break;
    rendered.push(...render([block]));
  }
  return rendered;
}

/**
 * The landing's scroll, two frames after `rendered` were rendered: their heights changed in a frame
 * drawn where the window still is, and the scroll then moves nothing on the page. (Rendered and
 * scrolled in one frame, the text the window came to show counted as moved by every height that
 * changed above it.) A reader who scrolled meanwhile has chosen where to be. The blocks are
 * skipped again after it (skipAgainSoon).
 */
export function scrollSoon(scroll: () => void, rendered: Element[]): void {
  const from = scrollY;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      if (scrollY === from) scroll();
      skipAgainSoon(rendered);
    }),
  );
}

/**
 * Renders the blocks above `target`, its own and those below it that the window will show
 * (renderShown), and two frames later puts it at the top of the window, its scroll margin
 * (scrollSoon). A block below it drawn first at its placeholder height moved what followed it.
 */
export function landOn(target: Element): void {
  const above = blocksAbove(target);
  const rendered = render(above);
  if (rendered.length === 0) return;
  const below = [...(target.closest(".sl-markdown-content")?.children ?? [])].slice(above.length);
  rendered.push(...renderShown(below, scrollY + target.getBoundingClientRect().top));
  scrollSoon(() => target.scrollIntoView(), rendered);
}

/**
 * Whether `landEarly` lands a page opened by `navigationType` (a PerformanceNavigationTiming
 * type): not one the reader returns to, whose place anchor-jumps.ts restores instead.
 */
export const landsEarly = (navigationType: string | undefined): boolean => !returnsToPlace(navigationType);

/**
 * For a page opened at a place (an address with a fragment: a search result, a shared link), run
 * from the head before the body is parsed: land on the place as soon as it is there.
 */
export function landEarly(): void {
  const type = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.type;
  if (location.hash.length < 2 || !landsEarly(type)) return;
  // Looked for before each frame while the page is parsed, and before the first frame after.
  const beforeFrame = () => {
    const target = targetOf(location.hash);
    if (target) landOn(target);
    else if (document.readyState === "loading") requestAnimationFrame(beforeFrame);
  };
  requestAnimationFrame(beforeFrame);
}
