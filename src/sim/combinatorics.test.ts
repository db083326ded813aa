import { expect, test } from "vitest";
import { choose, chooseNumber, fraction, overlapDistribution } from "./combinatorics.ts";

test("choose: golden values from the course", () => {
  expect(choose(8, 2)).toBe(28n);
  expect(choose(16, 4)).toBe(1820n);
  expect(choose(100, 5)).toBe(75_287_520n);
  expect(choose(2048, 4)).toBe(730_862_190_080n);
  expect(choose(5, 0)).toBe(1n);
  expect(choose(5, 5)).toBe(1n);
  expect(choose(3, 4)).toBe(0n);
});

test("choose stays exact beyond 2^53", () => {
  expect(choose(2048, 8).toString()).toBe("7571365534761592422144");
  expect(chooseNumber(100, 5)).toBe(75_287_520);
});

test("choose rejects what is not a count", () => {
  expect(() => choose(-1, 2)).toThrow(RangeError);
  expect(() => choose(4, 1.5)).toThrow(/whole number/);
});

test("fraction reduces and keeps tiny ratios of huge numbers accurate", () => {
  expect(fraction(12n, 28n)).toEqual({ numerator: 3n, denominator: 7n, value: 3 / 7 });
  expect(fraction(1n, choose(2048, 4)).value).toBeCloseTo(1.3682470013813961e-12, 25);
  expect(() => fraction(1n, 0n)).toThrow(/zero/);
});

test("the overlap distribution sums to one and matches the hypergeometric formula", () => {
  for (const [n, k] of [
    [8, 2],
    [16, 4],
    [100, 5],
    [10, 10],
  ] as const) {
    const d = overlapDistribution(n, k);
    expect(d).toHaveLength(k + 1);
    expect(d.reduce((s, f) => s + f.value, 0)).toBeCloseTo(1, 12);
  }
  const d = overlapDistribution(8, 2).map((f) => `${f.numerator}/${f.denominator}`);
  expect(d).toEqual(["15/28", "3/7", "1/28"]);
});
