import { describe, expect, test } from "vitest";
import type { SolutionModule } from "../grader/solution.ts";
import { isDeepStrictEqual as isEqual } from "node:util";
import { mulberry32 } from "../sim/random.ts";
import {
  formerReviewSeed,
  reviewedIds,
  reviewNumbersOf,
  reviewSeedOf,
  sameAnswersOf,
} from "../../tests/support/review-seeds.ts";
import { expectedAnswers } from "../grader/solution.ts";
import { readExerciseMeta } from "../grader/load-exercises.ts";
import {
  dealsReviewNumbers,
  mayDealReview,
  numbersOf,
  practiceDraws,
  practiceSeed,
  reviewSeed,
  type Variant,
} from "./review-seed.ts";

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

/** How many reviews of every reviewed exercise are checked, from the first: more than a learner has of one exercise in years. */
const reviews = 100;

describe("the seed a review deals", () => {
  const ids = reviewedIds();
  const chapterDealt = (id: string, seed: number) =>
    numbersOf(reviewNumbersOf(id).variant(mulberry32(seed))) === numbersOf(reviewNumbersOf(id).chapter);

  test(`never the chapter's numbers, in reviews 0 to ${reviews - 1} of every reviewed exercise`, () => {
    expect(ids.length).toBeGreaterThan(20);
    const dealingChapter = ids.flatMap((id) =>
      Array.from({ length: reviews }, (_, reps) => reps).flatMap((reps) =>
        chapterDealt(id, reviewSeedOf(id, reps)) ? [`${id} #${reps}`] : [],
      ),
    );
    expect(dealingChapter).toEqual([]);
  });

  /** Whether the chapter's answer answers a part of the review on `seed`'s numbers that a review asks afresh (rememberedParts). */
  const chapterAnswered = (id: string, seed: number) => {
    const { variant, chapter, remembered } = reviewNumbersOf(id);
    return remembered!(chapter, variant(mulberry32(seed))).length > 0;
  };

  test("where the former seed dealt the chapter's numbers, or a part the chapter's answer answers, another seed without; elsewhere the same seed as before", () => {
    const former = ids.flatMap((id) =>
      Array.from({ length: 30 }, (_, reps) => reps).flatMap((reps) =>
        chapterDealt(id, formerReviewSeed(id, reps)) ? [[id, reps] as const] : [],
      ),
    );
    // The six measured: retry-token-bucket's 14th review, retry-amplification-layers's 9th, 21st and
    // 28th, drill-error-budget-burn's 28th and retry-expected-attempts's 14th (the last three since
    // those exercises' variants stopped dealing numbers where a named mistake is right).
    expect(former).toEqual([
      ["drill-error-budget-burn", 27],
      ["retry-amplification-layers", 8],
      ["retry-amplification-layers", 20],
      ["retry-amplification-layers", 27],
      ["retry-expected-attempts", 13],
      ["retry-token-bucket", 13],
    ]);
    // Those, and the reviews whose former seed the chapter's answers answered in a part (since
    // reviews skip them too), deal another seed, with neither.
    let moved = 0;
    for (const id of ids)
      for (let reps = 0; reps < reviews; reps++) {
        const was = formerReviewSeed(id, reps);
        const seed = reviewSeedOf(id, reps);
        if (chapterDealt(id, was) || chapterAnswered(id, was)) {
          moved++;
          expect(seed, `${id} #${reps}`).not.toBe(was);
          expect(chapterDealt(id, seed) || chapterAnswered(id, seed), `${id} #${reps}`).toBe(false);
        }
        // Every other review deals what it dealt before: a review under way keeps its numbers.
        else expect(seed, `${id} #${reps}`).toBe(was);
      }
    expect(moved).toBeGreaterThan(former.length);
  });

  test("a record's seed is one of its review's draws (mayDealReview), and of no other review's", () => {
    for (const id of ids) {
      const seeds = Array.from({ length: 30 }, (_, reps) => reviewSeedOf(id, reps));
      for (const [reps, seed] of seeds.entries()) {
        const deals = seeds.map((_, other) => mayDealReview(id, other, seed));
        expect(deals, `${id} #${reps}`).toEqual(seeds.map((_, other) => other === reps));
      }
    }
  });

  test("a variant() that deals only the chapter's numbers has no review to deal, and says so", () => {
    const chapter = { cells: 15, customers: 9000 };
    const remembered = () => [];
    expect(() => reviewSeed("cells-blast-radius", 1, { variant: () => ({ ...chapter }), chapter, remembered })).toThrow(
      `cells-blast-radius: each of ${practiceDraws} review seeds dealt the chapter's numbers`,
    );
  });
});

describe("the numbers of a due review", () => {
  test("a variant's numbers are its parameters by name, whatever the order variant() wrote them in", () => {
    expect(numbersOf({ cells: 15, customers: 9000 })).toBe(numbersOf({ customers: 9000, cells: 15 }));
    expect(numbersOf({ cells: 15, customers: 9000 })).not.toBe(numbersOf({ cells: 15, customers: 9001 }));
    expect(numbersOf({ cells: 15 })).not.toBe(numbersOf({ cells: 15, customers: 9000 }));
  });

  for (const id of ["cells-blast-radius", "shuffle-shard-16-workers"]) {
    test(`${id}: another seed that deals the due review's numbers is the review's too; other numbers are not`, async () => {
      const variant = await variantOf(id);
      const due = reviewSeedOf(id, 1);
      const twin = twinOf(variant, due);
      expect(twin).not.toBe(due);
      expect(variant(mulberry32(twin))).toEqual(variant(mulberry32(due)));
      const isReview = dealsReviewNumbers(variant, due, sameAnswersOf(id));
      expect(isReview(due)).toBe(true);
      expect(isReview(twin)).toBe(true);
      // A seed with other numbers, whose solution does not answer the review, is dealt as any other.
      let other = 1;
      while (numbersOf(variant(mulberry32(other))) === numbersOf(variant(mulberry32(due))) || isReview(other)) other++;
      expect(sameAnswersOf(id)(variant(mulberry32(other)), variant(mulberry32(due)))).toBe(false);
      // No review due: no seed is the review's.
      const none = dealsReviewNumbers(variant, undefined, sameAnswersOf(id));
      expect([due, twin, other].map(none)).toEqual([false, false, false]);
    });
  }
});

describe("a seed whose worked solution answers a due review", () => {
  const id = "diagnose-map-outage";
  const parts = () => {
    const meta = readExerciseMeta(id);
    return meta.kind === "code" ? [] : meta.parts;
  };

  test(`${id}: another seed with other numbers and the review's answers is the review's; one with other answers is not`, async () => {
    const variant = await variantOf(id);
    const solution = await solutions[`/solutions/${id}/solution.ts`]!();
    const answersOf = (seed: number) => expectedAnswers(parts(), solution, variant(mulberry32(seed)));
    const due = reviewSeedOf(id, 1);
    const numbers = numbersOf(variant(mulberry32(due)));
    // Found, not typed: the first seeds with other numbers, with the review's answers and without.
    let twin = 1;
    while (numbersOf(variant(mulberry32(twin))) === numbers || !isEqual(answersOf(twin), answersOf(due))) twin++;
    let other = 1;
    while (isEqual(answersOf(other), answersOf(due))) other++;
    const isReview = dealsReviewNumbers(variant, due, sameAnswersOf(id));
    // Its solution would answer the review right first time: it is the review's, as the review's own seed is.
    expect(isReview(twin)).toBe(true);
    expect(isReview(other)).toBe(false);
    // The audit's case: seed 1, whose solution answered the first review of an exercise solved on 1 November.
    expect(isReview(1)).toBe(isEqual(answersOf(1), answersOf(due)));
  });

  // The diagnoses, whose answers are drawn from the fewest choices: each of these had one set of
  // answers dealt by more than one seed in eight of its first 300 (measured with expectedAnswers).
  const fewAnswers = [
    "diagnose-breaker",
    "diagnose-cell-errors",
    "diagnose-failure-kind",
    "diagnose-full-pool",
    "diagnose-map-outage",
    "diagnose-poison-shard",
    "diagnose-queue",
    "diagnose-retry-budget",
    "diagnose-retry-chain",
    "diagnose-timeout",
  ];

  test("an exercise whose answers are drawn from few choices has its first review's answers dealt by few enough seeds that Another variant finds others", () => {
    const seeds = 100;
    expect(fewAnswers.every((id) => reviewedIds().includes(id))).toBe(true);
    const shares = Object.fromEntries(
      fewAnswers.map((id) => {
        const { variant } = reviewNumbersOf(id);
        const isReview = dealsReviewNumbers(variant, reviewSeedOf(id, 1), sameAnswersOf(id));
        let refused = 0;
        for (let seed = 1; seed <= seeds; seed++) if (isReview(seed)) refused++;
        return [id, refused / seeds];
      }),
    );
    // At most half the seeds refused: all of practiceDraws draws refused has a chance below 2^-64.
    for (const [id, share] of Object.entries(shares)) expect(share, id).toBeLessThan(1 / 2);
    expect((1 / 2) ** practiceDraws).toBeLessThan(1e-19);
  });
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
    // A review whose seed Another variant can draw (1 to 999,999): the first number of reviews at
    // which it is one (its first draw looked at first: reviewSeed works out answers for each draw).
    let reps = 1;
    while (formerReviewSeed(id, reps) > 999_999 || reviewSeedOf(id, reps) > 999_999) reps++;
    const due = reviewSeedOf(id, reps);
    const twin = twinOf(variant, due);
    let other = 1;
    const isReview = dealsReviewNumbers(variant, due, sameAnswersOf(id));
    while (isReview(other)) other++;
    const random = draws(due, twin, other);
    expect(practiceSeed(random, isReview)).toBe(other);
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
