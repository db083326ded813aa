import { expect, test } from "vitest";
import { Ring } from "./ring.ts";

test("first in, first out, with times and tags, across growth and wrap-around", () => {
  const q = new Ring<string>(4);
  const expected: [string, number, number][] = [];
  let next = 0;
  // Interleave pushes and shifts so the ring wraps and grows several times.
  for (let round = 0; round < 50; round++) {
    for (let i = 0; i < 40; i++) {
      q.push(next * 0.5, next * 7, `w${next}`);
      expected.push([`w${next}`, next * 0.5, next * 7]);
      expect(q.tailTime()).toBe(next * 0.5);
      next++;
    }
    for (let i = 0; i < 25; i++) {
      const [item, time, tag] = expected.shift()!;
      expect(q.headTime()).toBe(time);
      expect(q.tag[q.head]).toBe(tag);
      expect(q.headItem()).toBe(item);
      expect(q.shift()).toBe(item);
    }
    expect(q.size).toBe(expected.length);
  }
  expect(q.time.length & (q.time.length - 1)).toBe(0);
  expect(q.drain()).toEqual(expected.map(([item]) => item));
  expect(q.size).toBe(0);
});
