/**
 * A link to a place far down a chapter lands on it, and a reload comes back to where the reader
 * was. Blocks far from the viewport are left unrendered (`content-visibility: auto`,
 * src/styles/course.css) and stand in at a placeholder height until first shown, so a jump
 * computed across them misses: on a 1280 px screen the table of contents put "Exercises" 250 to
 * 1,300 px below the top of the window, or above it, and a shared link to an exercise did the
 * same (tests/browser/anchor-jumps.test.ts). Before the browser jumps, this renders the blocks
 * above the place (class `br-shown`); two frames later they go back to being skipped, at the
 * real heights the stylesheet's `contain-intrinsic-size: auto` has kept for them, so nothing
 * moves. Only what lies above the place is rendered, once. A page opened at a place is landed
 * earlier, while it is parsed, by a classic script in its head (src/widgets/land-on-place.ts).
 *
 * A reload had the same fault the other way round. The browser puts a reloaded page back at the
 * same scroll offset, while the page is still loading, across placeholder heights, so it showed
 * other text than the reader had left; and it kept that offset while the blocks near the window
 * were rendered at their real heights (scroll anchoring, which would hold the text still, waits
 * until the browser is done restoring), so the text on screen moved: a layout shift of 0.09 on the
 * interview playbook reloaded halfway down at 1280 px (tests/browser/reload-place.test.ts). On
 * pages with such blocks the restoring is done here instead (`history.scrollRestoration` set to
 * "manual"): the page keeps the place in the tab as it goes away (src/widgets/reading-place.ts),
 * and on its reload renders the blocks above and on the screen and scrolls to the very place.
 */
import { keep, tabStoreOrNothing } from "./site-storage.ts";
import {
  blocksAbove,
  landOn,
  landsEarly,
  render,
  renderShown,
  scrollSoon,
  skipAgainSoon,
  targetOf,
} from "./land-on-place.ts";
import { type Place, placeKey, placeShown, readPlace, returnsToPlace } from "./reading-place.ts";

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
    if (target) skipAgainSoon(render(blocksAbove(target)));
  },
  { capture: true },
);

/**
 * Scrolls back to `place`. The blocks above it, its own and those the window will show below it
 * are rendered at their real heights first, while the window is still where the browser left it
 * (the top: the restoring is left to this script), and the scroll waits two frames: what their
 * heights move is then off screen in a frame that is drawn, and the scroll itself moves nothing. (Rendered and scrolled in one frame, the text
 * the window then showed counted as moved by every height that changed above it: a layout shift of
 * 0.8.) False when the page no longer has that block.
 */
function goBackTo(blocks: Element[], place: Place): boolean {
  const anchor = blocks[place.block];
  if (!anchor) return false;
  const rendered = render(blocks.slice(0, place.block + 1));
  const offset = () => scrollY + anchor.getBoundingClientRect().top - place.top;
  rendered.push(...renderShown(blocks.slice(place.block + 1), offset()));
  scrollSoon(() => scrollTo({ top: offset(), behavior: "instant" }), rendered);
  return true;
}

const content = document.querySelector(".sl-markdown-content");
const blocks = content ? [...content.children] : [];
const key = placeKey(location.pathname + location.search);
const tab = tabStoreOrNothing();
const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
// Only where blocks are skipped (not in a browser without `overflow-clip-margin`, see course.css)
// does the browser's own restoring miss; elsewhere it is left to it.
const restoresHere = blocks.some((block) => getComputedStyle(block).contentVisibility === "auto");
const kept = restoresHere && returnsToPlace(navigation?.type) ? readPlace(tab.getItem(key)) : null;
if (restoresHere) {
  history.scrollRestoration = "manual";
  addEventListener("pagehide", () => {
    const place = placeShown(
      blocks.map((block) => block.getBoundingClientRect()),
      scrollY > 0,
    );
    keep(key, place && JSON.stringify(place), tab);
  });
}

// A reload goes back to where the reader was, as the browser's own restoring would. A page
// opened at a place (a shared link, a search result) has been landed on it while it was parsed
// (landEarly, land-on-place.ts); one the reader returned to without a kept place is landed here.
const arrivedAt = targetOf(location.hash);
if (kept && goBackTo(blocks, kept)) {
  // Back where the reader was.
} else if (arrivedAt && !landsEarly(navigation?.type)) {
  landOn(arrivedAt);
}
