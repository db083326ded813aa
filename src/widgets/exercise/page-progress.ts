/**
 * Progress as this page view knows it, for the exercises' marks, status line and solution lock.
 * It is the stored progress while the browser keeps it. Where the browser refuses storage or its
 * storage is full, a write fails and what happened on the page (attempts, solved parts, hints, a
 * shown solution) is held here in memory until the page is left: a right answer is then still
 * marked and the solution still unlocks, because they follow what the learner did, not only what
 * could be stored. Whether a write was kept is what `writeProgress` answers, through
 * src/widgets/site-storage.ts, which decides that storage is refused; nothing here detects it again.
 */
import { mergeProgress, type Progress } from "../../course/progress.ts";
import { readProgress, writeProgress } from "../progress/store.ts";
import { siteStorage } from "../site-storage.ts";

interface PageProgress {
  /** The stored progress, with what this page view could not store laid over it. */
  read(): Progress;
  /** Apply a change and try to store it: false when it lives only in this page view. */
  update(change: (progress: Progress) => void): boolean;
  /** Whether something done in this page view is not stored. */
  unsaved(): boolean;
}

/**
 * A page's memory over a storage (the page's own unless a test passes one). A write that is kept
 * stores the held changes with it, so the memory empties once storage has room again.
 */
export function pageProgressOver(storage: () => Storage | null = siteStorage): PageProgress {
  let held: Progress | null = null;
  // Merged, not replaced: where storage is full it can still be read, and another tab's
  // progress stored since the page's last write is kept in view too.
  const read = () => {
    const stored = readProgress(storage());
    return held ? mergeProgress(stored, held) : stored;
  };
  return {
    read,
    update(change) {
      const progress = read();
      change(progress);
      const saved = writeProgress(progress, storage());
      held = saved ? null : progress;
      return saved;
    },
    unsaved: () => held !== null,
  };
}

/** The page's one memory: every exercise on the page, and the bootstrap, read and write through it. */
export const pageProgress: PageProgress = pageProgressOver();

/** Said beside an exercise whose progress could not be stored. */
export const unsavedNote =
  "This browser cannot save your progress (its storage is blocked or full), so it is kept only while this page is open.";
