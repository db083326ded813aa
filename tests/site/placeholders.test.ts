/**
 * No reader ever sees a raw placeholder: a `{name}` left in a page's visible text (or in an
 * accessible name: aria-label, alt, title) means a figure or a parameter was never filled in.
 * Code, math source, scripts, templates and hidden elements are not visible text and are skipped:
 * revealing hidden content (a worked solution) is checked where it is revealed.
 */
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { expect, test } from "vitest";
import { loadBuiltSite } from "../../tools/built-site.ts";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const placeholder = /\{[A-Za-z_][\w.]*\}/g;
/** Elements whose text a reader does not see as prose. */
const notVisible = new Set(["script", "style", "template", "code", "pre", "annotation", "noscript", "textarea"]);
const spokenAttributes = ["aria-label", "alt", "title", "placeholder"];

/** Every placeholder in the visible text and accessible names of a document, with some context. */
function visiblePlaceholders(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeName === "#text") {
      const text = (node as DefaultTreeAdapterMap["textNode"]).value;
      for (const m of text.matchAll(placeholder)) {
        const at = m.index ?? 0;
        found.push(`${m[0]} in "…${text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, " ")}…"`);
      }
      return;
    }
    if ("tagName" in node) {
      const el = node as Element;
      if (notVisible.has(el.tagName) || el.attrs.some((a) => a.name === "hidden")) return;
      for (const a of el.attrs)
        if (spokenAttributes.includes(a.name))
          for (const m of a.value.matchAll(placeholder)) found.push(`${m[0]} in ${a.name}="${a.value}"`);
    }
    if ("childNodes" in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return found;
}

test("the checker finds placeholders where readers would see them, and only there", () => {
  expect(visiblePlaceholders("<p>Disks: {machines} x 4</p>")).toHaveLength(1);
  expect(visiblePlaceholders('<img alt="a {shard} of workers" src="x.png">')).toHaveLength(1);
  expect(visiblePlaceholders("<p>set {x}, then { spaced } and {}</p><code>{fine}</code>")).toHaveLength(1);
  expect(visiblePlaceholders("<div hidden><p>{later}</p></div><script>const a = ({c});</script>")).toEqual([]);
  expect(
    visiblePlaceholders('<math><annotation encoding="application/x-tex">\\binom{n}{k}</annotation></math>'),
  ).toEqual([]);
});

// Parsing every page takes a few seconds on a busy machine.
test("no built page shows a raw {placeholder}", { timeout: 60_000 }, () => {
  const found = loadBuiltSite().flatMap((page) => visiblePlaceholders(page.html).map((p) => `${page.path}: ${p}`));
  expect(found).toEqual([]);
});
