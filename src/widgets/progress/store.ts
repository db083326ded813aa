/**
 * Learner progress in localStorage under one versioned key, in the format of src/course/progress.ts.
 * Reading never throws: a value that cannot be read (broken JSON, a newer version, something
 * else) is kept aside under a backup key before anything overwrites it, and the /progress/ page
 * offers it for download so it can be repaired and imported again.
 */
import { emptyProgress, type Progress, progressKey, readProgressText } from "../../course/progress.ts";
import { siteStorage } from "../site-storage.ts";

/**
 * Dispatched on window after this tab changes progress, so other parts of the page redraw. The
 * browser tells the other tabs itself (a storage event): onStoredProgressChange.
 */
export const progressEvent = "blast-radius:progress";

/**
 * Whether a storage event with this key can have changed the stored progress: its own key, a copy
 * kept aside beside it (unreadableKey), or null, which says the whole storage was cleared.
 */
export const changesProgress = (key: string | null): boolean => key === null || key.startsWith(progressKey);

/**
 * Call `redraw` each time another tab of this browser changes the stored progress: an exercise
 * answered there, a reset or an import on /progress/, the storage cleared. The one way a page
 * learns of it; its own changes come as progressEvent, which the browser does not send back here.
 * `redraw` is given the storage event, whose old and new values say what the write changed (an
 * exercise opens the hints and the solution another tab opened: exercise/opened-elsewhere.ts).
 */
export function onStoredProgressChange(redraw: (event: StorageEvent) => void): void {
  window.addEventListener("storage", (event) => {
    if (changesProgress(event.key)) redraw(event);
  });
}

/** Where an unreadable stored value is kept. The oldest one is never overwritten by a newer one. */
export const unreadableKey = `${progressKey}:unreadable`;

/** Read progress; never throws. Unreadable data is copied to a backup key rather than lost. */
export function readProgress(storage: Storage | null = siteStorage()): Progress {
  if (!storage) return emptyProgress();
  let raw: string | null = null;
  try {
    raw = storage.getItem(progressKey);
  } catch {
    return emptyProgress();
  }
  if (raw === null) return emptyProgress();
  const read = readProgressText(raw);
  if (read.ok) return read.progress;
  keepAside(storage, raw);
  return emptyProgress();
}

/** Most unreadable values kept aside at once; each one is a different value. */
const maxKeptAside = 10;
const asideKey = (n: number) => (n === 1 ? unreadableKey : `${unreadableKey}:${n}`);

/** Copy an unreadable value to a free backup key; a value already kept aside is not copied twice. */
function keepAside(storage: Storage, raw: string): void {
  try {
    for (let n = 1; n <= maxKeptAside; n++) {
      const waiting = storage.getItem(asideKey(n));
      if (waiting === raw) return;
      if (waiting === null) return storage.setItem(asideKey(n), raw);
    }
  } catch {
    // Storage full or denied: nothing more we can do without losing the page.
  }
}

/** The stored values that could not be read and are kept aside, oldest first. */
export function unreadableProgress(storage: Storage | null = siteStorage()): { key: string; text: string }[] {
  const found: { key: string; text: string }[] = [];
  try {
    for (let n = 1; n <= maxKeptAside; n++) {
      const text = storage?.getItem(asideKey(n));
      if (text !== null && text !== undefined) found.push({ key: asideKey(n), text });
    }
  } catch {
    // Storage denied: nothing kept aside can be read either.
  }
  return found;
}

/** Forget one kept-aside value (after the learner downloaded or repaired it). */
export function discardUnreadable(key: string, storage: Storage | null = siteStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export function writeProgress(progress: Progress, storage: Storage | null = siteStorage()): boolean {
  if (!storage) return false;
  try {
    // Never overwrite a value that could not be read before it is kept aside.
    const raw = storage.getItem(progressKey);
    if (raw !== null && !readProgressText(raw).ok) keepAside(storage, raw);
    storage.setItem(progressKey, JSON.stringify(progress));
    return true;
  } catch {
    return false;
  }
}

/** Apply a change to the stored progress (read, change, write) and return the new state. */
export function updateProgress(change: (p: Progress) => void, storage: Storage | null = siteStorage()): Progress {
  const progress = readProgress(storage);
  change(progress);
  writeProgress(progress, storage);
  return progress;
}
