/**
 * Performance budgets, in one place: the budget tests enforce them and `npm run bench`
 * prints each measured figure beside its budget.
 */
export const budgets = {
  /** JavaScript loaded before any interaction, on every page (gzip). */
  jsBeforeInteractionKB: 30,
  /** CSS per page (gzip): Starlight's own is about 13-17 KB. */
  cssKB: 30,
  /** Everything a chapter transfers before interaction: HTML, CSS, JS, images (gzip). */
  chapterTotalKB: 200,
} as const;
