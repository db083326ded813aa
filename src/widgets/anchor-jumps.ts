/**
 * A link to a place far down a chapter lands on it. Blocks far from the viewport are left
 * unrendered (`content-visibility: auto`, src/styles/course.css) and stand in at a placeholder
 * height until first shown, so a jump computed across them misses: on a 1280 px screen the table
 * of contents put "Exercises" 250 to 1,300 px below the top of the window, or above it, and a
 * shared link to an exercise did the same (tests/browser/anchor-jumps.test.ts). Before the
 * browser jumps, this renders the blocks above the place (class `br-shown`); two frames later
 * they go back to being skipped, at the real heights the stylesheet's `contain-intrinsic-size:
 * auto` has kept for them, so nothing moves. Only what lies above the place is rendered, once.
 */
const shown = "br-shown";

/** The element a fragment such as "#ex-diagnose-breaker" names on this page, or null. */
function targetOf(hash: string): Element | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    // A malformed escape in the address: no such place.
    return null;
  }
}

/** Render the skipped blocks of the content that come before `target`; returns them. */
function renderAbove(target: Element): Element[] {
  const content = target.closest(".sl-markdown-content");
  const rendered: Element[] = [];
  if (!content) return rendered;
  for (const block of content.children) {
    if (block === target || block.contains(target)) break;
    if (getComputedStyle(block).contentVisibility !== "auto") continue;
    block.classList.add(shown);
    rendered.push(block);
  }
  return rendered;
}

/** Let `blocks` be skipped again once the jump has landed and their heights are kept. */
function skipAgainSoon(blocks: Element[]): void {
  if (blocks.length === 0) return;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      for (const block of blocks) block.classList.remove(shown);
    }),
  );
}

// A click on a link to a place on this page (the table of contents, a heading's link, a link to
// an exercise): captured before the browser follows it, so its jump sees the real heights.
document.addEventListener(
  "click",
  (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || !link.hash) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname || url.search !== location.search) return;
    const target = targetOf(url.hash);
    if (target) skipAgainSoon(renderAbove(target));
  },
  { capture: true },
);

// An address with a place in it (a shared link, a link from another page): the browser has
// already jumped, across placeholders; jump again with the real heights above.
const arrivedAt = targetOf(location.hash);
if (arrivedAt) {
  const blocks = renderAbove(arrivedAt);
  if (blocks.length > 0) {
    arrivedAt.scrollIntoView();
    skipAgainSoon(blocks);
  }
}
