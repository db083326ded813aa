import { afterEach, expect, test, vi } from "vitest";
import { frameJobs } from "./dom.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Animation frames the test runs by hand, one at a time. */
function frames(): { run(): void; pending(): number } {
  const waiting: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => waiting.push(callback));
  return { run: () => waiting.shift()?.(0), pending: () => waiting.length };
}

test("jobs run one a frame; a round asked for during one runs once after it, and clear drops both", () => {
  const frame = frames();
  const ran: string[] = [];
  const round = (name: string) => [() => ran.push(`${name}1`), () => ran.push(`${name}2`)];
  const jobs = frameJobs();
  jobs.schedule(round("a"));
  frame.run();
  expect(ran).toEqual(["a1"]);
  // Asked for twice while the round is under way: the last asked runs, once, after it.
  jobs.schedule(round("b"));
  jobs.schedule(round("c"));
  while (frame.pending()) frame.run();
  expect(ran).toEqual(["a1", "a2", "c1", "c2"]);
  // Cleared: neither the round under way nor the one asked for after it runs.
  jobs.schedule(round("d"));
  jobs.schedule(round("e"));
  jobs.clear();
  while (frame.pending()) frame.run();
  expect(ran).toEqual(["a1", "a2", "c1", "c2"]);
});
