/** What /review/'s page (page.ts) and a review on it (card.ts) both draw with. */
import { whenText } from "../../course/review.ts";
import { keepUnitWithNumber } from "../../format/units.ts";

/**
 * `whenText`, its number kept on the line of its unit ("in 9 days"), as the build keeps the
 * site's pages' numbers (src/format/units.ts).
 */
export function when(due: Date, now: Date): string {
  return keepUnitWithNumber(whenText(due, now));
}

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
}
