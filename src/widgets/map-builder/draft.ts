/**
 * The map the reader last changed in the builder (typed or pasted; a map picked or imported too,
 * when no unsaved work was kept: offer.ts), kept on this device so that a reload, or a visit days
 * later, shows it again: in localStorage under `blast-radius:map-draft:v1`, as JSON
 * `{ "text": … }`, through site-storage. Where storage is refused or full nothing is kept, and the
 * builder holds the draft in the page only. Imports only site-storage: the component's bootstrap
 * reads it on every visit to the chapter, to start the builder at once when there is a draft to
 * show.
 */
import { keep, siteStorage, type Store } from "../site-storage.ts";

export const draftKey = "blast-radius:map-draft:v1";

/** The kept draft's text, or null (none kept, storage refused, or something unreadable under the key). */
export function readDraft(storage: Store | null = siteStorage()): string | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(draftKey);
    if (!raw) return null;
    const { text } = JSON.parse(raw) as { text?: unknown };
    return typeof text === "string" ? text : null;
  } catch {
    return null;
  }
}

/** Keeps `text` as the draft, or forgets the draft (null); false where the browser did not keep it. */
export function keepDraft(text: string | null, storage: Store | null = siteStorage()): boolean {
  return keep(draftKey, text === null ? null : JSON.stringify({ text }), storage);
}
