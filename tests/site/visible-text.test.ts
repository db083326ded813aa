/**
 * What a reader sees of every built page's text.
 *
 * No reader ever sees a raw placeholder: a `{name}` left in a page's visible text (or in an
 * accessible name: aria-label, alt, title) means a figure or a parameter was never filled in.
 * Code, math source, scripts, templates and hidden elements are not visible text and are skipped:
 * revealing hidden content (a worked solution) is checked where it is revealed.
 *
 * No line ends between a number and its unit ("500" then "ms" on the next line): in the text of
 * each block (a paragraph, a list item, a table cell, a caption, a heading), inline elements
 * included, a number and the unit after it are joined by a no-break space (src/format/units.ts;
 * the build binds every page, src/integrations/number-units.ts). Code, math and diagrams are left
 * as written.
 *
 * No quantity of thousands is written without its separator ("10237" for "10,237"): every number
 * the course shows is grouped by one rule. Years, clock faces, code and diagrams are left alone.
 */
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { expect, test } from "vitest";
import { loadBuiltSite, textOf } from "../../tools/built-site.ts";
import { units } from "../../src/format/units.ts";
import { ungroupedThousands } from "../support/thousands.ts";
import { notVisible, pageTexts } from "../support/page-text.ts";

type Node = DefaultTreeAdapterMap["node"];

const placeholder = /\{[A-Za-z_][\w.]*\}/g;

/** Every placeholder in the visible text and accessible names of a document, with some context. */
function visiblePlaceholders(html: string | Node): string[] {
  return pageTexts(html, { skip: notVisible, hidden: false, spoken: true }).flatMap(({ text, attribute }) =>
    [...text.matchAll(placeholder)].map((m) => {
      if (attribute) return `${m[0]} in ${attribute}="${text}"`;
      const at = m.index ?? 0;
      return `${m[0]} in "…${text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, " ")}…"`;
    }),
  );
}

/** Elements whose text is one block of running text. */
const blocks = new Set([
  "p",
  "li",
  "td",
  "th",
  "dt",
  "dd",
  "caption",
  "figcaption",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
]);
/** Elements whose text is left as written: code, math, diagrams. */
const asWritten = new Set(["script", "style", "template", "code", "pre", "textarea", "math", "svg"]);
const numberThenUnit = new RegExp(`\\d[ \\t\\r\\n]+(?:${units.join("|")})(?![\\p{L}\\p{N}_])`, "u");

/** The text of `node` without what is left as written, and without blocks inside it (each is checked as its own). */
function runningText(node: Node): string {
  if (node.nodeName === "#text") return textOf(node);
  if ("tagName" in node && (asWritten.has(node.tagName) || blocks.has(node.tagName))) return " ";
  return "childNodes" in node ? node.childNodes.map(runningText).join("") : "";
}

/** Each block of a document (a paragraph, a list item, a cell...) with its running text, code and diagrams left out. */
function blockTexts(doc: Node): { tag: string; text: string }[] {
  const found: { tag: string; text: string }[] = [];
  const visit = (node: Node) => {
    if ("tagName" in node && asWritten.has(node.tagName)) return;
    if ("tagName" in node && blocks.has(node.tagName))
      found.push({ tag: node.tagName, text: "childNodes" in node ? node.childNodes.map(runningText).join("") : "" });
    if ("childNodes" in node) for (const child of node.childNodes) visit(child);
  };
  visit(doc);
  return found;
}

/** A finding: the block and the text around `at`. */
const around = (tag: string, text: string, at: number) =>
  `<${tag}> "…${text.slice(Math.max(0, at - 30), at + 20).replace(/\s+/g, " ")}…"`;

/** Every block of a document where a number and its unit are parted by a breaking space. */
function unitsParted(doc: Node): string[] {
  return blockTexts(doc).flatMap(({ tag, text }) => {
    const m = numberThenUnit.exec(text);
    return m ? [around(tag, text, m.index)] : [];
  });
}

/**
 * A whole number of four or more digits written without its thousands separator ("10237", not
 * "10,237"), in the running text of each block: every number the course shows is grouped by one
 * rule (src/format/number.ts). A year ("OSDI 2022") is a name, not a quantity, and is left alone.
 */
function thousandsUngrouped(doc: Node): string[] {
  return blockTexts(doc).flatMap(({ tag, text }) => ungroupedThousands(text).map((at) => around(tag, text, at)));
}

test("the checker finds a quantity of thousands written without its separator, and leaves years and code alone", () => {
  expect(
    thousandsUngrouped(parse("<p>queue 10237, then 5000 customers</p><ul><li>1600–3200 ms</li></ul>")),
  ).toHaveLength(4);
  expect(
    thousandsUngrouped(
      parse("<p>queue 10,237 in 2022; 0.0005 s; 999</p><code>1000</code><svg><text>2000</text></svg>"),
    ),
  ).toEqual([]);
});

test("the checker finds placeholders where readers would see them, and only there", () => {
  expect(visiblePlaceholders("<p>Disks: {machines} x 4</p>")).toHaveLength(1);
  expect(visiblePlaceholders('<img alt="a {shard} of workers" src="x.png">')).toHaveLength(1);
  expect(visiblePlaceholders("<p>set {x}, then { spaced } and {}</p><code>{fine}</code>")).toHaveLength(1);
  expect(visiblePlaceholders("<div hidden><p>{later}</p></div><script>const a = ({c});</script>")).toEqual([]);
  expect(
    visiblePlaceholders('<math><annotation encoding="application/x-tex">\\binom{n}{k}</annotation></math>'),
  ).toEqual([]);
});

test("the checker finds a number parted from its unit in a block's text, inline elements included", () => {
  expect(unitsParted(parse("<p>within 500 ms</p><table><tr><td>2\nseconds</td></tr></table>"))).toHaveLength(2);
  expect(unitsParted(parse("<p>clock: <output>0</output> s</p>"))).toHaveLength(1);
  expect(unitsParted(parse("<p>within 500\u00a0ms, 3 zones</p><code>2 s</code><p>2</p><p>s</p>"))).toEqual([]);
  expect(unitsParted(parse("<li>2<ul><li>s</li></ul></li>"))).toEqual([]);
});

// Parsing every page takes a few seconds on a busy machine.
const parsed = loadBuiltSite().map((page) => ({ path: page.path, doc: parse(page.html) }));

test("no built page shows a raw {placeholder}", { timeout: 60_000 }, () => {
  const found = parsed.flatMap(({ path, doc }) => visiblePlaceholders(doc).map((p) => `${path}: ${p}`));
  expect(found).toEqual([]);
});

test("no built page writes a quantity of thousands without its separator", { timeout: 60_000 }, () => {
  const found = parsed.flatMap(({ path, doc }) => thousandsUngrouped(doc).map((p) => `${path}: ${p}`));
  expect(found).toEqual([]);
});

test("no built page parts a number from its unit where a line may break", { timeout: 60_000 }, () => {
  const found = parsed.flatMap(({ path, doc }) => unitsParted(doc).map((p) => `${path}: ${p}`));
  expect(found).toEqual([]);
});
