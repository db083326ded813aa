/**
 * Edits saved per playground in this browser. The key names the page and the playground;
 * the value remembers which original the edit was made from, so when the chapter's code
 * changes the reader is told instead of silently getting stale code back.
 */
import { keep, siteStorage } from "../site-storage.ts";

export interface SavedEdit {
  /** Hash of the original the edit started from (data-hash of the playground). */
  original: string;
  code: string;
}

export function storageKey(name: string): string {
  return `blast-radius:playground:v1:${location.pathname}:${name}`;
}

function readRaw(key: string): string | null {
  return siteStorage()?.getItem(key) ?? null; // storage refused: nothing saved
}

function readSaved(name: string): string | null {
  return readRaw(storageKey(name));
}

/** Whether anything is saved for this playground (the bootstrap mounts such a playground at once). */
export function hasSavedEdit(name: string): boolean {
  return readSaved(name) !== null;
}

export function loadEdit(name: string): SavedEdit | null {
  return parseEdit(readSaved(name));
}

function parseEdit(raw: string | null): SavedEdit | null {
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

export function saveEdit(name: string, edit: SavedEdit | null, slot: "current" | "kept" = "current"): void {
  const key = slot === "kept" ? keptKey(name) : storageKey(name);
  // Where storage is refused or full, edits live only in this page.
  keep(key, edit ? JSON.stringify(edit) : null);
}

/**
 * The reader's own edit, put aside while a shared link's code is open (a share link never
 * overwrites it; the notice offers it back).
 */
function keptKey(name: string): string {
  return `${storageKey(name)}:kept`;
}

export function loadKeptEdit(name: string): SavedEdit | null {
  return parseEdit(readRaw(keptKey(name)));
}
