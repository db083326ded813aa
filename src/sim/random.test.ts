import { expect, test } from "vitest";
import { exponential, mulberry32, randomInt, randomStreams } from "./random.ts";

test("mulberry32 golden output for seed 7", () => {
  const rand = mulberry32(7);
  const first = Array.from({ length: 4 }, () => rand().toFixed(12));
  expect(first).toMatchInlineSnapshot(`
    [
      "0.011704753153",
      "0.061958257575",
      "0.976907632779",
      "0.699028705712",
    ]
  `);
});

test("the same seed gives the same sequence; another seed does not", () => {
  const a = mulberry32(42);
  const b = mulberry32(42);
  const c = mulberry32(43);
  const xs = Array.from({ length: 100 }, () => a());
  expect(Array.from({ length: 100 }, () => b())).toEqual(xs);
  expect(Array.from({ length: 100 }, () => c())).not.toEqual(xs);
  for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
});

test("named streams are independent of each other's use", () => {
  const s1 = randomStreams(5);
  const s2 = randomStreams(5);
  const noisy = s1("arrivals:search");
  for (let i = 0; i < 1000; i++) noisy();
  const quiet1 = s1("arrivals:pricing");
  const quiet2 = s2("arrivals:pricing");
  expect(Array.from({ length: 10 }, quiet1)).toEqual(Array.from({ length: 10 }, quiet2));
  expect(s1("a")()).not.toBe(s1("b")());
});

test("randomInt and exponential", () => {
  const rand = mulberry32(9);
  for (let i = 0; i < 1000; i++) {
    const n = randomInt(rand, 6);
    expect(Number.isInteger(n) && n >= 0 && n < 6).toBe(true);
  }
  let sum = 0;
  for (let i = 0; i < 20000; i++) sum += exponential(rand, 2);
  expect(sum / 20000).toBeCloseTo(2, 1);
});
