/**
 * progress.json's lock: a command that finds it held says so once it has waited about a second.
 * The clock is a pretend one (it moves only when the command pauses), so nothing here sleeps.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { Progress } from "../course/progress.ts";
import { ReportedError, UsageError } from "./args.ts";
import { lockWaitText } from "./json-file.ts";
import { pretendLockClock } from "../../tests/support/pretend-lock-clock.ts";
import { progressStore } from "./progress-file.ts";

const scratch = mkdtempSync(join(tmpdir(), "blast-radius-lock-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let homes = 0;
/** A fresh progress folder, a clock that advances only by its pauses, and what the store warned. */
function setUp(onPause: (waited: number, lock: string) => void = () => {}) {
  const dir = join(scratch, `home-${++homes}`);
  const file = join(dir, "progress.json");
  const lock = `${file}.lock`;
  const clock = pretendLockClock((waited) => onPause(waited, lock));
  const warned: string[] = [];
  const store = progressStore(file, { cwd: dir, warn: (text) => void warned.push(text), lockClock: clock });
  return { lock, store, warned, waited: clock.waited };
}

const hintOne = (p: Progress) => {
  p.exercises["choose-exact"] = { parts: {}, hints: 1, revealed: false };
};

test("a lock left behind makes the next command say, once, after about a second, that it is waiting and for what", () => {
  const { lock, store, warned, waited } = setUp();
  store.update(() => {}); // Creates the folder.
  writeFileSync(lock, "");
  store.update(hintOne);
  // Taken over once stale (10 s on the pretend clock), and said once, naming the lock file.
  expect(waited()).toBeGreaterThan(10_000);
  expect(warned).toEqual([lockWaitText("progress.json.lock", "your progress")]);
  expect(warned[0]).toMatch(/^waiting for another command's lock on your progress \(progress\.json\.lock\)/);
  expect(existsSync(lock)).toBe(false);
  expect(store.read().exercises["choose-exact"]?.hints).toBe(1);
});

test("a lock given up within the second is waited for without a word", () => {
  const { lock, store, warned } = setUp((waited, lock) => {
    if (waited >= 500) rmSync(lock, { force: true });
  });
  store.update(() => {});
  writeFileSync(lock, "");
  store.update(hintOne);
  expect(warned).toEqual([]);
  expect(existsSync(lock)).toBe(false);
});

/**
 * What the learner reads when progress.json cannot be opened, copied aside or saved, word for word.
 * Real file-system failures, which root meets too: a folder where the file should be; a copy name
 * taken by a link to nowhere (the copy is made only if its name is free, so it fails); a name so
 * long that the temporary file beside it cannot be named.
 */
describe("the words when progress.json cannot be opened, kept or saved", () => {
  const at = new Date("2026-11-30T07:45:12.000Z");
  const fresh = (name = "progress.json") => {
    const dir = join(scratch, `home-${++homes}`);
    mkdirSync(dir, { recursive: true });
    const warned: string[] = [];
    const store = progressStore(join(dir, name), { cwd: dir, warn: (text) => void warned.push(text), now: () => at });
    return { dir, file: join(dir, name), store, warned };
  };

  test("a folder where the file should be is a usage error naming it", () => {
    const { file, store } = fresh();
    mkdirSync(file);
    expect(() => store.read()).toThrow(
      new UsageError("progress.json could not be opened: it is a folder, not a file (EISDIR)"),
    );
  });

  test("a copy that cannot be made: nothing is written, and it says whether the file could be read at all", () => {
    for (const [text, unread] of [
      ["{ not json", "could not be read"],
      [JSON.stringify({ version: 1, exercises: { "Choose Exact": {} } }), "could not be read whole"],
    ]) {
      const { dir, file, store, warned } = fresh();
      writeFileSync(file, text!);
      const copy = join(dir, "progress.unreadable-20261130-074512.json");
      symlinkSync(join(dir, "nowhere", "copy.json"), copy);
      expect(() => store.update(hintOne)).toThrow(
        new ReportedError(
          `progress.json ${unread}, and a copy of it could not be saved (EEXIST: file already exists, open '${copy}'), so nothing was written: your progress file is as it was. Repair or move it, then try again.`,
        ),
      );
      expect(readFileSync(file, "utf8")).toBe(text);
      expect(warned).toEqual([]);
      expect(readdirSync(dir).sort()).toEqual(["progress.json", "progress.unreadable-20261130-074512.json"]);
    }
  });

  test("a file that cannot be written: the sentence names it, and no temporary file is left", () => {
    const name = `${"p".repeat(240)}.json`;
    const { dir, store } = fresh(name);
    expect(() => store.update(hintOne)).toThrow(
      new RegExp(`^your progress could not be saved to ${name} \\(ENAMETOOLONG: [^)]*\\); the file is as it was$`),
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});
