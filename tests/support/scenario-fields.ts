/**
 * Where the retry-storm replay's scenario fields sit, and the check that a field's message moved
 * none of them sideways: used on the chapter's form (replay.test.ts) and on the presenter view's
 * (replay-present-tools.test.ts), which lay those fields out with the same grid (replay.css).
 */
import type { Locator } from "playwright-core";
import { expect } from "vitest";

export interface FieldPlace {
  name: string;
  /** Its label's words: x, y and width, from the fieldset's corner. */
  words: number[];
  /** Its input: x, y, width and height, from the fieldset's corner. */
  box: number[];
}

/** Where each of the scenario's inputs and its label's words sit in `fieldset`, and how big they are. */
export function scenarioPlaces(fieldset: Locator): Promise<FieldPlace[]> {
  return fieldset.evaluate((set) => {
    // From the fieldset's corner, which no message moves: filling a field may scroll the page.
    const { x, y } = set.getBoundingClientRect();
    return [...set.querySelectorAll("input")].map((input) => {
      const words = input.closest("label")!.querySelector("span")!.getBoundingClientRect();
      const box = input.getBoundingClientRect();
      return {
        name: input.name,
        words: [words.x - x, words.y - y, words.width],
        box: [box.x - x, box.y - y, box.width, box.height],
      };
    });
  });
}

/**
 * Messages under the `marked` fields moved no field sideways, nor any field in or above the
 * highest marked one's row; those under it moved straight down, words and input together.
 */
export function expectUnmovedBut(clear: FieldPlace[], now: FieldPlace[], marked: string[]): void {
  const highest = Math.min(...clear.filter((f) => marked.includes(f.name)).map((f) => f.box[1]!));
  expect(now.map((f) => f.name)).toEqual(clear.map((f) => f.name));
  for (const [i, was] of clear.entries()) {
    const is = now[i]!;
    expect(
      [is.box[0], is.box[2], is.box[3], is.words[0], is.words[2]],
      `${was.name}: x, width and height of its input, x and width of its label`,
    ).toEqual([was.box[0], was.box[2], was.box[3], was.words[0], was.words[2]]);
    const drop = is.box[1]! - was.box[1]!;
    expect(is.words[1]! - was.words[1]!).toBeCloseTo(drop, 5);
    if (was.box[1]! <= highest) expect(drop, `${was.name} is in or above a marked field's row`).toBe(0);
    else expect(drop, `${was.name} is under a marked field's row`).toBeGreaterThan(0);
  }
}
