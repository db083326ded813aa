import { describe, expect, test } from "vitest";
import type { SolutionModule } from "../grader/solution.ts";
import { mulberry32 } from "../sim/random.ts";
import { dealsReviewNumbers, numbersOf, practiceDraws, practiceSeed, reviewSeed, type Variant } from "./review-seed.ts";

/** Every exercise's solution module; those with a variant() deal new numbers, and so are reviewed. */
const solutions = import.meta.glob<SolutionModule>("/solutions/*/solution.ts");
const variantOf = async (id: string): Promise<Variant> => {
  const { variant } = await solutions[`/solutions/${id}/solution.ts`]!();
  if (!variant) throw new Error(`${id} deals no variants`);
  return variant;
};

/** The first seed from 1 up, other than `due`, that deals the same numbers as `due`: found, not typed. */
function twinOf(variant: Variant, due: number): number {
  const numbers = numbersOf(variant(mulberry32(due)));
  for (let seed = 1; ; seed++) if (seed !== due && numbersOf(variant(mulberry32(seed))) === numbers) return seed;
}

/** The draw Math.random would give to make `seed` (from 1 to 999,999). */
const drawing = (seed: number) => (seed - 0.5) / 999_999;
/** A random source that gives the draws of `seeds` in turn (the last one ever after), and counts them. */
function draws(...seeds: number[]) {
  const source = Object.assign(() => drawing(seeds[Math.min(source.count++, seeds.length - 1)]!), { count: 0 });
  return source;
}

describe("the numbers of a due review", () => {
  test("a variant's numbers are its parameters by name, whatever the order variant() wrote them in", () => {
    expect(numbersOf({ cells: 15, customers: 9000 })).toBe(numbersOf({ customers: 9000, cells: 15 }));
    expect(numbersOf({ cells: 15, customers: 9000 })).not.toBe(numbersOf({ cells: 15, customers: 9001 }));
    expect(numbersOf({ cells: 15 })).not.toBe(numbersOf({ cells: 15, customers: 9000 }));
  });

  for (const id of ["cells-blast-radius", "shuffle-shard-16-workers"]) {
    test(`${id}: another seed that deals the due review's numbers is the review's too; other numbers are not`, async () => {
      const variant = await variantOf(id);
      const due = reviewSeed(id, 1);
      const twin = twinOf(variant, due);
      expect(twin).not.toBe(due);
      expect(variant(mulberry32(twin))).toEqual(variant(mulberry32(due)));
      const isReview = dealsReviewNumbers(variant, due);
      expect(isReview(due)).toBe(true);
      expect(isReview(twin)).toBe(true);
      // A seed with other numbers is dealt as any other.
      let other = 1;
      while (numbersOf(variant(mulberry32(other))) === numbersOf(variant(mulberry32(due)))) other++;
      expect(isReview(other)).toBe(false);
      // No review due: no seed is the review's.
      const none = dealsReviewNumbers(variant, undefined);
      expect([due, twin, other].map(none)).toEqual([false, false, false]);
    });
  }
});

describe("the seed a chapter page's Another variant deals", () => {
  test("from 1 to 999,999, drawn with the random source given", () => {
    const never = () => false;
    expect(practiceSeed(() => 0, never)).toBe(1);
    expect(practiceSeed(() => 0.999_999_999_9, never)).toBe(999_999);
    expect(practiceSeed(draws(4_242), never)).toBe(4_242);
  });

  test("a draw of the due review's numbers, by its seed or another, is drawn again", async () => {
    const id = "cells-blast-radius";
    const variant = await variantOf(id);
    // A review whose seed Another variant can draw (1 to 999,999): the first number of reviews at which it is one.
    let reps = 1;
    while (reviewSeed(id, reps) > 999_999) reps++;
    const due = reviewSeed(id, reps);
    const twin = twinOf(variant, due);
    let other = 1;
    while (dealsReviewNumbers(variant, due)(other)) other++;
    const random = draws(due, twin, other);
    expect(practiceSeed(random, dealsReviewNumbers(variant, due))).toBe(other);
    expect(random.count).toBe(3);
  });

  test(`bounded: after ${practiceDraws} draws all refused it deals nothing, rather than the review's numbers`, () => {
    const random = draws(7);
    expect(practiceSeed(random, () => true)).toBeUndefined();
    expect(random.count).toBe(practiceDraws);
  });

  test("every reviewed exercise deals its most common numbers from few enough seeds that the bound is never reached", async () => {
    const seeds = 5_000;
    const shares: Record<string, number> = {};
    for (const path of Object.keys(solutions)) {
      const { variant } = await solutions[path]!();
      if (!variant) continue;
      const counts = new Map<string, number>();
      for (let seed = 1; seed <= seeds; seed++) {
        const numbers = numbersOf(variant(mulberry32(seed)));
        counts.set(numbers, (counts.get(numbers) ?? 0) + 1);
      }
      shares[path] = Math.max(...counts.values()) / seeds;
    }
    expect(Object.keys(shares).length).toBeGreaterThan(20);
    // A due review's numbers are dealt by at most a quarter of the seeds: every one of the
    // practiceDraws draws is refused with a chance below a quarter to that power.
    for (const [path, share] of Object.entries(shares)) expect(share, path).toBeLessThan(1 / 4);
    expect((1 / 4) ** practiceDraws).toBeLessThan(1e-30);
  });
});
