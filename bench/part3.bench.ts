/**
 * Part III: the shuffle-shard simulation at scale in Node, the explorer's control-to-redraw
 * time in Chromium, and the cell placement behind the cells widget.
 */
import type { Bench, BenchRow } from "./types.ts";
import { median } from "./stats.ts";
import { openBrowser } from "../tools/chromium.ts";
import { simulatePoison } from "../src/sim/shuffle-shard.ts";
import { placeAll, uniformCustomers } from "../src/sim/cells/router.ts";

function time(run: () => void, repeats: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return times;
}

const bench: Bench = async ({ siteUrl }) => {
  const rows: BenchRow[] = [];
  const simulation = time(() => simulatePoison({ workers: 100, shard: 5, customers: 1_000_000, seed: 7 }), 5);
  rows.push({
    area: "part3",
    metric: "simulate 1,000,000 customers, 100 workers, shards of 5 (Node, median of 5)",
    value: median(simulation) / 1000,
    unit: "s",
    target: "<= 1",
  });
  const placement = time(() => placeAll(uniformCustomers(20_000), 48), 5);
  rows.push({
    area: "part3",
    metric: "cells widget: place 20,000 customers in 48 cells (Node, median of 5)",
    value: median(placement),
    unit: "ms",
  });

  const browser = await openBrowser();
  try {
    const { page } = browser;
    await page.goto(`${siteUrl}/shuffle-sharding/?n=100&k=5&c=100000&g=20&seed=1&failover=1`);
    await page.locator("[data-shuffle-explorer][data-ready]").waitFor({ timeout: 30_000 });
    // Control change to redrawn explorer: set the seed, fire the input event the way typing
    // does, and stop the clock once the browser has painted the next frame.
    const redraws = await page.evaluate(async () => {
      const seed = document.querySelector<HTMLInputElement>('[data-shuffle-explorer] input[name="seed"]')!;
      const figure = document.querySelector<HTMLElement>("[data-shuffle-explorer] [data-output]")!;
      const times: number[] = [];
      for (let i = 2; i < 14; i++) {
        const before = figure.innerHTML;
        const started = performance.now();
        seed.value = String(i);
        seed.dispatchEvent(new Event("input", { bubbles: true }));
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        if (figure.innerHTML === before) throw new Error("the explorer did not redraw");
        times.push(performance.now() - started);
      }
      return times;
    });
    rows.push({
      area: "part3",
      metric: "explorer: control change to redraw at 100,000 customers (Chromium, median of 12)",
      value: median(redraws),
      unit: "ms",
      target: "<= 150",
    });
    rows.push({
      area: "part3",
      metric: "explorer: slowest of those 12 redraws",
      value: Math.max(...redraws),
      unit: "ms",
      target: "<= 150",
    });
  } finally {
    await browser.close();
  }
  return rows;
};
export default bench;
