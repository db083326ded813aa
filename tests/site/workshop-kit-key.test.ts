/**
 * The workshop kit as built, against the pages it describes: the variant seeds it hands the pairs
 * are the answer key's, and every table of the key deals each pair numbers and answers of its own
 * (review s42, item 1); the stops it says the replay's Page Down makes are the presenter view's
 * own key-moment buttons, a stop per whole second (review s42, item 5).
 */
import type { DefaultTreeAdapterMap } from "parse5";
import { describe, expect, test } from "vitest";
import { answerKeySeeds } from "../../src/course/workshop-exercises.ts";
import { inWords, listNames } from "../../src/format/words.ts";
import type { ExplorerStepId, ReplayStepId } from "../../src/course/workshop/step-ids.ts";
import { clickerSentence, preparedStep } from "../../src/widgets/present/steps.ts";
import { kitMomentName, kitStopNames } from "../support/kit-replay-stops.ts";
import { attr, findAll, hasClass, parseBuiltPage, textOf } from "../../tools/built-site.ts";

type Element = DefaultTreeAdapterMap["element"];

const kit = parseBuiltPage("workshop-kit/");
const key = parseBuiltPage("answer-key/");
const main = (doc: DefaultTreeAdapterMap["document"]) => findAll(doc, (el) => el.tagName === "main")[0]!;
const text = (node: Element) =>
  textOf(node)
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const cells = (row: Element) => findAll(row, (el) => el.tagName === "th" || el.tagName === "td").map(text);
const repeated = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);

/** A page's table of pair seeds: [pairs, seeds]. */
function pairSeedTable(doc: DefaultTreeAdapterMap["document"]): { pairs: string[]; seeds: string[] } {
  const tables = findAll(main(doc), (el) => el.tagName === "table" && attr(el, "data-pair-seeds") !== undefined);
  expect(tables).toHaveLength(1);
  const [pairs, seeds] = findAll(tables[0]!, (el) => el.tagName === "tr").map(cells);
  expect(pairs![0]).toBe("Pair");
  expect(seeds![0]).toBe("Seed");
  return { pairs: pairs!.slice(1), seeds: seeds!.slice(1) };
}

test("the answer key is left out of the site's search and of search engines, as its page says", () => {
  expect(attr(main(key), "data-pagefind-body")).toBeUndefined();
  const robots = findAll(key, (el) => el.tagName === "meta" && attr(el, "name") === "robots");
  expect(robots.map((el) => attr(el, "content"))).toEqual(["noindex"]);
  expect(text(main(key))).toContain("The site's search leaves this page out");
  // The kit's own page is searched as every page is.
  expect(attr(main(kit), "data-pagefind-body")).toBe("");
});

describe("each pair's variant seed, as built", () => {
  test("the kit hands the pairs the answer key's seeds, one per pair, none twice", () => {
    const inKit = pairSeedTable(kit);
    expect(pairSeedTable(key)).toEqual(inKit);
    expect(inKit.pairs).toEqual(Array.from({ length: answerKeySeeds }, (_, i) => String(i + 1)));
    expect(inKit.seeds.every((s) => /^\d+$/.test(s))).toBe(true);
    expect(repeated(inKit.seeds)).toEqual([]);
    // Beside the table, the kit says why these seeds and not the table numbers.
    expect(text(main(kit))).toContain(
      `deal each of ${inWords(answerKeySeeds)} pairs numbers no other pair has, and answers that differ from every other pair's in at least one part. Nobody can copy a neighbour's number`,
    );
  });

  test("every table of the answer key deals each pair, at its seed, numbers and answers no other pair has", () => {
    const { seeds } = pairSeedTable(key);
    const exercises = findAll(main(key), (el) => attr(el, "data-key-exercise") !== undefined);
    const tables = exercises.flatMap((e) => findAll(e, (el) => el.tagName === "table" && hasClass(el, "key__seeds")));
    expect(tables.length).toBeGreaterThanOrEqual(4);
    for (const table of tables) {
      const rows = findAll(findAll(table, (el) => el.tagName === "tbody")[0]!, (el) => el.tagName === "tr").map(cells);
      const name = text(findAll(table, (el) => el.tagName === "caption")[0]!);
      expect(name).toBe("Each pair's numbers and answers");
      // Pair, seed, numbers dealt, then one answer per part.
      expect(rows.map((r) => r[0])).toEqual(seeds.map((_, i) => String(i + 1)));
      expect(rows.map((r) => r[1])).toEqual(seeds);
      expect(repeated(rows.map((r) => r[2]!))).toEqual([]);
      expect(repeated(rows.map((r) => r.slice(3).join(" | ")))).toEqual([]);
    }
  });
});

test("the kit names exactly the stops the replay's presenter view makes on Page Down, in order", () => {
  const buttons = findAll(parseBuiltPage("present/retry-storm/"), (el) => attr(el, "data-moment-time") !== undefined);
  expect(buttons.length).toBeGreaterThan(1);
  // The playhead moves in whole seconds: moments within the same second share one stop.
  const stops: { second: number; labels: string[] }[] = [];
  for (const b of buttons) {
    const second = Math.floor(Number(attr(b, "data-moment-time")));
    const label = text(b);
    expect(() => kitMomentName(label), `the kit has a name for "${label}"`).not.toThrow();
    if (stops.at(-1)?.second === second) stops.at(-1)!.labels.push(label);
    else stops.push({ second, labels: [label] });
  }
  expect(stops.map((s) => s.second)).toEqual([...stops.map((s) => s.second)].sort((a, b) => a - b));
  const said = text(main(kit)).match(
    /in the replay they jump between the key moments, in (\w+) stops: (.*?)\. Past the last stop\. One more/,
  );
  expect(said, "the kit's sentence on the replay's stops").not.toBeNull();
  expect(said![1]).toBe(inWords(stops.length));
  expect(said![2]).toBe(kitStopNames(stops));
});

// The agenda listed the clicker's stops with commas alone ("0 s (…), 82 s (…), 660 s (…)") where
// the run sheet ends its list of the same stops with "and": both are lists a facilitator reads.
// Kit audit L3: it said "Page Down stops at 0 s", where the replay opens; the first Page Down goes to 1 s.
test("the agenda says where each block's replay links open, then each Page Down's stop as a list, then the run's end", () => {
  const spans = findAll(main(kit), (el) => hasClass(el, "agenda__moments"));
  expect(spans.length).toBeGreaterThan(0);
  // The built presenter view's playhead slider: where a link opens it, and the run's end.
  const scrub = findAll(parseBuiltPage("present/retry-storm/"), (el) => attr(el, "data-scrub") !== undefined)[0]!;
  for (const span of spans) {
    const step = findAll(
      main(kit),
      (el) => attr(el, "data-step") !== undefined && findAll(el, (x) => x === span).length > 0,
    )[0]!;
    const steps = findAll(step.parentNode as Element, (el) => attr(el, "data-step") !== undefined).length;
    const { clicker, moments } = preparedStep(attr(step, "data-step") as ReplayStepId | ExplorerStepId);
    expect(clicker!.stops.length).toBeGreaterThan(1);
    expect(clicker!.opens.value).toBe(`${attr(scrub, "value")} s`);
    expect(clicker!.end).toBe(`${attr(scrub, "max")} s`);
    expect([clicker!.opens, ...clicker!.stops]).toEqual(moments);
    expect(text(span)).toBe(clickerSentence(clicker!, steps > 1));
    expect(text(span)).toMatch(
      new RegExp(
        `Page Down then stops at ${escaped(listNames(clicker!.stops.map((m) => `${m.value} (${m.label})`)))}, then at the run's end, ${clicker!.end}\\.$`,
      ),
    );
  }
});

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
