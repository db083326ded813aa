/** The retry-storm replay, as a reader meets it: static first, then interactive, in Chromium. */
import { readFileSync } from "node:fs";
import type { Request } from "playwright-core";
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { holdRequests } from "../support/hold-requests.ts";
import { fieldEdge } from "../support/field-edge.ts";
import { expectUnmovedBut, scenarioPlaces } from "../support/scenario-fields.ts";
import { tocColumnPlaces } from "../support/toc-column.ts";
import { grouped, secondsOrMinutes } from "../../src/format/number.ts";
import { triesPerRequest, valueAxis } from "../../src/widgets/replay/view.ts";
import { poolCaption, slotCounts } from "../../src/sim/retry-storm/pool-caption.ts";
import { poolFilm } from "../../src/sim/retry-storm/pool-frames.ts";
import { keepUnitWithNumber } from "../../src/format/units.ts";
import {
  chartPlaces,
  movedPlaces,
  recordCanvasAxes,
  unsharedAxes,
  valueAxes,
  valueAxisInk,
} from "../support/replay-axes.ts";
import { computedColour } from "../support/contrast.ts";

const golden = JSON.parse(
  readFileSync(new URL("../../src/sim/retry-storm/golden/summaries.json", import.meta.url), "utf8"),
);

/**
 * How far a static chart may sit from its live chart, in CSS pixels: the live legend is set in the
 * static one's line height, so they match to the pixel; this allows only for rounding.
 */
const SLACK = 1;

describeInBrowser("retry-storm replay in Chromium", (browser) => {
  const { site } = browser;

  const replay = () => browser.page.locator("[data-retry-storm]").first();
  const ready = () =>
    browser.page.waitForSelector('[data-retry-storm][data-state="ready"]', { state: "attached", timeout: 60_000 });

  /** Wait until the replay is ready with a side's summary other than `before`: a rerun has been drawn. */
  const redrawn = (key: "naiveSummary" | "defendedSummary", before: string | null) =>
    browser.page.waitForFunction(
      ({ key, old }) => {
        const root = document.querySelector("[data-retry-storm]") as HTMLElement;
        return root.dataset.state === "ready" && root.dataset[key] !== old;
      },
      { key, old: before },
      { timeout: 60_000 },
    );

  test("before any interaction: the naive and defended results as static charts and text", async () => {
    const { page } = browser;
    // Every script the page asks for before the reader touches it: the charts' code (uPlot) must
    // not be among them (every-page.test.ts holds their size to tools/budgets.ts).
    const scripts: string[] = [];
    const onRequest = (request: Request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    };
    page.on("request", onRequest);
    await page.goto(`${site}/retry-storm/`);
    // The chapter at 1280 px: its "On this page" column is at the row's end even while the content
    // column, which comes after it in the page, is not there yet, as a first paint may show it. It
    // sat at the row's start then, its panel over the rest of the screen (a layout shift of 0.51).
    const toc = await tocColumnPlaces(page);
    expect(page.viewportSize()!.width).toBe(1280);
    expect(toc.contentUnread).toEqual(toc.final);
    expect(toc.final[0]! + toc.final[1]!).toBe(await page.evaluate(() => document.documentElement.clientWidth));
    await expect(replay().locator("svg.rs-svg").count()).resolves.toBe(10);
    await expect(replay().locator(".uplot").count()).resolves.toBe(0);
    const naive = await replay().locator('[data-side="naive"] [data-summary]').textContent();
    // The page binds each number to its unit (src/format/units.ts).
    expect(naive).toContain(
      keepUnitWithNumber(
        `the first try times out waiting for a connection at ${Math.round(golden.naive.firstRefusalSeconds * 10) / 10} s`,
      ),
    );
    expect(naive).toContain(
      keepUnitWithNumber(
        "it does not recover by itself, only when operators step in at 11 min (an input, not a result of the model)",
      ),
    );
    expect(await replay().locator('[data-side="defended"] [data-summary]').textContent()).toContain(
      "no try times out waiting for a connection",
    );
    await expect(replay().locator("[data-live]").getAttribute("aria-live")).resolves.toBe("polite");
    await expect(replay().locator("[data-table] tbody tr").count()).resolves.toBe(72);
    // The static charts' labels are read at the page's size, at this width and at a phone's:
    // the height each label takes on screen (a label shrunk with its drawing would be 5 px).
    const smallestLabel = () =>
      replay().evaluate((root) =>
        Math.min(
          ...[...root.querySelectorAll(".rs-static text")]
            .map((t) => t.getBoundingClientRect().height)
            .filter((h) => h > 0),
        ),
      );
    expect(await smallestLabel()).toBeGreaterThanOrEqual(11);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await smallestLabel()).toBeGreaterThanOrEqual(11);
    await page.setViewportSize({ width: 1280, height: 720 });
    // Nothing has touched the page yet. Its next idle moment comes after any the page itself
    // waited for, so a script it fetches once idle has been asked for by then.
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null))));
    page.off("request", onRequest);
    expect(scripts.filter((s) => /uPlot/i.test(s))).toEqual([]);
  });

  test("the pool animation: its static frame before any code, a jump clicked before the code counts, then the keyboard scrubs it and Play plays", async () => {
    // The page the test above loaded, untouched: the widget sits far below the first screen, so its code has not loaded.
    const { page } = browser;
    const film = poolFilm();
    const pool = page.locator("[data-pool-fill]");
    const shows = async (index: number) => {
      const frame = film.frames[index]!;
      await expect(pool.locator("[data-pf-caption]").textContent()).resolves.toBe(
        keepUnitWithNumber(poolCaption(film, frame)),
      );
      const counts = slotCounts(frame);
      for (const state of ["free", "waiting", "gone"] as const) {
        await expect(pool.locator(`[data-pf-slots] [data-state="${state}"]`).count()).resolves.toBe(counts[state]);
        await expect(pool.locator(`[data-pf-count="${state}"]`).textContent()).resolves.toBe(String(counts[state]));
      }
      await expect(pool.locator("[data-pf-queue]").textContent()).resolves.toBe(
        `${grouped(frame.queue)} ${frame.queue === 1 ? "try" : "tries"}`,
      );
      await expect(pool.locator("[data-pf-refused]").textContent()).resolves.toBe(grouped(frame.refused));
    };
    await expect(pool.getAttribute("data-ready")).resolves.toBeNull();
    await shows(film.initial);
    await expect(pool.locator("[data-pf-slots] .pf-slot").count()).resolves.toBe(film.poolSize);
    // A jump to the first refusal, clicked before the code has loaded, is where the widget lands.
    const refusal = film.frames.findIndex((f) => f.moment === "refusal");
    await pool.locator(`[data-pf-jump="${refusal}"]`).click();
    await page.waitForSelector(`[data-pool-fill][data-frame="${refusal}"]`, { state: "attached" });
    await shows(refusal);
    // Written as every page writes a moment of the storm: 82.7 s.
    await expect(pool.locator("[data-pf-time]").textContent()).resolves.toBe(
      keepUnitWithNumber(secondsOrMinutes(film.firstRefusalSeconds)),
    );
    await expect(pool.locator("[data-pf-scrub]").getAttribute("aria-valuetext")).resolves.toBe(
      secondsOrMinutes(film.firstRefusalSeconds),
    );
    // The keyboard: a step on, then Home.
    await pool.locator("[data-pf-scrub]").focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForSelector(`[data-pool-fill][data-frame="${refusal + 1}"]`, { state: "attached" });
    await shows(refusal + 1);
    await page.keyboard.press("Home");
    await page.waitForSelector('[data-pool-fill][data-frame="0"]', { state: "attached" });
    await shows(0);
    // Play moves on by itself; Pause stops it and the caption is announced again.
    await pool.locator("[data-pf-play]").click();
    await page.waitForFunction(
      () => Number((document.querySelector("[data-pool-fill]") as HTMLElement).dataset.frame) > 1,
    );
    await expect(pool.locator("[data-pf-caption]").getAttribute("aria-live")).resolves.toBe("off");
    await pool.locator("[data-pf-play]").click();
    await expect(pool.locator("[data-pf-play]").textContent()).resolves.toBe("Play");
    await expect(pool.locator("[data-pf-caption]").getAttribute("aria-live")).resolves.toBe("polite");
    await shows(Number(await pool.getAttribute("data-frame")));
    // On a phone the 20 connections fit the row, each still wide enough to see; with reduced motion nothing glides.
    await page.setViewportSize({ width: 390, height: 844 });
    const row = await pool.locator("[data-pf-slots]").evaluate((el) => ({
      overflow: el.scrollWidth - el.clientWidth,
      slot: el.firstElementChild!.getBoundingClientRect().width,
    }));
    expect(row.overflow).toBe(0);
    expect(row.slot).toBeGreaterThanOrEqual(10);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(
      pool
        .locator("[data-pf-slots] .pf-slot")
        .first()
        .evaluate((el) => getComputedStyle(el).transitionDuration),
    ).resolves.toBe("0s");
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  test("first interaction loads the charts; Node and Chromium agree on the summary bytes", async () => {
    const { page } = browser;
    await page.goto(`${site}/retry-storm/`);
    await recordCanvasAxes(page);
    // Each metric's two charts, naive and defended, on one value axis: side by side, their heights
    // compare (the defended run's waiting once read 0 to 1 beside the naive run's 0 to 20k).
    const staticAxes = await valueAxes(replay());
    expect(Object.keys(staticAxes)).toHaveLength(10);
    expect(unsharedAxes(staticAxes)).toEqual([]);
    for (const labels of Object.values(staticAxes)) expect(labels.length).toBeGreaterThanOrEqual(2);
    // Where each chart sits on the page and how tall it is, and what the line above them says.
    const layout = () =>
      replay().evaluate((root) => ({
        charts: [...root.querySelectorAll("[data-chart]")].flatMap((f) => {
          const r = f.getBoundingClientRect();
          return [r.top + window.scrollY, r.height];
        }),
        moment: root.querySelector("[data-moment]")!.textContent,
      }));
    const before = await layout();
    const staticPlaces = await chartPlaces(replay());
    /** The weights the legends' names are set in, static or live. */
    const legendWeights = () =>
      replay().evaluate((root) => [
        ...new Set(
          [...root.querySelectorAll(".rs-static-legend li, .u-legend th")].map((el) => getComputedStyle(el).fontWeight),
        ),
      ]);
    const staticWeights = await legendWeights();
    expect(Object.keys(staticPlaces)).toHaveLength(10);
    await page.locator("[data-scrub]").focus();
    await ready();
    await expect(replay().locator(".uplot").count()).resolves.toBe(10);
    // The static charts take the live ones' room, and the server wrote the moment the page
    // describes once it has loaded: nothing jumps when the live charts arrive.
    const after = await layout();
    expect(after.moment).toBe(before.moment);
    expect(after.moment).toMatch(/^From 0\u00a0s to 1\u00a0s: Naive: \d+ of 20 connections in use at 1\u00a0s/);
    for (const [i, v] of after.charts.entries()) expect(Math.abs(v - before.charts[i]!)).toBeLessThanOrEqual(SLACK);
    // Inside them, each live chart draws its plot and writes its labels where the static one had
    // them (the live plot was 83 px tall where the static one was 120, every label a few px off).
    await expect.poll(async () => movedPlaces(staticPlaces, await chartPlaces(replay()), SLACK)).toEqual([]);
    // And nothing the static chart lacks between its value axis's labels and its plot: uPlot drew a
    // faint tick mark at each value there.
    const noInk = Object.fromEntries(Object.keys(staticPlaces).map((key) => [key, 0]));
    await expect(valueAxisInk(replay(), valueAxis.gap)).resolves.toEqual(noInk);
    // Nor does the legend turn bold: uPlot sets its names in 600.
    await expect(legendWeights()).resolves.toEqual(staticWeights);
    // Each live chart labels its value axis as the static chart it replaced did (it once went from
    // 0 and 20k to 0, 5k and 10k), and still on the scale both runs share, at 300 s too.
    await expect.poll(() => valueAxes(replay())).toEqual(staticAxes);
    await page.locator("[data-scrub]").fill("300");
    await page.locator("[data-scrub]").dispatchEvent("input");
    await expect(page.locator("[data-time]").textContent()).resolves.toBe("300\u00a0s");
    await expect(valueAxes(replay())).resolves.toEqual(staticAxes);
    // The page reran both scenarios in workers; the bytes equal the golden summaries from Node.
    await expect(replay().getAttribute("data-naive-summary")).resolves.toBe(JSON.stringify(golden.naive));
    await expect(replay().getAttribute("data-defended-summary")).resolves.toBe(
      JSON.stringify(golden["bulkhead+breaker+budget+jitter+timeout+shed"]),
    );
  });

  test("the playhead scrubs with the keyboard and describes the moment", async () => {
    const { page } = browser;
    const scrub = page.locator("[data-scrub]");
    await scrub.focus();
    await page.keyboard.press("Home");
    await expect(page.locator("[data-moment]").textContent()).resolves.toMatch(
      /^From -30\u00a0s to -29\u00a0s: Naive: \d+ of 20 connections in use at -29\u00a0s/,
    );
    await expect(scrub.getAttribute("aria-valuetext")).resolves.toBe("30 s before the trigger");
    await page.keyboard.press("End");
    await expect(page.locator("[data-time]").textContent()).resolves.toBe("689\u00a0s");
    // A screen reader hears the playhead as a time beside the trigger, not a bare "689".
    await expect(scrub.getAttribute("aria-valuetext")).resolves.toBe("689 s after the trigger");
    await scrub.fill("120");
    await scrub.dispatchEvent("input");
    const moment = await page.locator("[data-moment]").textContent();
    expect(moment).toMatch(
      /^From 120\u00a0s to 121\u00a0s: Naive: 20 of 20 connections in use at 121\u00a0s, [\d,]+ waiting, 0% of the requests arriving succeed; Defended: \d+ of 24 connections in use at 121\u00a0s \(pricing/,
    );
    // [, ] and k work with the slider focused (it is where the reader just was)...
    await scrub.focus();
    await page.keyboard.press("]");
    await expect(page.locator("[data-time]").textContent()).resolves.toBe("130\u00a0s");
    await page.keyboard.press("[");
    await page.keyboard.press("[");
    await expect(page.locator("[data-time]").textContent()).resolves.toBe("110\u00a0s");
    await page.keyboard.press("k");
    await expect(page.locator("[data-play]").textContent()).resolves.toBe("Pause");
    await page.keyboard.press("k");
    await expect(page.locator("[data-play]").textContent()).resolves.toBe("Play");
    // A button named for what a press does, not a toggle button that is pressed.
    await expect(page.locator("[data-play]").getAttribute("aria-pressed")).resolves.toBeNull();
    await scrub.fill("120");
    await scrub.dispatchEvent("input");
    // ...and from anywhere else in the replay but a text field; each step is read out where it
    // landed, as a seek with the slider is (it moved the playhead silently).
    await page.locator("[data-play]").focus();
    await page.keyboard.press("]");
    await expect(page.locator("[data-time]").textContent()).resolves.toBe("130\u00a0s");
    await expect(page.locator("[data-live]").textContent()).resolves.toBe(
      await page.locator("[data-moment]").textContent(),
    );
    await expect(page.locator("[data-live]").textContent()).resolves.toMatch(/^From 130\u00a0s to 131\u00a0s: /);
    // With Ctrl held, k is the site's (Ctrl+K opens its search) and ] the browser's: the replay
    // neither plays (it once paused playback) nor moves.
    await page.keyboard.press("Control+]");
    await page.keyboard.press("Control+k");
    await expect(page.locator("[data-play]").getAttribute("data-playing")).resolves.toBe("false");
    await expect(page.locator("[data-time]").textContent()).resolves.toBe("130\u00a0s");
    await page.keyboard.press("Escape");
    // Play moves the playhead; pause stops it and announces where it is.
    await page.locator("[data-play]").click();
    await page.waitForFunction(
      () => Number((document.querySelector("[data-scrub]") as HTMLInputElement).value) > 135,
      null,
      { timeout: 10_000 },
    );
    await page.locator("[data-play]").click();
    await expect(page.locator("[data-play]").getAttribute("data-playing")).resolves.toBe("false");
    await expect(page.locator("[data-live]").textContent()).resolves.toMatch(/^From \d+\u00a0s to \d+\u00a0s:/);
    // The playhead line sits on every chart.
    await expect(replay().locator(".rs-playhead").count()).resolves.toBe(10);
  });

  test("the live region says a run's results once: a blur after typing does not read them out again", async () => {
    const { page } = browser;
    const field = replay().locator('input[name="poolSize"]');
    const readyCount = () =>
      replay().evaluate((root) => {
        const w = window as unknown as { readies?: number; liveChanges?: number };
        if (w.readies === undefined) {
          w.readies = 0;
          w.liveChanges = 0;
          new MutationObserver(() => root.dataset.state === "ready" && w.readies!++).observe(root, {
            attributes: true,
            attributeFilter: ["data-state"],
          });
          new MutationObserver(() => w.liveChanges!++).observe(root.querySelector("[data-live]")!, {
            childList: true,
            characterData: true,
            subtree: true,
          });
        }
        return w.readies;
      });
    await readyCount();
    await field.fill("21");
    // The typing's run (after its short pause), then the blur's: two runs, one set of results.
    await page.waitForFunction(() => (window as unknown as { readies: number }).readies >= 1, null, {
      timeout: 60_000,
    });
    await field.blur();
    await page.waitForFunction(() => (window as unknown as { readies: number }).readies >= 2, null, {
      timeout: 60_000,
    });
    expect(await page.evaluate(() => (window as unknown as { liveChanges: number }).liveChanges)).toBe(1);
    await field.fill("20");
    await field.blur();
    await ready();
  });

  /** The summaries the two sides show, as data, and the moments they disagreed about the scenario. */
  const summaries = async () => ({
    naive: JSON.parse((await replay().getAttribute("data-naive-summary"))!),
    defended: JSON.parse((await replay().getAttribute("data-defended-summary"))!),
  });

  test("an invalid field shows its error there, and the charts stay on the last valid run, labelled so", async () => {
    // The replay the tests above loaded and played: its settings as the page gave them (the keyboard
    // moved only the playhead), so the last valid run is the default one.
    const { page } = browser;
    await ready();
    expect(new URL(page.url()).search).toBe("");
    const before = await summaries();
    const field = (name: string) => replay().locator(`input[name="${name}"]`);
    const error = (name: string) => replay().locator(`[data-error-for="${name}"]`);
    const status = replay().locator("[data-status]");
    const places = () => scenarioPlaces(replay().locator(".rs-controls fieldset").first());
    const clear = await places();
    // A message appears under its field and moves no field sideways, nor any field in or above its
    // row; those under it move straight down. In a row that grew to fit the message, Pool size moved
    // from x = 746 to 767 at 1280 px.
    const unmovedBut = async (marked: string[]) => expectUnmovedBut(clear, await places(), marked);
    // The field's edge: how thick, what colour, and where its text starts inside its box.
    const poolEdge = () => fieldEdge(field("poolSize"));
    const validEdge = await poolEdge();
    expect(validEdge.width).toBe("1px");
    await field("poolSize").fill("-5");
    await field("poolSize").dispatchEvent("change");
    await page.waitForSelector('[data-retry-storm][data-state="invalid"]', { state: "attached" });
    await expect(error("poolSize").textContent()).resolves.toBe("Must be at least 1 connection.");
    // Marked as any panel's field is (panel.css), as the game day's and the mock interview's seeds
    // are: its border twice as thick, in red, its box and its text where they were. And in forced
    // colours (Windows high contrast), which drop a box-shadow (the replay drew its red edge as
    // one, inside a 1 px border) and keep a border, the thicker edge stays, its colour the system's.
    const red = await computedColour(page, "var(--sl-color-red)");
    await expect(poolEdge()).resolves.toEqual({ ...validEdge, width: "2px", colour: red });
    await page.emulateMedia({ forcedColors: "active" });
    await expect(poolEdge().then(({ colour: _, ...edge }) => edge)).resolves.toEqual({
      width: "2px",
      box: validEdge.box,
      text: validEdge.text,
    });
    await page.emulateMedia({ forcedColors: "none" });
    await unmovedBut(["poolSize"]);
    // The audit's second field: two marked, counted and named in the form's order.
    await field("triggerDuration").fill("1e9");
    await field("triggerDuration").dispatchEvent("change");
    await expect.poll(() => error("triggerDuration").textContent()).toBe(keepUnitWithNumber("Must be at most 600 s."));
    await unmovedBut(["poolSize", "triggerDuration"]);
    await expect(status.textContent()).resolves.toBe(
      'Fix the 2 marked fields ("Pricing slow for" and "Pool size") to run again. The charts still show the last valid run (seed 1, every other setting at its default).',
    );
    await field("poolSize").fill("0");
    await field("load").fill("-3");
    await field("triggerDuration").fill("");
    await field("triggerDuration").dispatchEvent("change");
    await expect.poll(() => error("triggerDuration").textContent()).toBe("Enter a number.");
    await expect(error("poolSize").textContent()).resolves.toBe("Must be at least 1 connection.");
    await expect(error("poolSize").isVisible()).resolves.toBe(true);
    await expect(error("load").textContent()).resolves.toBe("Must be at least 0.");
    await expect(error("triggerDuration").textContent()).resolves.toBe("Enter a number.");
    await expect(field("poolSize").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(field("poolSize").getAttribute("aria-describedby")).resolves.toBe(
      await error("poolSize").getAttribute("id"),
    );
    await expect(status.isVisible()).resolves.toBe(true);
    await expect(status.textContent()).resolves.toBe(
      'Fix the 3 marked fields ("Pricing slow for", "Pool size" and "Load") to run again. The charts still show the last valid run (seed 1, every other setting at its default).',
    );
    await unmovedBut(["poolSize", "triggerDuration", "load"]);
    // On a phone the marked fields' messages wrap in their own columns: nothing is wider than the page.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await replay().evaluate((root) => {
      const set = root.querySelector(".rs-controls fieldset")!.getBoundingClientRect();
      const messages = [...root.querySelectorAll<HTMLElement>("[data-error-for]:not([hidden])")].map((m) =>
        m.getBoundingClientRect(),
      );
      return {
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        messages: messages.length,
        outside: messages.filter((m) => m.left < set.left || m.right > set.right).length,
      };
    });
    await page.setViewportSize(size);
    expect(phone).toEqual({ overflow: 0, messages: 3, outside: 0 });
    expect(await summaries()).toEqual(before);
    expect(new URL(page.url()).searchParams.has("poolSize")).toBe(false);
    // Fixed: it runs again, the messages go, the address follows.
    await field("poolSize").fill("24");
    await field("load").fill("1");
    await field("triggerDuration").fill("4");
    await field("triggerDuration").dispatchEvent("change");
    await page.waitForFunction(() => {
      const root = document.querySelector("[data-retry-storm]") as HTMLElement;
      return root.dataset.state === "ready" && new URL(location.href).searchParams.get("poolSize") === "24";
    });
    await expect(error("poolSize").isVisible()).resolves.toBe(false);
    await expect(field("poolSize").getAttribute("aria-invalid")).resolves.toBeNull();
    await expect(status.isVisible()).resolves.toBe(false);
    expect((await summaries()).naive).not.toEqual(before.naive);
  });

  test("a rerun shows it is busy, and the two sides never describe different scenarios", async () => {
    // The replay the test above left ready after its rerun.
    const { page } = browser;
    await ready();
    await page.evaluate(() => {
      const root = document.querySelector("[data-retry-storm]") as HTMLElement;
      const status = root.querySelector("[data-status]") as HTMLElement;
      const log = { mismatches: 0, busyText: "", busyVisible: false };
      (window as unknown as { rsLog: typeof log }).rsLog = log;
      new MutationObserver(() => {
        const naive = JSON.parse(root.dataset.naiveSummary!);
        const defended = JSON.parse(root.dataset.defendedSummary!);
        if (naive.seed !== defended.seed) log.mismatches++;
        if (root.dataset.state === "running" && !log.busyText) {
          log.busyText = status.textContent ?? "";
          log.busyVisible = status.offsetHeight > 0;
        }
      }).observe(root, {
        attributes: true,
        attributeFilter: ["data-naive-summary", "data-defended-summary", "data-state"],
      });
    });
    for (const seed of ["5", "6"]) {
      await replay().locator('input[name="seed"]').fill(seed);
      await replay().locator('input[name="seed"]').dispatchEvent("change");
      await page.waitForFunction((s) => {
        const root = document.querySelector("[data-retry-storm]") as HTMLElement;
        return root.dataset.state === "ready" && JSON.parse(root.dataset.naiveSummary!).seed === Number(s);
      }, seed);
    }
    const log = await page.evaluate(() => (window as unknown as { rsLog: Record<string, unknown> }).rsLog);
    expect(log).toEqual({ mismatches: 0, busyText: "Simulating both runs…", busyVisible: true });
  });

  test("a control change reruns the simulation and keeps the settings in the URL", async () => {
    const { page } = browser;
    const before = await replay().getAttribute("data-defended-summary");
    await replay().locator('input[name="defence-breaker"]').uncheck();
    await redrawn("defendedSummary", before);
    const summary = JSON.parse((await replay().getAttribute("data-defended-summary"))!);
    expect(summary.defences).not.toContain("breaker");
    expect(new URL(page.url()).searchParams.get("defences")).toBe("bulkhead,budget,jitter,timeout,shed");
    expect(await replay().locator('[data-side="defended"] [data-summary]').textContent()).toContain(
      `${triesPerRequest(summary.amplification)} tries per request`,
    );
    // A shared link reproduces the state: the replay mounts at once with those controls, and
    // with the parameters the form has no field for (here the duration: two minutes, not eleven).
    await page.goto(`${site}/retry-storm/?seed=2&defences=budget&poolSize=24&duration=120`);
    await ready();
    expect(new URL(page.url()).searchParams.get("duration")).toBe("120");
    await expect(replay().locator("[data-scrub]").getAttribute("max")).resolves.toBe("119");
    await expect(replay().locator('input[name="seed"]').inputValue()).resolves.toBe("2");
    await expect(replay().locator('input[name="poolSize"]').inputValue()).resolves.toBe("24");
    await expect(replay().locator('input[name="defence-budget"]').isChecked()).resolves.toBe(true);
    await expect(replay().locator('input[name="defence-breaker"]').isChecked()).resolves.toBe(false);
    const shared = JSON.parse((await replay().getAttribute("data-naive-summary"))!);
    expect(shared.seed).toBe(2);
  });

  test("switching theme redraws the charts in the new ink, playheads included", async () => {
    // The replay the shared link above mounted, ready: a run of two minutes, whose time axis ends on "2 min".
    const { page } = browser;
    await ready();
    await expect(replay().locator(".uplot").count()).resolves.toBe(10);
    await recordCanvasAxes(page);
    /** The charts whose last time label is not "2 min" with its end on the plot's right edge, as drawn. */
    const uncut = async () =>
      Object.entries(await chartPlaces(replay()))
        .filter(([, { plot, times }]) => {
          const [text, x, , anchor] = times.at(-1) ?? [];
          return text !== "2 min" || anchor !== "end" || Math.abs(x! - (plot[2]! + plot[3]!)) > SLACK;
        })
        .map(([key, { times }]) => `${key}: ${JSON.stringify(times.at(-1))}`);
    for (const theme of ["light", "dark"]) {
      await page.locator("starlight-theme-select select").first().selectOption(theme);
      await expect(replay().locator(".uplot").count()).resolves.toBe(10);
      await expect(replay().locator(".rs-playhead").count()).resolves.toBe(10);
    }
    // Redrawn in the dark theme, each chart ends its time axis on "2 min" whole, not centred on the
    // chart's edge and cut in half.
    await expect.poll(uncut).toEqual([]);
  });

  test("reduced motion: nothing starts on its own, and Play moves in whole steps", async () => {
    const { page } = browser;
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${site}/retry-storm/?seed=3`);
    await ready();
    await expect(page.locator("[data-scrub]").inputValue()).resolves.toBe("0");
    await expect(page.locator("[data-play]").getAttribute("data-playing")).resolves.toBe("false");
    // A tick that comes late (a busy phone) is still one step: the page's clock is made to run
    // two seconds ahead at each reading.
    await page.evaluate(() => {
      const now = performance.now.bind(performance);
      let ahead = 0;
      performance.now = () => now() + (ahead += 2000);
    });
    await page.locator("[data-play]").click();
    // One step a second, of the chosen speed (30 s per second): never a glide.
    // Read where the first move lands in the same poll that sees it (however late the tick).
    const first = await page.waitForFunction(() => {
      const value = (document.querySelector("[data-scrub]") as HTMLInputElement).value;
      return value !== "0" && value;
    });
    await expect(first.jsonValue()).resolves.toBe("30");
    await page.locator("[data-play]").click();
    await page.emulateMedia({ reducedMotion: "no-preference" });
  });

  test("the first click counts before the code has loaded (a defence, a label's text, No intervention), and the heading follows", async () => {
    const { page } = browser;
    // A defence's box, clicked on a page whose replay code has not loaded yet.
    await page.goto(`${site}/retry-storm/`);
    await expect(replay().getAttribute("data-state")).resolves.toBeNull();
    await replay().locator('input[name="defence-shed"]').click();
    await ready();
    await expect(replay().locator('input[name="defence-shed"]').isChecked()).resolves.toBe(false);
    expect(new URL(page.url()).searchParams.get("defences")).toBe("bulkhead,breaker,budget,jitter,timeout");
    expect((await summaries()).defended.defences).not.toContain("shed");
    // The heading over the defended run lists the defences it has, and only those.
    await expect(replay().locator('[data-side="defended"] [data-heading]').textContent()).resolves.toBe(
      "Defended: bulkhead, breaker, budget, jitter and timeout",
    );
    // The text of a defence's label.
    await page.goto(`${site}/retry-storm/`);
    await replay().locator("label.rs-check", { hasText: "budget" }).locator("span").click();
    await ready();
    await expect(replay().locator('input[name="defence-budget"]').isChecked()).resolves.toBe(false);
    expect((await summaries()).defended.defences).not.toContain("budget");
    // "No intervention": both runs go on without operators, and the time field is set aside.
    await page.goto(`${site}/retry-storm/`);
    await replay().getByText("No intervention").click();
    await ready();
    await expect(replay().locator('input[name="noIntervention"]').isChecked()).resolves.toBe(true);
    await expect(replay().locator('input[name="intervention"]').isDisabled()).resolves.toBe(true);
    expect(new URL(page.url()).searchParams.get("intervention")).toBe("none");
    expect((await summaries()).naive.interventionSeconds).toBeNull();
    // And after the code has loaded, the next click counts too; the heading follows.
    await replay().locator('input[name="defence-breaker"]').click();
    await page.waitForFunction(() =>
      JSON.parse((document.querySelector("[data-retry-storm]") as HTMLElement).dataset.defendedSummary!).defences.every(
        (d: string) => d !== "breaker",
      ),
    );
    await expect(replay().locator('[data-side="defended"] [data-heading]').textContent()).resolves.toBe(
      "Defended: bulkhead, budget, jitter, timeout and shed",
    );
  });

  test("a shared link loads its state, and a box the reader clicked before any script ran keeps the reader's choice", async () => {
    // A fresh profile: no service worker yet, so the bootstrap comes from the network, where
    // it is held until the reader has clicked (a slow network).
    const fresh = await browser.open();
    try {
      const { page } = fresh;
      const root = page.locator("[data-retry-storm]");
      const release = await holdRequests(page, "**/_astro/RetryStormReplay*.js");
      await page.goto(`${site}/retry-storm/?defences=budget,shed&poolSize=24`, { waitUntil: "commit" });
      await root.locator('input[name="defence-shed"]').click();
      await expect(root.getAttribute("data-state")).resolves.toBeNull();
      release();
      await page.waitForSelector('[data-retry-storm][data-state="ready"]', { state: "attached", timeout: 60_000 });
      // The link's settings, except the box the reader had already unticked (the link ticks it).
      await expect(root.locator('input[name="poolSize"]').inputValue()).resolves.toBe("24");
      await expect(root.locator('input[name="defence-budget"]').isChecked()).resolves.toBe(true);
      await expect(root.locator('input[name="defence-breaker"]').isChecked()).resolves.toBe(false);
      await expect(root.locator('input[name="defence-shed"]').isChecked()).resolves.toBe(false);
      expect(JSON.parse((await root.getAttribute("data-defended-summary"))!).defences).toEqual(["budget"]);
      expect(new URL(page.url()).searchParams.get("defences")).toBe("budget");
    } finally {
      await fresh.close();
    }
  });

  test("a link with values the replay cannot use says which, runs the defaults for them, and drops them from the address", async () => {
    const { page } = browser;
    // Kit audit L4: an unknown defence ("bogus,,shed") was said to be left out, not what ran instead.
    await page.goto(`${site}/retry-storm/?seed=-5&defences=bogus,,shed&poolSize=abc&load=2`);
    await ready();
    const status = replay().locator("[data-status]");
    await expect(status.textContent()).resolves.toBe(
      'This link asked for values the replay cannot use: seed "-5" is not a whole number from 0 to 4,294,967,295, written in digits only, so it runs seed 1; no defence is called "bogus", so it is left out, and the defended run has shed; poolSize "abc" cannot be used (must be a number), so it takes its default, 20 connections.',
    );
    await expect(replay().locator('input[name="poolSize"]').inputValue()).resolves.toBe("20");
    await expect(replay().locator('input[name="load"]').inputValue()).resolves.toBe("2");
    await expect(replay().locator('input[name="defence-shed"]').isChecked()).resolves.toBe(true);
    await expect(replay().locator('input[name="defence-bulkhead"]').isChecked()).resolves.toBe(false);
    expect(new URL(page.url()).search).toBe("?defences=shed&load=2");
    // The note is about the link: the next run, the reader's own, clears it.
    const before = await replay().getAttribute("data-naive-summary");
    await replay().locator('input[name="load"]').fill("1");
    await replay().locator('input[name="load"]').blur();
    await redrawn("naiveSummary", before);
    await expect(status.textContent()).resolves.toBe("");
  });

  test("bulkheads: the defended run says where its 24 connections are, beside the naive pool of 20", async () => {
    const { page } = browser;
    await page.goto(`${site}/retry-storm/`);
    const note = replay().locator('[data-side="defended"] [data-pool-note]');
    await expect(note.textContent()).resolves.toBe(
      "Bulkheads: no shared pool; 3 pools of 8, one per dependency (24 connections in all), and pricing's callers can use only the 8 of pricing's pool.",
    );
    await expect(replay().locator('[data-side="naive"] [data-pool-note]').textContent()).resolves.toBe("");
    const scrub = page.locator("[data-scrub]");
    await scrub.focus();
    await ready();
    await scrub.fill("120");
    await scrub.dispatchEvent("input");
    await expect(page.locator("[data-moment]").textContent()).resolves.toMatch(
      /Defended: \d+ of 24 connections in use at 121\u00a0s \(pricing \d+ of 8, catalog \d+ of 8, profiles \d+ of 8\)/,
    );
    // Without bulkheads the defended run has the one shared pool again, and no note.
    await replay().locator('input[name="defence-bulkhead"]').click();
    await page.waitForFunction(
      () => document.querySelector('[data-side="defended"] [data-pool-note]')!.textContent === "",
    );
    await expect(page.locator("[data-moment]").textContent()).resolves.toMatch(
      /Defended: \d+ of 20 connections in use at 121\u00a0s,/,
    );
  });

  test("on a phone, one run at a time, flipped in place; the flip works before any script too", async () => {
    const phone = await browser.open({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = phone;
      const root = page.locator("[data-retry-storm]");
      const side = (name: string) => root.locator(`[data-side="${name}"]`);
      const toggle = root.locator(".rs-compare");
      // With no script at all (the replay's bootstrap refused), the flip is plain CSS.
      await page.route("**/_astro/RetryStormReplay*.js", (route) => route.abort());
      await page.goto(`${site}/retry-storm/`);
      await expect(toggle.isVisible()).resolves.toBe(true);
      await expect(side("naive").isVisible()).resolves.toBe(true);
      await expect(side("defended").isVisible()).resolves.toBe(false);
      await toggle.getByText("Defended run").click();
      await expect(side("naive").isVisible()).resolves.toBe(false);
      await expect(side("defended").isVisible()).resolves.toBe(true);
      await page.unroute("**/_astro/RetryStormReplay*.js");
      // With the replay loaded: flipping keeps the same chart at the same place on screen.
      await page.goto(`${site}/retry-storm/`);
      await recordCanvasAxes(page);
      const toggleTop = () => toggle.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      const toggleBefore = await toggleTop();
      const staticPlaces = await chartPlaces(root);
      expect(Object.keys(staticPlaces)).toHaveLength(5);
      await page.locator("[data-scrub]").focus();
      await page.waitForSelector('[data-retry-storm][data-state="ready"]', { state: "attached", timeout: 60_000 });
      // Loading it moved nothing above the toggle: a tap aimed at it as it loads lands on it.
      expect(Math.abs((await toggleTop()) - toggleBefore)).toBeLessThanOrEqual(1);
      // Nor in the charts on show: each live plot and its labels where the static chart had them.
      await expect.poll(async () => movedPlaces(staticPlaces, await chartPlaces(root), SLACK)).toEqual([]);
      // With no tick marks beside the value axis, as the static chart has none.
      await expect(valueAxisInk(root, valueAxis.gap)).resolves.toEqual(
        Object.fromEntries(Object.keys(staticPlaces).map((key) => [key, 0])),
      );
      const top = async (name: string) => (await side(name).locator('[data-chart="pool"]').boundingBox())!.y;
      // A tap where the label is, as a finger would (no scrolling to it first: the toggle stays on screen).
      const tap = async (text: string) => {
        const box = (await toggle.getByText(text).boundingBox())!;
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      };
      await side("naive").locator('[data-chart="pool"]').scrollIntoViewIfNeeded();
      const naiveTop = await top("naive");
      await tap("Defended run");
      await expect(side("naive").isVisible()).resolves.toBe(false);
      expect(Math.abs((await top("defended")) - naiveTop)).toBeLessThanOrEqual(2);
      // The side shown fills its width with live charts.
      const width = await side("defended")
        .locator(".uplot")
        .first()
        .evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBeGreaterThan((await side("defended").evaluate((el) => el.clientWidth)) - 10);
      await tap("Naive run");
      expect(Math.abs((await top("naive")) - naiveTop)).toBeLessThanOrEqual(2);
      // A narrower phone, 375 px: once the live charts have followed it (each side's plots as wide
      // as its first chart on show, as the replay sizes them), nothing in the replay scrolls sideways.
      await page.setViewportSize({ width: 375, height: 844 });
      await page.waitForFunction(() => {
        const shown = [...document.querySelectorAll("[data-retry-storm] [data-side]")].map((s) =>
          [...s.querySelectorAll<HTMLElement>("[data-chart]")].filter((f) => f.clientWidth > 0),
        );
        return (
          shown.some((figures) => figures.length > 0) &&
          shown.every((figures) =>
            figures.every(
              (f) =>
                f.querySelector<HTMLElement>(".u-wrap")?.style.width === `${Math.max(260, figures[0]!.clientWidth)}px`,
            ),
          )
        );
      });
      await expect(root.evaluate((el) => el.scrollWidth - el.clientWidth)).resolves.toBeLessThanOrEqual(1);
      // On a desktop both runs sit side by side and there is nothing to flip.
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(toggle.isVisible()).resolves.toBe(false);
      await expect(side("defended").isVisible()).resolves.toBe(true);
      await expect(side("naive").isVisible()).resolves.toBe(true);
    } finally {
      await phone.close();
    }
  });
});
