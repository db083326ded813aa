/**
 * What the builder keeps of the reader's maps on this device (offer.ts's `Kept`): the map in the
 * editor, whatever put it there (typed, pasted, picked, imported, a link's), and their other
 * unsaved maps kept beside it, so that a reload, or a visit days later, shows the one and offers
 * the others. In localStorage under `blast-radius:map-draft:v1`, as JSON `{ "text": …, "beside":
 * […] }` (`beside` only when some are kept; `text` null for the chapter's own example, untouched),
 * through site-storage. Where storage is refused or full nothing is kept, and the builder holds
 * them in the page only. Imports only site-storage: the component's bootstrap reads it on every
 * visit to the chapter, to start the builder at once when there is something kept to show.
 */
import { keep, siteStorage, type Store } from "../site-storage.ts";

export const draftKey = "blast-radius:map-draft:v1";

/** As offer.ts's `Kept`, repeated here so that the bootstrap imports nothing more. */
interface KeptMaps {
  draft: string | null;
  beside: string[];
}

/** What is kept, or null: nothing kept, storage refused, or something unreadable under the key. */
export function readKept(storage: Store | null = siteStorage()): KeptMaps | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(draftKey);
    if (!raw) return null;
    const { text, beside } = JSON.parse(raw) as { text?: unknown; beside?: unknown };
    const others = Array.isArray(beside) ? beside.filter((t): t is string => typeof t === "string") : [];
    const draft = typeof text === "string" ? text : null;
    return draft === null && others.length === 0 ? null : { draft, beside: others };
  } catch {
    return null;
  }
}

/** Keeps the maps, or forgets them all when there is nothing to keep; false where the browser did not keep them. */
export function keepKept({ draft, beside }: KeptMaps, storage: Store | null = siteStorage()): boolean {
  const value =
    draft === null && beside.length === 0
      ? null
      : JSON.stringify(beside.length === 0 ? { text: draft } : { text: draft, beside });
  return keep(draftKey, value, storage);
}
