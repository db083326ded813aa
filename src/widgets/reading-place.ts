/**
 * The place a reader was reading in a chapter, kept in the tab when the page goes away so a reload
 * (or a return through the history) comes back to it: which of the content's blocks (its direct
 * children) was the first still on screen, and where its top was in the window. Kept by block and
 * not as a scroll offset because the blocks far from the screen are laid out at a placeholder
 * height until first shown (src/styles/course.css), so the same offset lands elsewhere after a
 * reload. src/widgets/anchor-jumps.ts keeps and restores it; this part has no DOM.
 */

export interface Place {
  /** Index of the block among the content's children. */
  block: number;
  /** Where that block's top was, in px from the top of the window (negative: above it). */
  top: number;
}

/** The tab's storage key for the place on the page at `path` (its path and query, not its hash). */
export const placeKey = (path: string): string => `blast-radius:place:${path}`;

/**
 * The place a window shows, from the blocks' boxes in order (`top` and `bottom`, in px from the
 * window's top): the first block whose bottom is below the window's top, or, with the window past
 * the content (at the chapter's links to the next one), the last block, far above it. Null when the
 * page is at its top (`scrolled` false), where a reload lands by itself, or has no blocks.
 */
export function placeShown(boxes: readonly { top: number; bottom: number }[], scrolled: boolean): Place | null {
  if (!scrolled || boxes.length === 0) return null;
  const onScreen = boxes.findIndex((box) => box.bottom > 0);
  const block = onScreen < 0 ? boxes.length - 1 : onScreen;
  return { block, top: Math.round(boxes[block]!.top) };
}

/** The place stored as `raw`, or null when nothing (or something unreadable) was stored. */
export function readPlace(raw: string | null): Place | null {
  if (raw === null) return null;
  try {
    const { block, top } = JSON.parse(raw) as Partial<Place>;
    return Number.isInteger(block) && block! >= 0 && Number.isFinite(top) ? { block: block!, top: top! } : null;
  } catch {
    return null;
  }
}

/**
 * Whether a page that has just loaded goes back to a kept place: on a reload or a return through
 * the history (a navigation's `type`), not on a link followed anew, which starts at its top or at
 * the place its address names.
 */
export const returnsToPlace = (navigationType: string | undefined): boolean =>
  navigationType === "reload" || navigationType === "back_forward";
