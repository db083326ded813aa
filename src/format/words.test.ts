import { describe, expect, test } from "vitest";
import {
  inWords,
  listFirstNames,
  listJoints,
  listNames,
  ordinal,
  percentileName,
  percentileOrdinal,
  timesInWords,
} from "./words.ts";

describe("small numbers in words", () => {
  test("counts from zero to twelve, and nothing else", () => {
    expect([0, 1, 2, 3, 4, 12].map(inWords)).toEqual(["zero", "one", "two", "three", "four", "twelve"]);
    expect(() => inWords(13)).toThrow(/write it as a figure/);
    expect(() => inWords(2.5)).toThrow(RangeError);
    expect(() => inWords(-1)).toThrow(RangeError);
  });

  test("how many times", () => {
    expect([1, 2, 3, 10].map(timesInWords)).toEqual(["once", "twice", "three times", "ten times"]);
  });

  test("whole numbers as ordinals, and none for a fraction", () => {
    expect([1, 2, 3, 4, 5, 11, 12, 13, 21, 22, 23, 101, 111, 1000].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "5th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
      "1,000th",
    ]);
    expect(() => ordinal(2.5)).toThrow(/not a whole number/);
  });

  test("percentiles as ordinals", () => {
    expect([0.95, 0.99, 0.5, 0.91, 0.92, 0.93, 0.11, 0.12, 0.13].map(percentileOrdinal)).toEqual([
      "95th",
      "99th",
      "50th",
      "91st",
      "92nd",
      "93rd",
      "11th",
      "12th",
      "13th",
    ]);
  });

  test("percentiles as engineers name them", () => {
    expect([0.95, 0.99, 0.5, 0.999].map(percentileName)).toEqual(["p95", "p99", "p50", "p99.9"]);
  });
});

test("a list as a sentence writes it: commas, then 'and' (or 'or') before the last; one alone; none empty", () => {
  expect(listNames(["a", "b", "c"])).toBe("a, b and c");
  expect(listNames(["1×", "5×", "20×"], "or")).toBe("1×, 5× or 20×");
  expect(listFirstNames(["a", "b", "c", "d", "e"])).toBe("a, b, c, d and e");
  expect(listFirstNames(["a", "b", "c", "d", "e", "f", "g"])).toBe("a, b, c, d, e and 2 more");
  expect(listFirstNames(["a", "b", "c"], 2)).toBe("a, b and 1 more");
  // The count left out is grouped as every count the course prints.
  const many = Array.from({ length: 200_000 }, (_, i) => `bogus-${i}`);
  expect(listFirstNames(many)).toBe("bogus-0, bogus-1, bogus-2, bogus-3, bogus-4 and 199,995 more");
  expect(listNames(["a", "b"], "or")).toBe("a or b");
  expect(listNames(["a"])).toBe("a");
  expect(listNames([])).toBe("");
});

test("what goes before each item of such a list, for items that are markup: the same rule", () => {
  expect(listJoints(4)).toEqual(["", ", ", ", ", " and "]);
  expect(listJoints(2, "or")).toEqual(["", " or "]);
  expect(listJoints(1)).toEqual([""]);
  expect(listJoints(0)).toEqual([]);
});
