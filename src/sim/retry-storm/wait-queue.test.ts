import { expect, test } from "vitest";
import { WaitQueue } from "./wait-queue.ts";

test("first in, first out, with arrival times, across growth and wrap-around", () => {
  const q = new WaitQueue<string>();
  const expected: [string, number][] = [];
  let next = 0;
  // Interleave pushes and shifts so the ring wraps and grows several times.
  for (let round = 0; round < 50; round++) {
    for (let i = 0; i < 40; i++) {
      q.push(`w${next}`, next * 0.5);
      expected.push([`w${next}`, next * 0.5]);
      next++;
    }
    for (let i = 0; i < 25; i++) {
      const [item, time] = expected.shift()!;
      expect(q.oldestTime()).toBe(time);
      expect(q.oldest()).toBe(item);
      expect(q.shift()).toBe(item);
    }
    expect(q.size).toBe(expected.length);
  }
  expect(q.drain()).toEqual(expected.map(([item]) => item));
  expect(q.size).toBe(0);
});
