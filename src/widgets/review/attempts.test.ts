import { expect, test } from "vitest";
import { memoryStorage, refusedStorage } from "../../../tests/support/memory-storage.ts";
import { emptyProgress } from "../../course/progress.ts";
import { enrol, recordReview } from "../../course/review.ts";
import {
  attemptsFor,
  attemptsKey,
  attemptsText,
  combineAttempts,
  countsMore,
  currentAttempts,
  dealAttempts,
  dealtRecords,
  freshAttempts,
  keepAttempts,
  keepTyped,
  type PartAnswer,
  pruneAttempts,
  type ReviewAttempts,
  readAttempts,
  readAttemptsText,
} from "./attempts.ts";
import { formerReviewSeed, reviewSeedOf } from "../../../tests/support/review-seeds.ts";

const id = "cells-blast-radius";

/** A record with nothing answered yet. */
const counts = (seed: number, wrong: number, hints: number, gaveUp: boolean): ReviewAttempts => ({
  seed,
  wrong,
  hints,
  gaveUp,
  answers: {},
  typed: {},
});

/** "One bad cell": its canary part answered wrong, its untouched part right. */
const wrongCanary: PartAnswer = { fields: [["answer", "1"]], verdict: "wrong" };
const rightUntouched: PartAnswer = { fields: [["answer", "1,250"]], verdict: "right" };

test("a record is read back as written, its answers with it; nothing stored is no record, and none to store removes the key", () => {
  const record: ReviewAttempts = {
    ...counts(42, 3, 1, true),
    answers: { canary: wrongCanary, untouched: rightUntouched },
    typed: { canary: [["answer", "40"]] },
  };
  const text = attemptsText(new Map([[id, record]]));
  expect(JSON.parse(text!)).toEqual({ version: 1, reviews: { [id]: record } });
  expect(readAttemptsText(text)).toEqual(new Map([[id, record]]));
  // Nothing typed since the answers were checked: stored as a record was before typed text was kept.
  const checked = { ...record, typed: {} };
  expect(JSON.parse(attemptsText(new Map([[id, checked]]))!).reviews[id]).toEqual({
    seed: 42,
    wrong: 3,
    hints: 1,
    gaveUp: true,
    answers: { canary: wrongCanary, untouched: rightUntouched },
  });
  expect(readAttemptsText(attemptsText(new Map([[id, checked]])))).toEqual(new Map([[id, checked]]));
  // A choice part's ticks and a match part's picks are kept field by field, in order.
  const picks: PartAnswer = {
    fields: [
      ["choice", "b"],
      ["choice", "d"],
      ["deploy", ""],
    ],
    verdict: "wrong",
  };
  const other = { ...counts(42, 1, 0, false), answers: { pick: picks } };
  expect(readAttemptsText(attemptsText(new Map([[id, other]])))).toEqual(new Map([[id, other]]));
  expect(readAttemptsText(null)).toEqual(new Map());
  expect(attemptsText(new Map())).toBeNull();
});

test("a record kept before answers were kept reads with none, its counts as they were", () => {
  const before = JSON.stringify({ version: 1, reviews: { [id]: { seed: 42, wrong: 2, hints: 1, gaveUp: false } } });
  expect(readAttemptsText(before)).toEqual(new Map([[id, counts(42, 2, 1, false)]]));
});

test("an answer that does not read is dropped alone: the record and its counts stay", () => {
  const answers = {
    canary: wrongCanary,
    untouched: rightUntouched,
    "verdict-invalid": { ...wrongCanary, verdict: "invalid" },
    "no-verdict": { fields: [["answer", "1"]] },
    "fields-not-a-list": { fields: { answer: "1" }, verdict: "wrong" },
    "field-not-a-pair": { fields: [["answer"]], verdict: "wrong" },
    "field-name-not-an-id": { fields: [["Answer!", "1"]], verdict: "wrong" },
    "field-value-a-number": { fields: [["answer", 1]], verdict: "wrong" },
    "field-value-too-long": { fields: [["answer", "1".repeat(1001)]], verdict: "wrong" },
    "too-many-fields": { fields: Array.from({ length: 101 }, () => ["choice", "a"]), verdict: "wrong" },
    "an-array": [],
    "Not A Part": wrongCanary,
  };
  const text = JSON.stringify({ version: 1, reviews: { [id]: { ...counts(7, 1, 0, false), answers } } });
  expect(readAttemptsText(text)).toEqual(
    new Map([[id, { ...counts(7, 1, 0, false), answers: { canary: wrongCanary, untouched: rightUntouched } }]]),
  );
  // A part key JSON.parse makes an own "__proto__" is no part id either.
  expect(readAttemptsText(text.replace('"Not A Part"', '"__proto__"'))!.get(id)!.answers).toEqual({
    canary: wrongCanary,
    untouched: rightUntouched,
  });
  // Answers that are not a table of parts: the record reads with none, its counts kept.
  for (const bad of [[], "canary", null, 3])
    expect(
      readAttemptsText(JSON.stringify({ version: 1, reviews: { [id]: { ...counts(7, 1, 0, true), answers: bad } } })),
    ).toEqual(new Map([[id, counts(7, 1, 0, true)]]));
});

test("what is not a record is dropped, entry by entry; broken JSON and other formats read as none; a newer version is left alone", () => {
  const good = counts(7, 1, 0, false);
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
      "no-seed": { wrong: 0, hints: 0, gaveUp: false, answers: {} },
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
  const kept = { ...counts(5, 2, 1, false), answers: { canary: wrongCanary } };
  const reviews = new Map([[id, kept]]);
  expect(attemptsFor(reviews, id, 5)).toEqual(kept);
  expect(attemptsFor(reviews, id, 6)).toEqual(freshAttempts(6));
  expect(attemptsFor(reviews, "other", 5)).toEqual(freshAttempts(5));
  // The page's copy: answering there changes nothing kept until it is kept.
  const mine = attemptsFor(reviews, id, 5);
  mine.answers.untouched = rightUntouched;
  mine.answers.canary!.fields[0]![1] = "2";
  expect(reviews.get(id)).toEqual({ ...counts(5, 2, 1, false), answers: { canary: wrongCanary } });
});

test("two records of one review combine to the most counted, given up if either gave up; not added", () => {
  const a = counts(5, 2, 0, false);
  const b = counts(5, 1, 1, true);
  expect(combineAttempts(a, b)).toEqual(counts(5, 2, 1, true));
  expect(combineAttempts(a, { ...b, seed: 6 })).toEqual(a);
  expect(countsMore(a, b)).toBe(true);
  expect(countsMore(a, { ...a, wrong: 1 })).toBe(false);
  expect(countsMore(a, { ...a, gaveUp: true })).toBe(true);
  expect(countsMore(a, { ...b, seed: 6 })).toBe(false);
});

test("combined, each part keeps the first record's answer where it has one; answers count nothing", () => {
  const rightCanary: PartAnswer = { fields: [["answer", "38"]], verdict: "right" };
  const page = { ...counts(5, 1, 0, false), answers: { canary: rightCanary } };
  const stored = { ...counts(5, 1, 0, false), answers: { canary: wrongCanary, untouched: rightUntouched } };
  expect(combineAttempts(page, stored)).toEqual({
    ...counts(5, 1, 0, false),
    answers: { canary: rightCanary, untouched: rightUntouched },
  });
  // Answers alone are nothing more counted against the review: no storage event brings them in.
  expect(countsMore(page, stored)).toBe(false);
  expect(countsMore(counts(5, 1, 0, false), page)).toBe(false);
  // Another seed's answers are another review's.
  expect(combineAttempts(counts(6, 0, 0, false), stored)).toEqual(counts(6, 0, 0, false));
});

test("a record outlives its page: kept, read back after a reload, combined with another tab's, and its answers shown stay shown", () => {
  const store = memoryStorage();
  const seed = reviewSeedOf(id, 1);
  // A wrong answer, then the page reloads: the review starts from what was kept.
  expect(keepAttempts(id, { ...freshAttempts(seed), wrong: 1 }, store)).toEqual(counts(seed, 1, 0, false));
  expect(attemptsFor(readAttempts(store)!, id, seed)).toEqual(counts(seed, 1, 0, false));
  // A tab opened before that wrong answer gives up: its record has the wrong answer too.
  expect(keepAttempts(id, { ...freshAttempts(seed), gaveUp: true }, store)).toEqual(counts(seed, 1, 0, true));
  // A record of the page's that counts less never takes back what is on record.
  expect(keepAttempts(id, freshAttempts(seed), store)).toEqual(counts(seed, 1, 0, true));
  expect(JSON.parse(store.getItem(attemptsKey)!)).toEqual({
    version: 1,
    reviews: { [id]: { seed, wrong: 1, hints: 0, gaveUp: true, answers: {} } },
  });
});

test("a part answered wrong, kept, then the page reloads: the answer comes back wrong and still counts; one answered right since comes back right, counting nothing more", () => {
  const store = memoryStorage();
  const seed = reviewSeedOf(id, 1);
  // The canary part checked wrong: counted once, and kept as the part's answer.
  keepAttempts(id, { ...counts(seed, 1, 0, false), answers: { canary: wrongCanary } }, store);
  const reloaded = attemptsFor(readAttempts(store)!, id, seed);
  expect(reloaded).toEqual({ ...counts(seed, 1, 0, false), answers: { canary: wrongCanary } });
  // After the reload the untouched part is answered right: the wrong answer before it still counts.
  reloaded.answers.untouched = rightUntouched;
  expect(keepAttempts(id, reloaded, store)).toEqual({
    ...counts(seed, 1, 0, false),
    answers: { canary: wrongCanary, untouched: rightUntouched },
  });
  // Another reload: both parts as they were left, the wrong answer counted once.
  expect(attemptsFor(readAttempts(store)!, id, seed)).toEqual({
    ...counts(seed, 1, 0, false),
    answers: { canary: wrongCanary, untouched: rightUntouched },
  });
});

test("what is typed and not checked is kept part by part for the review's numbers, counts nothing, and goes with the review", () => {
  const store = memoryStorage();
  const seed = reviewSeedOf(id, 1);
  // The canary part checked wrong (counted), then 40 typed in its place, and 1,250 in the other part, unchecked.
  keepAttempts(id, { ...counts(seed, 1, 0, false), answers: { canary: wrongCanary } }, store);
  keepTyped(id, seed, "canary", [["answer", "40"]], store);
  keepTyped(id, seed, "untouched", [["answer", "1,250"]], store);
  const typed = { canary: [["answer", "40"]], untouched: [["answer", "1,250"]] };
  expect(attemptsFor(readAttempts(store)!, id, seed)).toEqual({
    ...counts(seed, 1, 0, false),
    answers: { canary: wrongCanary },
    typed,
  });
  // Typed text is nothing counted: no storage event of it brings another tab's record in.
  expect(countsMore(counts(seed, 1, 0, false), attemptsFor(readAttempts(store)!, id, seed))).toBe(false);
  // The page's record, dealt before the typing, counts a hint: what was typed since stays on record.
  expect(keepAttempts(id, { ...counts(seed, 2, 1, false), answers: { canary: wrongCanary } }, store).typed).toEqual(
    typed,
  );
  // A field emptied is kept empty, so the answer checked before does not come back in its place.
  keepTyped(id, seed, "canary", [["answer", ""]], store);
  expect(attemptsFor(readAttempts(store)!, id, seed).typed.canary).toEqual([["answer", ""]]);
  // Checked since: the text typed is the answer checked, and is no longer kept apart from it.
  keepTyped(id, seed, "untouched", [["answer", "1250"]], store);
  expect(
    keepAttempts(
      id,
      { ...counts(seed, 2, 1, false), answers: { untouched: { fields: [["answer", "1250"]], verdict: "right" } } },
      store,
    ).typed,
  ).toEqual({ canary: [["answer", ""]] });
  // A part emptied with no answer checked there keeps nothing.
  keepTyped(id, seed, "other", [["answer", "7"]], store);
  keepTyped(id, seed, "other", [["answer", ""]], store);
  expect(attemptsFor(readAttempts(store)!, id, seed).typed).toEqual({ canary: [["answer", ""]] });
  // Another tab typed meanwhile in the other part: each keeps its own part.
  keepTyped(id, seed, "untouched", [["answer", "1,250"]], store);
  expect(attemptsFor(readAttempts(store)!, id, seed).typed).toEqual({
    canary: [["answer", ""]],
    untouched: [["answer", "1,250"]],
  });
  // What does not read as a part's form data is not kept.
  keepTyped(id, seed, "canary", [["answer", "9".repeat(1001)]], store);
  keepTyped(id, seed, "not a part", [["answer", "3"]], store);
  expect(attemptsFor(readAttempts(store)!, id, seed).typed).toEqual({
    canary: [["answer", ""]],
    untouched: [["answer", "1,250"]],
  });
  // The review's next numbers (after it is rated) are another review: nothing typed comes with them,
  // and text typed for the old numbers never takes the place of the new review's record.
  const next = reviewSeedOf(id, 2);
  expect(attemptsFor(readAttempts(store)!, id, next)).toEqual(freshAttempts(next));
  const newer = memoryStorage();
  keepAttempts(id, counts(next, 1, 0, false), newer);
  keepTyped(id, seed, "canary", [["answer", "40"]], newer);
  expect(attemptsFor(readAttempts(newer)!, id, next)).toEqual(counts(next, 1, 0, false));
  // Typed with nothing on record yet: the record starts with it, nothing counted.
  const fresh = memoryStorage();
  keepTyped(id, seed, "canary", [["answer", "4"]], fresh);
  expect(attemptsFor(readAttempts(fresh)!, id, seed)).toEqual({
    ...freshAttempts(seed),
    typed: { canary: [["answer", "4"]] },
  });
  // Refused storage: nothing kept, nothing thrown.
  const refused = refusedStorage();
  expect(() => keepTyped(id, seed, "canary", [["answer", "4"]], refused)).not.toThrow();
});

test("typed text that does not read is dropped alone: the record, its answers and the other parts' text stay", () => {
  const text = JSON.stringify({
    version: 1,
    reviews: {
      [id]: {
        seed: 5,
        wrong: 1,
        hints: 0,
        gaveUp: false,
        answers: { canary: wrongCanary },
        typed: { canary: [["answer", "40"]], untouched: [["answer", 40]], "bad part": [["answer", "1"]], odd: "40" },
      },
    },
  });
  expect(readAttemptsText(text)).toEqual(
    new Map([
      [id, { ...counts(5, 1, 0, false), answers: { canary: wrongCanary }, typed: { canary: [["answer", "40"]] } }],
    ]),
  );
});

test("a rated review's record goes; the others stay, one whose card is gone (a reset) too, until the card is back", () => {
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
  keepAttempts(id, { ...freshAttempts(reviewSeedOf(id, 1)), gaveUp: true }, store);
  keepAttempts("canary-exposure", { ...freshAttempts(reviewSeedOf("canary-exposure", 1)), wrong: 2 }, store);
  const rated = recordReview(scheduled, id, "again", new Date(solvedAt.getTime() + 3 * day));
  expect([...currentAttempts(readAttempts(store)!, rated).keys()]).toEqual(["canary-exposure"]);
  pruneAttempts(rated, store);
  expect([...readAttempts(store)!.keys()]).toEqual(["canary-exposure"]);
  // Progress reset on /progress/: no card, and the record of the review answered wrong twice stays,
  // so the reset's Undo, which brings the card back with the same review, brings its two wrong
  // answers back too (before, a reload of /review/ between the two dropped them: the review came
  // back clean, and a right answer then rated it easy).
  const reset = emptyProgress();
  expect([...currentAttempts(readAttempts(store)!, reset).keys()]).toEqual(["canary-exposure"]);
  pruneAttempts(reset, store);
  expect(readAttempts(store)!.get("canary-exposure")?.wrong).toBe(2);
  pruneAttempts(rated, store);
  expect(readAttempts(store)!.get("canary-exposure")?.wrong).toBe(2);
  // The last one rated: the key goes.
  pruneAttempts(recordReview(rated, "canary-exposure", "hard", new Date(solvedAt.getTime() + 3 * day)), store);
  expect(store.getItem(attemptsKey)).toBeNull();
});

test("refused, full or newer storage: nothing kept, nothing thrown, the page's record comes back as it is", () => {
  const record = { ...counts(3, 1, 0, true), answers: { canary: wrongCanary } };
  const refused = refusedStorage();
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

test("a record kept under the seed a review dealt before it skipped the chapter's numbers moves to the seed dealt now, its counts with it, its answers not", () => {
  // "Drain and refill a retry token bucket" after 13 reviews: the seed its review dealt before
  // (draw 0) deals the chapter's numbers, so the page now deals another.
  const bucket = "retry-token-bucket";
  const former = formerReviewSeed(bucket, 13);
  const seed = reviewSeedOf(bucket, 13);
  expect(seed).not.toBe(former);
  const given: PartAnswer = { fields: [["answer", "12"]], verdict: "wrong" };
  const before: ReviewAttempts = {
    ...counts(former, 2, 1, true),
    answers: { rate: given },
    typed: { rate: [["answer", "13"]] },
  };
  const other = counts(reviewSeedOf(id, 1), 1, 0, false);
  const store = memoryStorage();
  keepAttempts(bucket, before, store);
  keepAttempts(id, other, store);
  // Loading the page keeps it (its card was not rated: the seed is one it may deal), but it is not
  // the record of the seed dealt now.
  const card = {
    due: "2026-12-04T09:00:00.000Z",
    stability: 1,
    difficulty: 9,
    elapsed_days: 0,
    scheduled_days: 1,
    learning_steps: 0,
    reps: 13,
    lapses: 12,
    state: 3 as const,
    last_review: "2026-12-03T09:00:00.000Z",
  };
  const progress = { version: 1 as const, exercises: {}, review: { [bucket]: card } };
  // (`id`'s has no card in this schedule, and is kept for the day it comes back.)
  expect([...currentAttempts(readAttempts(store)!, progress).keys()]).toEqual([bucket, id]);
  expect(attemptsFor(readAttempts(store)!, bucket, seed)).toEqual(freshAttempts(seed));

  // Dealt: what it counted against the review counts against it still; the answers and the text
  // typed were to other numbers.
  const moved = counts(seed, 2, 1, true);
  expect(dealAttempts(bucket, seed, 13, store)).toEqual(moved);
  expect(readAttempts(store)).toEqual(
    new Map([
      [bucket, moved],
      [id, other],
    ]),
  );
  // Dealt again (a reload): the same record, nothing written.
  const text = store.getItem(attemptsKey);
  expect(dealAttempts(bucket, seed, 13, store)).toEqual(moved);
  expect(store.getItem(attemptsKey)).toBe(text);

  // Kept under a seed of other reps: a rated review's, so it goes, and the review starts afresh.
  const rated = new Map([[bucket, counts(reviewSeedOf(bucket, 12), 4, 0, true)]]);
  expect(dealtRecords(rated, bucket, seed, 13)).toEqual(new Map());
  const stale = memoryStorage({ [attemptsKey]: attemptsText(rated)! });
  expect(dealAttempts(bucket, seed, 13, stale)).toEqual(freshAttempts(seed));
  expect(stale.getItem(attemptsKey)).toBeNull();

  // Nothing to move: the records themselves come back.
  const none = new Map([[id, other]]);
  expect(dealtRecords(none, bucket, seed, 13)).toBe(none);

  // A newer version's value is left as it is; the review's record lives in the page.
  const newer = JSON.stringify({ version: 2, reviews: { [bucket]: { anything: true } } });
  const later = memoryStorage({ [attemptsKey]: newer });
  expect(dealAttempts(bucket, seed, 13, later)).toEqual(freshAttempts(seed));
  expect(later.getItem(attemptsKey)).toBe(newer);
});
