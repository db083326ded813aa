import { expect, test } from "vitest";
import { memoryStorage } from "../../../tests/support/memory-storage.ts";
import { emptyProgress } from "../../course/progress.ts";
import { enrol, recordReview, reviewSeed } from "../../course/review.ts";
import {
  attemptsFor,
  attemptsKey,
  attemptsText,
  combineAttempts,
  countsMore,
  currentAttempts,
  freshAttempts,
  keepAttempts,
  pruneAttempts,
  readAttempts,
  readAttemptsText,
} from "./attempts.ts";

const id = "cells-blast-radius";

test("a record is read back as written; nothing stored is no record, and none to store removes the key", () => {
  const record = { seed: 42, wrong: 3, hints: 1, gaveUp: true };
  const text = attemptsText(new Map([[id, record]]));
  expect(JSON.parse(text!)).toEqual({ version: 1, reviews: { [id]: record } });
  expect(readAttemptsText(text)).toEqual(new Map([[id, record]]));
  expect(readAttemptsText(null)).toEqual(new Map());
  expect(attemptsText(new Map())).toBeNull();
});

test("what is not a record is dropped, entry by entry; broken JSON and other formats read as none; a newer version is left alone", () => {
  const good = { seed: 7, wrong: 1, hints: 0, gaveUp: false };
  const stored = {
    version: 1,
    reviews: {
      [id]: good,
      "negative-wrong": { ...good, wrong: -1 },
      "fraction-wrong": { ...good, wrong: 1.5 },
      "seed-zero": { ...good, seed: 0 },
      "seed-too-big": { ...good, seed: 1_000_000_000 },
      "more-hints-than-counted": { ...good, hints: 2 },
      "gave-up-as-text": { ...good, gaveUp: "yes" },
      "no-seed": { wrong: 0, hints: 0, gaveUp: false },
      "an-array": [],
      "Not An Id": good,
    },
  };
  expect(readAttemptsText(JSON.stringify(stored))).toEqual(new Map([[id, good]]));
  // A key JSON.parse makes an own "__proto__" is no exercise id either.
  const proto = JSON.stringify(stored).replace('"Not An Id"', '"__proto__"');
  expect(readAttemptsText(proto)).toEqual(new Map([[id, good]]));
  for (const text of ["{", "null", "[]", '"text"', "{}", '{"version":1}', '{"version":1,"reviews":[]}'])
    expect(readAttemptsText(text), text).toEqual(new Map());
  expect(readAttemptsText(JSON.stringify({ version: 0, reviews: { [id]: good } }))).toEqual(new Map());
  expect(readAttemptsText(JSON.stringify({ version: 2, reviews: {} }))).toBeNull();
});

test("a review's record is the one kept for its seed: another seed's is another review's", () => {
  const reviews = new Map([[id, { seed: 5, wrong: 2, hints: 1, gaveUp: false }]]);
  expect(attemptsFor(reviews, id, 5)).toEqual({ seed: 5, wrong: 2, hints: 1, gaveUp: false });
  expect(attemptsFor(reviews, id, 6)).toEqual(freshAttempts(6));
  expect(attemptsFor(reviews, "other", 5)).toEqual(freshAttempts(5));
});

test("two records of one review combine to the most counted, given up if either gave up; not added", () => {
  const a = { seed: 5, wrong: 2, hints: 0, gaveUp: false };
  const b = { seed: 5, wrong: 1, hints: 1, gaveUp: true };
  expect(combineAttempts(a, b)).toEqual({ seed: 5, wrong: 2, hints: 1, gaveUp: true });
  expect(combineAttempts(a, { ...b, seed: 6 })).toEqual(a);
  expect(countsMore(a, b)).toBe(true);
  expect(countsMore(a, { ...a, wrong: 1 })).toBe(false);
  expect(countsMore(a, { ...a, gaveUp: true })).toBe(true);
  expect(countsMore(a, { ...b, seed: 6 })).toBe(false);
});

test("a record outlives its page: kept, read back after a reload, combined with another tab's, and its answers shown stay shown", () => {
  const store = memoryStorage();
  const seed = reviewSeed(id, 1);
  // A wrong answer, then the page reloads: the review starts from what was kept.
  expect(keepAttempts(id, { ...freshAttempts(seed), wrong: 1 }, store)).toEqual({
    seed,
    wrong: 1,
    hints: 0,
    gaveUp: false,
  });
  expect(attemptsFor(readAttempts(store)!, id, seed)).toEqual({ seed, wrong: 1, hints: 0, gaveUp: false });
  // A tab opened before that wrong answer gives up: its record has the wrong answer too.
  expect(keepAttempts(id, { ...freshAttempts(seed), gaveUp: true }, store)).toEqual({
    seed,
    wrong: 1,
    hints: 0,
    gaveUp: true,
  });
  // A record of the page's that counts less never takes back what is on record.
  expect(keepAttempts(id, freshAttempts(seed), store)).toEqual({ seed, wrong: 1, hints: 0, gaveUp: true });
  expect(JSON.parse(store.getItem(attemptsKey)!)).toEqual({
    version: 1,
    reviews: { [id]: { seed, wrong: 1, hints: 0, gaveUp: true } },
  });
});

test("a rated review's record goes; the others stay", () => {
  const day = 86_400_000;
  const solvedAt = new Date("2026-12-01T09:00:00.000Z");
  const progress = emptyProgress();
  for (const e of [id, "canary-exposure"])
    progress.exercises[e] = { parts: { a: { attempts: 1, solved: true } }, hints: 0, revealed: false };
  const scheduled = enrol(
    progress,
    [
      { id, chapter: "cells", parts: ["a"] },
      { id: "canary-exposure", chapter: "deploys", parts: ["a"] },
    ],
    solvedAt,
  );
  const store = memoryStorage();
  keepAttempts(id, { ...freshAttempts(reviewSeed(id, 1)), gaveUp: true }, store);
  keepAttempts("canary-exposure", { ...freshAttempts(reviewSeed("canary-exposure", 1)), wrong: 2 }, store);
  // A record of an exercise not in the schedule (progress reset) is no review under way.
  keepAttempts("shuffle-shard-16-workers", { ...freshAttempts(9), wrong: 1 }, store);
  const rated = recordReview(scheduled, id, "again", new Date(solvedAt.getTime() + 3 * day));
  expect([...currentAttempts(readAttempts(store)!, rated).keys()]).toEqual(["canary-exposure"]);
  pruneAttempts(rated, store);
  expect([...readAttempts(store)!.keys()]).toEqual(["canary-exposure"]);
  // The last one rated: the key goes.
  pruneAttempts(recordReview(rated, "canary-exposure", "hard", new Date(solvedAt.getTime() + 3 * day)), store);
  expect(store.getItem(attemptsKey)).toBeNull();
});

test("refused, full or newer storage: nothing kept, nothing thrown, the page's record comes back as it is", () => {
  const record = { seed: 3, wrong: 1, hints: 0, gaveUp: true };
  const refused = {
    getItem: () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    },
    setItem: () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    },
    removeItem: () => {},
  };
  expect(readAttempts(refused)).toEqual(new Map());
  expect(keepAttempts(id, record, refused)).toEqual(record);
  expect(() => pruneAttempts(emptyProgress(), refused)).not.toThrow();

  const full = memoryStorage({}, { full: true });
  expect(keepAttempts(id, record, full)).toEqual(record);
  expect(full.getItem(attemptsKey)).toBeNull();

  const newer = JSON.stringify({ version: 2, reviews: { [id]: { anything: true } } });
  const later = memoryStorage({ [attemptsKey]: newer });
  expect(keepAttempts(id, record, later)).toEqual(record);
  pruneAttempts(emptyProgress(), later);
  expect(later.getItem(attemptsKey)).toBe(newer);
});
