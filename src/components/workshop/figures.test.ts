import { expect, test } from "vitest";
import { minutesAndSeconds, percentAnySize, percentAnySizeHtml } from "../../format/number.ts";
import { unbrokenFigures } from "./figures.ts";

const nbsp = "\u00a0";

test("a power of ten, a number and its unit, and a length in minutes and seconds each become one word", () => {
  const tiny = 1 / 75_287_520;
  expect(unbrokenFigures(percentAnySizeHtml(tiny))).toBe(`1.33${nbsp}×${nbsp}10<sup>-6</sup>%`);
  expect(unbrokenFigures(percentAnySize(tiny))).toBe(`1.33${nbsp}×${nbsp}10^-6%`);
  expect(unbrokenFigures(minutesAndSeconds(656))).toBe(`10${nbsp}min${nbsp}56${nbsp}s`);
  expect(unbrokenFigures("1 h 5 min")).toBe(`1${nbsp}h${nbsp}5${nbsp}min`);
});

test("the words of a phrase around a figure still break; a figure with no space is as it was", () => {
  expect(unbrokenFigures(`by itself, ${minutesAndSeconds(656)} after pricing recovers`)).toBe(
    `by itself, 10${nbsp}min${nbsp}56${nbsp}s after pricing recovers`,
  );
  expect(unbrokenFigures("only at the intervention (11 min)")).toBe(`only at the intervention (11${nbsp}min)`);
  // A count is two words ("3 zones"), as keepUnitWithNumber leaves it; "min 3" ends a length only before a number.
  expect(unbrokenFigures("3 zones in 2 min and 4 hosts")).toBe(`3 zones in 2${nbsp}min and 4 hosts`);
  for (const plain of ["25%", "4.65", "100.0%", "no incident", "never"]) expect(unbrokenFigures(plain)).toBe(plain);
});
