/**
 * The exercise catalog embedded in a page as JSON (built at build time by
 * src/components/progress/catalog-data.ts); the types and rules live in src/course/progress.ts.
 */
import type { Catalog } from "../../course/progress.ts";

/** Read a catalog embedded in the page as JSON; an unreadable one is an empty catalog. */
export function readCatalog(element: Element | null): Catalog {
  try {
    const parsed = JSON.parse(element?.textContent ?? "[]");
    return Array.isArray(parsed) ? (parsed as Catalog) : [];
  } catch {
    return [];
  }
}
