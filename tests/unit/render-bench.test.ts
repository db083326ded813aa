/** The render benchmark's reading of a trace (bench/render.bench.ts), on a trace written by hand. */
import { describe, expect, test } from "vitest";
import { loadWork } from "../../bench/render.bench.ts";

const origin = "http://127.0.0.1:4000";
const page = { pid: 1, tid: 10 };
const other = { pid: 2, tid: 20 };
const task = (at: number, cpuMs: number, on = page) => ({
  name: "ThreadControllerImpl::RunTask",
  ph: "X",
  ...on,
  ts: at * 1000,
  dur: cpuMs * 1000 + 500,
  tdur: cpuMs * 1000,
});

describe("loadWork", () => {
  const events = [
    // Another renderer (a browser page of Chromium's own) parses and lays out too: not counted.
    { name: "ParseHTML", ph: "X", ...other, ts: 0, dur: 10, args: { beginData: { url: "chrome://newtab/" } } },
    task(0, 90, other),
    { name: "Layout", ph: "X", ...other, ts: 1, dur: 10, args: { beginData: { dirtyObjects: 999 } } },
    // The page: parsed, painted first at 100 ms.
    { name: "ParseHTML", ph: "X", ...page, ts: 5_000, dur: 10, args: { beginData: { url: `${origin}/cells/` } } },
    { name: "firstContentfulPaint", ph: "R", ...page, ts: 100_000 },
    // Before the first paint: CPU, but no blocking.
    task(5, 40),
    // After it: 30 ms of CPU is 120 ms on a 4x slower phone, 70 ms over the 50 ms a task may take.
    task(150, 30),
    // The same task under its other name, inside the first: counted once.
    { ...task(150.1, 29), name: "RunTask" },
    { name: "UpdateLayoutTree", ph: "X", ...page, ts: 150_200, dur: 10, args: { elementCount: 300 } },
    { name: "Layout", ph: "X", ...page, ts: 150_300, dur: 10, args: { beginData: { dirtyObjects: 500 } } },
    // 10 ms is 40 ms at 4x: not a long task.
    task(300, 10),
    { name: "Layout", ph: "X", ...page, ts: 300_100, dur: 10, args: { beginData: { dirtyObjects: 20 } } },
  ];

  test("counts the page's renderer only, each task once, and blocking only after the first paint", () => {
    expect(loadWork(events, origin)).toEqual({
      layoutObjects: 520,
      elementsStyled: 300,
      cpuMs: 80,
      blockingAt4xMs: 70,
    });
  });

  test("a trace in which no page of the site was parsed is an error, not zeros", () => {
    expect(() => loadWork(events, "http://127.0.0.1:5000")).toThrow(/no trace of a page/);
  });
});
