/**
 * A versioned JSON file the terminal owns, beside progress.json: progress.json itself
 * (src/cli/progress-file.ts), review-session.json (src/cli/review-session.ts) and variants.json
 * (src/cli/variant-answers.ts). Each module says how its text reads and what the learner is told;
 * this store holds the rules they share, so that nothing in such a file is ever lost:
 *   - a file that is not there reads as empty; one that is there but cannot be opened is an error;
 *   - a byte-order mark at a file's start is no part of its text (src/course/file-text.ts);
 *   - a file that cannot be read (broken JSON, a newer version, something else), or only in part,
 *     is copied to <name>.unreadable-<time>.json as soon as it is read (an identical copy already
 *     there is that copy), and the learner is told once per copy;
 *   - if that copy cannot be made, nothing is written;
 *   - every write reads the file just before (so one changed meanwhile is copied first if it must
 *     be), goes to a temporary file, and is renamed over the old one, so a crash or a full disk
 *     mid-write leaves the old file whole; the temporary file is removed if the write fails;
 *   - every read-change-write holds <name>.json.lock (withLock), so two commands at once (watch in
 *     one terminal, answer in another) each add their change instead of one writing over the
 *     other's; a change to two files that must be one (a review rated: progress.json, then
 *     review-session.json) holds the first file's lock across both writes (hold), every command
 *     taking the two locks in that one order, so none waits on another that waits on it.
 */
import * as nodeFs from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { withoutByteOrderMark } from "../course/file-text.ts";
import { ReportedError, UsageError } from "./args.ts";

/** `path` as a message shows it: relative to the working directory when inside it, else whole. */
export function shownPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith("..") ? rel : path;
}

/** "20261130-074512" in UTC: sorts by time, safe in a file name. */
function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/** The file-system calls the store makes: node:fs, or in a test one that fails where it is told to. */
export type FileSystem = Pick<
  typeof nodeFs,
  | "closeSync"
  | "existsSync"
  | "mkdirSync"
  | "openSync"
  | "readdirSync"
  | "readFileSync"
  | "renameSync"
  | "rmSync"
  | "statSync"
  | "writeFileSync"
>;

/** A file-system error's cause in words and its code, for a message that names the path it is about. */
export function problemOf(error: unknown): string {
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

/**
 * The kept copy of `text`, what `file` held when it could not be read, beside it as
 * <name>.unreadable-<time>.json: an existing identical copy, or a new one. Throws the file
 * system's error if it cannot be made (the caller then writes nothing over `file`).
 */
function keepUnreadableCopy(fs: FileSystem, file: string, text: string, now: Date): string {
  const dir = dirname(file);
  const prefix = `${basename(file, ".json")}.unreadable-`;
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!name.startsWith(prefix)) continue;
    try {
      if (fs.readFileSync(join(dir, name), "utf8") === text) return join(dir, name);
    } catch {
      // An unreadable copy is no match; keep looking.
    }
  }
  let copy = join(dir, `${prefix}${stamp(now)}.json`);
  for (let n = 2; fs.existsSync(copy); n++) copy = join(dir, `${prefix}${stamp(now)}-${n}.json`);
  fs.writeFileSync(copy, text, { flag: "wx" });
  return copy;
}

/** The warning's lines, given the file and its kept copy as shown. */
export type Warning = (shown: string, copy: string) => string[];

/** What a file's text holds, as its module reads it. */
export type Reading<T> =
  /** Read whole (no warning), or only in part (the warning says what could not be read). */
  | { ok: true; value: T; warning?: Warning | undefined }
  /** Not read at all: the file reads as empty. */
  | { ok: false; warning: Warning };

/** The sentences of the store's errors: the module's own, or else these. */
export interface JsonFileWords {
  /** What the file holds, as "… could not be saved to <file>" says it: "your progress". */
  holds: string;
  /** The file is there but cannot be opened. */
  notOpened?: (shown: string, error: unknown) => Error;
  /** The file could not be read (`whole`: it could be read in part), and a copy of it could not be made. */
  notKept?: (shown: string, whole: boolean, problem: string) => string;
  /** The folder the file (and its lock) is kept in cannot be made. */
  notFolder?: (shownFolder: string, error: unknown) => Error;
}

/** How waiting for the lock passes: the time in ms, and a pause. Tests pass a clock that only pretends to wait. */
export interface LockClock {
  now(): number;
  sleep(ms: number): void;
}

const pause = new Int32Array(new SharedArrayBuffer(4));
const realClock: LockClock = { now: Date.now, sleep: (ms) => void Atomics.wait(pause, 0, 0, ms) };

export interface JsonFileOptions<T> {
  cwd: string;
  warn: (text: string) => void;
  /** The time a kept copy is named by. */
  now?: () => Date;
  fs?: FileSystem;
  /** How waiting for the lock passes (the real clock, or a test's pretend one). */
  lockClock?: LockClock;
  /** What a file that is not there, or cannot be read at all, holds. */
  empty: () => T;
  /** The module's reader: what the text holds, and what of it could not be read. Never throws. */
  reader: (text: string) => Reading<T>;
  /** What the file holds, as JSON; undefined when nothing is left to keep (the file is removed). */
  json: (value: T) => unknown;
  words: JsonFileWords;
}

export interface JsonFile<T> {
  /** The file, as shown to the learner (relative to the working directory when inside it). */
  readonly shown: string;
  /** What the file holds now: an unreadable file, or one read in part, is copied aside first and said. */
  read(): T;
  /** Read just before writing, change (in place), write; returns what `change` returns. */
  update<R>(change: (value: T) => R): R;
  /**
   * Hold the file's lock across `body`, which reads and writes the file through `held` (under this
   * lock: not taken again) and may change other files, under their own locks, before it is let go:
   * so a change to two files is one change to a command that takes this lock first.
   */
  hold<R>(body: (held: HeldFile<T>) => R): R;
}

/** A file whose lock is held (JsonFile.hold): its read, and a read-change-write that takes no lock of its own. */
export interface HeldFile<T> {
  read(): T;
  update<R>(change: (value: T) => R): R;
}

const message = (error: unknown) => String((error as Error).message ?? error);

export function jsonFile<T>(
  file: string,
  {
    cwd,
    warn,
    now = () => new Date(),
    fs = nodeFs,
    lockClock = realClock,
    empty,
    reader,
    json,
    words,
  }: JsonFileOptions<T>,
): JsonFile<T> {
  const shown = shownPath(cwd, file);
  const {
    holds,
    notOpened = (shown, error) => new ReportedError(`${shown} could not be opened (${message(error)})`),
    notKept = (shown, _whole, problem) =>
      `${shown} could not be read, and a copy of it could not be saved (${problem}), so nothing was written. Repair or move it, then try again.`,
    notFolder = (folder, error) => new UsageError(`${holds} cannot be kept in ${folder}: ${problemOf(error)}`),
  } = words;
  const warned = new Set<string>();

  /** The copy of a file that could not be read (whole), and the learner told once; throws if it cannot be made. */
  const keep = (text: string, whole: boolean, warning: Warning): void => {
    let copy: string;
    try {
      copy = keepUnreadableCopy(fs, file, text, now());
    } catch (error) {
      throw new ReportedError(notKept(shown, whole, message(error)));
    }
    if (warned.has(copy)) return;
    warned.add(copy);
    warn(`${warning(shown, shownPath(cwd, copy)).join("\n")}\n`);
  };

  const read = (): T => {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return empty();
      throw notOpened(shown, error);
    }
    // Read without a byte-order mark, as every progress file the course reads (src/course/file-text.ts);
    // a copy kept is the file as it was, mark and all.
    const reading = reader(withoutByteOrderMark(text));
    if (reading.warning) keep(text, reading.ok, reading.warning);
    return reading.ok ? reading.value : empty();
  };

  const write = (value: T): void => {
    // Never over a file that cannot be read, or only in part, unless a copy of it is kept.
    read();
    const content = json(value);
    if (content === undefined) return void fs.rmSync(file, { force: true });
    const dir = dirname(file);
    const temporary = join(dir, `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
    try {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(temporary, `${JSON.stringify(content, null, 2)}\n`);
      fs.renameSync(temporary, file);
    } catch (error) {
      if (fs.existsSync(temporary)) fs.rmSync(temporary, { force: true });
      throw new ReportedError(`${holds} could not be saved to ${shown} (${message(error)}); the file is as it was`);
    }
  };

  const held: HeldFile<T> = {
    read,
    update(change) {
      const value = read();
      const result = change(value);
      write(value);
      return result;
    },
  };
  /** Whether this store (one command's) holds the lock: taken again, it would wait on itself, then take itself over. */
  let holding = false;
  const hold = <R>(body: (held: HeldFile<T>) => R): R => {
    const lock = { file: `${file}.lock`, shown: shownPath(cwd, `${file}.lock`), holds };
    if (holding) throw new Error(`${lock.shown} is held by this command already: change it through hold's own update`);
    const folderError = (error: unknown) => notFolder(shownPath(cwd, dirname(file)), error);
    return withLock(fs, lock, folderError, warn, lockClock, () => {
      holding = true;
      try {
        return body(held);
      } finally {
        holding = false;
      }
    });
  };

  return {
    shown,
    read,
    update: (change) => hold((file) => file.update(change)),
    hold,
  };
}

/** A lock older than this was left by a command that ended without removing it (a read-change-write takes milliseconds). */
const staleLockMs = 10_000;
/** How long a command waits for the lock before it says so (a lock held that long is probably stale). */
const lockNoticeMs = 1_000;

/**
 * The line a command waiting for the lock on what a file `holds` prints, once: without it, a lock
 * left by a killed command makes the next one sit silent for up to `staleLockMs`.
 */
export function lockWaitText(shownLock: string, holds: string): string {
  return `waiting for another command's lock on ${holds} (${shownLock}); a lock left by a command that was stopped is taken over after ${staleLockMs / 1000} s\n`;
}

/**
 * Run `body` holding `lock.file` (a file created only if absent): a command that finds it waits
 * its turn. A lock left behind by a command that was killed is taken over once it is stale.
 */
function withLock<T>(
  fs: FileSystem,
  lock: { file: string; shown: string; holds: string },
  folderError: (error: unknown) => Error,
  warn: (text: string) => void,
  clock: LockClock,
  body: () => T,
): T {
  try {
    fs.mkdirSync(dirname(lock.file), { recursive: true });
  } catch (error) {
    throw folderError(error);
  }
  const started = clock.now();
  const giveUp = started + 2 * staleLockMs;
  let noticed = false;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock.file, "wx"));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST")
        throw new UsageError(
          `${lock.holds} could not be saved: ${lock.shown} could not be created: ${problemOf(error)}; nothing was changed`,
        );
      const since = fs.statSync(lock.file, { throwIfNoEntry: false })?.mtimeMs;
      const time = clock.now();
      if (since !== undefined && time - since > staleLockMs) fs.rmSync(lock.file, { force: true });
      else if (time > giveUp)
        throw new ReportedError(
          `${lock.shown} says another command is saving ${lock.holds}; if none is running, delete that file and try again`,
        );
      else {
        if (!noticed && time - started >= lockNoticeMs) {
          noticed = true;
          warn(lockWaitText(lock.shown, lock.holds));
        }
        clock.sleep(15);
      }
    }
  }
  try {
    return body();
  } finally {
    fs.rmSync(lock.file, { force: true });
  }
}
