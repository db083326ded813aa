/**
 * The failure-domain map builder as the built chapter holds it: its first map drawn in the HTML,
 * readable before any script runs, the builder not yet started.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "parse5";
import { expect, test } from "vitest";
import { assertBuiltUnder, attr, distDir, walk } from "../../tools/built-site.ts";

type Element = Parameters<Parameters<typeof walk>[1]>[0];

const classes = (el: Element) => new Set((attr(el, "class") ?? "").split(/\s+/));

test("the first map is drawn in the HTML, before any script runs", () => {
  assertBuiltUnder(distDir);
  const roots: Element[] = [];
  walk(parse(readFileSync(join(distDir, "failure-domains", "index.html"), "utf8")), (el) => {
    if (attr(el, "data-map-builder") !== undefined) roots.push(el);
  });
  expect(roots).toHaveLength(1);
  const root = roots[0]!;
  const inside: Element[] = [];
  walk(root, (el) => inside.push(el));
  const count = (match: (el: Element) => boolean) => inside.filter(match).length;
  expect(count((el) => el.tagName === "svg" && classes(el).has("mb-svg") && attr(el, "role") === "img")).toBe(1);
  expect(count((el) => classes(el).has("mb-service"))).toBe(11);
  expect(count((el) => classes(el).has("mb-resource") && classes(el).has("is-flagged"))).toBe(5);
  // Not started until touched: the page's script marks it ready when it mounts.
  expect(attr(root, "data-ready")).toBeUndefined();
});
