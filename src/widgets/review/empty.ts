/**
 * What /review/ says to a reader with nothing in the schedule: the page script writes it, and the
 * page is built with it (src/pages/review/index.astro), so a new reader's page does not move when
 * the script runs. Where the browser refuses storage (siteStorage(), the one test of it) nothing
 * can enter the schedule, so the page says that instead, and what the reader can do (the page's
 * last paragraph names the other way: the terminal's review, on a progress file of its own).
 */
import { allowStorageText, siteStorage, storageRefusedText } from "../site-storage.ts";

export const nothingToReview =
  "Nothing to review yet. Solve an exercise that deals new numbers, in any chapter, and it comes back here in a few days.";

/** The empty state where the browser refuses storage: no solve is kept, so none comes back. */
export const nothingKeptToReview = `${storageRefusedText} No exercise you solve can enter the review schedule, so none comes back here. ${allowStorageText}`;

/** What the page says with nothing in the schedule, in this browser. */
export function emptyReview(): string {
  return siteStorage() ? nothingToReview : nothingKeptToReview;
}
