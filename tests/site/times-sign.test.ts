/**
 * Every built page multiplies with ×, never a letter x: "3×", "10× more", "2 × 4", "200 ms ×
 * attempt", as the chapters write it. Search read a letter x as a word (a nonsense query such as
 * "xyzzyqq" fell back on it and listed the pages that had one), and a screen reader says "ex".
 * Checked in all the text a page holds, hidden text (hints, worked solutions) and an SVG's text
 * included, and in what is spoken or shown of an element (aria-label, alt, title, placeholder).
 * Code (a playground's original program is a template), scripts, math and an SVG's geometry keep
 * their own notation; a variable named X in prose ("P(X ≥ k)") is not a sign and is left alone,
 * as is a hexadecimal 0x….
 */
import { expect, test } from "vitest";
import { loadBuiltSite } from "../../tools/built-site.ts";
import { pageTexts } from "../support/page-text.ts";
import { lettersAsTimes } from "../support/times-sign.ts";

/**
 * Elements whose text is not prose: it keeps its own notation (math whole, not only its source).
 * Unlike the checks of what a reader sees now, hidden text counts (a hint or a worked solution is
 * prose once revealed), and so does a <noscript>'s.
 */
const notProse = new Set(["script", "style", "template", "code", "pre", "textarea", "math"]);

/** Every letter x a document's prose uses as a multiplication sign. */
function lettersAsTimesIn(html: string): string[] {
  return pageTexts(html, { skip: notProse, hidden: true, spoken: true }).flatMap(({ text, attribute }) =>
    lettersAsTimes(text).map((f) => (attribute ? `${attribute}=${f}` : f)),
  );
}

test("the checker finds a letter x used as times, in text and in what is spoken, hidden or not", () => {
  expect(lettersAsTimesIn("<p>3x the load, 10x more, 1.5X, 1280x900</p>")).toHaveLength(4);
  expect(lettersAsTimesIn("<p>2 x 4 and 200 ms x attempt</p><li>rate x mean hold time</li>")).toHaveLength(3);
  expect(lettersAsTimesIn("<div hidden><p>Load (x normal)</p></div>")).toHaveLength(1);
  expect(lettersAsTimesIn('<button title="sleep 200 ms x attempt" aria-label="4x">go</button>')).toHaveLength(2);
  expect(lettersAsTimesIn('<svg><title>2x faster</title><text x="3">6 x 7</text></svg>')).toHaveLength(2);
});

test("the checker leaves ×, words, variables, hexadecimal, code and math alone", () => {
  expect(
    lettersAsTimesIn(
      "<p>3× the load, 10× more, 2 × 4, 1280 × 900, six times as much, max, x-axis, box, Mix, x.</p>" +
        "<p>P(X ≥ k) ≤ 1% for X ~ Binomial(n, p); start from 0x811c9dc5, then 0X1F</p>",
    ),
  ).toEqual([]);
  expect(
    lettersAsTimesIn(
      '<code>2 x 4</code><pre>10x slower</pre><template>console.log("2 x p99.9")</template><script>f(x => 3x)</script><math><annotation>2 x 3</annotation></math><svg><rect x="2" width="3"/></svg>',
    ),
  ).toEqual([]);
});

test("no built page multiplies with a letter x", { timeout: 60_000 }, () => {
  const found = loadBuiltSite().flatMap((page) => lettersAsTimesIn(page.html).map((f) => `${page.path}: ${f}`));
  expect(found).toEqual([]);
});
