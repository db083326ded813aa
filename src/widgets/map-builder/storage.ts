/**
 * Maps saved on this device, in localStorage under `blast-radius:maps:v1`, keyed by title.
 * Storage can be blocked or full; every call then fails softly and says so.
 */
export const storageKey = "blast-radius:maps:v1";

export interface SavedMap {
  title: string;
  text: string;
  savedAt: string;
}

interface Stored {
  maps: SavedMap[];
}

function read(storage: Storage): Stored {
  try {
    const raw = storage.getItem(storageKey);
    if (!raw) return { maps: [] };
    const parsed = JSON.parse(raw) as Partial<Stored>;
    const maps = Array.isArray(parsed.maps)
      ? parsed.maps.filter((m): m is SavedMap => typeof m?.title === "string" && typeof m?.text === "string")
      : [];
    return { maps };
  } catch {
    return { maps: [] };
  }
}

export function listSavedMaps(storage: Storage): SavedMap[] {
  return read(storage).maps.sort((a, b) => a.title.localeCompare(b.title));
}

/**
 * What a save did: "saved" (a new title, or the same text again), "replaced" (asked for),
 * "exists" (another text is saved under this title, and nothing was written) or "refused"
 * (the browser's storage refused).
 */
export type SaveOutcome = "saved" | "replaced" | "exists" | "refused";

/**
 * Saves a map by title. A different map already saved under the title is replaced only when
 * `replace` says so: otherwise nothing is written and the caller hears "exists", so that no map
 * is lost to a save that happens to share its title.
 */
export function saveMap(
  storage: Storage,
  title: string,
  text: string,
  { replace = false, now = new Date() }: { replace?: boolean; now?: Date } = {},
): SaveOutcome {
  const stored = read(storage);
  const before = stored.maps.find((m) => m.title === title);
  if (before && before.text !== text && !replace) return "exists";
  const maps = stored.maps.filter((m) => m.title !== title);
  maps.push({ title, text, savedAt: now.toISOString() });
  try {
    storage.setItem(storageKey, JSON.stringify({ maps }));
    return before && before.text !== text ? "replaced" : "saved";
  } catch {
    return "refused";
  }
}

export function deleteSavedMap(storage: Storage, title: string): boolean {
  const maps = read(storage).maps.filter((m) => m.title !== title);
  try {
    storage.setItem(storageKey, JSON.stringify({ maps }));
    return true;
  } catch {
    return false;
  }
}
