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
 *     terminal, answer in another) each add their change instead of one writing over the other's.
 * A progress folder that cannot be used (BLAST_RADIUS_HOME names a file, or a folder that cannot
 * be written) is the setting's fault, not the course's tools': a usage error (exit 2) names the
 * path and the problem.
 */
import { closeSync, mkdirSync, openSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { idRule } from "../course/ids.ts";
import { emptyProgress, type Progress, readProgressText } from "../course/progress.ts";
import { listFirstNames } from "../format/words.ts";
import { ReportedError, UsageError } from "./args.ts";
import { jsonFile, type Reading, shownPath } from "./json-file.ts";

export interface ProgressStore {
  /** The file, as shown to the learner (relative to the working directory when inside it). */
  readonly shown: string;
  read(): Progress;
  /** Read, change, write (atomically); returns the new progress. */
  update(change: (progress: Progress) => void): Progress;
}

/** A file-system error's cause in words and its code, for a message that names the path it is about. */
function problemOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    EEXIST: "it, or a folder above it, is a file where a folder is needed",
    ENOTDIR: "it, or a folder above it, is a file where a folder is needed",
    EISDIR: "it is a folder, not a file",
    EACCES: "permission denied",
    EPERM: "permission denied",
    EROFS: "the disk is read-only",
  };
  return code && words[code] ? `${words[code]} (${code})` : String((error as Error).message ?? error);
}

/** How waiting for the lock passes: the time in ms, and a pause. Tests pass a clock that only pretends to wait. */
export interface LockClock {
  now(): number;
  sleep(ms: number): void;
}

const pause = new Int32Array(new SharedArrayBuffer(4));
const realClock: LockClock = { now: Date.now, sleep: (ms) => void Atomics.wait(pause, 0, 0, ms) };

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
    lockClock = realClock,
  }: { cwd: string; warn: (text: string) => void; now?: () => Date; lockClock?: LockClock },
): ProgressStore {
  const dir = dirname(file);
  const show = (path: string) => shownPath(cwd, path);
  const shown = show(file);
  /** The progress folder cannot be used: the setting's fault, so a usage error naming it (exit 2). */
  const folderError = (error: unknown) =>
    new UsageError(
      `your progress cannot be kept in ${show(dir)}: ${problemOf(error)}; point BLAST_RADIUS_HOME at a folder, or unset it for the default (.blast-radius/ in the course's folder)`,
    );
  const store = jsonFile<Progress>(file, {
    cwd,
    warn,
    now,
    empty: emptyProgress,
    // Said, and a copy kept, as soon as it is read, not only when a command writes it back.
    reader: progressReading,
    json: (progress) => progress,
    words: {
      holds: "your progress",
      notOpened: (shown, error) => new UsageError(`${shown} could not be opened: ${problemOf(error)}`),
      notKept: (shown, whole, problem) =>
        `${shown} ${whole ? "could not be read whole" : "could not be read"}, and a copy of it could not be saved (${problem}), so nothing was written: your progress file is as it was. Repair or move it, then try again.`,
    },
  });

  return {
    shown,
    read: store.read,
    update(change) {
      return withLock(`${file}.lock`, show, folderError, warn, lockClock, () =>
        store.update((progress) => {
          change(progress);
          return progress;
        }),
      );
    },
  };
}

/** A lock older than this was left by a command that ended without removing it (a read-change-write takes milliseconds). */
const staleLockMs = 10_000;
/** How long a command waits for the lock before it says so (a lock held that long is probably stale). */
const lockNoticeMs = 1_000;

/**
 * The line a command waiting for the lock prints, once: without it, a lock left by a killed
 * command makes the next one sit silent for up to `staleLockMs`.
 */
export function lockWaitText(shownLock: string): string {
  return `waiting for another command's lock on your progress (${shownLock}); a lock left by a command that was stopped is taken over after ${staleLockMs / 1000} s\n`;
}

/**
 * Run `body` holding `lock` (a file created only if absent): a command that finds it waits its
 * turn. A lock left behind by a command that was killed is taken over once it is stale.
 */
function withLock<T>(
  lock: string,
  show: (path: string) => string,
  folderError: (error: unknown) => Error,
  warn: (text: string) => void,
  clock: LockClock,
  body: () => T,
): T {
  try {
    mkdirSync(dirname(lock), { recursive: true });
  } catch (error) {
    throw folderError(error);
  }
  const started = clock.now();
  const giveUp = started + 2 * staleLockMs;
  let noticed = false;
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST")
        throw new UsageError(
          `your progress could not be saved: ${show(lock)} could not be created: ${problemOf(error)}; nothing was changed`,
        );
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      const time = clock.now();
      if (since !== undefined && time - since > staleLockMs) rmSync(lock, { force: true });
      else if (time > giveUp)
        throw new ReportedError(
          `${show(lock)} says another command is saving your progress; if none is running, delete that file and try again`,
        );
      else {
        if (!noticed && time - started >= lockNoticeMs) {
          noticed = true;
          warn(lockWaitText(show(lock)));
        }
        clock.sleep(15);
      }
    }
  }
  try {
    return body();
  } finally {
    rmSync(lock, { force: true });
  }
}
