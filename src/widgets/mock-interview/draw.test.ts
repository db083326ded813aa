import { expect, test } from "vitest";
import { mulberry32 } from "../../sim/random.ts";
import { drawIndex, freshSeed } from "./draw.ts";

test("the same seed draws the same question; the draw is the first mulberry32 number scaled", () => {
  expect(drawIndex(25, 42)).toBe(drawIndex(25, 42));
  expect(drawIndex(25, 42)).toBe(Math.floor(mulberry32(42)() * 25));
  const seen = new Set(Array.from({ length: 500 }, (_, seed) => drawIndex(25, seed)));
  expect(seen.size).toBe(25); // every question can be drawn
  expect(() => drawIndex(0, 1)).toThrow(RangeError);
});

test("fresh seeds are short whole numbers", () => {
  expect(freshSeed(() => 0)).toBe(1);
  expect(freshSeed(() => 0.999999)).toBe(99_999);
});
