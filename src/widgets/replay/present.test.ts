import { describe, expect, test } from "vitest";
import { rememberedRetryStorm, defaultScenario } from "../../sim/retry-storm/index.ts";
import { keyMoments, nextMoment } from "./present.ts";
import { markers } from "./view.ts";

describe("presenter key moments", () => {
  const naive = rememberedRetryStorm(defaultScenario({ seed: 1, defences: [], params: {} })).summary;

  test("are the issue's five stops, in time order: trigger, pool full, goodput gone, first refusal, intervention", () => {
    const moments = keyMoments(naive);
    expect(moments.map((m) => m.kind)).toEqual(["trigger", "full", "goodput", "refused", "intervention"]);
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
});

describe("presenter chart height", () => {
  test("fills what the screen has left under the chart, within 140 and 420 px", async () => {
    const { presentChartHeight } = await import("./charts.ts");
    // 1280 x 720: chart from 320 px down, 90 px of legend and 64 px of margin under it.
    expect(presentChartHeight(720, 320, 154)).toBe(246);
    expect(presentChartHeight(720, 600, 154)).toBe(140);
    expect(presentChartHeight(2000, 100, 100)).toBe(420);
  });
});
