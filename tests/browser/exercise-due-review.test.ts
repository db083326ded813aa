/**
 * A chapter page does not hand over the numbers of a review that is due. "One bad cell" was solved
 * three days before the review day, and its review is due: a reviewer found that typing the
 * review's seed on the chapter page (or drawing it with "Another variant") dealt those numbers
 * there, where hints, the solution and wrong Checks count nothing against the review, and the
 * review could then be answered right first time on /review/. Then that other seeds deal the very
 * same numbers (this exercise's variants have few choices), so a learner could press Another
 * variant until they came up. The chapter page now refuses a typed seed that deals the review's
 * numbers, its own or another, in the variant note (a live region), with a link to the review
 * page (and so one with other numbers whose worked solution answers the review: the unit tests
 * of dealsReviewNumbers show it, on diagnose-map-outage), and Another variant draws again (dealsReviewNumbers, the rule the terminal uses too, and
 * practiceSeed, in src/course/review-seed.ts). The page's clock is fixed on the review day.
 * Then that an exercise solved but not yet in the schedule (/review/ enters it when it first opens)
 * dealt its review's numbers here all the same, though /review/ would show that review due: the
 * chapter page reads such a solve with the card /review/ will give it (src/course/review-first.ts).
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { progressKey, type ReviewCard } from "../../src/course/progress.ts";
import { paramText } from "../../src/grader/fill-params.ts";
import { mulberry32 } from "../../src/sim/random.ts";
import { variant } from "../../solutions/cells-blast-radius/solution.ts";
import { dealsReviewNumbers } from "../../src/course/review-seed.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { reviewedId, solvedAndEnrolled } from "../support/solved-review.ts";
import { formerReviewSeed, reviewNumbersOf, reviewSeedOf, sameAnswersOf } from "../support/review-seeds.ts";

/** Waiting on the exercise's widget code and the review page's fetch of the exercise. */
const loading = { timeout: 30_000 };

describeInBrowser("a due review's variant on its chapter page", { ownContext: false }, (browser) => {
  const id = reviewedId;
  const reviewAt = new Date("2026-12-04T09:00:00.000Z");
  const enrolled = solvedAndEnrolled(new Date(reviewAt.getTime() - 3 * 86_400_000));
  const card = enrolled.review![id]!;

  /**
   * The chapter page on the review day, with `review` as the exercise's card, and the exercise on
   * it. `unenrolled`: the exercise solved when the card says, and not yet in the schedule.
   */
  async function chapter(review: ReviewCard, unenrolled = false) {
    expect(Date.parse(review.due)).toBeLessThanOrEqual(reviewAt.getTime());
    const { page } = await browser.open();
    await page.clock.setFixedTime(reviewAt);
    const solvedAt = { ...enrolled.exercises[id]!, solvedAt: review.last_review };
    const stored = unenrolled
      ? { ...enrolled, exercises: { ...enrolled.exercises, [id]: solvedAt }, review: undefined }
      : { ...enrolled, review: { [id]: review } };
    await page.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [progressKey, JSON.stringify(stored)],
    );
    await page.goto(`${browser.site}/cells/`);
    const exercise = page.locator(`[data-exercise="${id}"]`);
    const seedField = exercise.getByLabel("Variant seed");
    return {
      page,
      exercise,
      note: exercise.locator("[data-variant-note]"),
      seedField,
      /** Type `seed` in the variant form and press Deal, as a learner does. */
      deal: async (seed: number) => {
        await seedField.fill(String(seed));
        await exercise.getByRole("button", { name: "Deal" }).click();
      },
    };
  }

  /** A variant's numbers, as one text to compare. */
  const numbersOf = (seed: number) => JSON.stringify(variant(mulberry32(seed)));
  /**
   * The first seed from `from` up that deals the same numbers as `seed` (`same`), or other ones
   * whose worked solution does not answer it either (dealsReviewNumbers): found, not typed.
   */
  function seedDealing(seed: number, same: boolean, from = 1): number {
    const isReview = dealsReviewNumbers(reviewNumbersOf(id).variant, seed, sameAnswersOf(id));
    let other = from;
    while (other === seed || (same ? numbersOf(other) !== numbersOf(seed) : isReview(other))) other++;
    return other;
  }
  /** What the variant note says when `what` deals the review's numbers. */
  const refused = (what: string) =>
    `Not dealt: ${what} the answers of your review of this exercise, due now. Answer it on the review page, where hints, wrong answers and the solution count against it.`;

  /** The exercise's numbers on show. */
  const numbers = (page: Page) =>
    page
      .locator(`[data-exercise="${id}"] [data-param]`)
      .evaluateAll((spans) => spans.map((s) => `${(s as HTMLElement).dataset.param}=${s.textContent}`));

  test("the review's seed typed is refused with a link to the review page, which deals it", async () => {
    const seed = reviewSeedOf(id, card.reps);
    const { page, exercise, note, seedField, deal } = await chapter(card);
    const chapterNumbers = await numbers(page);
    await deal(seed);
    await expect.poll(() => note.textContent(), loading).toBe(refused(`variant ${seed} has`));
    // Said in the variant note, which is read out; the field is marked as refused, the chapter's numbers stay.
    await expect(note.getAttribute("aria-live")).resolves.toBe("polite");
    await expect(seedField.getAttribute("aria-invalid")).resolves.toBe("true");
    expect(await numbers(page)).toEqual(chapterNumbers);
    await expect(exercise.locator("[data-status]").textContent()).resolves.not.toMatch(/variant/);
    const link = note.getByRole("link", { name: "review page" });
    await expect(link.getAttribute("href")).resolves.toBe(`${browser.base}review/`);

    // Only the review's numbers: the next seed with other numbers is dealt as any other.
    const other = seedDealing(seed, false, seed + 1);
    await deal(other);
    await expect.poll(() => note.textContent(), loading).toMatch(new RegExp(`^Variant ${other}:`));
    await expect(seedField.getAttribute("aria-invalid")).resolves.toBeNull();

    // The link leads to the review, which deals those numbers.
    await deal(seed);
    await expect.poll(() => note.getByRole("link").count(), loading).toBe(1);
    await link.click();
    await expect
      .poll(() => page.locator("[data-review-status]").textContent(), loading)
      .toBe("1 review left today. New numbers are in: work it out again.");
  });

  test("another seed that deals the review's numbers is refused as the review's own seed is, before /review/ has entered the solve in the schedule", async () => {
    const seed = reviewSeedOf(id, card.reps);
    const twin = seedDealing(seed, true);
    expect(twin).not.toBe(seed);
    const { page, note, seedField, deal } = await chapter(card, true);
    const chapterNumbers = await numbers(page);
    await deal(twin);
    await expect.poll(() => note.textContent(), loading).toBe(refused(`variant ${twin} has`));
    await expect(seedField.getAttribute("aria-invalid")).resolves.toBe("true");
    expect(await numbers(page)).toEqual(chapterNumbers);
    await expect(note.getByRole("link", { name: "review page" }).getAttribute("href")).resolves.toBe(
      `${browser.base}review/`,
    );
  });

  test("Another variant draws again when it draws the review's numbers, by the review's seed or another", async () => {
    // A review whose seed "Another variant" can draw (1 to 999,999): the first number of reviews
    // at which the card deals one.
    let reps = card.reps;
    while (formerReviewSeed(id, reps) > 999_999 || reviewSeedOf(id, reps) > 999_999) reps++;
    const seed = reviewSeedOf(id, reps);
    const twin = seedDealing(seed, true);
    const other = seedDealing(seed, false);
    const { page, exercise, note, seedField } = await chapter({ ...card, reps });
    // The widget mounted first (a focus mounts it), so no draw of Math.random below is its loading's.
    await seedField.focus();
    await expect.poll(() => exercise.getAttribute("data-mounted"), loading).toBe("true");
    // Math.random draws another seed with the review's numbers, then the review's seed, then one
    // with other numbers (the draw that makes seed s is in [ (s - 1) / 999,999, s / 999,999 )).
    await page.evaluate(
      (draws) => {
        let next = 0;
        Math.random = () => draws[Math.min(next++, draws.length - 1)]!;
      },
      [twin, seed, other].map((s) => (s - 0.5) / 999_999),
    );
    await exercise.getByRole("button", { name: "Another variant" }).click();
    await expect.poll(() => note.textContent(), loading).toMatch(/^Variant \d+:/);
    await expect(note.textContent()).resolves.toMatch(new RegExp(`^Variant ${other}:`));
    await expect(seedField.inputValue()).resolves.toBe(String(other));
    await expect(exercise.locator("[data-status]").textContent()).resolves.toMatch(
      new RegExp(`\\(variant ${other}\\):`),
    );
    // The numbers on show are that variant's, not the review's.
    const shownFor = (dealt: number) => {
      const { cells, customers } = variant(mulberry32(dealt));
      return [`cells=${paramText(cells)}`, `customers=${paramText(customers)}`];
    };
    expect(await numbers(page)).toEqual(expect.arrayContaining(shownFor(other)));
    expect(shownFor(other)).not.toEqual(shownFor(seed));
  });
});
