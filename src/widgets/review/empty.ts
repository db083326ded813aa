/**
 * What /review/ says to a reader with nothing in the schedule: the page script writes it, and the
 * page is built with it (src/pages/review/index.astro), so a new reader's page does not move when
 * the script runs.
 */
export const nothingToReview =
  "Nothing to review yet. Solve an exercise that deals new numbers, in any chapter, and it comes back here in a few days.";
