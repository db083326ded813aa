/**
 * The progress of a learner who solved "One bad cell" (`cells-blast-radius`, both parts first time)
 * and whose review schedule took it in at `at`: its review falls due three days later (FSRS's first
 * interval for "good"). The review browser tests start from it, in a reader's context seeded with
 * it (seededReader), on /review/ at the review day (openDueReview).
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { emptyProgress, type Progress, progressKey } from "../../src/course/progress.ts";
import { enrol } from "../../src/course/review.ts";
import { attemptsKey } from "../../src/widgets/review/attempts.ts";
import type { Session } from "../../tools/chromium.ts";
import type { BrowserSuite } from "./browser-suite.ts";

export const reviewedId = "cells-blast-radius";

export function solvedAndEnrolled(at: Date): Progress {
  const solved = emptyProgress();
  solved.exercises[reviewedId] = {
    parts: { untouched: { attempts: 1, solved: true }, canary: { attempts: 1, solved: true } },
    hints: 0,
    revealed: false,
  };
  return enrol(solved, [{ id: reviewedId, chapter: "cells", parts: ["untouched", "canary"] }], at);
}

/** Waiting on the exercise's markup and widget code, which load when the review comes up. */
export const reviewLoading = { timeout: 30_000 };

/**
 * A reader's context with `stored` as its progress (and `attempts` as the review page's record,
 * if given), seeded once per context: a reload, or another tab, keeps what the pages stored.
 */
export async function seededReader(
  browser: Pick<BrowserSuite, "open">,
  stored: Progress,
  attempts?: string,
): Promise<Session> {
  const session = await browser.open();
  await session.context.addInitScript(
    ([key, value, recordKey, record]) => {
      if (!localStorage.getItem("test:seeded")) {
        localStorage.setItem(key!, value!);
        if (record) localStorage.setItem(recordKey!, record);
        localStorage.setItem("test:seeded", "1");
      }
    },
    [progressKey, JSON.stringify(stored), attemptsKey, attempts ?? ""],
  );
  return session;
}

/**
 * Open /review/ in `page` at `at` (or reload it), once it has dealt the review's numbers or come
 * back to them: the status says one review is left and new or back, or the grades are on offer.
 */
export async function openDueReview(page: Page, site: string, at: Date, reload = false): Promise<void> {
  await page.clock.setFixedTime(at);
  if (reload) await page.reload();
  else await page.goto(`${site}/review/`);
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            /^1 review left today\. (New|Back)/.test(
              document.querySelector("[data-review-status]")?.textContent ?? "",
            ) || !document.querySelector<HTMLElement>("[data-review-rate]")?.hidden,
        ),
      reviewLoading,
    )
    .toBe(true);
}
