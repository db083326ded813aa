/**
 * The progress summary as /review/ shows the daily review, on the pages that do not load the
 * scheduler (/progress/, the landing page): an exercise solved but not yet in the schedule
 * (/review/ enters it when it next opens) counts with the card it will get (withFirstReviews,
 * src/course/review-first.ts). Which exercises the schedule takes is the list the build embeds in
 * the page (src/components/progress/ReviewablesData.astro).
 */
import { type Catalog, type CatalogExercise, type Progress, progressSummary } from "../../course/progress.ts";
import { withFirstReviews } from "../../course/review-first.ts";

/**
 * The exercises of `catalog` whose ids the embedded list `json` names, in catalog order; a list
 * that cannot be read names none.
 */
export function schedulableIn(catalog: Catalog, json: string | null | undefined): CatalogExercise[] {
  let ids: Set<unknown>;
  try {
    const parsed: unknown = JSON.parse(json ?? "[]");
    ids = new Set(Array.isArray(parsed) ? parsed : []);
  } catch {
    return [];
  }
  return catalog.flatMap((c) => c.exercises.filter((e) => ids.has(e.id)));
}

/** The schedulable exercises (schedulableIn) of the list embedded under `root`. */
export function readSchedulable(root: ParentNode, catalog: Catalog): CatalogExercise[] {
  return schedulableIn(catalog, root.querySelector("[data-progress-reviewables]")?.textContent);
}

/** progressSummary at `now`, the daily review counted as /review/ would show it then. */
export function summaryWithReviews(
  progress: Progress,
  catalog: Catalog,
  schedulable: readonly CatalogExercise[],
  now: Date,
): string {
  return progressSummary(withFirstReviews(progress, schedulable, now), catalog, now.getTime());
}
