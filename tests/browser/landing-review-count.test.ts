/**
 * The landing page's progress box counts the daily review as /progress/ does. "One bad cell" was
 * solved three days before today, and /review/ has not been opened since, so the exercise is not in
 * the stored schedule yet: /progress/ counted it with the card /review/ will give it (due today),
 * while the landing page, reading the stored schedule alone, said nothing of a review at all. Both
 * now read the solve through the same rule (summaryWithReviews, src/widgets/progress/reviewables.ts)
 * over the same list of exercises the schedule takes (src/components/progress/ReviewablesData.astro).
 */
import { expect, test } from "vitest";
import { progressKey } from "../../src/course/progress.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { reviewedId, solvedAndEnrolled } from "../support/solved-review.ts";

/** Waiting on the pages' scripts, which fill the summaries in. */
const loading = { timeout: 20_000 };

describeInBrowser("the landing page's review count", (browser) => {
  test("a solve not yet in the schedule counts on the landing page as on /progress/", async () => {
    const { page, site } = browser;
    const today = new Date("2026-12-04T09:00:00.000Z");
    const enrolled = solvedAndEnrolled(new Date(today.getTime() - 3 * 86_400_000));
    const card = enrolled.review![reviewedId]!;
    // Solved when its first card says, and never entered in the schedule.
    const stored = {
      ...enrolled,
      exercises: { [reviewedId]: { ...enrolled.exercises[reviewedId]!, solvedAt: card.last_review } },
      review: undefined,
    };
    expect(Date.parse(card.due)).toBeLessThanOrEqual(today.getTime());
    await page.clock.setFixedTime(today);
    await browser.context.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [progressKey, JSON.stringify(stored)],
    );

    const summaryOn = async (path: string, box: string) => {
      await page.goto(`${site}${path}`);
      const summary = page.locator(`${box} [data-progress-summary]`);
      await expect.poll(() => summary.textContent(), loading).toMatch(/^You have solved 1 of /);
      return summary.textContent();
    };
    const onProgress = await summaryOn("/progress/", "[data-progress-page]");
    expect(onProgress).toMatch(/ 1 exercise is in your daily review, 1 due now\.$/);
    await expect(summaryOn("/", "[data-course-progress]")).resolves.toBe(onProgress);
  });
});
