/**
 * The exercises spaced review can bring back (build time): those with generated variants, code
 * exercises excepted, in course order (src/course/review.ts, Reviewable). The terminal lists them
 * by the same rule (src/cli/exercises.ts, reviewablesFor).
 */
import type { Reviewable } from "../../course/review.ts";
import { loadExercise } from "../../grader/load-exercises.ts";
import { hasVariants, type SolutionModule } from "../../grader/solution.ts";
import { buildCatalog } from "../progress/catalog-data.ts";

const solutions = import.meta.glob<SolutionModule>("/solutions/*/solution.ts");

export interface ReviewEntry extends Reviewable {
  title: string;
  chapterTitle: string;
}

export async function buildReviewables(): Promise<ReviewEntry[]> {
  const out: ReviewEntry[] = [];
  for (const chapter of buildCatalog()) {
    for (const e of chapter.exercises) {
      const { meta } = loadExercise(e.id);
      if (meta.kind === "code") continue;
      const load = solutions[`/solutions/${e.id}/solution.ts`];
      if (!load || !hasVariants(meta, await load())) continue;
      out.push({ id: e.id, chapter: chapter.slug, parts: e.parts, title: e.title, chapterTitle: chapter.title });
    }
  }
  return out;
}
