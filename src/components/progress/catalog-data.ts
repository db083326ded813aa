/**
 * The exercise catalog for progress (build time): every exercise, validated, grouped by the
 * chapter it belongs to, in course order. Loading every exercise here means a bad exercise
 * file fails the site build even before a chapter embeds it.
 */
import { loadChapters } from "../../course/catalog.ts";
import { inCourseOrder } from "../../course/exercise-order.ts";
import { titleOf } from "../../grader/exercise-meta.ts";
import { loadAllExercises, projectRoot } from "../../grader/load-exercises.ts";
import type { Catalog } from "../../course/progress.ts";

let cached: Catalog | undefined;

export function buildCatalog(): Catalog {
  return (cached ??= readCatalogFromDisk());
}

function readCatalogFromDisk(): Catalog {
  const root = projectRoot();
  const exercises = loadAllExercises(root);
  const chapters = loadChapters();
  const titles = new Map(chapters.map((c) => [c.slug, c.title]));
  // The course's order (inCourseOrder), which the terminal's `exercises -- list` sorts by too.
  const ordered = inCourseOrder(exercises, new Map(chapters.map((c) => [c.slug, c.order])));
  const slugs = [...new Set(ordered.map((e) => e.meta.chapter))];
  return slugs.map((slug) => ({
    slug,
    title: titles.get(slug) ?? slug,
    exercises: ordered
      .filter((e) => e.meta.chapter === slug)
      .map((e) => ({
        id: e.id,
        title: titleOf(e.meta),
        parts: e.meta.kind === "code" ? ["code"] : e.meta.parts.map((p) => p.id),
      })),
  }));
}

/** JSON safe to embed in a <script type="application/json"> element. */
export function catalogJson(catalog: Catalog): string {
  return JSON.stringify(catalog).replace(/</g, "\\u003c");
}
