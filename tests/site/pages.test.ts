/**
 * What a few pages hold as the server built them, read from their HTML: the presenter views show
 * their widget alone (the replay opened plainly with every defence off, where the workshop's
 * agenda starts), and the interview sheet has every section and figure filled in. What needs a
 * browser is checked in one: the sheet on paper and on a phone (tests/browser/interview-sheet.test.ts),
 * the views' type and fit on a projector (tests/browser/workshop.test.ts), and that no page scrolls
 * sideways at 375 and 320 px (tests/browser/every-page.test.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type DefaultTreeAdapterMap, parse } from "parse5";
import { describe, expect, test } from "vitest";
import { bank } from "../../src/course/interview/numbers.ts";
import { assertBuiltUnder, attr, distDir, textOf, walk } from "../../tools/built-site.ts";

type Element = DefaultTreeAdapterMap["element"];

assertBuiltUnder(distDir);

/** The built page at a site path such as "/interview-sheet/", parsed. */
const page = (path: string) => parse(readFileSync(join(distDir, path, "index.html"), "utf8"));

/** Every element in `root` (itself included) that `match` accepts, in document order. */
function all(root: DefaultTreeAdapterMap["node"], match: (el: Element) => boolean): Element[] {
  const found: Element[] = [];
  walk(root, (el) => match(el) && found.push(el));
  return found;
}

const hasClass = (el: Element, name: string) => (attr(el, "class") ?? "").split(/\s+/).includes(name);

describe("the presenter views", () => {
  test("the replay opened plainly shows the static charts alone, with every defence off", () => {
    const doc = page("/present/retry-storm/");
    const replays = all(doc, (el) => hasClass(el, "rs--present"));
    expect(replays).toHaveLength(1);
    expect(all(replays[0]!, (el) => el.tagName === "svg" && hasClass(el, "rs-svg"))).toHaveLength(10);
    expect(all(doc, (el) => el.tagName === "nav" && hasClass(el, "sidebar"))).toEqual([]);
    const defences = all(
      replays[0]!,
      (el) => el.tagName === "input" && attr(el, "type") === "checkbox" && /^defence-/.test(attr(el, "name") ?? ""),
    );
    expect(defences.map((el) => attr(el, "name"))).toEqual([
      "defence-bulkhead",
      "defence-breaker",
      "defence-budget",
      "defence-jitter",
      "defence-timeout",
      "defence-shed",
    ]);
    expect(defences.filter((el) => attr(el, "checked") !== undefined).map((el) => attr(el, "name"))).toEqual([]);
  });

  test("the explorer shows the explorer alone", () => {
    const doc = page("/present/explorer/");
    expect(all(doc, (el) => hasClass(el, "sx--present"))).toHaveLength(1);
    expect(all(doc, (el) => el.tagName === "nav" && hasClass(el, "sidebar"))).toEqual([]);
  });
});

describe("the interview sheet", () => {
  const doc = page("/interview-sheet/");
  const main = all(doc, (el) => el.tagName === "main");

  test("has the four moves, the formulas with computed figures, and the defences with their costs", () => {
    expect(main).toHaveLength(1);
    const headings = all(main[0]!, (el) => /^h[1-6]$/.test(el.tagName)).map((h) => textOf(h).trim());
    for (const heading of [
      "The four moves",
      "Availability",
      "Failover",
      "Capacity and tail",
      "Defences, what they shrink, what they cost",
    ])
      expect(headings.filter((h) => h === heading)).toEqual([heading]);
    const text = textOf(main[0]!);
    for (const name of [
      "avail.chain",
      "avail.pair",
      "burn.page",
      "lag.lost",
      "dns.short",
      "static.three",
      "scale.headroom",
      "tail.slow",
      "cold.multiplier",
      "canary.detection",
    ])
      expect(text, name).toContain(bank[name]);
    expect(text).not.toMatch(/undefined|NaN|\{\{/);
    const defences = all(main[0]!, (el) => hasClass(el, "sheet__defences"));
    expect(defences).toHaveLength(1);
    const rows = all(defences[0]!, (el) => el.tagName === "tbody").flatMap((body) =>
      all(body, (el) => el.tagName === "tr"),
    );
    expect(rows.length).toBeGreaterThanOrEqual(10);
  });
});

// every-page.test.ts checks at 320 px that these stay on one line each; here, that there are some
// to check where the tables and legends need them.
test("the cells chapter keeps a heading's words whole and the shuffle-sharding chapter keeps its legend swatches with their words", () => {
  expect(all(page("/cells/"), (el) => hasClass(el, "cw-nowrap")).length).toBeGreaterThan(0);
  expect(all(page("/shuffle-sharding/"), (el) => hasClass(el, "sx-keyed")).length).toBeGreaterThan(0);
});
