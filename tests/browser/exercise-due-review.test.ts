/**
 * A chapter page does not hand over the numbers of a review that is due. "One bad cell" was solved
 * three days before the review day, and its review is due: a reviewer found that typing the
 * review's seed on the chapter page (or drawing it with "Another variant") dealt those numbers
 * there, where hints, the solution and wrong Checks count nothing against the review, and the
 * review could then be answered right first time on /review/. The chapter page now refuses the
 * typed seed, in the variant note (a live region), with a link to the review page, and Another
 * variant deals another seed (dueReviewSeed, the rule the terminal uses too, and practiceSeed, in
 * src/course/review-seed.ts). The page's clock is fixed on the review day.
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { emptyProgress, type Progress, progressKey, type ReviewCard } from "../../src/course/progress.ts";
import { enrol, reviewSeed } from "../../src/course/review.ts";
import { describeInBrowser } from "../support/browser-suite.ts";

/** Waiting on the exercise's widget code and the review page's fetch of the exercise. */
const loading = { timeout: 30_000 };

describeInBrowser("a due review's variant on its chapter page", (browser) => {
  const id = "cells-blast-radius";
  const reviewAt = new Date("2026-12-04T09:00:00.000Z");
  const solved = emptyProgress();
  solved.exercises[id] = {
    parts: { untouched: { attempts: 1, solved: true }, canary: { attempts: 1, solved: true } },
    hints: 0,
    revealed: false,
  };
  const enrolled: Progress = enrol(
    solved,
    [{ id, chapter: "cells", parts: ["untouched", "canary"] }],
    new Date(reviewAt.getTime() - 3 * 86_400_000),
  );
  const card = enrolled.review![id]!;

  /** The chapter page on the review day, with `review` as the exercise's card, and the exercise on it. */
  async function chapter(review: ReviewCard) {
    expect(Date.parse(review.due)).toBeLessThanOrEqual(reviewAt.getTime());
    const { page } = await browser.open();
    await page.clock.setFixedTime(reviewAt);
    await page.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [progressKey, JSON.stringify({ ...enrolled, review: { [id]: review } })],
    );
    await page.goto(`${browser.site}/cells/`);
    const exercise = page.locator(`[data-exercise="${id}"]`);
    return {
      page,
      exercise,
      note: exercise.locator("[data-variant-note]"),
      seedField: exercise.getByLabel("Variant seed"),
    };
  }

  /** The exercise's numbers on show. */
  const numbers = (page: Page) =>
    page
      .locator(`[data-exercise="${id}"] [data-param]`)
      .evaluateAll((spans) => spans.map((s) => `${(s as HTMLElement).dataset.param}=${s.textContent}`));

  test("the review's seed typed is refused with a link to the review page, which deals it", async () => {
    const seed = reviewSeed(id, card.reps);
    const { page, exercise, note, seedField } = await chapter(card);
    const chapterNumbers = await numbers(page);
    await seedField.fill(String(seed));
    await exercise.getByRole("button", { name: "Deal" }).click();
    await expect
      .poll(() => note.textContent(), loading)
      .toBe(
        `Not dealt: variant ${seed} is your review of this exercise, due now. Answer it on the review page, where hints, wrong answers and the solution count against it.`,
      );
    // Said in the variant note, which is read out; the field is marked as refused, the chapter's numbers stay.
    await expect(note.getAttribute("aria-live")).resolves.toBe("polite");
    await expect(seedField.getAttribute("aria-invalid")).resolves.toBe("true");
    expect(await numbers(page)).toEqual(chapterNumbers);
    await expect(exercise.locator("[data-status]").textContent()).resolves.not.toMatch(/variant/);
    const link = note.getByRole("link", { name: "review page" });
    await expect(link.getAttribute("href")).resolves.toBe(`${browser.base}review/`);

    // Only that seed: the one after it is dealt as any other.
    await seedField.fill(String(seed + 1));
    await exercise.getByRole("button", { name: "Deal" }).click();
    await expect.poll(() => note.textContent(), loading).toMatch(new RegExp(`^Variant ${seed + 1}:`));
    await expect(seedField.getAttribute("aria-invalid")).resolves.toBeNull();

    // The link leads to the review, which deals those numbers.
    await seedField.fill(String(seed));
    await exercise.getByRole("button", { name: "Deal" }).click();
    await expect.poll(() => note.getByRole("link").count(), loading).toBe(1);
    await link.click();
    await expect
      .poll(() => page.locator("[data-review-status]").textContent(), loading)
      .toBe(`1 review left today. New numbers are in (variant ${seed}): work it out again.`);
  });

  test("Another variant does not deal the review's seed when it draws it", async () => {
    // A review whose seed "Another variant" can draw (1 to 999,999): the first number of reviews
    // at which the card deals one.
    let reps = card.reps;
    while (reviewSeed(id, reps) > 999_999) reps++;
    const seed = reviewSeed(id, reps);
    const { page, exercise, note, seedField } = await chapter({ ...card, reps });
    // The draw that makes `seed`: Math.random in [ (seed - 1) / 999,999, seed / 999,999 ).
    await page.evaluate(
      (draw) => {
        Math.random = () => draw;
      },
      (seed - 0.5) / 999_999,
    );
    await exercise.getByRole("button", { name: "Another variant" }).click();
    await expect.poll(() => note.textContent(), loading).toMatch(/^Variant \d+:/);
    const dealt = Number(/^Variant (\d+):/.exec((await note.textContent()) ?? "")![1]);
    expect(dealt).not.toBe(seed);
    await expect(seedField.inputValue()).resolves.toBe(String(dealt));
    await expect(exercise.locator("[data-status]").textContent()).resolves.toMatch(new RegExp(`variant ${dealt}:`));
  });
});
