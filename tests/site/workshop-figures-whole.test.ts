/**
 * The figures the workshop kit's agenda and each run sheet give for a prepared presenter step
 * (what to expect on the screen, and where a clicker's Page Down stops) are each one word to the
 * line breaker, as built: no ordinary space inside a figure, so no line ends inside one where
 * its column holds it. At 390 px the agenda ended a line at "1.33 ×" and began the next with
 * "10⁻⁶%"; the run sheet, whose `white-space: nowrap` gave way below 40rem, did the same at 320 px.
 * (unbrokenFigures in src/format/units.ts makes the spaces no-break ones.)
 */
import { expect, test } from "vitest";
import { agendas } from "../../src/course/workshop/agenda.ts";
import { units } from "../../src/format/units.ts";
import { findAll, hasClass, parseBuiltPage, textOf } from "../../tools/built-site.ts";

/** White space a line may end at (a no-break space, U+00A0 or U+202F, is not). */
const breakable = "[ \\t\\r\\n]+";
const unit = `(?:${units.join("|")})(?![\\p{L}\\p{N}_])`;
/** A breakable space beside a "×", between a number and its unit, or between the parts of a length ("10 min 56 s"). */
const insideFigure = new RegExp(
  `(?<=\\S)${breakable}(?=×)|(?<=×)${breakable}(?=\\S)|(?<=\\d)${breakable}(?=${unit})|(?<=\\d\\s?(?:h|min))${breakable}(?=\\d)`,
  "gu",
);

/** Each place in `text` where a line could end inside a figure, with a few characters around it. */
function breaksInFigures(text: string): string[] {
  return [...text.matchAll(insideFigure)].map((m) => JSON.stringify(text.slice(Math.max(0, m.index - 6), m.index + 8)));
}

test("the checker finds a breakable space inside a figure, and none between a phrase's words", () => {
  expect(breaksInFigures("1.33 × 10-6%")).toHaveLength(2);
  expect(breaksInFigures("only at the intervention (11 min)")).toHaveLength(1);
  expect(breaksInFigures("by itself, 10\u00a0min 56\u00a0s after pricing recovers")).toHaveLength(1);
  expect(breaksInFigures("1.33\u00a0×\u00a010-6%; by itself, 10\u00a0min\u00a056\u00a0s after 3 zones")).toEqual([]);
});

const pages = ["workshop-kit/", ...agendas.map((a) => `run-sheet/${a.id}/`)];
/** The figures of a step (`…__num`) and its clicker's stops (`…__moments`), on the agenda and on the run sheet. */
const figureClasses = ["agenda__num", "agenda__moments", "runsheet__num", "runsheet__moments"];

test.each(pages)("on %s no figure of a prepared step can break across lines", (page) => {
  const figures = findAll(parseBuiltPage(page), (el) => figureClasses.some((c) => hasClass(el, c))).map(textOf);
  // Every step's figures are there, and among them a power of ten (the larger fleet's exact shuffle-shard share).
  expect(figures.length).toBeGreaterThan(10);
  expect(figures.some((f) => f.includes("×"))).toBe(true);
  expect(figures.flatMap(breaksInFigures)).toEqual([]);
});
