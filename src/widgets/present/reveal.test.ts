import { afterEach, describe, expect, test, vi } from "vitest";
import {
  deck,
  fieldKeepsKey,
  keepEveryMillis,
  keepNow,
  keptStage,
  keyDirection,
  placeInTab,
  slideAt,
  stepStage,
  takesText,
} from "./reveal.ts";

describe("presenter reveal", () => {
  test("a clicker's keys and the arrows step forward and back; other keys do nothing", () => {
    expect(["PageDown", "ArrowRight", "ArrowDown"].map(keyDirection)).toEqual([1, 1, 1]);
    expect(["PageUp", "ArrowLeft", "ArrowUp"].map(keyDirection)).toEqual([-1, -1, -1]);
    expect(["Enter", " ", "a", "Tab"].map(keyDirection)).toEqual([0, 0, 0, 0]);
  });

  // Kit audit D1: with the replay's playhead slider focused (the presenter had dragged it), a
  // clicker's Page Down paged the playhead 72 s back, before the trigger; with a pick list focused,
  // it changed the chart or the speed.
  test("the page keys step the view whatever has the focus, but a text field being typed in; the arrows stay with sliders, boxes and lists", () => {
    const fields = [
      ["input", "range"],
      ["select", "select-one"],
      ["input", "number"],
      ["input", "text"],
      ["textarea", "textarea"],
      ["input", "radio"],
      ["input", "checkbox"],
      ["input", "button"],
      ["input", "submit"],
    ] as const;
    for (const [tag, type] of fields) {
      expect(fieldKeepsKey(tag, type, "PageDown"), `${tag} ${type}`).toBe(false);
      expect(fieldKeepsKey(tag, type, "PageUp"), `${tag} ${type}`).toBe(false);
    }
    // Typed in, an edit not yet committed: a text field keeps the page keys; a slider or a list has no such edit.
    const typed = fields
      .filter(([tag, type]) => fieldKeepsKey(tag, type, "PageDown", true))
      .map(([tag, type]) => `${tag} ${type}`);
    expect(typed).toEqual(["input number", "input text", "textarea textarea"]);
    expect(fields.filter(([tag, type]) => takesText(tag, type)).map(([tag, type]) => `${tag} ${type}`)).toEqual(typed);
    // The arrows: a slider, a pick list, a text or number box and radio buttons keep theirs; a box, a button does not.
    const arrows = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"];
    for (const [tag, type] of fields) {
      const keeps = !(tag === "input" && ["checkbox", "button", "submit"].includes(type));
      expect(
        arrows.map((k) => fieldKeepsKey(tag, type, k)),
        `${tag} ${type}`,
      ).toEqual(arrows.map(() => keeps));
    }
    // Keys that step nothing (Home and End move a slider to its ends) are always the field's.
    for (const key of ["Home", "End", " ", "Enter"]) {
      expect(fieldKeepsKey("input", "range", key), key).toBe(true);
      expect(fieldKeepsKey("input", "checkbox", key), key).toBe(true);
    }
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

describe("a presenter view's place in the tab", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A page at `path` that has just loaded by a navigation of `type`, its tab keeping what was written. */
  const loaded = (type: string | undefined, path = "/present/opening/") => {
    const tab = new Map<string, string>();
    vi.stubGlobal("sessionStorage", {
      getItem: (k: string) => tab.get(k) ?? null,
      setItem: (k: string, v: string) => void tab.set(k, v),
      removeItem: (k: string) => void tab.delete(k),
    });
    vi.stubGlobal("location", { pathname: path, search: "", hash: "" });
    vi.stubGlobal("performance", { getEntriesByType: () => (type === undefined ? [] : [{ type }]) });
    return tab;
  };

  // Kit audit D5: Back to the opening slides (a history traversal the back/forward cache did not
  // serve) came back at slide 1, every answer hidden; a reload came back to the slide.
  test("a reload and a return through the history come back to the place kept; a link opened anew, at the first", () => {
    const back: Record<string, number> = {};
    for (const type of ["reload", "back_forward", "navigate", "prerender", undefined]) {
      loaded(type);
      placeInTab("stage").keep(5);
      back[String(type)] = placeInTab("stage").kept;
    }
    expect(back).toEqual({ reload: 5, back_forward: 5, navigate: 0, prerender: 0, undefined: 0 });
    // Another page's place is not this one's: the key is the page's address.
    const tab = loaded("back_forward", "/present/explorer/");
    tab.set("present-stage:/present/opening/", "3");
    expect(placeInTab("stage").kept).toBe(0);
  });
});
