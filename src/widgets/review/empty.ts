/**
 * What /review/ says to a reader with nothing in the schedule: the page script writes it, and the
 * page is built with it (src/pages/review/index.astro), so a new reader's page does not move when
 * the script runs. Where the browser refuses storage (siteStorage(), the one test of it) nothing
 * can enter the schedule, so the page says that instead, and what the reader can do (the page's
 * last paragraph names the other way: the terminal's review, on a progress file of its own).
 */
import { firstComeback } from "../../course/first-comeback.ts";
import { keepUnitWithNumber } from "../../format/units.ts";
import { allowStorageText, siteStorage, storageRefusedText } from "../site-storage.ts";

/**
 * The empty state: when a solve first comes back is firstComeback's, as the schedule gives it. Its
 * days are bound to their numbers as the build binds them (src/integrations/number-units.ts), so
 * the script finds the built sentence unchanged and does not announce it again.
 */
export const nothingToReview = keepUnitWithNumber(
  `Nothing to review yet. Solve an exercise that deals new numbers, in any chapter, and it comes back here ${firstComeback}.`,
);

/** The empty state where the browser refuses storage: no solve is kept, so none comes back. */
export const nothingKeptToReview = `${storageRefusedText} No exercise you solve can enter the review schedule, so none comes back here. ${allowStorageText}`;

/** What the page says with nothing in the schedule, in this browser. */
export function emptyReview(): string {
  return siteStorage() ? nothingToReview : nothingKeptToReview;
}
