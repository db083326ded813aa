/**
 * A form field's edge as a reader sees it: how thick its border is, in what colour, the size of its
 * box, and where its text starts inside that box (border plus padding, left and top). An invalid
 * field's mark (a thicker red border) must change the first two and leave the others as they were,
 * so nothing moves when a seed is refused (the game day's and the mock interview's Seed fields).
 */
import type { Locator } from "playwright-core";

export interface FieldEdge {
  width: string;
  colour: string;
  box: [number, number];
  text: [number, number];
}

export function fieldEdge(field: Locator): Promise<FieldEdge> {
  return field.evaluate((el) => {
    const style = getComputedStyle(el);
    const px = (value: string) => Math.round(Number.parseFloat(value) * 100) / 100;
    const box = el.getBoundingClientRect();
    return {
      width: style.borderTopWidth,
      colour: style.borderTopColor,
      box: [box.width, box.height] as [number, number],
      text: [px(style.borderLeftWidth) + px(style.paddingLeft), px(style.borderTopWidth) + px(style.paddingTop)] as [
        number,
        number,
      ],
    };
  });
}
