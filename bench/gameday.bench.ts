/**
 * Game days (issue 15): how much faster than real time each scenario's simulation runs (Node, the
 * same code the page's worker runs, stepped a twentieth of a second of play at 20x at a time), and
 * in Chromium, while the retry storm plays at 20x: click to the action drawn on the dashboard, and
 * the longest task on the page's thread.
 */
import { Game } from "../src/sim/gameday/game.ts";
import { scenarios } from "../src/sim/gameday/scenarios.ts";
import { openBrowser } from "../tools/chromium.ts";
import { median } from "./stats.ts";
import type { Bench, BenchRow } from "./types.ts";

/** One worker tick at 20x: 50 ms of real time is one simulated second. */
const stepSeconds = 1;

const bench: Bench = async ({ siteUrl }) => {
  const rows: BenchRow[] = [];
  for (const scenario of scenarios) {
    // A warm-up game, then the median of three: simulated seconds per second of wall time.
    const speeds: number[] = [];
    for (let i = 0; i < 4; i++) {
      const game = new Game(scenario, scenario.seed);
      const started = performance.now();
      for (let t = stepSeconds; t <= scenario.seconds; t += stepSeconds) game.advanceTo(t);
      const ms = performance.now() - started;
      if (i > 0) speeds.push(scenario.seconds / (ms / 1000));
    }
    rows.push({
      area: "gameday",
      metric: `${scenario.id}: simulation speed, doing nothing (median of 3)`,
      value: median(speeds),
      unit: "x real time",
      target: ">= 200",
    });
  }

  const browser = await openBrowser();
  try {
    const { page, context } = browser;
    await context.addInitScript(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push(e.duration);
      }).observe({ type: "longtask" });
    });
    await page.goto(`${siteUrl}/gameday/retry-storm/`);
    await page.locator("[data-start]").click();
    await page.waitForSelector('[data-gameday][data-state="playing"]', { timeout: 60_000 });
    await page.locator('[data-speed="20"]').click();
    const clockPast = (t: number) =>
      page.waitForFunction(
        (t) => Number(document.querySelector<HTMLElement>("[data-gameday]")!.dataset.clock) >= t,
        t,
        {
          timeout: 60_000,
        },
      );
    await clockPast(30);
    // Only the tasks from here on: the dashboard has loaded and the game plays at 20x.
    await page.evaluate(() => {
      (window as unknown as { longTasks: number[] }).longTasks = [];
    });
    const latencies: number[] = [];
    // Turn retries off, bound the queue, set a retry budget: each click is acknowledged by the worker and drawn.
    const clicks = ["retries-off", "shed-queue", "retry-budget"];
    for (const [i, action] of clicks.entries()) {
      await clockPast(60 + 40 * i);
      await page.locator(`[data-offer="${action}"] button`).click();
      await page.waitForFunction(
        (n) => JSON.parse(document.querySelector<HTMLElement>("[data-gameday]")!.dataset.log ?? "[]").length >= n,
        i + 1,
      );
      latencies.push(Number(await page.locator("[data-gameday]").getAttribute("data-act-latency")));
    }
    await clockPast(300);
    const longest = await page.evaluate(() => Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks));
    rows.push(
      {
        area: "gameday",
        metric: `retry storm at 20x, click to the action drawn (median of ${latencies.length})`,
        value: median(latencies),
        unit: "ms",
        target: "<= 100",
        note: `slowest ${Math.round(Math.max(...latencies))} ms`,
      },
      {
        area: "gameday",
        metric: "retry storm at 20x, longest task on the page's thread (30 s to 5 min of play)",
        value: longest,
        unit: "ms",
        target: "<= 50",
      },
    );
  } finally {
    await browser.close();
  }
  return rows;
};

export default bench;
