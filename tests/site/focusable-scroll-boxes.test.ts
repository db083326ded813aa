/**
 * Boxes that scroll sideways on a narrow screen take the keyboard's focus in the HTML as built,
 * before any script runs (WCAG 1.4.10 at 320 px): every diagram figure that src/styles/course.css
 * lets scroll (src/integrations/scrolling-figures.ts), named by elements the page has, and every
 * Expressive Code block's <pre> (ec.config.mjs; Expressive Code's own script then keeps the Tab
 * stop only where the block overflows). tests/browser/every-page.test.ts checks the pages at 320 px.
 */
import type { DefaultTreeAdapterMap } from "parse5";
import { expect, test } from "vitest";
import { attr, findAll, hasClass, loadBuiltSite } from "../../tools/built-site.ts";
import { parse } from "parse5";

type Element = DefaultTreeAdapterMap["element"];
const pages = loadBuiltSite().map((p) => ({ path: p.path, ids: p.ids, doc: parse(p.html) }));
const isDiagram = (el: Element) =>
  el.tagName === "figure" &&
  (hasClass(el, "diagram") || hasClass(el, "course-figure")) &&
  el.childNodes.some((c) => "tagName" in c && c.tagName === "svg" && attr(c, "role") === "img");

test("every diagram figure that scrolls on a phone takes focus and is named by elements on its page", () => {
  const found: string[] = [];
  let diagrams = 0;
  for (const { path, ids, doc } of pages)
    for (const figure of findAll(doc, isDiagram)) {
      diagrams++;
      const names = (attr(figure, "aria-labelledby") ?? "").split(/\s+/).filter(Boolean);
      if (attr(figure, "tabindex") !== "0") found.push(`${path}: a diagram without tabindex="0"`);
      if (names.length === 0 || names.some((id) => !ids.has(id)))
        found.push(`${path}: a diagram named by "${names.join(" ")}", not ids on the page`);
    }
  // The chapters draw thirteen; the landing page's and the game day's are not of this kind.
  expect(diagrams).toBeGreaterThanOrEqual(13);
  expect(found).toEqual([]);
});

test("every Expressive Code block's <pre> takes focus before its script runs", () => {
  const found: string[] = [];
  let blocks = 0;
  for (const { path, doc } of pages)
    for (const frame of findAll(doc, (el) => hasClass(el, "expressive-code")))
      for (const pre of findAll(frame, (el) => el.tagName === "pre")) {
        blocks++;
        if (attr(pre, "tabindex") !== "0") found.push(`${path}: a ${attr(pre, "data-language")} block`);
      }
  expect(blocks).toBeGreaterThan(0);
  expect(found).toEqual([]);
});
