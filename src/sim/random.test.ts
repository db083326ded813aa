import { expect, test } from "vitest";
import {
  exponential,
  hashName,
  isSeed,
  mulberry32,
  randomInt,
  randomStreams,
  readSeed,
  seedRange,
  seedRule,
} from "./random.ts";

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

test("one seed rule: a whole number in seedRange, written in digits only, for every seed field and option", () => {
  expect(readSeed("4294967295")).toBe(seedRange.max);
  expect(readSeed(" 7 ")).toBe(7);
  expect(readSeed("0")).toBe(0);
  expect(readSeed("007")).toBe(7);
  // Ten digits: the exercise widget and the mock interview refused these before they shared the rule.
  expect(readSeed("4000000000")).toBe(4_000_000_000);
  // Another way of writing a number is not a seed: "1e3" once played seed 1000.
  for (const bad of [
    "1e3",
    "1E3",
    "1_000",
    "+7",
    "7.0",
    "1,000",
    "4294967296",
    "-1",
    "0x10",
    "1.5",
    "",
    " ",
    "seven",
    "12a",
    "1 2",
  ])
    expect(readSeed(bad), bad).toBeUndefined();
  expect(isSeed(seedRange.min)).toBe(true);
  expect(isSeed(seedRange.max + 1)).toBe(false);
  expect(seedRule).toBe("a whole number from 0 to 4,294,967,295, written in digits only");
});

test("hashName is 32-bit FNV-1a: the FNV reference test suite's vectors", () => {
  // Expected values from the FNV-1a 32-bit table (fnv1a_32_vector) of test_fnv.c in the FNV
  // reference code by Landon Curt Noll, a co-author of RFC 9923 (https://github.com/lcn2/fnv,
  // linked from http://www.isthe.com/chongo/tech/comp/fnv/index.html). The empty string hashes to
  // the offset basis itself; the others exercise the xor-then-multiply order FNV-1a specifies.
  expect(hashName("")).toBe(0x811c9dc5);
  expect(hashName("a")).toBe(0xe40c292c);
  expect(hashName("foobar")).toBe(0xbf9cf968);
  expect(hashName("chongo was here!\n")).toBe(0xd49930d5);
});
