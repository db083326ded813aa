import { describe, expect, test } from "vitest";
import {
  deck,
  fieldKeepsKey,
  keepEveryMillis,
  keepNow,
  keptStage,
  keyDirection,
  slideAt,
  stepStage,
} from "./reveal.ts";

describe("presenter reveal", () => {
  test("a clicker's keys and the arrows step forward and back; other keys do nothing", () => {
    expect(["PageDown", "ArrowRight", "ArrowDown"].map(keyDirection)).toEqual([1, 1, 1]);
    expect(["PageUp", "ArrowLeft", "ArrowUp"].map(keyDirection)).toEqual([-1, -1, -1]);
    expect(["Enter", " ", "a", "Tab"].map(keyDirection)).toEqual([0, 0, 0, 0]);
  });

  test("a ticked box or a pressed button leaves the clicker's keys to the view; sliders, boxes and lists keep theirs", () => {
    const keys = ["PageDown", "PageUp", "ArrowRight", "ArrowLeft"];
    for (const type of ["checkbox", "button", "submit"])
      expect(
        keys.map((k) => fieldKeepsKey("input", type, k)),
        type,
      ).toEqual([false, false, false, false]);
    // Radio buttons move between their choices with the arrows; the page keys step the view.
    expect(keys.map((k) => fieldKeepsKey("input", "radio", k))).toEqual([false, false, true, true]);
    for (const [tag, type] of [
      ["input", "range"],
      ["input", "number"],
      ["input", "text"],
      ["select", "select-one"],
      ["textarea", "textarea"],
    ])
      expect(
        keys.map((k) => fieldKeepsKey(tag!, type!, k)),
        `${tag} ${type}`,
      ).toEqual([true, true, true, true]);
    // Keys that step nothing are always the field's.
    expect(fieldKeepsKey("input", "checkbox", " ")).toBe(true);
  });

  test("steps stay between the first stage and the last", () => {
    expect(stepStage(0, 3, -1)).toBe(0);
    expect(stepStage(0, 3, 1)).toBe(1);
    expect(stepStage(3, 3, 1)).toBe(3);
    expect(stepStage(1, 1, -1)).toBe(0);
  });

  test("a deck opens each slide on its own stage, then one stage per answer", () => {
    // Slides with 0, 2, 1 and 3 answers: stages 0 | 1 2 3 | 4 5 | 6 7 8 9.
    const { starts, stages } = deck([0, 2, 1, 3]);
    expect(starts).toEqual([0, 1, 4, 6]);
    expect(stages).toBe(9);
    expect([0, 1, 3, 4, 5, 6, 9].map((s) => slideAt(s, starts))).toEqual([0, 1, 1, 2, 2, 3, 3]);
    expect(deck([0])).toEqual({ starts: [0], stages: 0 });
  });
});

test("a stage kept in the tab reads back as a whole number from 0, anything else as the first stage", () => {
  expect(["0", "3", "12"].map(keptStage)).toEqual([0, 3, 12]);
  expect([null, "", "-1", "2.5", "x", "1e3", " 4", "99999999999999999999"].map(keptStage)).toEqual([
    0, 0, 0, 0, 0, 0, 0, 0,
  ]);
});

test("a place moving by itself is written at most once a second; one standing still or moved by the presenter, at once", () => {
  // A replay playing at 60 frames a second for 5 s, its playhead changing every frame: written
  // on the first frame, then once each keepEveryMillis, not 300 times.
  let lastKept: number | null = null;
  let writes = 0;
  for (let frame = 0; frame < 300; frame++) {
    const now = 10_000 + (frame * 1000) / 60;
    if (keepNow(true, now, lastKept)) {
      if (lastKept !== null) expect(now - lastKept).toBeGreaterThanOrEqual(keepEveryMillis);
      lastKept = now;
      writes++;
    }
  }
  expect(writes).toBe(5);
  expect(keepEveryMillis).toBe(1000);
  // Never written yet: at once, even moving.
  expect(keepNow(true, 5, null)).toBe(true);
  // Paused, or moved by a key or the slider: at once, however recent the last write.
  expect(keepNow(false, 10_001, 10_000)).toBe(true);
  expect(keepNow(true, 10_999, 10_000)).toBe(false);
  expect(keepNow(true, 11_000, 10_000)).toBe(true);
});
