import { describe, expect, test } from "vitest";
import { rememberedRetryStorm, defaultScenario } from "../../sim/retry-storm/index.ts";
import { clickerStops, keyMoments, nextMoment, stopSecond } from "./present.ts";
import { markers } from "./view.ts";

describe("presenter key moments", () => {
  const naive = rememberedRetryStorm(defaultScenario({ seed: 1, defences: [], params: {} })).summary;

  test("are six, in time order: pricing slows, pool full, goodput gone, pricing recovers, first refusal, intervention (the clicker stops at five: pool full falls in the first stop's second)", () => {
    const moments = keyMoments(naive);
    // Every moment the replay marks but its end: the kit's storm block ends where pricing has
    // recovered and the outage has not, a stop of its own.
    expect(moments).toEqual(markers(naive).filter((m) => m.kind !== "recovered"));
    expect(moments.find((m) => m.label === "pricing recovers")).toBeDefined();
    expect(moments.map((m) => m.kind)).toEqual(["trigger", "full", "goodput", "trigger", "refused", "intervention"]);
    const times = moments.map((m) => m.time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // Each is a marker the replay itself draws, at the same time.
    for (const m of moments) expect(markers(naive)).toContainEqual(m);
  });

  test("step forward and back from the playhead, in whole seconds", () => {
    const moments = keyMoments(naive);
    const full = moments.find((m) => m.kind === "full")!;
    // From the start, the next stop is the first moment after second 0 (the pool fills within it).
    expect(nextMoment(moments, 0, 1)).toBe(moments.find((m) => Math.floor(m.time) > 0));
    expect(nextMoment(moments, Math.floor(moments.at(-1)!.time), 1)).toBeUndefined();
    expect(nextMoment(moments, Math.floor(moments.at(-1)!.time), -1)!.time).toBeLessThan(moments.at(-1)!.time);
    expect(nextMoment(moments, 0, -1)).toBeUndefined();
    expect(Math.floor(full.time)).toBeGreaterThanOrEqual(0);
  });

  test("a clicker stops once a second: moments within the same second share a stop", () => {
    const moments = keyMoments(naive);
    const stops = clickerStops(moments);
    expect(stops.map((s) => s.second)).toEqual([...new Set(moments.map((m) => Math.floor(m.time)))]);
    expect(stops.flatMap((s) => s.labels)).toEqual(moments.map((m) => m.label));
    // Walking forward with nextMoment from the first stop visits every other stop, in order.
    const visited = [stops[0]!.second];
    for (let m = nextMoment(moments, visited[0]!, 1); m; m = nextMoment(moments, visited.at(-1)!, 1))
      visited.push(stopSecond(m.time));
    expect(visited).toEqual(stops.map((s) => s.second));
  });
});

describe("presenter chart height", () => {
  test("fills what the screen has left under the chart, however tall the screen; scrolled to on a phone, half the screen", async () => {
    const { presentChartHeight, presentChartMin } = await import("./present-size.ts");
    // 1280 x 720: chart from 320 px down, 90 px of legend and 64 px of margin under it.
    expect(presentChartHeight(720, 320, 154)).toBe(246);
    // A tall screen's room is all used (it once stopped at 420 px, a third of 1080 px left empty).
    expect(presentChartHeight(1080, 300, 100)).toBe(680);
    expect(presentChartHeight(2000, 100, 100)).toBe(1800);
    // Too little room: the shortest chart that still reads, and the page scrolls.
    expect(presentChartHeight(720, 600, 154)).toBe(presentChartMin);
    // Below the first screen (a phone's tools fill it): half the screen, not the shortest chart.
    expect(presentChartHeight(844, 918, 100)).toBe(422);
    expect(presentChartHeight(200, 300, 100)).toBe(presentChartMin);
  });
});
