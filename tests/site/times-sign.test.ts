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
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { expect, test } from "vitest";
import { loadBuiltSite, textOf } from "../../tools/built-site.ts";
import { lettersAsTimes } from "../support/times-sign.ts";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/** Elements whose text is not prose: it keeps its own notation. */
const notProse = new Set(["script", "style", "template", "code", "pre", "textarea", "math"]);
const spokenAttributes = ["aria-label", "alt", "title", "placeholder"];

/** Every letter x a document's prose uses as a multiplication sign. */
function lettersAsTimesIn(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeName === "#text") {
      found.push(...lettersAsTimes(textOf(node)));
      return;
    }
    if ("tagName" in node) {
      const el = node as Element;
      if (notProse.has(el.tagName)) return;
      for (const a of el.attrs)
        if (spokenAttributes.includes(a.name)) found.push(...lettersAsTimes(a.value).map((f) => `${a.name}=${f}`));
    }
    if ("childNodes" in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return found;
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
