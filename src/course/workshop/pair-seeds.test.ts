import { describe, expect, test } from "vitest";
import { type DealingExercise, differentDeals, pairSeeds } from "./pair-seeds.ts";

/** An exercise dealing `rows[i]` (numbers, answers) for seed i + 1. */
const exercise = (id: string, rows: [string, string[]][]): DealingExercise => ({
  id,
  variants: rows.map(([numbers, answers], i) => ({ seed: i + 1, numbers, answers })),
});

describe("the seeds a workshop hands its pairs", () => {
  test("are the first seeds, in order, that deal every exercise numbers no kept seed had", () => {
    const layers = exercise("layers", [
      ["a 4, l 2", ["16"]],
      ["a 4, l 2", ["16"]],
      ["a 5, l 2", ["25"]],
      ["a 4, l 2", ["16"]],
      ["a 2, l 3", ["8"]],
    ]);
    const shards = exercise("shards", [
      ["w 12", ["1"]],
      ["w 20", ["2"]],
      ["w 25", ["3"]],
      ["w 36", ["4"]],
      ["w 12", ["1"]],
    ]);
    // Seed 2 repeats seed 1 in "layers"; seed 4 in "layers" too; seed 5 repeats seed 1 in "shards".
    expect(pairSeeds(2, [layers, shards])).toEqual([1, 3]);
    expect(pairSeeds(5, [layers, shards])).toEqual([1, 3]);
    expect(pairSeeds(3, [layers])).toEqual([1, 3, 5]);
  });

  test("a seed whose numbers differ but whose answers are a kept seed's is skipped too", () => {
    // 2 to the 4th and 4 squared: other numbers, the same answer to copy.
    const same = exercise("powers", [
      ["attempts 4, layers 2", ["16"]],
      ["attempts 2, layers 4", ["16"]],
      ["attempts 3, layers 2", ["9"]],
    ]);
    expect(pairSeeds(2, [same])).toEqual([1, 3]);
    // Answers are compared part by part as a row: one part alike is not the same answer.
    const rows = exercise("rows", [
      ["a", ["16", "4"]],
      ["b", ["16", "2"]],
    ]);
    expect(pairSeeds(2, [rows])).toEqual([1, 2]);
  });

  test("without exercises every seed will do; a deal out of seed order, or no pairs, is refused", () => {
    expect(pairSeeds(3, [])).toEqual([1, 2, 3]);
    expect(() => pairSeeds(0, [])).toThrow(RangeError);
    expect(() => pairSeeds(1, [{ id: "x", variants: [{ seed: 2, numbers: "n", answers: [] }] }])).toThrow(
      "x: deal 1 is for seed 2, not 1",
    );
  });

  test("counts the different problems an exercise deals", () => {
    const e = exercise("e", [
      ["a", ["1"]],
      ["a", ["1"]],
      ["b", ["2"]],
      ["c", ["2"]],
    ]);
    expect(differentDeals(e)).toBe(2);
    expect(differentDeals(exercise("none", []))).toBe(0);
  });
});
