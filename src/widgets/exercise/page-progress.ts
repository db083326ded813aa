/**
 * Progress as this page view knows it, for the exercises' marks, status line and solution lock.
 * It is the stored progress while the browser keeps it. Where the browser refuses storage or its
 * storage is full, a write fails and what happened on the page (attempts, solved parts, hints, a
 * shown solution) is held here in memory until the page is left: a right answer is then still
 * marked and the solution still unlocks, because they follow what the learner did, not only what
 * could be stored. Whether a write was kept is what `writeProgress` answers, through
 * src/widgets/site-storage.ts, which decides that storage is refused; nothing here detects it again.
 * An exercise solved (with its solve time) but not yet in the review schedule is read with the card
 * /review/ will give it when it next opens (withFirstReviews, without ts-fsrs), so a review due by
 * that card is due here too: the chapter page keeps its numbers off as it does for one scheduled.
 * That card is only read, never stored from here: /review/ and the terminal enter it.
 */
import { mergeProgress, type Progress } from "../../course/progress.ts";
import { withFirstReviews } from "../../course/review-first.ts";
import { readProgress, writeProgress } from "../progress/store.ts";
import { siteStorage } from "../site-storage.ts";

interface PageProgress {
  /**
   * The stored progress, with what this page view could not store laid over it, and the first
   * review card of each solved exercise not yet in the schedule (firstReviewsOf).
   */
  read(): Progress;
  /** Apply a change and try to store it: false when it lives only in this page view. */
  update(change: (progress: Progress) => void): boolean;
  /** Whether something done in this page view is not stored. */
  unsaved(): boolean;
}

/**
 * Progress with the first review card (withFirstReviews) of every exercise solved at a known time
 * and not in the schedule. A chapter page does not know which exercises spaced review takes (those
 * with generated variants): a card read here for one it does not take changes nothing, since only
 * a due review's numbers are kept off, and an exercise without variants deals none. The parts are
 * those the entry records: its solve time was set when every part of the exercise was earned.
 */
export function firstReviewsOf(progress: Progress, now: Date): Progress {
  const solved = Object.entries(progress.exercises).flatMap(([id, entry]) =>
    entry.solvedAt === undefined ? [] : [{ id, parts: Object.keys(entry.parts) }],
  );
  return withFirstReviews(progress, solved, now);
}

/**
 * A page's memory over a storage (the page's own unless a test passes one), `now` its clock. A
 * write that is kept stores the held changes with it, so the memory empties once storage has
 * room again.
 */
export function pageProgressOver(
  storage: () => Storage | null = siteStorage,
  now: () => Date = () => new Date(),
): PageProgress {
  let held: Progress | null = null;
  // Merged, not replaced: where storage is full it can still be read, and another tab's
  // progress stored since the page's last write is kept in view too.
  const stored = () => {
    const kept = readProgress(storage());
    return held ? mergeProgress(kept, held) : kept;
  };
  return {
    read: () => firstReviewsOf(stored(), now()),
    update(change) {
      // What is stored and held, without the first review cards read() lays over.
      const progress = stored();
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
