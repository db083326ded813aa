/**
 * What a due review on /review/ has counted against the learner before it is rated: its wrong
 * answers and hints, and whether the learner gave up and saw the answers; and, per part, the last
 * answer the learner checked and its verdict, and what its form held when last edited, checked or
 * not. Kept in localStorage under one versioned key, so a reload (or another tab) deals the same
 * numbers (reviewSeed: the card's reps change only when it is rated) with the same record, shows
 * the parts answered as they were left, the text typed since in its field, and offers the same
 * grades: a review given up on, or answered wrongly, cannot come back clean by reloading the page.
 * The terminal keeps the same counts in its session file (.blast-radius/review-session.json).
 *
 *     blast-radius:review-attempts:v1 =
 *       { "version": 1, "reviews": { "<exercise id>": { "seed", "wrong", "hints", "gaveUp",
 *         "answers": { "<part id>": { "fields": [["answer", "38"]], "verdict": "right" } },
 *         "typed": { "<part id>": [["answer", "40"]] } } } }
 *
 * The answers only show what was answered: what counts is `wrong`, `hints` and `gaveUp`, so an
 * answer checked wrong and then reloaded stays counted, and an answer brought back right counts
 * nothing more. What was typed counts nothing either, and is never checked on coming back. A
 * record kept before answers (or typed text) were kept has none, and reads as such.
 *
 * A record belongs to one review: its exercise and the seed that review dealt. It is dropped once
 * the review is rated (the card's reps, so the seed, move on), and one whose seed is no longer
 * its card's (rated in the terminal, or in another tab) is stale and dropped too. One kept under
 * another seed its card may deal at the same reps (the seed a review dealt before reviews skipped
 * the chapter's numbers) is of the same review, not yet rated: when the page deals the review, it
 * moves to the seed dealt (dealAttempts) with its counts, and without its answers and typed text,
 * which were to other numbers. Entries that do not read as a record are dropped one by one, and
 * so are answers and typed text that do not read as such (the record's counts stay); a value
 * written by a newer version of the site is left as it is (this page then keeps the review's
 * record only in memory). Reading and writing never throw: where storage is refused or full, the
 * record lives only in the page, as before.
 */
import { isId } from "../../course/ids.ts";
import type { Progress } from "../../course/progress.ts";
import { carryReview } from "../../course/review-carry.ts";
import { mayDealReview } from "../../course/review-seed.ts";
import { keep, type Store, storeOrNothing } from "../site-storage.ts";

export const attemptsKey = "blast-radius:review-attempts:v1";

/** The version of the stored format this code writes and reads. */
const attemptsVersion = 1;

/**
 * The last answer the learner checked in one part, right or wrong (an answer the grader could not
 * read is no answer: the one before it stays).
 */
export interface PartAnswer {
  /** What the part's form held when it was checked: its form data, field by field, in order. */
  fields: [name: string, value: string][];
  /** The grader's verdict on it. */
  verdict: "right" | "wrong";
}

/** One review's record before it is rated. */
export interface ReviewAttempts {
  /** The variant the review dealt (reviewSeed of the card's reps). */
  seed: number;
  /** Wrong answers and hints counted against the review: ratingFor's `wrong`. */
  wrong: number;
  /** How many of the exercise's hints the review has opened (each counted once, in `wrong`). */
  hints: number;
  /** The learner gave up and saw the answers: the review counts as forgotten. */
  gaveUp: boolean;
  /** The last answer checked in each part, by part id, until the review was answered or given up. */
  answers: Record<string, PartAnswer>;
  /**
   * What each part's form held when the learner last edited it, by part id, where that is not the
   * answer last checked there (sinceChecked): text typed and not checked yet, or a field emptied
   * since its answer was checked (an empty value, so that answer does not come back in its place).
   * Written part by part as it is typed (keepTyped), in this tab or another: the stored one is the
   * latest.
   */
  typed: Record<string, Fields>;
}

/** A part's form data, field by field, in order (formFields). */
type Fields = PartAnswer["fields"];

/** A review's record before anything counted against it. */
export function freshAttempts(seed: number): ReviewAttempts {
  return { seed, wrong: 0, hints: 0, gaveUp: false, answers: {}, typed: {} };
}

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
/** A dealt review's seed: reviewSeed's range. */
const isSeed = (v: unknown): v is number => isCount(v) && v >= 1 && v <= 999_999_999;

/** Longest value of a field kept, in characters (an answer field takes 200): bounds what is stored. */
const maxFieldLength = 1000;
/** Most fields kept for one part (a match part has a field per item). */
const maxFields = 100;

/**
 * `typed` without what is no longer typed since: a part's text that is the answer checked there
 * (checked since it was typed), and a part left empty with no answer checked (nothing to keep).
 */
function sinceChecked(answers: Record<string, PartAnswer>, typed: Record<string, Fields>): Record<string, Fields> {
  const since: Record<string, Fields> = {};
  for (const [part, fields] of Object.entries(typed)) {
    const checked = Object.hasOwn(answers, part) ? answers[part]!.fields : undefined;
    if (checked ? JSON.stringify(fields) !== JSON.stringify(checked) : fields.some(([, value]) => value !== ""))
      since[part] = fields;
  }
  return since;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const isField = (v: unknown): v is [string, string] =>
  Array.isArray(v) && v.length === 2 && isId(v[0]) && typeof v[1] === "string" && v[1].length <= maxFieldLength;

function readFields(v: unknown): Fields | undefined {
  if (!Array.isArray(v) || v.length > maxFields || !v.every(isField)) return undefined;
  return v.map(([name, value]) => [name, value]);
}

function readAnswer(v: unknown): PartAnswer | undefined {
  if (!isObject(v)) return undefined;
  const fields = readFields(v.fields);
  const { verdict } = v;
  if (!fields || (verdict !== "right" && verdict !== "wrong")) return undefined;
  return { fields, verdict };
}

/**
 * Each part's entry of a record's field that `read` reads (the answers, the typed text), under a
 * name that is a part id; none for a record kept before the field was.
 */
function readParts<T>(v: unknown, read: (entry: unknown) => T | undefined): Record<string, T> {
  const parts: Record<string, T> = {};
  if (!isObject(v)) return parts;
  for (const [part, entry] of Object.entries(v)) {
    const value = read(entry);
    if (isId(part) && value) parts[part] = value;
  }
  return parts;
}

function readRecord(v: unknown): ReviewAttempts | undefined {
  if (!isObject(v)) return undefined;
  const { seed, wrong, hints, gaveUp, answers, typed } = v;
  // The hints counted are among the wrong answers counted.
  if (!isSeed(seed) || !isCount(wrong) || !isCount(hints) || hints > wrong || typeof gaveUp !== "boolean")
    return undefined;
  // Answers that do not read are dropped, not the record: its counts are what the grades rest on.
  const read = readParts(answers, readAnswer);
  return { seed, wrong, hints, gaveUp, answers: read, typed: sinceChecked(read, readParts(typed, readFields)) };
}

/** A copy of `record` that shares nothing with it. */
function copyAttempts(record: ReviewAttempts): ReviewAttempts {
  const answers: Record<string, PartAnswer> = {};
  const copy = (fields: Fields): Fields => fields.map(([name, value]) => [name, value]);
  for (const [part, { fields, verdict }] of Object.entries(record.answers))
    answers[part] = { fields: copy(fields), verdict };
  const typed: Record<string, Fields> = {};
  for (const [part, fields] of Object.entries(record.typed)) typed[part] = copy(fields);
  return { ...record, answers, typed };
}

/**
 * The records in a stored value, by exercise id: none for nothing stored, broken JSON or
 * something else; null for a value of a newer version (which this page must not write over).
 * Never throws.
 */
export function readAttemptsText(text: string | null): Map<string, ReviewAttempts> | null {
  const reviews = new Map<string, ReviewAttempts>();
  if (text === null) return reviews;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return reviews;
  }
  if (typeof value !== "object" || value === null) return reviews;
  const { version, reviews: stored } = value as { version?: unknown; reviews?: unknown };
  if (typeof version === "number" && version > attemptsVersion) return null;
  if (version !== attemptsVersion || typeof stored !== "object" || stored === null || Array.isArray(stored))
    return reviews;
  for (const [id, entry] of Object.entries(stored)) {
    const record = readRecord(entry);
    if (isId(id) && record) reviews.set(id, record);
  }
  return reviews;
}

/**
 * The stored value for `reviews`: null when there are none (the key is removed). A record with
 * nothing typed since its answers were checked is stored without `typed`, as before it was kept.
 */
export function attemptsText(reviews: ReadonlyMap<string, ReviewAttempts>): string | null {
  if (reviews.size === 0) return null;
  const stored = [...reviews].map(([id, { typed, ...record }]) => [
    id,
    Object.keys(typed).length > 0 ? { ...record, typed } : record,
  ]);
  return JSON.stringify({ version: attemptsVersion, reviews: Object.fromEntries(stored) });
}

/** The record of the review of `id` that dealt `seed`: the stored one, or a fresh one (another seed's is stale). */
export function attemptsFor(reviews: ReadonlyMap<string, ReviewAttempts>, id: string, seed: number): ReviewAttempts {
  const stored = reviews.get(id);
  return stored?.seed === seed ? copyAttempts(stored) : freshAttempts(seed);
}

/**
 * Two records of one review (this page's and the stored one, which another tab may have moved on)
 * as one: the most counted against it, and given up if either gave up. Counts are not added: each
 * record already holds what it saw of the other. Each part's answer is `a`'s where it has one (the
 * page's own, checked last there), else `b`'s; the answers count nothing either way. Each part's
 * typed text is `b`'s where it has one (the stored record: keepTyped writes each edit there, from
 * any tab), else `a`'s, and goes once it is the answer checked (sinceChecked). A record of another
 * seed is another review's: `a` is kept.
 */
export function combineAttempts(a: ReviewAttempts, b: ReviewAttempts): ReviewAttempts {
  if (a.seed !== b.seed) return copyAttempts(a);
  const answers = { ...copyAttempts(b).answers, ...copyAttempts(a).answers };
  return {
    seed: a.seed,
    wrong: Math.max(a.wrong, b.wrong),
    hints: Math.max(a.hints, b.hints),
    gaveUp: a.gaveUp || b.gaveUp,
    answers,
    typed: sinceChecked(answers, { ...copyAttempts(a).typed, ...copyAttempts(b).typed }),
  };
}

/** Whether `b` counts anything against the review that `a` does not (answers count nothing). */
export function countsMore(a: ReviewAttempts, b: ReviewAttempts): boolean {
  const both = combineAttempts(a, b);
  return both.wrong > a.wrong || both.hints > a.hints || both.gaveUp !== a.gaveUp;
}

/**
 * The records still of a review under way: those whose seed is one their card in `progress` may
 * deal (mayDealReview: the card has not been rated since), and those whose card is gone from the
 * schedule. A card rated since (here, in another tab or in the terminal) takes its record with
 * it; a card gone (progress reset on /progress/, or replaced by an import) leaves it, as the card
 * may come back with the same review (the reset's Undo, an earlier export imported): a review
 * answered wrong or given up must not come back clean that way either.
 */
export function currentAttempts(
  reviews: ReadonlyMap<string, ReviewAttempts>,
  progress: Progress,
): Map<string, ReviewAttempts> {
  return new Map(
    [...reviews].filter(([id, record]) => {
      const card = progress.review?.[id];
      return card === undefined || mayDealReview(id, card.reps, record.seed);
    }),
  );
}

/** The stored records, or null for a newer version's; none where storage is refused. Never throws. */
export function readAttempts(store: Store = storeOrNothing()): Map<string, ReviewAttempts> | null {
  try {
    return readAttemptsText(store.getItem(attemptsKey));
  } catch {
    return new Map();
  }
}

/**
 * Store the record of `id`'s review, combined with the one stored for the same review, and
 * return what is then on record (this page's record at least). Where storage is refused, full,
 * or holds a newer version's value, nothing is stored and `record` comes back as it is.
 */
export function keepAttempts(id: string, record: ReviewAttempts, store: Store = storeOrNothing()): ReviewAttempts {
  const reviews = readAttempts(store);
  if (!reviews) return copyAttempts(record);
  const both = combineAttempts(record, attemptsFor(reviews, id, record.seed));
  reviews.set(id, both);
  keep(attemptsKey, attemptsText(reviews), store);
  return both;
}

/**
 * Store what part `part` of `id`'s review dealt with `seed` holds now, `fields`, typed and not
 * (yet) checked: only that part's, so two tabs of one review each keep what they typed, and a
 * reload shows the last text typed in each part. Counts nothing. Never takes the place of a record
 * of another seed (another review's); nothing is stored where storage is refused, full, or holds
 * a newer version's value.
 */
export function keepTyped(
  id: string,
  seed: number,
  part: string,
  fields: Fields,
  store: Store = storeOrNothing(),
): void {
  const reviews = readAttempts(store);
  const stored = reviews?.get(id);
  const kept = readFields(fields);
  if (!reviews || (stored && stored.seed !== seed) || !isId(part) || !kept) return;
  const record = stored ?? freshAttempts(seed);
  record.typed = sinceChecked(record.answers, { ...record.typed, [part]: kept });
  reviews.set(id, record);
  keep(attemptsKey, attemptsText(reviews), store);
}

/**
 * The records once the page deals `id`'s review with `seed`, after `reps` reviews, by the rule the
 * terminal follows too (carryReview): its record kept under another seed its card may deal at
 * these reps (the seed dealt before reviews skipped the chapter's numbers) moves to `seed`, with
 * what it counted against the review (wrong answers, hints, giving up) and without its answers,
 * and typed text, which were to other numbers; one under a seed of other reps is a rated review's, and goes.
 * Returns `reviews` itself when nothing changed.
 */
export function dealtRecords(
  reviews: ReadonlyMap<string, ReviewAttempts>,
  id: string,
  seed: number,
  reps: number,
): ReadonlyMap<string, ReviewAttempts> {
  const stored = reviews.get(id);
  const carried = carryReview(id, reps, seed, stored);
  if (carried === stored) return reviews;
  const moved = new Map(reviews);
  if (carried) moved.set(id, { ...carried, answers: {}, typed: {} });
  else moved.delete(id);
  return moved;
}

/**
 * The record of `id`'s review as the page deals it with `seed` after `reps` reviews: the stored
 * one, moved to `seed` if it was kept under another (dealtRecords), which is then stored so.
 * Where storage is refused or holds a newer version's value, a fresh record, kept in the page.
 */
export function dealAttempts(id: string, seed: number, reps: number, store: Store = storeOrNothing()): ReviewAttempts {
  const reviews = readAttempts(store);
  if (!reviews) return freshAttempts(seed);
  const dealt = dealtRecords(reviews, id, seed, reps);
  if (dealt !== reviews) keep(attemptsKey, attemptsText(dealt), store);
  return attemptsFor(dealt, id, seed);
}

/**
 * Drop the records of reviews no longer under way in `progress` (currentAttempts): a review just
 * rated, or rated elsewhere. Nothing is written when nothing changed.
 */
export function pruneAttempts(progress: Progress, store: Store = storeOrNothing()): void {
  const reviews = readAttempts(store);
  if (!reviews) return;
  const kept = currentAttempts(reviews, progress);
  if (kept.size !== reviews.size) keep(attemptsKey, attemptsText(kept), store);
}
