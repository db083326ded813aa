import { expect, test } from "vitest";
import { sreStarvationExample, threadStarvation } from "./starvation.ts";

test("the SRE book's example (bimodal latency): 1,000 threads, 5,000 demanded, out in 20 s, about 80% fail", () => {
  const s = threadStarvation(sreStarvationExample);
  expect(s.threads).toBe(1000);
  expect(s.hangingPerSecond).toBe(50);
  expect(s.threadsDemanded).toBe(5000);
  expect(s.demandRatio).toBe(5);
  expect(s.secondsToExhaust).toBe(20);
  expect(s.failingShare).toBeCloseTo(0.8, 12);
});

test("no starvation when the hanging demand fits in the threads", () => {
  const calm = threadStarvation({ ...sreStarvationExample, hangSeconds: 10 }); // 500 of 1,000
  expect(calm.failingShare).toBe(0);
  expect(calm.secondsToExhaust).toBe(Number.POSITIVE_INFINITY);
});

test("bad input is refused with the field's name", () => {
  expect(() => threadStarvation({ ...sreStarvationExample, servers: 0 })).toThrow(/servers/);
  expect(() => threadStarvation({ ...sreStarvationExample, hangingShare: 2 })).toThrow(/hanging share/);
});
