/**
 * A form field's edge as a reader sees it: how thick its border is, in what colour, the size of its
 * box, and where its text starts inside that box (border plus padding, left and top). An invalid
 * field's mark (a thicker red border) must change the first two and leave the others as they were,
 * so nothing moves when a seed is refused (the game day's and the mock interview's Seed fields).
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

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

/**
 * That `field`, now invalid, carries the course's invalid mark (panel.css) against `valid`, its
 * edge while valid: a border twice as thick (2px), in another colour, grown inward (its box and
 * its text where they were), and still 2px in forced colours (Windows high contrast), which drop a
 * box-shadow but keep a border. The page's forced colours are put back to none after.
 */
export async function expectInvalidMark(page: Page, field: Locator, valid: FieldEdge): Promise<void> {
  const invalid = await fieldEdge(field);
  expect(invalid.width).toBe("2px");
  expect(invalid.colour).not.toBe(valid.colour);
  expect([invalid.box, invalid.text]).toEqual([valid.box, valid.text]);
  await page.emulateMedia({ forcedColors: "active" });
  expect((await fieldEdge(field)).width).toBe("2px");
  await page.emulateMedia({ forcedColors: "none" });
}
