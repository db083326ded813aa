import { describe, expect, test } from "vitest";
import { grouped, percentAnySize } from "../../format/number.ts";
import { explorerView, fixedGroups } from "./model.ts";
import { bar, drawable, renderExplorer, shareHtml, summary, summaryHtml, workerRange } from "./render.ts";
import {
  checkExplorer,
  defaultState,
  failoverLinkMessage,
  fieldInWords,
  fromQuery,
  limits,
  linkFields,
  linkNotDrawnNote,
  linkTexts,
  markedFieldsWords,
  normalize,
  numberFields,
  queryHasState,
  readField,
  stateInWords,
  toQuery,
  undrawnValues,
  withLinkText,
} from "./state.ts";
import { seedRange, seedRule } from "../../sim/random.ts";

describe("state", () => {
  test("round-trips through the URL and keeps unrelated parameters", () => {
    const state = { workers: 100, shard: 5, customers: 100_000, groups: 20, seed: 3, failover: false };
    const query = toQuery(state, new URLSearchParams("lang=en"));
    expect(query.get("lang")).toBe("en");
    expect(fromQuery(query)).toEqual(state);
    expect(queryHasState(query)).toBe(true);
    expect(queryHasState(new URLSearchParams("lang=en"))).toBe(false);
  });

  test("clamps what the simulation cannot do", () => {
    expect(normalize({ workers: 4, shard: 9, groups: 10, customers: 1, seed: -5 })).toEqual({
      ...defaultState,
      workers: 4,
      shard: 4,
      groups: 4,
      customers: 2,
      seed: 0,
    });
    expect(fromQuery(new URLSearchParams("n=abc&k=&failover=off"))).toEqual({ ...defaultState, failover: false });
    // Numbers in the address follow the course's one rule for typed numbers: decimal only.
    expect(fromQuery(new URLSearchParams("n=0x10&seed=0b1"))).toEqual(defaultState);
    expect(fromQuery(new URLSearchParams("n=1_000"))).toMatchObject({ workers: 1000 });
    expect(normalize({ workers: 1e9 }).workers).toBe(2048);
  });

  test("a link's failover reads the usual words for off and on; any other word leaves the default", () => {
    // failover=false turned failover on: only "0" and "off" were read as off.
    for (const off of ["0", "off", "false", "no", "OFF", " False "])
      expect(linkFields(new URLSearchParams({ failover: off })).failover, off).toBe(false);
    for (const on of ["1", "on", "true", "yes", "TRUE"])
      expect(linkFields(new URLSearchParams({ failover: on })).failover, on).toBe(true);
    for (const unknown of ["", "maybe", "2", "constructor", "__proto__"])
      expect(linkFields(new URLSearchParams({ failover: unknown })), unknown).not.toHaveProperty("failover");
  });

  // QA: a hand-edited link's k=99 with 8 workers was drawn as k=8, and seed=1.5 as seed 2, with no
  // word said: the controls now hold what the link says, and the explorer's check refuses it.
  test("a link's values go to the controls as the link gives them, for the same check as typed ones", () => {
    const link = linkFields(new URLSearchParams("n=8&k=99&c=1_000&seed=1.5&g=abc&failover=off&lang=en"));
    expect(link).toEqual({
      numbers: { workers: "8", shard: "99", customers: "1000", groups: "abc", seed: "1.5" },
      failover: false,
    });
    expect(linkFields(new URLSearchParams("k=3"))).toEqual({ numbers: { shard: "3" } });
    // The seed follows the course's one seed rule (digits only), as the terminal's --seed does:
    // "1e3" stays as the link wrote it, for the check to refuse, where it was read as seed 1000.
    expect(linkFields(new URLSearchParams("seed=1e3&c=1e3")).numbers).toEqual({ customers: "1000", seed: "1e3" });
    expect(fromQuery(new URLSearchParams("seed=1e3")).seed).toBe(defaultState.seed);
    expect(readField("seed", " 1000 ")).toBe(1000);
    for (const text of ["1e3", "1_000", "+7", "7.0"]) expect(readField("seed", text), text).toBeUndefined();
    const checked = checkExplorer({ ...defaultState, workers: 8, shard: 99, customers: 1000, seed: 1.5 });
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.errors.shard).toBe("Per shard (k): a whole number from 1 to 8, no more than the workers.");
      expect(checked.errors.seed).toMatch(/^Seed: a whole number from 0 to /);
    }
  });

  // Audit (L5): ?n=3&k=5 marked "Fixed groups" wrong, a field the link did not give (its 4 > 3).
  test("a field the link does not name is lowered to the link's worker count, as fromQuery draws it; one it names is not", () => {
    const held = { ...defaultState };
    const link = linkFields(new URLSearchParams("n=3&k=5"), held);
    expect(link.numbers).toEqual({ workers: "3", shard: "5", groups: "3" });
    expect(link.numbers.groups).toBe(String(fromQuery(new URLSearchParams("n=3")).groups));
    // Checked as the page checks it: only the shard, which the link gave, is wrong.
    const fields = { ...held, workers: 3, shard: 5, groups: 3 };
    const checked = checkExplorer(fields);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.errors)).toEqual(["shard"]);
    // One the link names keeps its value, to be refused at its field; a count under the workers stays.
    expect(linkFields(new URLSearchParams("n=3&g=4"), held).numbers).toEqual({ workers: "3", groups: "4" });
    expect(linkFields(new URLSearchParams("n=5"), held).numbers).toEqual({ workers: "5" });
    // A worker count the explorer refuses lowers nothing.
    expect(linkFields(new URLSearchParams("n=0"), held).numbers).toEqual({ workers: "0" });
    expect(linkFields(new URLSearchParams("n=abc"), held).numbers).toEqual({ workers: "abc" });
  });
});

describe("what the reader typed", () => {
  const typed = { ...defaultState };

  // Audit: "1e3" was refused as "a whole number from 0 to 4,294,967,295", which 1,000 is; the rule
  // applied is the course's seed rule, whose last words the message dropped.
  test("a seed the seed rule refuses is told that rule, in full", () => {
    expect(limits.seed).toEqual(seedRange);
    const checked = checkExplorer({ ...typed, seed: readField("seed", "1e3") });
    if (checked.ok) throw new Error("seed 1e3 was drawn");
    expect(checked.errors).toEqual({ seed: `Seed: ${seedRule}.` });
    expect(checked.errors.seed).toBe("Seed: a whole number from 0 to 4,294,967,295, written in digits only.");
  });

  test("the defaults are drawn as typed", () => {
    expect(checkExplorer(typed)).toEqual({ ok: true, state: defaultState });
  });

  test("every field that cannot be drawn gets its own message; nothing is clamped", () => {
    expect(checkExplorer({ ...typed, customers: undefined })).toEqual({
      ok: false,
      errors: { customers: "Customers: a whole number from 2 to 1,000,000." },
    });
    expect(checkExplorer({ ...typed, workers: -5 })).toEqual({
      ok: false,
      errors: { workers: "Workers (n): a whole number from 1 to 2,048." },
    });
    // One worker: the shard and the groups the reader typed are refused, not rewritten to 1.
    expect(checkExplorer({ ...typed, workers: 1 })).toEqual({
      ok: false,
      errors: {
        shard: "Per shard (k): a whole number from 1 to 1, no more than the workers.",
        groups: "Fixed groups: a whole number from 1 to 1, no more than the workers.",
      },
    });
    expect(checkExplorer({ ...typed, workers: 16, shard: 32 })).toEqual({
      ok: false,
      errors: { shard: "Per shard (k): a whole number from 1 to 16, no more than the workers." },
    });
    expect(checkExplorer({ ...typed, workers: 2048, shard: 33 })).toMatchObject({
      errors: { shard: "Per shard (k): a whole number from 1 to 32." },
    });
    expect(checkExplorer({ ...typed, seed: 2.5, groups: 0 })).toMatchObject({
      errors: {
        seed: `Seed: ${seedRule}.`,
        groups: expect.any(String),
      },
    });
    expect(checkExplorer({ ...typed, workers: 2048, shard: 32, customers: 1_000_000 })).toMatchObject({
      errors: { customers: expect.stringMatching(/over the limit of 5,000,000/) },
    });
  });
});

describe("model", () => {
  test("the chapter's worked example", () => {
    const view = explorerView(defaultState);
    expect(view.possibleShards).toBe("28");
    expect(view.poisonShard).toEqual([0, 1]);
    expect([view.lostAll, view.lostSome, view.lostNone]).toEqual([361, 4373, 5265]);
    expect(view.blast.fixed).toBe(0.25);
    expect(view.blast.shuffleExact).toBeCloseTo(1 / 28, 12);
    expect(view.overlap.map((r) => r.count)).toEqual([5265, 4373, 361]);
  });

  test("failover decides whether partial losses count", () => {
    const off = explorerView({ ...defaultState, failover: false });
    expect(off.blast.shuffleExact).toBeCloseTo(13 / 28, 12);
    expect(off.blast.shuffleSimulated).toBeCloseTo((361 + 4373) / 9999, 12);
  });

  test("the view states huge shard counts exactly", () => {
    const view = explorerView({ ...defaultState, workers: 2048, shard: 4 });
    expect(view.possibleShards).toBe("730,862,190,080");
    expect(view.shardCount).toBe(730_862_190_080n);
  });

  test("fixed groups cover every worker once, sizes within one", () => {
    const groups = fixedGroups(10, 3);
    expect(groups).toEqual([
      [0, 3],
      [3, 6],
      [6, 10],
    ]);
    expect(fixedGroups(8, 4).map(([a, b]) => b - a)).toEqual([2, 2, 2, 2]);
  });
});

describe("render", () => {
  test("a table cell's share sets a power of ten's exponent as a superscript (percentAnySize for the rest)", () => {
    expect(shareHtml(1 / 730_862_190_080)).toBe('<span class="sx-sci">1.37 × 10<sup>-10</sup>%</span>');
    expect(shareHtml(0.25)).toBe("25%");
    expect(shareHtml(2500 / 9999)).toBe("25.0%");
  });

  test("route 53's fleet: every figure in a percentage column is a percentage, tiny ones in the page's scientific style", () => {
    const view = explorerView({ ...defaultState, workers: 2048, shard: 4, customers: 2000 });
    const html = renderExplorer(view);
    const cells = [...html.matchAll(/data-figure="(?:exact|sim|blast)-[^"]+">(.*?)<\/td>/g)].map((m) => m[1]!);
    expect(cells.length).toBe(view.overlap.length * 2 + 4);
    for (const cell of cells)
      expect(cell).toMatch(/^(?:\d[\d.,]*%|<span class="sx-sci">\d\.\d\d × 10<sup>-\d+<\/sup>%<\/span>)(?: <span|$)/);
    expect(html).toContain('data-figure="exact-3"><span class="sx-sci">1.12 × 10<sup>-6</sup>%</span><');
    expect(html).toContain('data-figure="blast-shuffle"><span class="sx-sci">1.37 × 10<sup>-10</sup>%</span><');
    expect(html).not.toMatch(/\de-\d/);
  });

  test("one worker, one customer more: the words agree with the counts", () => {
    const view = explorerView({ ...defaultState, workers: 1, shard: 1, groups: 1, customers: 2 });
    expect(summary(view)).toBe(
      "1 worker, shards of 1: 1 possible shard. Of 1 other customer, 1 loses every worker and 0 lose some; with failover 1 (100%) loses service, against 100% with fixed groups.",
    );
    const html = renderExplorer(view);
    expect(html).toContain('aria-label="1 worker;');
    expect(html).toContain("simulation of 1 other customer<");
    expect(html).toContain("other customer loses every worker");
    expect(html).toContain("only customers that lost their one worker");
    expect(html).not.toMatch(/\b1 (?:workers|other customers|possible shards|fixed groups)\b/);
  });

  // QA: "0 (0%) lose service, against 25.0%": two rules for the shares of one sentence. (Then
  // "25.0%" beside the chapter's "25%": now a trailing zero only where the share was rounded.)
  test("the sentence writes its two shares by one rule, whatever their size", () => {
    const sentence = (state: Partial<typeof defaultState>) => summary(explorerView({ ...defaultState, ...state }));
    expect(sentence({})).toMatch(/ 361 \(3\.6%\) lose service, against 25% with fixed groups\.$/);
    expect(sentence({ failover: false })).toMatch(/ 4,734 \(47\.3%\) lose service, against 25% with/);
    const wide = { workers: 2048, shard: 32, customers: 1000 };
    expect(sentence(wide)).toMatch(/ 0 \(0%\) lose service, against 25% with fixed groups\.$/);
    expect(sentence({ ...wide, groups: 2048 })).toMatch(/ 0 \(0%\) lose service, against 0\.049% with fixed groups\.$/);
    // At the limits, the smallest share either figure can be is still written as a percentage.
    expect(percentAnySize(1 / limits.workers.max)).toMatch(/^[\d.]+%$/);
    expect(percentAnySize(1 / (limits.customers.max - 1))).toMatch(/^[\d.]+%$/);
  });

  // QA: the blast table wrote 25.0% where the sentence above it wrote 25%.
  test("the sentence and the blast table write the same share the same way", () => {
    const cell = (html: string, figure: string) =>
      new RegExp(`data-figure="${figure}">(.*?)</td>`).exec(html)![1]!.replace(/<[^>]+>/g, "");
    for (const state of [
      {},
      { failover: false },
      { groups: 3 },
      { workers: 2048, shard: 32, customers: 1000 },
      { workers: 2048, shard: 32, customers: 1000, groups: 2048 },
      { workers: 1, shard: 1, groups: 1, customers: 2 },
    ]) {
      const view = explorerView({ ...defaultState, ...state });
      const html = renderExplorer(view);
      const [, hurt, fixed] =
        / \(([^)]+)\) loses? service, against (\S+) with fixed groups\.$/.exec(summary(view)) ?? [];
      expect(hurt, JSON.stringify(state)).toBe(cell(html, "blast-simulated"));
      expect(fixed, JSON.stringify(state)).toBe(cell(html, "blast-fixed"));
    }
  });

  // QA: at n=2048, k=32 the exact 3.66 × 10^-69 % was drawn as the same sliver as fixed groups' 0.049%.
  test("bars are true to scale; a share too small to see says so, and zero draws nothing", () => {
    const width = (html: string) => Number(/style="width:([\d.]+)%"/.exec(html)![1]) / 100;
    for (const share of [1, 0.25, 1 / 28, drawable, 0.00048828125, 3.66e-71, 0]) {
      expect(width(bar(share, "exact"))).toBeCloseTo(share, 4);
      expect(bar(share, "exact").includes("too small to draw")).toBe(share > 0 && share < drawable);
    }
    const view = explorerView({ ...defaultState, workers: 2048, shard: 32, customers: 1000, groups: 2048 });
    const html = renderExplorer(view);
    const row = (design: string) => new RegExp(`<tr data-design="${design}">[\\s\\S]*?</tr>`).exec(html)![0];
    expect(width(row("fixed"))).toBe(0.0005);
    expect(width(row("shuffle"))).toBe(0);
    for (const design of ["fixed", "shuffle"]) expect(row(design)).toContain("too small to draw");
    expect(width(row("every"))).toBe(1);
    expect(row("every")).not.toContain("too small");
  });

  test("the HTML carries every figure the page and its tests read", () => {
    const html = renderExplorer(explorerView(defaultState));
    for (const name of [
      "possible-shards",
      "same-shard",
      "inverse",
      "fixed-groups",
      "lost-all",
      "lost-some",
      "lost-none",
      "exact-0",
      "sim-2",
      "blast-fixed",
      "blast-shuffle",
      "blast-simulated",
      "failover-note",
      "poison-shard",
    ]) {
      expect(html).toContain(`data-figure="${name}"`);
    }
    expect(summary(explorerView(defaultState))).toContain("361 lose every worker");
  });

  test("the convergence note: the gap to the formula shrinks as customers grow", () => {
    const gap = (customers: number) =>
      Number(
        /data-figure="convergence">[^<]*<strong>([\d.]+)<\/strong>/.exec(
          renderExplorer(explorerView({ ...defaultState, customers })),
        )![1],
      );
    expect(gap(10_000)).toBe(0.92); // 43.73% simulated against 42.86% exact
    expect(gap(1_000_000)).toBeLessThan(0.1);
  });
});

describe("limits shared with the simulation and the CLI", () => {
  test("the explorer's limits are the page's share of the one limits object", async () => {
    const { shuffleShardLimits } = await import("../../sim/shuffle-shard.ts");
    const { limits, costProblem } = await import("./state.ts");
    expect(limits.workers).toEqual(shuffleShardLimits.page.workers);
    expect(limits.seed).toEqual(shuffleShardLimits.seed);
    expect(limits.picks).toBeLessThan(shuffleShardLimits.picks);
    // A million customers with shards of 32 would freeze the page for about a second: refused, with a way out.
    expect(costProblem({ ...defaultState, workers: 2048, shard: 32, customers: 1_000_000 })).toMatch(
      /1,000,000 customers with shards of 32 is 32,000,000 worker picks, over the limit of 5,000,000 a run: with shards of 32, use at most 156,250 customers\. The page deals at most 5,000,000 at once/,
    );
    expect(costProblem({ ...defaultState, shard: 5, customers: 1_000_000 })).toBeUndefined();
  });
});

test("a count too long to read is shown in scientific form with its digits, as in the terminal", () => {
  const view = explorerView({ ...defaultState, workers: 2048, shard: 32, customers: 1000 });
  expect(view.possibleShards).toMatch(/^\d\.\d\d × 10\^70 \(71 digits\)$/);
});

// QA: the live sentence announced a huge count as "2.73 × 10^70", which a screen reader says
// "10 caret 70" (and the page's superscript, 10<sup>70</sup>, "10 70").
test("the live sentence says a huge count's power of ten in words, never with a caret", () => {
  const view = explorerView({ ...defaultState, workers: 2048, shard: 32, customers: 1000 });
  const sentence = summary(view);
  const [, mantissa] = /^(\d\.\d\d) × 10\^70/.exec(view.possibleShards)!;
  expect(sentence).toContain(`shards of 32: ${mantissa} × 10 to the power of 70 (71 digits) possible shards.`);
  expect(sentence).not.toMatch(/\^|<sup>/);
  // The same count the page sets as a superscript, the same figures.
  expect(renderExplorer(view)).toContain(`data-figure="possible-shards">${mantissa} × 10<sup>70</sup> (71 digits)<`);
  // A count that reads as digits is left as it is.
  expect(summary(explorerView(defaultState))).toContain("shards of 2: 28 possible shards.");
});

// QA: at 390 px the visible sentence broke after "10 to the", "power of 70" on the next line.
test("the sentence the page shows keeps a power of ten said in words on one line, and its words as they are", () => {
  const sentence = summary(explorerView({ ...defaultState, workers: 2048, shard: 32, customers: 1000 }));
  const [power] = / \d\.\d\d × 10 to the power of 70/.exec(sentence)!;
  const html = summaryHtml(sentence);
  expect(html).toContain(`<span class="sx-whole">${power.trim()}</span> (71 digits) possible shards.`);
  // What is read out is the sentence, word for word: only the span is added.
  expect(html.replace(/<\/?span[^>]*>/g, "")).toBe(sentence);
  expect(html.match(/<span/g)).toHaveLength(1);
  // A power below one is said with "minus", and kept whole too; a sentence with none is only escaped.
  expect(summaryHtml("1.33 × 10 to the power of minus 6 of them")).toBe(
    '<span class="sx-whole">1.33 × 10 to the power of minus 6</span> of them',
  );
  const plain = summary(explorerView(defaultState));
  expect(summaryHtml(plain)).toBe(plain);
  expect(summaryHtml("a < b & c")).toBe("a &lt; b &amp; c");
});

// QA: ?n=abc and ?n=1e400 left a blank field (a number field cannot hold them), so the reader
// could not see what the link gave: the field's message quotes it, cut short past 40 characters.
test("a link's value its field cannot hold is quoted in the field's message", () => {
  const message = "Workers (n): a whole number from 1 to 2,048.";
  expect(withLinkText(message, "abc")).toBe(`${message} The link gave "abc".`);
  expect(withLinkText(message, "1e400")).toBe(`${message} The link gave "1e400".`);
  expect(withLinkText(message, "x".repeat(41))).toBe(`${message} The link gave "${"x".repeat(40)}…".`);
});

// Audit: in the presenter view, ?n=abc&k=-1&c=1e99&g=0&seed=x&failover=7 quoted only "abc" and
// "x"; -1, 1e99 and 0 got the range alone, failover=7 nothing, and the figures (the defaults)
// were called "the last values drawn".
describe("what a link gave, and what the figures use instead", () => {
  const query = new URLSearchParams("n=abc&k=-1&c=1e99&g=0&seed=x&failover=7&lang=en");

  test("the link's texts as it wrote them; a failover only when it is no word for on or off", () => {
    expect(linkTexts(query)).toEqual({
      numbers: { workers: "abc", shard: "-1", customers: "1e99", groups: "0", seed: "x" },
      failover: "7",
    });
    expect(linkTexts(new URLSearchParams("k=3&failover=off"))).toEqual({ numbers: { shard: "3" } });
    expect(linkTexts(new URLSearchParams("failover="))).toEqual({ numbers: {}, failover: "" });
  });

  test("every refused field's message quotes the link and names the value the figures use", () => {
    const { numbers } = linkTexts(query);
    const checked = checkExplorer({
      workers: readField("workers", linkFields(query).numbers.workers!),
      shard: -1,
      customers: 1e99,
      groups: 0,
      seed: undefined,
      failover: true,
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const messages = numberFields.map((name) =>
      withLinkText(checked.errors[name]!, numbers[name]!, fieldInWords(name, defaultState)),
    );
    expect(messages).toEqual([
      `Workers (n): a whole number from 1 to ${grouped(limits.workers.max)}. The link gave "abc", so the figures use 8 workers.`,
      `Per shard (k): a whole number from 1 to ${limits.shard.max}. The link gave "-1", so the figures use shards of 2.`,
      `Customers: a whole number from ${limits.customers.min} to ${grouped(limits.customers.max)}. The link gave "1e99", so the figures use 10,000 customers.`,
      `Fixed groups: a whole number from 1 to ${grouped(limits.groups.max)}. The link gave "0", so the figures use 4 fixed groups.`,
      `Seed: a whole number from 0 to ${grouped(limits.seed.max)}, written in digits only. The link gave "x", so the figures use seed 7.`,
    ]);
    expect(withLinkText("Seed: …", "", "seed 7")).toBe("Seed: … The link gave no value, so the figures use seed 7.");
  });

  test("a state in words; one worker, shard or group is said as one", () => {
    expect(stateInWords(defaultState)).toBe(
      "8 workers, shards of 2, 10,000 customers, 4 fixed groups, seed 7, failover on",
    );
    const one = { workers: 1, shard: 1, customers: 2, groups: 1, seed: 0, failover: false };
    expect(stateInWords(one)).toBe("1 worker, shards of 1, 2 customers, 1 fixed group, seed 0, failover off");
  });

  test("the figures are said to be the page's first drawing, not the link's, until the fields are corrected", () => {
    expect(linkNotDrawnNote(defaultState, 2)).toBe(
      "The figures below use the defaults (8 workers, shards of 2, 10,000 customers, 4 fixed groups, seed 7, failover on) until the marked fields are corrected, not the link's values.",
    );
    expect(linkNotDrawnNote({ ...defaultState, workers: 16 }, 1)).toMatch(
      /^The figures below use the page's first values \(16 workers, shards of 2, .*\) until the marked field is corrected,/,
    );
  });

  // Audit (L5): ?n=3&k=5 said "the figures use shards of 2" at the shard and "the defaults (8
  // workers, ...)" above the figures, while the workers field showed 3, unmarked.
  test("the note names the values the fields show that the figures do not use, and the shard's message agrees", () => {
    const fields = { ...defaultState, workers: 3, shard: 5, groups: 3 };
    const unused = undrawnValues(fields, defaultState, ["shard"]);
    expect(unused).toEqual(["3 workers", "3 fixed groups"]);
    expect(linkNotDrawnNote(defaultState, 1, unused)).toBe(
      "The figures below use the defaults (8 workers, shards of 2, 10,000 customers, 4 fixed groups, seed 7, failover on) until the marked field is corrected; they do not use the 3 workers and 3 fixed groups the fields show either.",
    );
    // The shard's message names the shard the note names.
    const checked = checkExplorer(fields);
    if (checked.ok) throw new Error("k=5 with 3 workers was drawn");
    const message = withLinkText(checked.errors.shard!, "5", fieldInWords("shard", defaultState));
    expect(message).toBe(
      'Per shard (k): a whole number from 1 to 3, no more than the workers. The link gave "5", so the figures use shards of 2.',
    );
    expect(linkNotDrawnNote(defaultState, 1, unused)).toContain(fieldInWords("shard", defaultState));
    expect(undrawnValues({ ...defaultState, failover: false }, defaultState, [])).toEqual(["failover off"]);
  });

  test("one marked field is a field, two are fields: the one rule of every widget's note", () => {
    expect(markedFieldsWords(1)).toBe("the marked field");
    expect(markedFieldsWords(2)).toBe("the marked fields");
  });

  test("a failover that is no word for on or off is said, with what stays", () => {
    expect(failoverLinkMessage("7", true)).toBe(
      'Failover: the link gave "7", which is neither on (1) nor off (0), so failover stays on.',
    );
    expect(failoverLinkMessage("", false)).toBe(
      "Failover: the link gave no value, which is neither on (1) nor off (0), so failover stays off.",
    );
  });
});

describe("the chance of the very same shard", () => {
  const figure = (html: string, name: string) =>
    new RegExp(`data-figure="${name}">(.*?)</(?:strong|td|p)>`).exec(html)![1]!.replace(/<(?!\/?sup>)[^>]*>/g, "");

  // QA: "1 / C(n, k) = 3.57 × 10⁻²" beside the table's 3.6% and the prose's 1/28 = 3.6%.
  test("is one in the count of shards and the share the overlap table gives losing every worker", () => {
    const cases = [
      [8, 2, "1 in 28 = 3.6%"],
      [100, 5, "1 in 75,287,520 = 1.33 × 10<sup>-6</sup>%"],
      [2048, 32, "1 in 2.73 × 10<sup>70</sup> (71 digits) = 3.66 × 10<sup>-69</sup>%"],
      [1, 1, "1 in 1 = 100%"],
    ] as const;
    for (const [workers, shard, said] of cases) {
      const html = renderExplorer(explorerView({ ...defaultState, workers, shard, groups: 1, customers: 1000 }));
      expect(figure(html, "same-shard")).toBe(said);
      // A projector hides the "1 in N =" (class sx-more) and shows the share under the count of shards.
      expect(
        /data-figure="same-shard"><span class="sx-more">1 in [^=]+ = <\/span><span class="sx-sci" data-figure="inverse">/.test(
          html,
        ),
      ).toBe(true);
      // The same share, the same way, in the overlap table's last row.
      expect(figure(html, "inverse")).toBe(figure(html, `exact-${shard}`));
      expect(html).not.toMatch(/\^/);
    }
  });

  test("the count of shards sets a huge one's power of ten as a superscript, never a caret", () => {
    const html = renderExplorer(explorerView({ ...defaultState, workers: 2048, shard: 32, customers: 1000 }));
    expect(figure(html, "possible-shards")).toBe("2.73 × 10<sup>70</sup> (71 digits)");
  });
});

describe("the fixed groups", () => {
  const strip = (state: Partial<typeof defaultState>) => {
    const html = renderExplorer(explorerView({ ...defaultState, ...state }));
    const markup = /data-figure="fixed-groups">(.*?)<\/p>/.exec(html)![1]!;
    const sentence = markup.replace(/<[^>]+>/g, "");
    // What a projector shows: the presenter explains the boxes, so the words in sx-more are hidden.
    const projected = markup.replace(/<span class="sx-more">.*?<\/span>/g, "");
    const boxes = [...html.matchAll(/<span class="sx-g[^"]*" title="([^"]*)">([^<]*)<\/span>/g)].map((m) => ({
      title: m[1]!,
      label: m[2]!,
    }));
    const aria = /class="sx-groups[^"]*"[^>]*aria-label="([^"]*)"/.exec(html)![1]!;
    return { sentence, projected, boxes, aria };
  };

  // QA: each box of the chapter's fixed groups showed a bare "2", said nowhere to be its workers.
  test("each box names the workers it holds, and the sentence says what the boxes are", () => {
    const { sentence, projected, boxes, aria } = strip({});
    expect(boxes.map((b) => b.label)).toEqual(["0–1", "2–3", "4–5", "6–7"]);
    expect(boxes[0]!.title).toBe("group 0: workers 0–1");
    expect(sentence).toBe(
      "For comparison, 4 fixed groups of 2 workers (each box lists its workers); the poison customer's group, workers 0–1, is down:",
    );
    expect(projected).toBe("4 fixed groups; the poison customer's is down:");
    expect(aria).toBe("4 fixed groups of 2 workers; the poison customer's group, workers 0–1, is down");
  });

  test("uneven groups say both sizes; a group of one names its worker", () => {
    expect(strip({ groups: 3 }).sentence).toContain("3 fixed groups of 2 or 3 workers");
    expect(strip({ groups: 3 }).boxes.map((b) => b.label)).toEqual(["0–1", "2–4", "5–7"]);
    const ones = strip({ groups: 8 });
    expect(ones.sentence).toContain("8 fixed groups of 1 worker (each box");
    expect(ones.sentence).toContain("the poison customer's group, worker 0, is down");
    expect(ones.boxes.map((b) => b.label)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7"]);
    expect(strip({ groups: 1 }).sentence).toContain("1 fixed group of 8 workers");
  });

  test("every worker is in exactly one box's range, and a box is as wide as its longest label", () => {
    for (const [workers, groups] of [
      [2048, 32],
      [100, 20],
      [7, 3],
    ] as const) {
      const view = explorerView({ ...defaultState, workers, groups, shard: 2, customers: 1000 });
      const covered = view.groups.flatMap(([from, to]) => Array.from({ length: to - from }, (_, i) => from + i));
      expect(covered).toEqual(Array.from({ length: workers }, (_, i) => i));
      const labels = view.groups.map(workerRange);
      const html = renderExplorer(view);
      expect(html).toContain(`style="--sx-g-chars:${Math.max(...labels.map((l) => l.length))}"`);
    }
    expect(workerRange([1984, 2048])).toBe("1984–2047");
  });

  test("past 32 groups the boxes carry no labels, and the sentence does not promise them", () => {
    const { sentence, boxes } = strip({ workers: 100, groups: 50 });
    expect(boxes.every((b) => b.label === "")).toBe(true);
    expect(sentence).toBe(
      "For comparison, 50 fixed groups of 2 workers; the poison customer's group, workers 0–1, is down:",
    );
  });
});
