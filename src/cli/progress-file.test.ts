/**
 * progress.json's lock: a command that finds it held says so once it has waited about a second.
 * The clock is a pretend one (it moves only when the command pauses), so nothing here sleeps.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import type { Progress } from "../course/progress.ts";
import { type LockClock, lockWaitText, progressStore } from "./progress-file.ts";

const scratch = mkdtempSync(join(tmpdir(), "blast-radius-lock-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let homes = 0;
/** A fresh progress folder, a clock that advances only by its pauses, and what the store warned. */
function setUp(onPause: (waited: number, lock: string) => void = () => {}) {
  const dir = join(scratch, `home-${++homes}`);
  const file = join(dir, "progress.json");
  const lock = `${file}.lock`;
  const start = Date.now();
  let time = start;
  const clock: LockClock = {
    now: () => time,
    sleep: (ms) => {
      time += ms;
      onPause(time - start, lock);
    },
  };
  const warned: string[] = [];
  const store = progressStore(file, { cwd: dir, warn: (text) => void warned.push(text), lockClock: clock });
  return { lock, store, warned, waited: () => time - start };
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
  expect(warned).toEqual([lockWaitText("progress.json.lock")]);
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
