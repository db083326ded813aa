/**
 * The lock every file the terminal keeps beside progress.json holds, as progress.json does: one lock,
 * the store's (json-file.ts), so two commands at once (watch in one terminal, answer in another)
 * each keep their change. Each file through its own module's command-facing calls; the clock is a
 * pretend one (it moves only when the command pauses), so nothing here sleeps. (progress.json's
 * own words when it waits: progress-file.test.ts.)
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { emptyProgress } from "../course/progress.ts";
import { enrol } from "../course/review.ts";
import { reviewDraw } from "../course/review-seed.ts";
import { type LockClock, lockWaitText } from "./json-file.ts";
import { progressStore } from "./progress-file.ts";
import { reviewSessionStore } from "./review-session.ts";
import { variantStore } from "./variant-answers.ts";
import { pretendLockClock } from "../../tests/support/pretend-lock-clock.ts";

const scratch = mkdtempSync(join(tmpdir(), "blast-radius-locks-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type StoreOptions = { cwd: string; warn: (text: string) => void; lockClock: LockClock };

/** Two exercises, each with a review card, so a review under way of either is its card's (stillCurrent). */
const ids = ["cells-blast-radius", "daily-disk-failures"] as const;
const reviewing = enrol(
  {
    ...emptyProgress(),
    exercises: Object.fromEntries(
      ids.map((id) => [id, { parts: { a: { attempts: 1, solved: true } }, hints: 0, revealed: false }]),
    ),
  },
  ids.map((id) => ({ id, chapter: "cells", parts: ["a"] })),
  new Date("2026-12-01T09:00:00.000Z"),
);
/** A review of `id` under way, on a seed its card deals. */
const underWay = (id: string) => ({ seed: reviewDraw(id, reviewing.review![id]!.reps, 0), wrong: 0, right: [] });

interface Kept {
  name: string;
  /** What the file holds, as its messages say it. */
  holds: string;
  /** One command's change, through the module as the command makes it: it records `id`. */
  save(file: string, options: StoreOptions, id: string): void;
  /** The file as another command saves it, recording `id`. */
  savedBy(id: string): object;
  /** The exercises the file records. */
  recorded(json: unknown): string[];
}

const files: Kept[] = [
  {
    name: "progress.json",
    holds: "your progress",
    save: (file, options, id) =>
      void progressStore(file, options).update((p) => {
        p.exercises[id] = { parts: {}, hints: 1, revealed: false };
      }),
    savedBy: (id) => ({ version: 1, exercises: { [id]: { parts: {}, hints: 1, revealed: false } } }),
    recorded: (json) => Object.keys((json as { exercises: object }).exercises),
  },
  {
    name: "review-session.json",
    holds: "the reviews under way",
    save: (file, options, id) => reviewSessionStore(file, options).set(reviewing, id, underWay(id)),
    savedBy: (id) => ({ version: 2, reviews: { [id]: underWay(id) } }),
    recorded: (json) => Object.keys((json as { reviews: object }).reviews),
  },
  {
    name: "variants.json",
    holds: "the parts answered right for new numbers",
    save: (file, options, id) => void variantStore(file, options).answer(id, 42, "a", true, []),
    savedBy: (id) => ({ version: 1, variants: { [id]: { seed: 7, right: [] } } }),
    recorded: (json) => Object.keys((json as { variants: object }).variants),
  },
];

let homes = 0;
/** A fresh folder with `name` to be kept in it, a clock that advances only by its pauses, and what was warned. */
function setUp(name: string, onPause: (waited: number) => void) {
  const dir = join(scratch, `home-${++homes}`);
  mkdirSync(dir);
  const file = join(dir, name);
  const lockClock = pretendLockClock(onPause);
  const warned: string[] = [];
  const options = { cwd: dir, warn: (text: string) => void warned.push(text), lockClock };
  const recorded = (kept: Kept) => kept.recorded(JSON.parse(readFileSync(file, "utf8"))).sort();
  return { file, lock: `${file}.lock`, options, warned, waited: lockClock.waited, recorded };
}

describe.each(files)("$name is read, changed and written under its lock, as every file the terminal keeps", (kept) => {
  const [mine, theirs] = ids;

  test("a command that finds another's lock waits, then adds its change to what the other saved", () => {
    let other: (() => void) | undefined;
    const { file, lock, options, warned, waited, recorded } = setUp(kept.name, () => other?.());
    // The other command holds the lock; at this one's first pause it saves its change and lets go.
    writeFileSync(lock, "");
    other = () => {
      other = undefined;
      writeFileSync(file, JSON.stringify(kept.savedBy(theirs)));
      rmSync(lock);
    };
    kept.save(file, options, mine);
    expect(waited()).toBeGreaterThan(0);
    expect(recorded(kept)).toEqual([mine, theirs].sort());
    expect(existsSync(lock)).toBe(false);
    // Let go within the second: waited for without a word.
    expect(warned).toEqual([]);
  });

  test("a lock left behind is taken over once stale, and the wait is said once, naming the lock and what it guards", () => {
    const { file, lock, options, warned, waited, recorded } = setUp(kept.name, () => {});
    writeFileSync(lock, "");
    kept.save(file, options, mine);
    expect(waited()).toBeGreaterThan(10_000);
    expect(warned).toEqual([lockWaitText(`${kept.name}.lock`, kept.holds)]);
    expect(warned[0]).toBe(
      `waiting for another command's lock on ${kept.holds} (${kept.name}.lock); a lock left by a command that was stopped is taken over after 10 s\n`,
    );
    expect(recorded(kept)).toEqual([mine]);
    expect(existsSync(lock)).toBe(false);
  });
});

test("a change to a review under way is made on its record as the other command saved it while this one waited", () => {
  const [id] = ids;
  let other: (() => void) | undefined;
  const { file, lock, options, waited } = setUp("review-session.json", () => other?.());
  // The other command holds the lock; at this one's first pause it saves a hint counted in the
  // same review (as `hint` does) and lets go.
  writeFileSync(lock, "");
  const hinted = { ...underWay(id), wrong: 1, hints: 1 };
  other = () => {
    other = undefined;
    writeFileSync(file, JSON.stringify({ version: 2, reviews: { [id]: hinted } }));
    rmSync(lock);
  };
  // This one counts a wrong answer on the record as it finds it under the lock, not as it was before.
  const kept = reviewSessionStore(file, options).change(reviewing, id, (record) =>
    record ? { ...record, wrong: record.wrong + 1 } : undefined,
  );
  expect(waited()).toBeGreaterThan(0);
  expect(kept).toEqual({ ...hinted, wrong: 2 });
  expect(JSON.parse(readFileSync(file, "utf8")).reviews).toEqual({ [id]: kept });
  expect(existsSync(lock)).toBe(false);
});

test("progress.json's lock, held (hold), covers a review-session.json change too: another command's progress change waits for both", () => {
  const [id] = ids;
  const { file: progressFile, lock: progressLock, options } = setUp("progress.json", () => {});
  const sessionsFile = join(progressFile, "..", "review-session.json");
  // Another command, at the moment between the two writes: it tries to change progress.json.
  let other: "waited" | "saved" | undefined;
  const otherCommand = () => {
    const clock: LockClock = {
      now: () => 0,
      sleep: () => {
        throw new Error("waits for the lock");
      },
    };
    try {
      progressStore(progressFile, { ...options, lockClock: clock }).update((p) => {
        p.exercises[id] = { parts: {}, hints: 1, revealed: false };
      });
      other = "saved";
    } catch (error) {
      other = (error as Error).message === "waits for the lock" ? "waited" : undefined;
    }
  };
  progressStore(progressFile, options).hold((held) => {
    held.update((p) => {
      p.review = reviewing.review;
    });
    otherCommand();
    reviewSessionStore(sessionsFile, options).set(reviewing, id, underWay(id));
  });
  expect(other).toBe("waited");
  expect(JSON.parse(readFileSync(progressFile, "utf8")).review).toEqual(reviewing.review);
  expect(JSON.parse(readFileSync(sessionsFile, "utf8")).reviews).toEqual({ [id]: underWay(id) });
  expect([existsSync(progressLock), existsSync(`${sessionsFile}.lock`)]).toEqual([false, false]);
});

test("a lock taken again by the command that holds it is an error at once, not a wait on itself", () => {
  const { file, lock, options, waited } = setUp("progress.json", () => {});
  const store = progressStore(file, options);
  expect(() => store.hold(() => store.update(() => {}))).toThrow("progress.json.lock is held by this command already");
  expect(waited()).toBe(0);
  expect(existsSync(lock)).toBe(false);
});
