/**
 * What the builder keeps of the reader's maps on this device (offer.ts's `Kept`): the map in the
 * editor, whatever put it there (typed, pasted, picked, imported, a link's), and their other
 * unsaved maps kept beside it, so that a reload, or a visit days later, shows the one and offers
 * the others. In localStorage under `blast-radius:map-draft:v1`, as JSON `{ "text": …, "beside":
 * […], "at": … }` (`beside` only when some are kept, in the order kept, oldest first; `at` the
 * draft's place among them, only when some were kept before it; `text` null for the chapter's own
 * example, untouched), through site-storage. Every tab of the chapter shares that key as one list
 * of maps (keptCodec, a SharedList's: ../synced-list.ts), so that no tab's map is lost to another
 * tab's write. Where storage is refused or full nothing is kept, and the builder holds the maps
 * in the page only. Imports only site-storage: the component's bootstrap reads it on every visit
 * to the chapter, to start the builder at once when there is something kept to show.
 */
import type { ListCodec } from "../synced-list.ts";
import { siteStorage, type Store } from "../site-storage.ts";

export const draftKey = "blast-radius:map-draft:v1";

/** As offer.ts's `Kept`, repeated here so that the bootstrap imports nothing more. */
interface KeptMaps {
  draft: string | null;
  beside: string[];
  /** The draft's place among the maps beside it: 0, first, where a value has none. */
  at: number;
}

/** What a stored value holds, or null: nothing, or something unreadable. */
function parseKept(raw: string | null): KeptMaps | null {
  if (!raw) return null;
  try {
    const { text, beside, at } = JSON.parse(raw) as { text?: unknown; beside?: unknown; at?: unknown };
    const others = Array.isArray(beside) ? beside.filter((t): t is string => typeof t === "string") : [];
    const draft = typeof text === "string" ? text : null;
    const place = typeof at === "number" && Number.isInteger(at) && at > 0 ? at : 0;
    return draft === null && others.length === 0 ? null : { draft, beside: others, at: place };
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
 * The stored value as one list of maps, in the order kept (oldest first), the draft in its place
 * (`at`; first where a value has none, as an earlier version stored it). A list merged from two
 * tabs' may hold two drafts: the first is then the one a reload shows, the other kept beside it in
 * its place. A map is the same map as another when their texts are the same.
 */
export const keptCodec: ListCodec<KeptMap> = {
  read(raw) {
    const kept = parseKept(raw);
    if (kept === null) return [];
    const beside = kept.beside.map((text) => ({ text }));
    if (kept.draft === null) return beside;
    const at = Math.min(kept.at, beside.length);
    return [...beside.slice(0, at), { text: kept.draft, draft: true as const }, ...beside.slice(at)];
  },
  write(list) {
    const at = list.findIndex((m) => m.draft);
    const beside = list.filter((_, i) => i !== at).map((m) => m.text);
    if (at === -1 && beside.length === 0) return null;
    const text = at === -1 ? null : list[at]!.text;
    return JSON.stringify(beside.length === 0 ? { text } : at > 0 ? { text, beside, at } : { text, beside });
  },
  id: (m) => m.text,
};
