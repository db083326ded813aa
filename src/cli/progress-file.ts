/**
 * The terminal's progress: .blast-radius/progress.json, in the page's format (src/course/progress.ts).
 * Nothing is ever lost, as in the page:
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
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { idRule } from "../course/ids.ts";
import { emptyProgress, type Progress, readProgressText } from "../course/progress.ts";
import { listFirstNames } from "../format/words.ts";
import { ReportedError, UsageError } from "./args.ts";

export interface ProgressStore {
  /** The file, as shown to the learner (relative to the working directory when inside it). */
  readonly shown: string;
  read(): Progress;
  /** Read, change, write (atomically); returns the new progress. */
  update(change: (progress: Progress) => void): Progress;
}

/** "20261130-074512" in UTC: sorts by time, safe in a file name. */
function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
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

/** `path` as a message shows it: relative to the working directory when inside it, else whole. */
export function shownPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith("..") ? rel : path;
}

/**
 * The kept copy of `text`, what `file` held when it could not be read, beside it as
 * <name>.unreadable-<time>.json: an existing identical copy, or a new one. Throws the file
 * system's error if it cannot be made (the caller then writes nothing over `file`).
 */
export function keepUnreadableCopy(file: string, text: string, now: Date): string {
  const dir = dirname(file);
  const prefix = `${basename(file, ".json")}.unreadable-`;
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (!name.startsWith(prefix)) continue;
    try {
      if (readFileSync(join(dir, name), "utf8") === text) return join(dir, name);
    } catch {
      // An unreadable copy is no match; keep looking.
    }
  }
  let copy = join(dir, `${prefix}${stamp(now)}.json`);
  for (let n = 2; existsSync(copy); n++) copy = join(dir, `${prefix}${stamp(now)}-${n}.json`);
  writeFileSync(copy, text, { flag: "wx" });
  return copy;
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
  const warned = new Set<string>();
  /** The progress folder cannot be used: the setting's fault, so a usage error naming it (exit 2). */
  const folderError = (error: unknown) =>
    new UsageError(
      `your progress cannot be kept in ${show(dir)}: ${problemOf(error)}; point BLAST_RADIUS_HOME at a folder, or unset it for the default (.blast-radius/ in the course's folder)`,
    );

  /**
   * The kept copy of `text`: an existing identical one, or a new one. Throws if it cannot be made.
   * `unread` says what of the file could not be read ("could not be read", "could not be read whole").
   */
  const keepCopy = (text: string, unread = "could not be read"): string => {
    try {
      return keepUnreadableCopy(file, text, now());
    } catch (error) {
      throw new ReportedError(
        `${shown} ${unread}, and a copy of it could not be saved (${(error as Error).message}), so nothing was written: your progress file is as it was. Repair or move it, then try again.`,
      );
    }
  };

  const read = (): Progress => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyProgress();
      throw new UsageError(`${shown} could not be opened: ${problemOf(error)}`);
    }
    const result = readProgressText(text);
    if (result.ok) {
      // Said, and a copy kept, as soon as it is read, not only when a command writes it back.
      if (result.lossy.length > 0 || result.strange.length > 0) keepPartlyRead(text, result);
      return result.progress;
    }
    const copy = keepCopy(text);
    if (!warned.has(copy)) {
      warned.add(copy);
      const repair = {
        "newer-version": "Use an up-to-date copy of the course (git pull), then bring it back with",
        "not-json": "Repair that copy (a JSON checker shows where it breaks), then bring it back with",
        "not-progress": `Repair that copy (an export from the page's /progress/ shows the shape), then bring it back with`,
      }[result.reason];
      warn(
        [
          `warning: ${shown} could not be read: ${result.message}.`,
          `It is kept, unchanged, as ${show(copy)}; nothing in it is lost. Your progress from now on is saved in a fresh ${shown}.`,
          `${repair}`,
          `  npm run exercises -- import ${show(copy)}`,
          "which merges it with your new progress.",
          "",
        ].join("\n"),
      );
    }
    return emptyProgress();
  };

  /**
   * Keep a copy of a file read only in part (entries with a field of the wrong kind, `lossy`;
   * entries under a name that is no exercise id, `strange`) before it is written back without
   * what could not be read, and say so once, as for a file that cannot be read at all.
   */
  const keepPartlyRead = (text: string, { lossy, strange }: { lossy: string[]; strange: string[] }): void => {
    const copy = keepCopy(text, "could not be read whole");
    if (warned.has(copy)) return;
    warned.add(copy);
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
    warn(
      [
        `warning: ${shown} could not be read whole: ${problems.join("; and ")}.`,
        `The file as it was is kept, unchanged, as ${show(copy)}; your progress from now on is saved in ${shown}.`,
        `Repair that copy (${repairs.join("; ")}), then bring it back with`,
        `  npm run exercises -- import ${show(copy)}`,
        "which merges it with your new progress.",
        "",
      ].join("\n"),
    );
  };

  const write = (progress: Progress): void => {
    try {
      mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw folderError(error);
    }
    // Never write over a file that cannot be read, or can be read only in part, unless a copy of it is kept.
    if (existsSync(file)) {
      const current = readFileSync(file, "utf8");
      const read = readProgressText(current);
      if (!read.ok) keepCopy(current);
      // Entries or review cards dropped or read only in part (src/course/progress.ts).
      else if (read.lossy.length > 0 || read.strange.length > 0) keepPartlyRead(current, read);
    }
    const temporary = join(dir, `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
    try {
      writeFileSync(temporary, `${JSON.stringify(progress, null, 2)}\n`);
      renameSync(temporary, file);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw new ReportedError(
        `your progress could not be saved to ${shown} (${(error as Error).message}); the file is as it was`,
      );
    }
  };

  return {
    shown,
    read,
    update(change) {
      return withLock(`${file}.lock`, show, folderError, warn, lockClock, () => {
        const progress = read();
        change(progress);
        write(progress);
        return progress;
      });
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
