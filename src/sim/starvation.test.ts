import { expect, test } from "vitest";
import { sreStarvationExample, sreUsualSeconds, threadStarvation } from "./starvation.ts";

test("the SRE book's example (bimodal latency): 1,000 threads, 5,000 demanded, out in 20 s, about 80% fail", () => {
  const s = threadStarvation(sreStarvationExample);
  expect(s.threads).toBe(1000);
  expect(s.hangingPerSecond).toBe(50);
  expect(s.threadsDemanded).toBe(5000);
  expect(s.demandRatio).toBe(5);
  expect(s.secondsToExhaust).toBe(20);
  expect(s.failingShare).toBeCloseTo(0.8, 12);
  // The short estimate: the requests that do not hang hold no thread.
  expect(s.usualThreads).toBe(0);
});

// Audit: the book counts the 95 threads the other requests hold too ("1,000 threads available /
// (5,000 + 95) threads' worth of work"), and gets 19.6% served and an 80.4% error rate.
test("counting the usual requests' 100 ms as the book does: 95 more threads, 19.6% served, 80.4% failing, out in 18.1 s", () => {
  expect(sreUsualSeconds).toBe(0.1);
  const s = threadStarvation({ ...sreStarvationExample, usualSeconds: sreUsualSeconds });
  expect(s.usualThreads).toBeCloseTo(95, 9); // 950 a second x 0.1 s
  expect(s.threadsDemanded).toBe(5000); // the hanging requests' share is unchanged
  expect(s.failingShare).toBeCloseTo(1 - 1000 / 5095, 12);
  expect(Math.round((1 - s.failingShare) * 1000) / 10).toBe(19.6);
  expect(Math.round(s.failingShare * 1000) / 10).toBe(80.4);
  // The hanging requests fill what the usual ones leave free: 905 threads at 50 a second.
  expect(s.secondsToExhaust).toBeCloseTo(18.1, 9);
  // Independent check: served at the same rate whatever their kind, the work that gets a thread
  // fills the tier exactly: (hanging x 100 s + usual x 0.1 s) x served share = 1,000 threads.
  const served = 1 - s.failingShare;
  expect(served * (50 * 100 + 950 * 0.1)).toBeCloseTo(1000, 9);
});

test("the usual requests count towards the threads: a hang that fits alone can starve the tier with them", () => {
  // 500 hanging threads and 95 usual ones fit in 1,000: nobody fails, the threads never run out.
  const calm = threadStarvation({ ...sreStarvationExample, hangSeconds: 10, usualSeconds: sreUsualSeconds });
  expect(calm.failingShare).toBe(0);
  expect(calm.secondsToExhaust).toBe(Number.POSITIVE_INFINITY);
  // 950 hanging threads fit alone, not with the 95 usual ones.
  const tight = threadStarvation({ ...sreStarvationExample, hangSeconds: 19, usualSeconds: sreUsualSeconds });
  expect(threadStarvation({ ...sreStarvationExample, hangSeconds: 19 }).failingShare).toBe(0);
  expect(tight.failingShare).toBeGreaterThan(0);
});

test("no starvation when the hanging demand fits in the threads", () => {
  const calm = threadStarvation({ ...sreStarvationExample, hangSeconds: 10 }); // 500 of 1,000
  expect(calm.failingShare).toBe(0);
  expect(calm.secondsToExhaust).toBe(Number.POSITIVE_INFINITY);
});

test("bad input is refused with the field's name", () => {
  expect(() => threadStarvation({ ...sreStarvationExample, servers: 0 })).toThrow(/servers/);
  expect(() => threadStarvation({ ...sreStarvationExample, hangingShare: 2 })).toThrow(/hanging share/);
  expect(() => threadStarvation({ ...sreStarvationExample, usualSeconds: -1 })).toThrow(/usualSeconds/);
});
