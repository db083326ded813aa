import { expect, test } from "vitest";
import { minutesAndSeconds, percentAnySize, percentAnySizeHtml } from "./number.ts";
import {
  bindHyphenedFigures,
  keepUnitsInPage,
  keepUnitWithNumber,
  unbrokenFigures,
  unitBesideTitle,
  units,
} from "./units.ts";

test("the space between a number and its unit becomes a no-break space; counts and words stay as they are", () => {
  expect(keepUnitWithNumber("a pool of 500 ms, 2 seconds, 10 min and 1.5 %")).toBe(
    `a pool of 500${nbsp}ms, 2${nbsp}seconds, 10${nbsp}min and 1.5${nbsp}%`,
  );
  // A line break in the source is white space like any other.
  expect(keepUnitWithNumber("after 15\n  s.")).toBe(`after 15${nbsp}s.`);
  // Counts may break as any two words may; a word that starts like a unit is not one.
  expect(keepUnitWithNumber("3 zones, 4 services, 2 hosts, 5 minutely, 2 mst")).toBe(
    "3 zones, 4 services, 2 hosts, 5 minutely, 2 mst",
  );
  // Only after a digit.
  expect(keepUnitWithNumber("the s in ms")).toBe("the s in ms");
});

test("only running text changes: not attributes, comments, code, templates, scripts, styles, math or SVG", () => {
  const asWritten = [
    "<!-- 2 s -->",
    "<script>const t = a<b ? '2 s' : '3 s';</script>",
    "<style>/* 2 s */</style>",
    "<pre><code>sleep(2 s)</code></pre>",
    "<code>2 s</code>",
    "<template data-original>sleep(2 s)</template>",
    "<math><mn>2</mn><mtext> s</mtext></math>",
    "<svg><text>2 s</text><svg><text>3 s</text></svg><text>4 s</text></svg>",
  ].join("");
  // Text after each of them is running text again (each element was closed where it ends).
  expect(keepUnitsInPage(`<p title="2 s">in 2 s</p>${asWritten}<p>then 5 ms</p>`)).toBe(
    `<p title="2 s">in 2${nbsp}s</p>${asWritten}<p>then 5${nbsp}ms</p>`,
  );
  // A script never closed is raw text to the end of the page, as a browser reads it.
  expect(keepUnitsInPage("<p>1 s</p><script>wait(2 s)")).toBe(`<p>1${nbsp}s</p><script>wait(2 s)`);
  // An attribute holding ">" does not end its tag early.
  expect(keepUnitsInPage('<div data-x="a > 2 s">3 s</div>')).toBe(`<div data-x="a > 2 s">3${nbsp}s</div>`);
});

test("a number in an inline element keeps the unit written after it; a block or a line break parts them", () => {
  expect(keepUnitsInPage("<p>Game clock: <output>0</output> s of 10 min</p>")).toBe(
    `<p>Game clock: <output>0</output>${nbsp}s of 10${nbsp}min</p>`,
  );
  expect(keepUnitsInPage("<p><strong>2</strong>\nms</p>")).toBe(`<p><strong>2</strong>${nbsp}ms</p>`);
  expect(keepUnitsInPage("<td>2</td> <td>s</td>")).toBe("<td>2</td> <td>s</td>");
  expect(keepUnitsInPage("<p>2<br> s</p>")).toBe("<p>2<br> s</p>");
  expect(keepUnitsInPage("<p>2</p><p> s</p>")).toBe("<p>2</p><p> s</p>");
});

test("a chart's title takes its unit in brackets only when it does not already say it", () => {
  expect(unitBesideTitle("Calls per second", "per second")).toBeUndefined();
  expect(unitBesideTitle("Disks replaced per day", "disks")).toBeUndefined();
  expect(unitBesideTitle("Pooled connections in use", "connections")).toBeUndefined();
  expect(unitBesideTitle("Latency of successful requests", "ms")).toBe("ms");
  expect(unitBesideTitle("Wait in the queue", "seconds")).toBe("seconds");
  // A unit is said only as a whole word: "Requests" does not say "s".
  expect(unitBesideTitle("Requests", "s")).toBe("s");
  expect(unitBesideTitle("Share (%) of tries", "%")).toBeUndefined();
});

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

test("a number hyphened to its unit goes through the binding given, a decimal or a plural unit too; a hyphened word does not", () => {
  const bind = (figure: string) => `[${figure}]`;
  expect(bindHyphenedFigures("0.20% of the 30-day budget", bind)).toBe("0.20% of the [30-day] budget");
  expect(bindHyphenedFigures("a 1.5-hour or 2-days window, 500-ms steps", bind)).toBe(
    "a [1.5-hour] or [2-days] window, [500-ms] steps",
  );
  // Every unit the course writes after a number, and nothing else: a longer word, a hyphened word,
  // a count ("3-zone") and a unit with no number before it stay as they are.
  for (const unit of units) expect(bindHyphenedFigures(`4-${unit}`, bind)).toBe(`[4-${unit}]`);
  for (const plain of ["3-dayish", "tenant-minutes", "3-zone", "a day-long", "30 day", "30\u2011day"])
    expect(bindHyphenedFigures(plain, bind)).toBe(plain);
});
