import { describe, expect, test } from "vitest";
import { escapeHtml } from "../escape-html.ts";
import { grouped, percentUpTo, readableShare, rounded } from "../../format/number.ts";
import {
  bakeByShare,
  bakeChoices,
  canaryAt,
  canaryDefaults,
  canaryRegressions,
  canaryShares,
} from "../../sim/canary-tradeoff.ts";
import {
  bakeIndex,
  bakeText,
  bakeTextUp,
  chance,
  curveAxis,
  canaryState,
  canarySummary,
  canaryView,
  defaultCanaryState,
  reachText,
  renderCanary,
  shareHtml,
  shareOption,
  shareSummary,
  spokenShare,
  dipText,
} from "./render.ts";

/** A bake as the widget writes it ("62 s", "26 min", "4 h 17 min", "13 h"), back in seconds. */
function statedSeconds(text: string): number {
  const m = /^(?:(\d+) s|(\d+) min|(\d+) h(?: (\d+) min)?)$/.exec(text);
  if (!m) throw new Error(`not a bake: ${text}`);
  const [, s, min, h, hMin] = m.map((v) => (v === undefined ? 0 : Number(v)));
  return s! + 60 * min! + 3600 * h! + 60 * hMin!;
}

/** The chance the live sentence gives, as a share ("over 99%" as 0.995, "under 1%" as 0). */
function statedChance(summary: string): number {
  const m = /catches this regression (over |under )?([\d.]+)% of the time/.exec(summary);
  if (!m) throw new Error(`no chance in: ${summary}`);
  return m[1] === "under " ? 0 : Number(m[2]) / 100;
}

describe("the canary widget's words", () => {
  test("the summary states the model's figures for this share and bake", () => {
    const view = canaryView(defaultCanaryState);
    const at = canaryAt(canaryDefaults, 0.01, 1800);
    expect(canarySummary(view)).toBe(
      `A 1% canary baked 30 min serves ${grouped(at.requests)} requests and catches this regression ` +
        `${percentUpTo(at.detection, 0)} of the time; meanwhile the regression fails about ${rounded(at.extraFailures)} ` +
        `of them. If it slips through, it fails about ${grouped(at.everywherePerHour)} requests an hour once it is ` +
        "everywhere (0.3% errors instead of 0.1%).",
    );
    expect(canarySummary(view)).toContain("serves 9,000 requests and catches this regression 97% of the time");
  });

  test("a small canary's chance that is under 1% is not written 0%, and a failure count under one says it is an average", () => {
    // The smallest regression, on the smallest canary, baked the shortest time.
    const state = { share: 0.001, bakeMinutes: 5, regressedErrorRate: 0.002 };
    const at = canaryAt({ ...canaryDefaults, regressedErrorRate: state.regressedErrorRate }, state.share, 300);
    // The model's figures for this corner: a chance that rounds to 0%, and not even one failure expected.
    expect(at.detection).toBeGreaterThan(0);
    expect(percentUpTo(at.detection, 0)).toBe("0%");
    expect(at.extraFailures).toBeLessThan(1);
    const summary = canarySummary(canaryView(state));
    expect(summary).toContain("catches this regression under 1% of the time");
    expect(summary).toContain(`fails ${rounded(at.extraFailures)} of them on average (less than one).`);
    expect(summary).not.toMatch(/ 0% of the time/);
  });

  test("the trade-off sentence: the requests and failures every share needs, and how long the smallest and largest take", () => {
    const view = canaryView(defaultCanaryState);
    const rows = bakeByShare(canaryDefaults);
    const requests = rows.map((r) => r.requests);
    const failures = rows.map((r) => r.extraFailures);
    expect(shareSummary(view)).toBe(
      `To catch it at least 95% of the time at that bake and every longer one, a canary of any size here must serve ${grouped(Math.min(...requests))} to ` +
        `${grouped(Math.max(...requests))} requests, so the regression fails ${rounded(Math.min(...failures))} to ${rounded(Math.max(...failures))} of them ` +
        `during the bake, whatever the share. The share sets how long that takes (${bakeTextUp(rows[0]!.bakeSeconds!)} at 0.1%, ` +
        `${bakeTextUp(rows[6]!.bakeSeconds!)} at 25%) and how many users are on the bad release meanwhile.`,
    );
    // 15,390 s and 62 s: 256.5 minutes is written 4 h 17 min, never rounded down to a shorter bake.
    expect(shareSummary(view)).toContain("(4 h 17 min at 0.1%, 62 s at 25%)");
    // "whatever the share": every share's failures round to the figure the sentence gives, or fall in its range.
    for (const p1 of canaryRegressions) {
      const text = shareSummary(canaryView({ ...defaultCanaryState, regressedErrorRate: p1 }));
      const found = bakeByShare({ ...canaryDefaults, regressedErrorRate: p1 }).filter((r) => r.bakeSeconds !== null);
      expect(text).toMatch(/must serve [\d,]+( to [\d,]+)? requests/);
      expect(text).toContain(grouped(Math.min(...found.map((r) => r.requests))));
      expect(text).toContain(grouped(Math.max(...found.map((r) => r.requests))));
    }
  });

  test("a share that cannot get there within the longest bake is named", () => {
    const view = canaryView(defaultCanaryState);
    const slow = { ...view, rows: bakeByShare({ ...canaryDefaults, regressedErrorRate: 0.002, maxBakeSeconds: 3600 }) };
    slow.scenario = { ...canaryDefaults, regressedErrorRate: 0.002, maxBakeSeconds: 3600 };
    expect(shareSummary(slow)).toMatch(/ At 0\.1%, 0\.5% and 1% it takes longer than 1 h\.$/);
    expect(renderCanary(slow)).toContain("<td>over 1 h</td>");
  });

  test("bake times in words", () => {
    expect(bakeText(59)).toBe("59 s");
    expect(bakeText(90)).toBe("2 min");
    expect(bakeText(1800)).toBe("30 min");
    expect(bakeText(3600)).toBe("1 h");
    expect(bakeText(14_584)).toBe("4 h 3 min");
    // A bake the reader is told is enough is rounded up: never a bake shorter than the model's.
    expect(bakeTextUp(59)).toBe("59 s");
    expect(bakeTextUp(89)).toBe("89 s");
    expect(bakeTextUp(1501)).toBe("26 min");
    expect(bakeText(1501)).toBe("25 min");
    expect(bakeTextUp(1560)).toBe("26 min");
    expect(bakeTextUp(14_584)).toBe("4 h 4 min");
    expect(bakeTextUp(3600)).toBe("1 h");
    expect(bakeTextUp(3601)).toBe("1 h 1 min");
    for (const seconds of [1, 59, 89, 90, 91, 1499, 1501, 3599, 3601, 14_584, 46_799])
      expect(statedSeconds(bakeTextUp(seconds))).toBeGreaterThanOrEqual(seconds);
  });

  test("a chance under the rollout's 95% is never written 95%; at it or over, never under", () => {
    expect(chance(0.946, 0.95)).toBe("94.6%");
    expect(chance(0.9496, 0.95)).toBe("94.9%");
    expect(chance(0.94588, 0.95)).toBe("94.6%");
    expect(chance(0.9449, 0.95)).toBe("94%");
    expect(chance(0.95, 0.95)).toBe("95%");
    expect(chance(0.9549, 0.95)).toBe("95%");
    expect(chance(0.996, 0.95)).toBe("over 99%");
    expect(chance(0.004, 0.95)).toBe("under 1%");
    for (let p = 0.94; p < 0.96; p += 0.0001) {
      const shown = Number.parseFloat(chance(p, 0.95)) / 100;
      expect(shown >= 0.95, `${p}`).toBe(p >= 0.95);
    }
  });
});

describe("the curve's time axis, and the bake the widget says is enough", () => {
  // One pass over every state the widget offers (its views are the costly part), holding both.
  test("at every share, regression and bake the widget offers: the axis shows the chosen bake and the stated one, and no bake from the stated one on is reported under 95%", () => {
    const under: string[] = [];
    const unstated: string[] = [];
    let checked = 0;
    for (const regressedErrorRate of canaryRegressions) {
      for (const share of canaryShares) {
        let stated: number | null = null;
        for (const bakeMinutes of bakeChoices) {
          const view = canaryView({ share, bakeMinutes, regressedErrorRate });
          const row = view.rows.find((r) => r.share === share)!;
          const needed = row.bakeSeconds;
          expect(view.axis.maxSeconds).toBeGreaterThanOrEqual(bakeMinutes * 60);
          expect(view.axis.maxSeconds).toBeGreaterThanOrEqual(needed ?? canaryDefaults.maxBakeSeconds);
          expect(view.curve[view.curve.length - 1]!.bakeSeconds).toBe(view.axis.maxSeconds);
          if (needed === null) {
            // Never at the widget's own limit (canary-tradeoff.test.ts): every row has a bake.
            unstated.push(`${share} at ${regressedErrorRate}, ${bakeMinutes} min`);
            continue;
          }
          // What the reader is told: the table's cell and the caption's sentence give the same bake.
          const cell = /<tr class="ct-current" aria-current="true"><th scope="row">[^<]+<\/th><td>([^<]+)<\/td>/.exec(
            renderCanary(view),
          )![1]!;
          expect(reachText(view)).toBe(
            `A ${spokenShare(share)} canary catches it at least 95% of the time at every bake from ${cell} on.`,
          );
          stated = statedSeconds(cell);
          // Rounded up, and by less than a minute: the bake written is the model's, or just over it.
          expect(stated).toBeGreaterThanOrEqual(needed);
          expect(stated - needed).toBeLessThan(60);
          // From the stated bake on, the dot, the sentence and every point of the curve say 95% or more.
          const { at } = view;
          if (at.bakeSeconds >= stated) {
            checked++;
            if (at.detection < 0.95 || statedChance(canarySummary(view)) < 0.95)
              under.push(`${share} at ${regressedErrorRate}, ${bakeMinutes} min`);
          }
          for (const point of view.curve)
            if (point.bakeSeconds >= stated && point.detection < 0.95)
              under.push(`${share} at ${regressedErrorRate}, curve at ${point.bakeSeconds} s`);
          // And a chance under 95% is never written 95%.
          if (at.detection < 0.95) expect(statedChance(canarySummary(view))).toBeLessThan(0.95);
        }
      }
    }
    expect(under).toEqual([]);
    expect(unstated).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  }, 60_000);

  test("the shortest axis that fits: 30 min for a big canary's short bake, the slider's whole range at 0.1% and a 0.2% error rate", () => {
    const big = canaryView({ share: 0.25, bakeMinutes: 5, regressedErrorRate: 0.003 });
    expect(big.axis).toEqual({ maxSeconds: 1800, tickSeconds: 600 });
    const small = canaryView({ share: 0.001, bakeMinutes: 30, regressedErrorRate: 0.002 });
    // Its bake, 13 h 13 min, is past every shorter axis.
    expect(small.axis.maxSeconds).toBe(canaryDefaults.maxBakeSeconds);
    expect(small.rows[0]!.bakeSeconds!).toBeGreaterThan(8 * 3600);
    const labels = [...renderCanary(small).matchAll(/>([^<>]+)<\/text>/g)].map((m) => m[1]);
    // Every 3 h, and the end, with no tick within two thirds of a step of it (its label would crowd the end's).
    expect(labels).toEqual(["0", "3 h", "6 h", "9 h", "14 h", "0%", "50%", "100%"]);
    expect([...renderCanary(big).matchAll(/>([^<>]+)<\/text>/g)].map((m) => m[1]).slice(0, 4)).toEqual([
      "0",
      "10 min",
      "20 min",
      "30 min",
    ]);
    expect(curveAxis(1800, 4 * 3600 + 1).maxSeconds).toBe(8 * 3600);
    expect(curveAxis(4 * 3600, 60).maxSeconds).toBe(4 * 3600);
  });

  test("a share that does not stay at 95% within the slider's range is said so plainly, on the whole range", () => {
    expect(curveAxis(1800, null).maxSeconds).toBe(canaryDefaults.maxBakeSeconds);
    const view = canaryView(defaultCanaryState);
    const never = { ...view, rows: view.rows.map((r) => (r.share === 0.01 ? { ...r, bakeSeconds: null } : r)) };
    const longest = bakeText(canaryDefaults.maxBakeSeconds);
    expect(reachText(never)).toBe(`A 1% canary does not stay at 95% or more within ${longest}, the longest bake here.`);
    expect(renderCanary(never)).toContain(`does not stay at 95% or more within ${longest}, the longest bake here.`);
    // The widget's slowest row, 0.1% of traffic against 0.2% errors, has its bake within the slider's
    // range (it read "over 13 h" when the slider ended there); it touches 95% well before it.
    const slow = canaryView({
      share: 0.001,
      bakeMinutes: canaryDefaults.maxBakeSeconds / 60,
      regressedErrorRate: 0.002,
    });
    const needed = slow.rows[0]!.bakeSeconds!;
    expect(reachText(slow)).toBe(
      `A 0.1% canary catches it at least 95% of the time at every bake from ${bakeTextUp(needed)} on.`,
    );
    expect(bakeTextUp(needed)).toBe("13 h 13 min");
    expect(renderCanary(slow)).not.toContain("over ");
    // (At 45,256 s, 12 h 34 min: canary-tradeoff.test.ts.)
    expect(canaryAt(slow.scenario, 0.001, 45_256).detection).toBeGreaterThanOrEqual(0.95);
    expect(needed).toBeGreaterThan(45_256);
  });
});

describe("the curve's words say what it draws", () => {
  test("the caption names the chance of one check at the end of the bake, says why it dips, and the table says what its bake is", () => {
    const view = canaryView(defaultCanaryState);
    const html = renderCanary(view);
    const caption = /<figcaption>([\s\S]*?)<\/figcaption>/.exec(html)![1]!;
    expect(caption).toBe(
      "Chance that one check of the errors at the end of a bake this long catches the regression (dashed: 95%). " +
        `The dot is your bake. ${dipText} <span data-reach>${reachText(view, shareHtml)}</span>`,
    );
    expect(dipText).toBe(
      "It dips each time a longer bake raises the alarm's threshold by one error, so it can touch the dashed line and fall back under it.",
    );
    // Not a chance that the alarm "has fired" by then, which could never fall.
    expect(html).not.toMatch(/has fired/);
    expect(html).toContain(
      "<caption>Bake needed: from this long on, every bake catches it at least 95% of the time</caption>",
    );
    expect(reachText(view)).toBe("A 1% canary catches it at least 95% of the time at every bake from 26 min on.");
    // What the caption says of the curve, on the curve the widget opens with (1%, 0.3% errors): a point
    // at 95% or more, then a later one under it (the audit's 30 to 25 min: 97%, then 94%).
    const firstAbove = view.curve.findIndex((p) => p.detection >= 0.95);
    expect(firstAbove).toBeGreaterThan(0);
    expect(view.curve.slice(firstAbove).some((p) => p.detection < 0.95)).toBe(true);
    const at25 = canaryView({ ...defaultCanaryState, bakeMinutes: 25 });
    expect(canarySummary(at25)).toContain("serves 7,500 requests and catches this regression 94% of the time");
    expect(statedSeconds("26 min")).toBeGreaterThan(25 * 60);
  });
});

describe("the widget's state and drawing", () => {
  test("form values off the offered choices fall back to the defaults", () => {
    // The bake slider's value is its position among bakeChoices.
    expect(canaryState({ share: "0.05", bake: String(bakeIndex(120)), regressed: "0.01" })).toEqual({
      share: 0.05,
      bakeMinutes: 120,
      regressedErrorRate: 0.01,
    });
    expect(canaryState({ bake: String(bakeChoices.length - 1) }).bakeMinutes).toBe(canaryDefaults.maxBakeSeconds / 60);
    expect(canaryState({ bake: "0" }).bakeMinutes).toBe(5);
    expect(canaryState({ share: "0.3", bake: String(bakeChoices.length), regressed: "x" })).toEqual(defaultCanaryState);
    expect(canaryState({ bake: "2.5" })).toEqual(defaultCanaryState);
    expect(canaryState({ bake: "" })).toEqual(defaultCanaryState);
    expect(canaryState({})).toEqual(defaultCanaryState);
  });

  test("one table row per share, the chosen one marked; the curve is labelled with the chance at the bake", () => {
    const html = renderCanary(canaryView({ ...defaultCanaryState, share: 0.05 }));
    expect(html.match(/<tr class="ct-current" aria-current="true"><th scope="row">5%<\/th>/g)).toHaveLength(1);
    expect(html.match(/<th scope="row">/g)).toHaveLength(canaryShares.length);
    const at = canaryAt(canaryDefaults, 0.05, 1800);
    expect(html).toContain(
      `for a 5% canary: ${at.detection >= 0.995 ? "over 99%" : percentUpTo(at.detection, 0)} at 30 min.`,
    );
  });
});

// QA: the live sentence wrote a share below a millionth as readableShare does, "1.37e-12", which a
// screen reader spells out. No share the widget offers is that small; a view made with one shows
// what any would read: said in words where it is heard, its exponent raised where it is seen.
describe("a share of any size, seen and heard", () => {
  const tiny = 1.37e-12;
  const base = canaryView({ ...defaultCanaryState, share: tiny });
  const view = { ...base, rows: bakeByShare(base.scenario, [tiny, ...canaryShares]) };

  test("the live sentence and the curve's label say its power of ten in words", () => {
    const spoken = "1.37 × 10 to the power of minus 10%";
    expect(spokenShare(tiny)).toBe(spoken);
    expect(canarySummary(view)).toMatch(new RegExp(`^A ${spoken} canary baked 30 min serves `));
    const label = /aria-label="([^"]*)"/.exec(renderCanary(view))![1]!;
    expect(label).toContain(`for a ${spoken} canary: `);
    expect(label).toContain(
      `A ${spoken} canary does not stay at 95% or more within ${bakeText(canaryDefaults.maxBakeSeconds)}`,
    );
    for (const heard of [canarySummary(view), label]) expect(heard).not.toMatch(/\^|\de-\d|<sup>/);
  });

  test("on the page its exponent is raised: a superscript in the drawing, superscript characters in a select's option", () => {
    const html = renderCanary(view);
    const seen = '<span class="ct-sci">1.37 × 10<sup>-10</sup>%</span>';
    expect(shareHtml(tiny)).toBe(seen);
    expect(html).toContain(`<th scope="row">${seen}</th>`);
    expect(html).toContain(
      `<span data-reach>A ${seen} canary does not stay at 95% or more within ${bakeText(canaryDefaults.maxBakeSeconds)}, the longest bake here.</span>`,
    );
    expect(/<p class="ct-trade">([\s\S]*)<\/p>/.exec(html)![1]).toMatch(
      new RegExp(
        `^To catch it .* At ${seen.replace(/[()^]/g, "\\$&")} it takes longer than ${bakeText(canaryDefaults.maxBakeSeconds)}\\.$`,
      ),
    );
    expect(shareOption(tiny)).toBe("1.37 × 10⁻¹⁰%");
    // What is seen (the label, said in words, aside): no caret, no "e-12", no words for the power.
    const seenText = html.replace(/ aria-label="[^"]*"/, "").replace(/<sup>-10<\/sup>/g, "");
    expect(html.match(/<sup>/g)).toHaveLength(html.match(/<span class="ct-sci">/g)!.length);
    expect(seenText).not.toMatch(/\^|\de-\d|to the power/);
  });

  test("every share and error rate the widget offers reads as it did, in all three forms", () => {
    for (const share of [...canaryShares, ...canaryRegressions, canaryDefaults.baselineErrorRate])
      for (const form of [shareHtml, shareOption, spokenShare]) expect(form(share)).toBe(readableShare(share));
    // The caption's and the trade-off's words go into the page unescaped around the figures: they
    // hold no markup characters at any setting the widget offers.
    for (const regressedErrorRate of canaryRegressions)
      for (const share of canaryShares) {
        const at = canaryView({ share, bakeMinutes: 30, regressedErrorRate });
        for (const words of [reachText(at), shareSummary(at)]) expect(words).toBe(escapeHtml(words));
      }
  });
});
