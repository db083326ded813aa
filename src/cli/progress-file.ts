/**
 * The terminal's progress: .blast-radius/progress.json, in the page's format (src/course/progress.ts).
 * Nothing is ever lost, as in the page (the rules of src/cli/json-file.ts, which the terminal's other
 * files share):
 *   - a file that cannot be read (broken JSON, a newer version, something else) is copied to
 *     progress.unreadable-<time>.json before anything is written over it, and the learner is told
 *     where it is and how to bring it back (repair it, then `npm run exercises -- import <copy>`);
 *   - so is a file that can be read only in part (an entry with a field of the wrong kind, such as
 *     `"solved": "true"`, a review card that is not whole, or an entry under a name that is no
 *     exercise id), as soon as a command reads it, before it is written back without what could
 *     not be read;
 *   - if that copy cannot be made, nothing is written at all;
 *   - every write goes to a temporary file first and is renamed over the old one, so a crash or a
 *     full disk mid-write leaves the old file whole;
 *   - every read-change-write holds progress.json.lock, so two commands at once (watch in one
 *     terminal, answer in another) each add their change instead of one writing over the other's;
 *   - every change to review-session.json holds it too (hold), taken first: a review rated changes
 *     the schedule and the review's record as one, and no command judges that record by a
 *     schedule read before the rating.
 * A progress folder that cannot be used (BLAST_RADIUS_HOME names a file, or a folder that cannot
 * be written) is the setting's fault, not the course's tools': a usage error (exit 2) names the
 * path and the problem.
 */
import { idRule } from "../course/ids.ts";
import { emptyProgress, type Progress, readProgressText } from "../course/progress.ts";
import { listFirstNames } from "../format/words.ts";
import { UsageError } from "./args.ts";
import { type FileSystem, jsonFile, type LockClock, problemOf, type Reading } from "./json-file.ts";

export interface ProgressStore {
  /** The file, as shown to the learner (relative to the working directory when inside it). */
  readonly shown: string;
  read(): Progress;
  /** Read, change, write (atomically); returns the new progress. */
  update(change: (progress: Progress) => void): Progress;
  /**
   * Hold progress.json.lock across `body`: what it reads and updates through `held` and what it
   * changes in review-session.json meanwhile (under that file's own lock, always taken second) is
   * one change to every other command, which takes progress.json.lock first. A due review rated is
   * such a change: the schedule, then the review's record.
   */
  hold<R>(body: (held: HeldProgress) => R): R;
}

/** progress.json with its lock held (ProgressStore.hold): read, and updated without taking the lock again. */
export interface HeldProgress {
  read(): Progress;
  update(change: (progress: Progress) => void): Progress;
}

/**
 * progress.json's text as the store reads it (readProgressText, src/course/progress.ts), with what
 * the learner is told of a file that cannot be read, or only in part.
 */
function progressReading(text: string): Reading<Progress> {
  const result = readProgressText(text);
  if (!result.ok) {
    const repair = {
      "newer-version": "Use an up-to-date copy of the course (git pull), then bring it back with",
      "not-json": "Repair that copy (a JSON checker shows where it breaks), then bring it back with",
      "not-progress": `Repair that copy (an export from the page's /progress/ shows the shape), then bring it back with`,
    }[result.reason];
    return {
      ok: false,
      warning: (shown, copy) => [
        `warning: ${shown} could not be read: ${result.message}.`,
        `It is kept, unchanged, as ${copy}; nothing in it is lost. Your progress from now on is saved in a fresh ${shown}.`,
        `${repair}`,
        `  npm run exercises -- import ${copy}`,
        "which merges it with your new progress.",
      ],
    };
  }
  // Entries or review cards dropped or read only in part: entries with a field of the wrong kind
  // (`lossy`), entries under a name that is no exercise id (`strange`).
  const { lossy, strange } = result;
  if (lossy.length === 0 && strange.length === 0) return { ok: true, value: result.progress };
  const problems: string[] = [];
  const repairs: string[] = [];
  if (lossy.length > 0) {
    problems.push(
      `the progress or review schedule of ${listFirstNames(lossy)} had a field of the wrong kind, and was read as far as it could be (what could not be read counts as nothing done, or not scheduled)`,
    );
    repairs.push('each field as the page writes it: true or false, not "true"; whole numbers for counts');
  }
  if (strange.length > 0) {
    problems.push(
      `${strange.length === 1 ? "the entry under" : "the entries under"} ${listFirstNames(strange)} ${strange.length === 1 ? "is" : "are"} not under an exercise id, so ${strange.length === 1 ? "it was" : "they were"} left out`,
    );
    repairs.push(`each entry under its exercise's id as list shows it: ${idRule}`);
  }
  return {
    ok: true,
    value: result.progress,
    warning: (shown, copy) => [
      `warning: ${shown} could not be read whole: ${problems.join("; and ")}.`,
      `The file as it was is kept, unchanged, as ${copy}; your progress from now on is saved in ${shown}.`,
      `Repair that copy (${repairs.join("; ")}), then bring it back with`,
      `  npm run exercises -- import ${copy}`,
      "which merges it with your new progress.",
    ],
  };
}

export function progressStore(
  file: string,
  {
    cwd,
    warn,
    now = () => new Date(),
    lockClock,
    fs,
  }: { cwd: string; warn: (text: string) => void; now?: () => Date; lockClock?: LockClock; fs?: FileSystem },
): ProgressStore {
  const store = jsonFile<Progress>(file, {
    cwd,
    warn,
    now,
    lockClock,
    ...(fs ? { fs } : {}),
    empty: emptyProgress,
    // Said, and a copy kept, as soon as it is read, not only when a command writes it back.
    reader: progressReading,
    json: (progress) => progress,
    words: {
      holds: "your progress",
      notOpened: (shown, error) => new UsageError(`${shown} could not be opened: ${problemOf(error)}`),
      notKept: (shown, whole, problem) =>
        `${shown} ${whole ? "could not be read whole" : "could not be read"}, and a copy of it could not be saved (${problem}), so nothing was written: your progress file is as it was. Repair or move it, then try again.`,
      // The progress folder cannot be used: the setting's fault, so a usage error naming it (exit 2).
      notFolder: (folder, error) =>
        new UsageError(
          `your progress cannot be kept in ${folder}: ${problemOf(error)}; point BLAST_RADIUS_HOME at a folder, or unset it for the default (.blast-radius/ in the course's folder)`,
        ),
    },
  });

  const updated = (change: (progress: Progress) => void) => (progress: Progress) => {
    change(progress);
    return progress;
  };
  return {
    shown: store.shown,
    read: store.read,
    update: (change) => store.update(updated(change)),
    hold: (body) => store.hold((held) => body({ read: held.read, update: (change) => held.update(updated(change)) })),
  };
}
