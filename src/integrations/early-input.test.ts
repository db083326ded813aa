import { expect, test } from "vitest";
import type { EarlyGlobal } from "../widgets/first-touch.ts";
import { earlyInputHead, earlyInputScript } from "./early-input.ts";

test("the head's early script is one classic script, small, that leaves the presses for the bootstraps", () => {
  const script = earlyInputScript();
  // A classic script: no module syntax, and nothing of first-touch.ts but what it runs.
  expect(script).not.toMatch(/\b(import|export)\b/);
  expect(script).not.toContain("mountOnFirstTouch");
  // About 1 KB, on every page.
  expect(new TextEncoder().encode(script).length).toBeLessThan(1200);
  const win = new EventTarget() as EventTarget & EarlyGlobal;
  const doc = new EventTarget();
  new Function("window", "document", script)(win, doc);
  expect(Object.keys(win.brEarly ?? {}).sort()).toEqual(["again", "done", "take", "wait"]);
});

test("its style comes first in the head, then the script", () => {
  expect(earlyInputHead().map((entry) => entry.tag)).toEqual(["style", "script"]);
  expect(earlyInputHead()[0]!.content).toContain("[data-early-wait]");
});
