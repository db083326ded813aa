import { expect, test } from "vitest";
import { capitalised, halfMinutesInWords, onePartIn } from "./spoken.ts";

test("half-minutes in words, as the catalogue's costs say them", () => {
  expect([30, 60, 90, 120, 150, 180, 750].map(halfMinutesInWords)).toEqual([
    "half a minute",
    "a minute",
    "a minute and a half",
    "two minutes",
    "two and a half minutes",
    "three minutes",
    "twelve and a half minutes",
  ]);
  for (const seconds of [0, 45, 61, 780, Number.NaN]) expect(() => halfMinutesInWords(seconds)).toThrow(RangeError);
  expect(capitalised(halfMinutesInWords(180))).toBe("Three minutes");
});

test("one part in n, as the trap and the alerts' sentence say it", () => {
  expect([2, 3, 4, 8, 12].map(onePartIn)).toEqual(["half", "a third", "a quarter", "an eighth", "a twelfth"]);
  for (const n of [0, 1, 13, 2.5]) expect(() => onePartIn(n)).toThrow(RangeError);
});
