/**
 * The course's order of exercises, the one /progress/ lists them in (its catalog,
 * src/components/progress/catalog-data.ts): by their chapter's `order` (the sidebar's), then by
 * id. The terminal sorts by it (src/cli/exercise-index.ts): `npm run exercises -- list`, the next
 * unsolved exercise, `check` of every code exercise. A chapter the order does not know comes
 * after every known one, by its slug. Pure, with no parser behind it, so the terminal loads
 * nothing more to sort.
 */

/** What the order reads of an exercise: a loaded exercise, or a catalog's entry. */
export interface Ordered {
  id: string;
  meta: { chapter: string };
}

/** Text in code-unit order (what `Array.prototype.sort` does by default), the same in every locale. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `exercises` in course order (a new array); `chapterOrder` maps a chapter's slug to its `order`. */
export function inCourseOrder<E extends Ordered>(
  exercises: readonly E[],
  chapterOrder: ReadonlyMap<string, number>,
): E[] {
  const rank = (slug: string) => chapterOrder.get(slug) ?? Number.POSITIVE_INFINITY;
  return [...exercises].sort(
    (a, b) =>
      rank(a.meta.chapter) - rank(b.meta.chapter) || byText(a.meta.chapter, b.meta.chapter) || byText(a.id, b.id),
  );
}
