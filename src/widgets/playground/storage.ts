/**
 * Edits saved per playground in this browser. The key names the page and the playground;
 * the value remembers which original the edit was made from, so when the chapter's code
 * changes the reader is told instead of silently getting stale code back.
 */

export interface SavedEdit {
  /** Hash of the original the edit started from (data-hash of the playground). */
  original: string;
  code: string;
}

export function storageKey(name: string): string {
  return `blast-radius:playground:v1:${location.pathname}:${name}`;
}

function readSaved(name: string): string | null {
  try {
    return localStorage.getItem(storageKey(name));
  } catch {
    return null; // storage blocked: nothing saved
  }
}

/** Whether anything is saved for this playground (the bootstrap mounts such a playground at once). */
export function hasSavedEdit(name: string): boolean {
  return readSaved(name) !== null;
}

export function loadEdit(name: string): SavedEdit | null {
  const raw = readSaved(name);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<SavedEdit>;
    return typeof parsed.code === "string" && typeof parsed.original === "string"
      ? { original: parsed.original, code: parsed.code }
      : null;
  } catch {
    return null;
  }
}

export function saveEdit(name: string, edit: SavedEdit | null): void {
  try {
    if (edit) localStorage.setItem(storageKey(name), JSON.stringify(edit));
    else localStorage.removeItem(storageKey(name));
  } catch {
    /* storage full or blocked: edits live only in this page */
  }
}
