/**
 * What the pages know about every exercise, for progress: which chapter it belongs to and which
 * parts it has. Built at build time (src/components/progress/catalog-data.ts), read in the page.
 */
import { isSolved, type Progress } from "./store.ts";

export interface CatalogExercise {
  id: string;
  title: string;
  parts: string[];
}

export interface CatalogChapter {
  slug: string;
  title: string;
  exercises: CatalogExercise[];
}

export type Catalog = CatalogChapter[];

/** A chapter is done when it has exercises and every one of them is solved. */
export function chapterDone(progress: Progress, chapter: CatalogChapter): boolean {
  return chapter.exercises.length > 0 && chapter.exercises.every((e) => isSolved(progress, e.id, e.parts));
}

export interface Totals {
  exercises: number;
  solved: number;
  chapters: number;
  chaptersDone: number;
}

export function totals(progress: Progress, catalog: Catalog): Totals {
  const all = catalog.flatMap((c) => c.exercises);
  const withExercises = catalog.filter((c) => c.exercises.length > 0);
  return {
    exercises: all.length,
    solved: all.filter((e) => isSolved(progress, e.id, e.parts)).length,
    chapters: withExercises.length,
    chaptersDone: withExercises.filter((c) => chapterDone(progress, c)).length,
  };
}

/** Read a catalog embedded in the page as JSON; an unreadable one is an empty catalog. */
export function readCatalog(element: Element | null): Catalog {
  try {
    const parsed = JSON.parse(element?.textContent ?? "[]");
    return Array.isArray(parsed) ? (parsed as Catalog) : [];
  } catch {
    return [];
  }
}
