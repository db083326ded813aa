/**
 * What the builder keeps of the reader's maps on this device (offer.ts's `Kept`): the map in the
 * editor, whatever put it there (typed, pasted, picked, imported, a link's), and their other
 * unsaved maps kept beside it, so that a reload, or a visit days later, shows the one and offers
 * the others. In localStorage under `blast-radius:map-draft:v1`, as JSON `{ "text": …, "beside":
 * […] }` (`beside` only when some are kept; `text` null for the chapter's own example, untouched),
 * through site-storage. Every tab of the chapter shares that key as one list of maps (keptCodec, a
 * SharedList's: ../synced-list.ts), so that no tab's map is lost to another tab's write. Where
 * storage is refused or full nothing is kept, and the builder holds the maps in the page only.
 * Imports only site-storage: the component's bootstrap reads it on every visit to the chapter, to
 * start the builder at once when there is something kept to show.
 */
import type { ListCodec } from "../synced-list.ts";
import { siteStorage, type Store } from "../site-storage.ts";

export const draftKey = "blast-radius:map-draft:v1";

/** As offer.ts's `Kept`, repeated here so that the bootstrap imports nothing more. */
interface KeptMaps {
  draft: string | null;
  beside: string[];
}

/** What a stored value holds, or null: nothing, or something unreadable. */
function parseKept(raw: string | null): KeptMaps | null {
  if (!raw) return null;
  try {
    const { text, beside } = JSON.parse(raw) as { text?: unknown; beside?: unknown };
    const others = Array.isArray(beside) ? beside.filter((t): t is string => typeof t === "string") : [];
    const draft = typeof text === "string" ? text : null;
    return draft === null && others.length === 0 ? null : { draft, beside: others };
  } catch {
    return null;
  }
}

/** What is kept, or null: nothing kept, storage refused, or something unreadable under the key. */
export function readKept(storage: Store | null = siteStorage()): KeptMaps | null {
  try {
    return parseKept(storage?.getItem(draftKey) ?? null);
  } catch {
    return null;
  }
}

/**
 * One of the reader's maps kept under the key, as the tabs share them: its text, and `draft` when
 * it is the map a reload shows in the editor (the `text` of the stored value).
 */
export interface KeptMap {
  text: string;
  draft?: true;
}

/**
 * The stored value as one list of maps, the draft first: a list merged from two tabs' may hold
 * two drafts, and the first is then the one a reload shows, the other kept beside it. A map is the
 * same map as another when their texts are the same.
 */
export const keptCodec: ListCodec<KeptMap> = {
  read(raw) {
    const kept = parseKept(raw);
    if (kept === null) return [];
    return [
      ...(kept.draft === null ? [] : [{ text: kept.draft, draft: true as const }]),
      ...kept.beside.map((text) => ({ text })),
    ];
  },
  write(list) {
    const draft = list.find((m) => m.draft);
    const beside = list.filter((m) => m !== draft).map((m) => m.text);
    if (draft === undefined && beside.length === 0) return null;
    const text = draft?.text ?? null;
    return JSON.stringify(beside.length === 0 ? { text } : { text, beside });
  },
  id: (m) => m.text,
};
