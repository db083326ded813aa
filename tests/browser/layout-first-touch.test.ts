/**
 * What a reader sees move or break as widgets load and lay out, each found in session 47:
 * - The chapter's replay said "Simulating both runs…" in a line of its own as it loaded: the
 *   transport and the charts went down 32 px and back up once both runs were drawn (a layout
 *   shift of 0.016 at 1280 x 900 and at 390 x 844). The line is now laid over the top of the
 *   transport while the runs are simulated, clear of its controls.
 * - The shuffle-shard explorer's sentence broke "2.73 × 10 to the" | "power of 70" at 390 px.
 * - The retry-storm presenter view, revealed, scrolled 181 px at 1024 x 768 (a projector's screen),
 *   its chart at its shortest.
 * - The same view on a 390 px phone ran its charts' time labels together in the projector's 24 px
 *   type: "4 min" into "8 min" on the static chart it opens with and on the live one (a run of
 *   187 px under a 197 px plot). Both now label every eight minutes there.
 * One context at 1280 (then 1024 x 768), one at 390 in the dark theme; five page loads.
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { keepUnitWithNumber } from "../../src/format/units.ts";
import { explorerView } from "../../src/widgets/shuffle-explorer/model.ts";
import { summary } from "../../src/widgets/shuffle-explorer/render.ts";
import { fromQuery } from "../../src/widgets/shuffle-explorer/state.ts";
import { presentChartMin } from "../../src/widgets/replay/present-size.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { layoutShift } from "../support/layout-shift.ts";

const replay = "[data-retry-storm]";

interface ReplayLoad {
  /** The layout shift, since the first touch, of whatever lies in the replay (no input: all of it counts). */
  shift: number;
  /** Where "Simulating both runs…" was drawn, and whether it covered a control of the transport. */
  running: { text: string; position: string; height: number; covers: string[] } | null;
}

/**
 * Loads the chapter's replay by a focus on its first field (no input, so every shift counts) and
 * waits until both runs are drawn; returns the shifts of the replay's own elements since then,
 * from the buffered layout-shift entries, and how the busy line looked while they ran.
 */
async function loadReplay(page: Page, site: string): Promise<ReplayLoad> {
  await page.goto(`${site}/retry-storm/`);
  const since = await page.locator(replay).evaluate((root) => {
    const w = window as unknown as { busyLine: ReplayLoad["running"] };
    w.busyLine = null;
    const line = root.querySelector<HTMLElement>("[data-status]")!;
    new MutationObserver(() => {
      if ((root as HTMLElement).dataset.state !== "running" || w.busyLine) return;
      const box = line.getBoundingClientRect();
      const covers = [...root.querySelectorAll<HTMLElement>("[data-play], [data-speed], [data-scrub], form input")]
        .filter((c) => {
          const b = c.getBoundingClientRect();
          return b.left < box.right && box.left < b.right && b.top < box.bottom && box.top < b.bottom;
        })
        .map((c) => c.getAttribute("name") ?? c.tagName.toLowerCase());
      w.busyLine = {
        text: line.textContent ?? "",
        position: getComputedStyle(line).position,
        height: box.height,
        covers,
      };
    }).observe(root, { attributes: true, attributeFilter: ["data-state"] });
    return performance.now();
  });
  // The replay's top at the screen's: the transport and the first charts on the screen as it loads
  // (a shift off the screen counts for nothing), then the focus that loads it, with no scroll.
  await page.locator(replay).evaluate((root) => {
    root.scrollIntoView({ block: "start" });
    root.querySelector<HTMLInputElement>('input[name="seed"]')!.focus({ preventScroll: true });
  });
  await page.locator(`${replay}[data-state="ready"]`).waitFor({ timeout: 60_000 });
  await expect.poll(() => page.locator(`${replay} [data-side="naive"] .uplot`).count()).toBe(5);
  const shift = await layoutShift(page, { since, within: replay });
  const running = await page.evaluate(() => (window as unknown as { busyLine: ReplayLoad["running"] }).busyLine);
  return { shift, running };
}

/** Whether `phrase`, in the text of `selector`, lies on one line as laid out; and how many lines the whole text takes. */
function phraseLines(page: Page, selector: string, phrase: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((root, wanted) => {
      const lines = (rects: Iterable<DOMRect>) =>
        new Set([...rects].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      const nodes: Text[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
      const text = nodes.map((n) => n.data).join("");
      const at = text.indexOf(wanted);
      if (at < 0) return { phrase: 0, whole: lines(root.getClientRects()), text };
      // The phrase may run across text nodes (a span around part of it): find its two ends.
      const place = (offset: number): [Text, number] => {
        let left = offset;
        for (const n of nodes) {
          if (left <= n.data.length) return [n, left];
          left -= n.data.length;
        }
        throw new Error("offset past the text");
      };
      const range = document.createRange();
      range.setStart(...place(at));
      range.setEnd(...place(at + wanted.length));
      const whole = document.createRange();
      whole.selectNodeContents(root);
      return { phrase: lines(range.getClientRects()), whole: lines(whole.getClientRects()), text };
    }, phrase);
}

/**
 * The presenter's time labels under the first chart on show, opened and revealed: the static
 * chart's (their text and where they are drawn), then, once the live chart replaces it, the
 * live one's, read from uPlot's canvas: below the plot, the runs of painted columns (a gap under
 * 14 px joins two: a label's word space is about 10 px), as wide as the widest label may be.
 */
async function presenterTimeLabels(page: Page, site: string) {
  await page.goto(`${site}/present/retry-storm/`);
  await page.getByRole("button", { name: "Reveal all" }).click();
  const chart = `${replay} [data-side="naive"] .rs-chart:not([data-off])`;
  const statics = await page.locator(`${chart} .rs-static-x`).evaluate((axis) =>
    [...axis.querySelectorAll("text")]
      .map((t) => ({ text: t.textContent ?? "", box: t.getBoundingClientRect() }))
      .filter((l) => l.box.width > 0)
      .map((l) => ({ text: l.text, left: l.box.left, right: l.box.right })),
  );
  await page.locator("[data-scrub]").focus();
  await page.locator(`${replay}[data-state="ready"]`).waitFor({ timeout: 60_000 });
  const live = await page.locator(`${chart} .uplot`).evaluate((plot) => {
    const canvas = plot.querySelector("canvas")!;
    const over = plot.querySelector(".u-over")!.getBoundingClientRect();
    const box = canvas.getBoundingClientRect();
    const scale = canvas.width / box.width;
    // The label rows: from 12 px under the plot (past the ticks) to the canvas's foot.
    const top = Math.ceil((over.bottom - box.top + 12) * scale);
    const rows = canvas.height - top;
    const pixels = canvas.getContext("2d")!.getImageData(0, top, canvas.width, rows).data;
    const runs: { left: number; right: number }[] = [];
    for (let x = 0; x < canvas.width; x++) {
      let inked = false;
      for (let y = 0; y < rows && !inked; y++) inked = pixels[(y * canvas.width + x) * 4 + 3]! > 64;
      if (!inked) continue;
      const last = runs.at(-1);
      if (last && x - last.right < 14 * scale) last.right = x;
      else runs.push({ left: x, right: x });
    }
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.font = `600 24px ${getComputedStyle(plot).fontFamily}`;
    const widest = Math.max(...["0 s", "4 min", "8 min", "12 min"].map((t) => ctx.measureText(t).width));
    return { runs: runs.map((r) => (r.right - r.left + 1) / scale), widest, rows };
  });
  return { statics, live };
}

describeInBrowser("what moves or breaks as widgets load and lay out", (browser) => {
  const { site } = browser;

  test("at 1280 px the chapter's replay loads without moving, its busy line over the transport's labels, clear of its controls; at 1024 x 768 the presenter view, revealed, does not scroll", async () => {
    const { page } = browser;
    const loaded = await loadReplay(page, site);
    expect(loaded.running, "the busy line, while both runs were simulated").toEqual({
      text: "Simulating both runs…",
      position: "absolute",
      height: expect.any(Number),
      covers: [],
    });
    expect(loaded.running!.height).toBeGreaterThan(10);
    expect(loaded.shift, "layout shift in the replay as it loads").toBeLessThan(0.001);

    // A 1024 x 768 projector: the revealed view fits its screen, the chart no shorter than its least.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${site}/present/retry-storm/`);
    await page.getByRole("button", { name: "Reveal all" }).click();
    // A projector's chart keeps its time labels every four minutes (they step apart on a phone only).
    const statics = await page
      .locator(`${replay} [data-side="naive"] .rs-chart:not([data-off]) .rs-static-x text`)
      .evaluateAll((texts) => texts.filter((t) => t.getBoundingClientRect().width > 0).map((t) => t.textContent));
    expect(statics).toEqual(["0 s", "4 min", "8 min"]);
    await page.locator("[data-scrub]").focus();
    await page.locator(`${replay}[data-state="ready"]`).waitFor({ timeout: 60_000 });
    await page.locator(`${replay}[data-revealed] [data-side="defended"] [data-summary]`).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - innerHeight), {
        message: "how far the revealed view scrolls",
      })
      .toBeLessThanOrEqual(0);
    const chart = await page
      .locator(`${replay} .rs-chart:not([data-off]) .u-wrap`)
      .first()
      .evaluate((c) => c.getBoundingClientRect().height);
    expect(chart).toBeGreaterThanOrEqual(presentChartMin);
  });

  test("on a 390 px phone the chapter's replay loads without moving, and the explorer keeps '10 to the power of 70' on one line, its words as they were; the presenter view's time labels stand apart", async () => {
    const { page } = await browser.open({ viewport: { width: 390, height: 844 } });
    await page.emulateMedia({ colorScheme: "dark" });
    const loaded = await loadReplay(page, site);
    expect(loaded.running?.text).toBe("Simulating both runs…");
    expect(loaded.running?.covers).toEqual([]);
    expect(loaded.shift, "layout shift in the replay as it loads").toBeLessThan(0.001);

    // A link's setting loads the explorer at once: C(2,048, 32) possible shards, a power of ten said in words.
    const query = "n=2048&k=32";
    const sentence = keepUnitWithNumber(summary(explorerView(fromQuery(new URLSearchParams(query)))));
    const power = /\d\.\d\d × 10 to the power of 70/.exec(sentence)![0];
    await page.goto(`${site}/shuffle-sharding/?${query}`);
    const live = "[data-shuffle-explorer] [data-live]";
    // What a screen reader hears: the sentence, word for word (spaces as spaces).
    await expect.poll(() => page.locator(live).first().textContent()).toBe(sentence);
    const laid = await phraseLines(page, live, power);
    expect(laid.whole, "the sentence takes several lines at 390 px").toBeGreaterThan(2);
    expect(laid.phrase, `"${power}" on one line`).toBe(1);

    // The presenter view, revealed: its time labels every eight minutes, on the static chart and the live one.
    const labels = await presenterTimeLabels(page, site);
    expect(labels.statics.map((l) => l.text)).toEqual(["0 s", "8 min"]);
    for (const [a, b] of labels.statics.slice(1).map((l, i) => [labels.statics[i]!, l] as const))
      expect(b.left - a.right, `room between "${a.text}" and "${b.text}" on the static chart`).toBeGreaterThanOrEqual(
        16,
      );
    expect(labels.live.rows, "room for the labels under the live plot").toBeGreaterThan(10);
    expect(labels.live.runs.length, "the live chart's labels, as many as the static chart's").toBe(
      labels.statics.length,
    );
    for (const width of labels.live.runs)
      expect(width, "a live label's painted width").toBeLessThanOrEqual(labels.live.widest + 2);
  });
});
