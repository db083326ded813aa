/**
 * The terminal's progress: .blast-radius/progress.json, in the page's format (src/course/progress.ts).
 * Nothing is ever lost, as in the page:
 *   - a file that cannot be read (broken JSON, a newer version, something else) is copied to
 *     progress.unreadable-<time>.json before anything is written over it, and the learner is told
 *     where it is and how to bring it back (repair it, then `npm run exercises -- import <copy>`);
 *   - if that copy cannot be made, nothing is written at all;
 *   - every write goes to a temporary file first and is renamed over the old one, so a crash or a
 *     full disk mid-write leaves the old file whole;
 *   - every read-change-write holds progress.json.lock, so two commands at once (watch in one
 *     terminal, answer in another) each add their change instead of one writing over the other's.
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
import { emptyProgress, type Progress, readProgressText } from "../course/progress.ts";
import { ReportedError } from "./args.ts";

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

export function progressStore(
  file: string,
  { cwd, warn, now = () => new Date() }: { cwd: string; warn: (text: string) => void; now?: () => Date },
): ProgressStore {
  const dir = dirname(file);
  const show = (path: string) => {
    const rel = relative(cwd, path);
    return rel && !rel.startsWith("..") ? rel : path;
  };
  const shown = show(file);
  const warned = new Set<string>();

  /** The kept copy of `text`: an existing identical one, or a new one. Throws if it cannot be made. */
  const keepCopy = (text: string): string => {
    const prefix = `${basename(file, ".json")}.unreadable-`;
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      if (!name.startsWith(prefix)) continue;
      try {
        if (readFileSync(join(dir, name), "utf8") === text) return join(dir, name);
      } catch {
        // An unreadable copy is no match; keep looking.
      }
    }
    let copy = join(dir, `${prefix}${stamp(now())}.json`);
    for (let n = 2; existsSync(copy); n++) copy = join(dir, `${prefix}${stamp(now())}-${n}.json`);
    try {
      writeFileSync(copy, text, { flag: "wx" });
    } catch (error) {
      throw new ReportedError(
        `${shown} could not be read, and a copy of it could not be saved (${(error as Error).message}), so nothing was written: your progress file is as it was. Repair or move it, then try again.`,
      );
    }
    return copy;
  };

  const read = (): Progress => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyProgress();
      throw new ReportedError(`${shown} could not be opened (${(error as Error).message})`);
    }
    const result = readProgressText(text);
    if (result.ok) return result.progress;
    const copy = keepCopy(text);
    if (!warned.has(copy)) {
      warned.add(copy);
      const repair =
        result.reason === "newer-version"
          ? "Use an up-to-date copy of the course (git pull), then bring it back with"
          : "Repair that copy (a JSON checker shows where it breaks), then bring it back with";
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

  const write = (progress: Progress): void => {
    mkdirSync(dir, { recursive: true });
    // Never write over a file that cannot be read unless a copy of it is kept.
    if (existsSync(file)) {
      const current = readFileSync(file, "utf8");
      if (!readProgressText(current).ok) keepCopy(current);
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
      return withLock(`${file}.lock`, show, () => {
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
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Run `body` holding `lock` (a file created only if absent): a command that finds it waits its
 * turn. A lock left behind by a command that was killed is taken over once it is stale.
 */
function withLock<T>(lock: string, show: (path: string) => string, body: () => T): T {
  mkdirSync(dirname(lock), { recursive: true });
  const giveUp = Date.now() + 2 * staleLockMs;
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST")
        throw new ReportedError(
          `your progress could not be saved: ${show(lock)} could not be created (${(error as Error).message}); nothing was changed`,
        );
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > staleLockMs) rmSync(lock, { force: true });
      else if (Date.now() > giveUp)
        throw new ReportedError(
          `${show(lock)} says another command is saving your progress; if none is running, delete that file and try again`,
        );
      else Atomics.wait(pause, 0, 0, 15);
    }
  }
  try {
    return body();
  } finally {
    rmSync(lock, { force: true });
  }
}
