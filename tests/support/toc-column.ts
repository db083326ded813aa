/**
 * Where a chapter's "On this page" column and its fixed panel sit, with the content column laid
 * out and without it: the page as Chromium may first paint it, its HTML read up to the column (which
 * comes before the content in the page) and not yet further. The content column is taken out of
 * the layout and put back within one task, so nothing on the page sees it go (no frame is drawn,
 * no observer runs in between). Each place is [x, width] of the column, then x of its panel.
 */
import type { Page } from "playwright-core";

export function tocColumnPlaces(page: Page): Promise<{ final: number[]; contentUnread: number[] }> {
  return page.evaluate(() => {
    const column = document.querySelector(".right-sidebar-container");
    const panel = document.querySelector(".right-sidebar");
    const content = document.querySelector<HTMLElement>(".main-pane");
    if (!column || !panel || !content) throw new Error("tocColumnPlaces: no table of contents column on this page");
    const place = () => {
      const box = column.getBoundingClientRect();
      return [box.x, box.width, panel.getBoundingClientRect().x];
    };
    const final = place();
    const style = content.getAttribute("style");
    content.style.setProperty("display", "none");
    const contentUnread = place();
    if (style === null) content.removeAttribute("style");
    else content.setAttribute("style", style);
    return { final, contentUnread };
  });
}
