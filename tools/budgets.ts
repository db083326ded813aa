/**
 * Performance budgets, in one place: the budget tests enforce them and `npm run bench`
 * prints each measured figure beside its budget.
 */
export const budgets = {
  /**
   * JavaScript loaded before any interaction, on every page (gzip). 30 KB until session 57, when
   * keeping a press made before the page's scripts arrive (first-touch.ts, early-input.ts) took
   * the heaviest page, /retry-storm/ for a reader returning with both predictions kept, from
   * 29.95 to 30.16 KB (its share there 0.28 KB, less 0.06 KB moved off the page): docs/PERFORMANCE.md.
   */
  jsBeforeInteractionKB: 31,
  /** CSS per page (gzip): Starlight's own is about 13-17 KB. */
  cssKB: 30,
  /** Everything a chapter transfers before interaction: HTML, CSS, JS, images (gzip). */
  chapterTotalKB: 200,
} as const;
