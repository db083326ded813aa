/**
 * The failure-domain map builder as the built chapter holds it: its first map drawn in the HTML,
 * readable before any script runs, the builder not yet started.
 */
import { expect, test } from "vitest";
import { assertBuiltUnder, attr, distDir, findAll, hasClass, parseBuiltPage } from "../../tools/built-site.ts";

test("the first map is drawn in the HTML, before any script runs", () => {
  assertBuiltUnder(distDir);
  const roots = findAll(parseBuiltPage("/failure-domains/"), (el) => attr(el, "data-map-builder") !== undefined);
  expect(roots).toHaveLength(1);
  const root = roots[0]!;
  const count = (match: Parameters<typeof findAll>[1]) => findAll(root, match).length;
  expect(count((el) => el.tagName === "svg" && hasClass(el, "mb-svg") && attr(el, "role") === "img")).toBe(1);
  expect(count((el) => hasClass(el, "mb-service"))).toBe(11);
  expect(count((el) => hasClass(el, "mb-resource") && hasClass(el, "is-flagged"))).toBe(5);
  // Not started until touched: the page's script marks it ready when it mounts.
  expect(attr(root, "data-ready")).toBeUndefined();
  // The drawing keeps its natural size on a phone and scrolls in its box: the box takes the
  // keyboard's focus, named, as every box on the site that scrolls does (focusable-scroll-boxes.test.ts).
  const boxes = findAll(root, (el) => attr(el, "data-role") === "canvas");
  expect(boxes.map((el) => [attr(el, "tabindex"), attr(el, "role")])).toEqual([["0", "group"]]);
  expect(attr(boxes[0]!, "aria-label")).toMatch(/^The map\b.*scrolls/);
});
