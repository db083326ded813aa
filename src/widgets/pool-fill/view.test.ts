import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { waitTime } from "../../sim/retry-storm/pool-caption.ts";
import type { PoolFilm } from "../../sim/retry-storm/pool-film.ts";
import { longestQueue, poolJumps, poolView, cssWidth } from "./view.ts";

// The golden frames (src/sim/retry-storm/pool-frames.test.ts checks them against the engine).
const film = JSON.parse(
  readFileSync(new URL("../../sim/retry-storm/golden/pool-frames.json", import.meta.url), "utf8"),
) as PoolFilm;

test("every frame's view agrees with its caption: the counts, the queue, the oldest wait", () => {
  for (const [i, frame] of film.frames.entries()) {
    const view = poolView(film, i);
    expect(view.index).toBe(i);
    expect(view.slots).toHaveLength(film.poolSize);
    expect(view.counts.free + view.counts.waiting + view.counts.gone).toBe(film.poolSize);
    expect(view.slotsLabel).toContain(`${view.counts.gone} busy for a caller who has gone`);
    expect(view.caption).toContain(view.time);
    if (frame.queue > 0 && frame.moment !== "full") {
      expect(view.caption).toContain(`${view.queue} wait for a connection`);
      expect(view.caption).toContain(`the oldest has waited ${view.wait} of the 20 s`);
    }
    expect(view.queueGoneShare).toBeLessThanOrEqual(view.queueShare);
    expect(view.queueShare).toBeLessThanOrEqual(1);
    expect(view.waitShare).toBeLessThanOrEqual(1);
    expect(view.pricing).toBe(frame.t < 0 ? "healthy" : frame.t < film.triggerSeconds ? "slow" : "fast again");
  }
  // The longest queue fills the bar.
  expect(Math.max(...film.frames.map((_, i) => poolView(film, i).queueShare))).toBe(1);
  expect(longestQueue(film)).toBe(Math.max(...film.frames.map((f) => f.queue)));
  expect(waitTime(0)).toBe("0 s");
  expect(waitTime(0.024)).toBe("0.02 s");
  expect(waitTime(19.78)).toBe("19.8 s");
});

test("an index out of range shows the nearest frame", () => {
  expect(poolView(film, -3).index).toBe(0);
  expect(poolView(film, 10_000).index).toBe(film.frames.length - 1);
  expect(poolView(film, 2.4).index).toBe(2);
});

test("the jumps: before the trigger, then each moment in time order, with the time it is written with", () => {
  const jumps = poolJumps(film);
  expect(jumps.map((j) => j.label)).toEqual([
    "Before the trigger",
    "Pool full, 0.5 s",
    "All 20 for callers gone, 1.6 s",
    "Pricing fast again, 4 s",
    "First refusal, 82.7 s",
  ]);
  for (let i = 1; i < jumps.length; i++) expect(jumps[i]!.index).toBeGreaterThan(jumps[i - 1]!.index);
  expect(jumps[2]!.index).toBe(film.initial);
  expect(cssWidth(0.5)).toBe("50%");
  expect(cssWidth(1 / 3)).toBe("33.33%");
});
