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

/** Saves (or replaces) a map by title; returns false when storage refused. */
export function saveMap(storage: Storage, title: string, text: string, now = new Date()): boolean {
  const stored = read(storage);
  const maps = stored.maps.filter((m) => m.title !== title);
  maps.push({ title, text, savedAt: now.toISOString() });
  try {
    storage.setItem(storageKey, JSON.stringify({ maps }));
    return true;
  } catch {
    return false;
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
