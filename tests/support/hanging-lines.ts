/**
 * Lines that hang under their text: for each element a locator finds (a game-day feed line, a line of
 * the results' timeline), how many lines its text after the time takes, and how far right of the
 * time's right edge the leftmost of those lines starts (below 0: a line went under the time).
 */
import type { Locator } from "playwright-core";

export function hangingLines(lines: Locator): Promise<{ lines: number; left: number }[]> {
  return lines.evaluateAll((lis) =>
    lis.map((li) => {
      const time = li.querySelector(".gd-feed-time")!;
      const text = document.createRange();
      text.setStartAfter(time);
      text.setEnd(li, li.childNodes.length);
      const boxes = [...text.getClientRects()].filter((r) => r.width > 0);
      return {
        lines: new Set(boxes.map((r) => Math.round(r.top))).size,
        left: Math.min(...boxes.map((r) => r.left)) - time.getBoundingClientRect().right,
      };
    }),
  );
}
