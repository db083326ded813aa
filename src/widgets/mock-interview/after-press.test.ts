/**
 * The hold on a field's change while a press is under way (after-press.ts), on a bare event
 * target standing in for the window: the events in the order Chromium sends them for a mouse
 * click and for a tap. The browser's own click is in tests/browser/mock-interview.test.ts.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { AfterPress } from "./after-press.ts";

describe("AfterPress", () => {
  let page: EventTarget;
  let hold: AfterPress;
  let done: string[];
  const send = (...types: string[]) => {
    for (const type of types) page.dispatchEvent(new Event(type));
  };
  const work = (name: string) => () => done.push(name);

  beforeEach(() => {
    vi.useFakeTimers();
    page = new EventTarget();
    hold = new AfterPress(page);
    done = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("with no press under way, the work runs at once", () => {
    hold.run(work("change"));
    expect(done).toEqual(["change"]);
    send("pointerdown", "mousedown", "pointerup", "mouseup");
    vi.runAllTimers();
    expect(done).toEqual(["change"]);
  });

  test("a mouse press: the work waits past the release and the click, to the next task", () => {
    send("pointerdown", "mousedown");
    // The field loses the focus to the press: its change comes now.
    hold.run(work("change"));
    send("pointerup", "mouseup");
    // The click, in the release's own task, still finds nothing moved.
    expect(done).toEqual([]);
    vi.runAllTimers();
    expect(done).toEqual(["change"]);
  });

  test("a tap: the touch ends before the mouse press the browser makes of it, and the work waits for that one", () => {
    send("pointerdown", "pointerup");
    vi.runAllTimers();
    send("mousedown");
    hold.run(work("change"));
    vi.runAllTimers();
    expect(done).toEqual([]);
    send("mouseup");
    vi.runAllTimers();
    expect(done).toEqual(["change"]);
  });

  test("settle runs the work held at once, and once: the release finds nothing left", () => {
    send("pointerdown");
    hold.run(work("change"));
    hold.settle();
    expect(done).toEqual(["change"]);
    send("pointerup");
    vi.runAllTimers();
    hold.settle();
    expect(done).toEqual(["change"]);
  });

  test("work given while other work is held replaces it", () => {
    send("mousedown");
    hold.run(work("first"));
    hold.run(work("second"));
    send("mouseup");
    vi.runAllTimers();
    expect(done).toEqual(["second"]);
  });

  test("a press cancelled, or a key pressed, ends it as a release does", () => {
    for (const end of ["pointercancel", "keydown"]) {
      send("pointerdown");
      hold.run(work(end));
      send(end);
      vi.runAllTimers();
    }
    expect(done).toEqual(["pointercancel", "keydown"]);
  });
});
