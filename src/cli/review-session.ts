/**
 * The terminal's reviews under way: `.blast-radius/review-session.json`, beside progress.json (not
 * progress: nothing in it is exported, and the schedule itself is progress.review). Each due review
 * the learner has begun keeps its own record, by exercise id: the seed of the numbers it dealt,
 * the wrong answers and hints counted against it, the parts answered right, and once every part
 * is right and it is rated, what `review <id> --rate` needs to rate it otherwise, or, given up,
 * that it was (gaveUp: "again" is all it earned, the one grade --rate offers). So answering two
 * due reviews in turn keeps each one's wrong answers and hints (one record for all, as before,
 * started afresh at every other exercise, and a review answered after a wrong try was rated as
 * right first time).
 *
 * A record lasts while it is its card's:
 *   - one under way while its seed is one its card deals now (mayDealReview(id, reps, seed): the
 *     review's seed, reviewSeed, is one of them): once the card is rated, here or on the page (an
 *     import), the review is over and the record dropped;
 *   - one rated while the card has had no review since (the same reps): `--rate` then rates it
 *     otherwise, until the exercise's next review starts (a new record for it replaces this one).
 * Records no longer their card's are dropped when the file is next written.
 *
 * What counts against a review is counted on its numbers, whichever command gives them and
 * whichever seed deals them (dealsReviewNumbers: its own, dueReviewSeed, or any other with the
 * same numbers): `review <id>`, or `hint`, `answer` and `solution` with such a `--seed`. A hint, and
 * a wrong answer (countWrongAnswer), count as wrong answers; seeing the solution is giving up, as
 * `review <id> --give-up` is (the page counts its exercise's own reveal so): it rates the review.
 * As on the page, they count there alone: the exercise's record in its chapter (its attempts, the
 * parts it solved, its hints, whether its solution was seen) stays as it was. The hints a review
 * shows are its own, opened one at a time from the first and each counted once. Once every part
 * is answered right, or it is given up, a hint, an answer or the solution on its numbers counts
 * nothing, as on the /review/ page once its review is answered (reviewHintAsked,
 * src/course/review-hint.ts): a hint shows again those the review opened. So a record rated is
 * kept, given up too, until the exercise's next review starts.
 *
 * The file is `{ version: 2, reviews: { <id>: record } }`. Version 1 (no version field) held one
 * review, `{ id, ...record }`: it is read as that exercise's record, and written back as version 2.
 * A file that cannot be read (broken JSON, a newer version, something else), or only in part (a
 * record with a field of the wrong kind), is never written over without a copy, as progress.json
 * is not (the rules of src/cli/json-file.ts): it is kept as review-session.unreadable-<time>.json,
 * the learner is told once, and the reviews whose records could not be read start afresh; if the
 * copy cannot be made, nothing is written. Writes go through a temporary file and a rename, and
 * each read-change-write holds review-session.json.lock, by the store's lock that guards
 * progress.json too, so two commands at once (watch in one terminal, answer in another) each
 * keep their change. A command that counts in a review changes its record there (change): read
 * under the lock, so a hint and an answer on the same review at once each add their count. And
 * the terminal makes every such change holding progress.json.lock as well, taken first
 * (ProgressStore.hold, src/cli/exercises.ts's reviewChange), with the schedule read under it: a
 * review rated writes the schedule and then its record as one change, and no command judges a
 * record by a schedule read before a rating (which dropped the rated record as no longer its
 * card's, and counted a hint on a review already rated).
 */
import { isId } from "../course/ids.ts";
import { type Progress, type ReviewCard, sanitizeReviewCard } from "../course/progress.ts";
import { mayDealReview, outcomes, type ReviewOutcome } from "../course/review.ts";
import { listNames } from "../format/words.ts";
import { isSeed } from "../sim/random.ts";
import { type FileSystem, jsonFile, type LockClock } from "./json-file.ts";

/** One review under way in the terminal: which numbers are out and how it is going. */
export interface ReviewSession {
  /** The variant it dealt (reviewSeed of the card's reps when it started). */
  seed: number;
  /** Wrong answers and hints counted against it. */
  wrong: number;
  /**
   * How many of the exercise's hints it has opened (`hint --seed` on its numbers), each counted
   * once in `wrong`: the hints shown with its numbers, as the page keeps its review's own (none in a
   * record kept before there was this field). The chapter's hints are the chapter's.
   */
  hints?: number;
  /** The parts answered right. */
  right: string[];
  /**
   * Each part's last wrong answer counted (answerFingerprint): the same wrong answer given again
   * is not counted against the review again, as on the page (recordAttempt's rule).
   */
  lastWrong?: Record<string, string>;
  /** The learner was told that wrong answers checked with `answer` on these numbers count (told once). */
  toldAnswer?: boolean;
  /** Once answered and rated: enough to rate it again otherwise, until the next review starts. */
  rated?: RatedReview;
  /**
   * Given up (`review <id> --give-up`, or its solution seen with --seed): rated "again", and kept
   * until the next review starts so that nothing more on its numbers counts, as on the page.
   */
  gaveUp?: true;
}

/**
 * Count a wrong answer to `part` on a review's numbers, through `review` or `answer`: the same
 * wrong answer as the part's last one counted (answerFingerprint) is not counted again, as on the
 * page (recordAttempt's rule). Returns whether it counted.
 */
export function countWrongAnswer(session: ReviewSession, part: string, fingerprint: string): boolean {
  if (session.lastWrong?.[part] === fingerprint) return false;
  session.wrong++;
  session.lastWrong = { ...session.lastWrong, [part]: fingerprint };
  return true;
}

export interface RatedReview {
  outcome: ReviewOutcome;
  allowed: ReviewOutcome[];
  /** When it was answered (a new grade schedules from the same moment). */
  at: string;
  /** The card before this review, and the card the rating made. */
  before: ReviewCard;
  after: ReviewCard;
}

/** The file's version; version 1 had no version field and one review. */
export const sessionsVersion = 2;

export type ReadSessionsResult =
  | {
      ok: true;
      sessions: Map<string, ReviewSession>;
      /** The exercises whose records could not be read, and were dropped. */
      lossy: string[];
    }
  | { ok: false; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 1e9;
const isText = (v: unknown): v is string => typeof v === "string" && v.length <= 200;
const isOutcome = (v: unknown): v is ReviewOutcome => (outcomes as readonly unknown[]).includes(v);

function sanitizeRated(value: unknown): RatedReview | undefined {
  if (!isRecord(value)) return undefined;
  const { outcome, allowed, at } = value;
  if (!isOutcome(outcome) || !Array.isArray(allowed) || !allowed.every(isOutcome) || !allowed.includes(outcome))
    return undefined;
  if (typeof at !== "string" || !Number.isFinite(Date.parse(at))) return undefined;
  const before = sanitizeReviewCard(value.before);
  const after = sanitizeReviewCard(value.after);
  if (!before || !after) return undefined;
  return { outcome, allowed: [...new Set(allowed)], at: new Date(at).toISOString(), before, after };
}

/** A record as stored, or undefined when any field is missing or of the wrong kind. */
function sanitizeSession(value: unknown): ReviewSession | undefined {
  if (!isRecord(value)) return undefined;
  const { seed, wrong, hints, right, lastWrong, toldAnswer, gaveUp } = value;
  if (!isSeed(seed) || !isCount(wrong) || !Array.isArray(right) || !right.every(isId)) return undefined;
  // The hints counted are among the wrong answers counted (as the page's record has them).
  if (hints !== undefined && (!isCount(hints) || hints > wrong)) return undefined;
  if (toldAnswer !== undefined && typeof toldAnswer !== "boolean") return undefined;
  if (gaveUp !== undefined && typeof gaveUp !== "boolean") return undefined;
  const lastWrongOk = isRecord(lastWrong) && Object.entries(lastWrong).every(([part, f]) => isId(part) && isText(f));
  if (lastWrong !== undefined && !lastWrongOk) return undefined;
  const rated = value.rated === undefined ? undefined : sanitizeRated(value.rated);
  if (value.rated !== undefined && !rated) return undefined;
  return {
    seed,
    wrong,
    ...(hints ? { hints } : {}),
    right: [...new Set(right)],
    ...(lastWrong ? { lastWrong: Object.fromEntries(Object.entries(lastWrong)) as Record<string, string> } : {}),
    ...(toldAnswer ? { toldAnswer } : {}),
    ...(rated ? { rated } : {}),
    // Given up is said of a review rated: one under way has not been.
    ...(gaveUp && rated ? { gaveUp: true as const } : {}),
  };
}

/** What review-session.json's text holds. Never throws. */
export function readSessionsText(text: string): ReadSessionsResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: "it is not valid JSON" };
  }
  const sessions = new Map<string, ReviewSession>();
  const lossy: string[] = [];
  const add = (id: string, record: unknown) => {
    const session = isId(id) ? sanitizeSession(record) : undefined;
    if (session) sessions.set(id, session);
    else lossy.push(id);
  };
  if (isRecord(value) && value.version === undefined && typeof value.id === "string") {
    const { id, ...record } = value;
    add(id, record);
    return { ok: true, sessions, lossy };
  }
  if (isRecord(value) && value.version === sessionsVersion && isRecord(value.reviews)) {
    for (const [id, record] of Object.entries(value.reviews)) add(id, record);
    return { ok: true, sessions, lossy };
  }
  if (isRecord(value) && typeof value.version === "number" && value.version > sessionsVersion)
    return {
      ok: false,
      message: `it was saved by a newer version of the course (version ${value.version}; this one reads version ${sessionsVersion})`,
    };
  return { ok: false, message: "it is JSON, but not the reviews under way in the terminal" };
}

/**
 * Whether `session` is still the record of `id`'s review, for its card now: under way, while its
 * seed is one the card's review may deal (mayDealReview: the card has not been rated since); rated,
 * while the card has had no other review since. With no card (the schedule lost it: a page's
 * reset imported, a hand edit), it stays, as the page keeps its records (src/widgets/review/
 * attempts.ts's currentAttempts): the card may come back with the same review, which must not
 * come back clean.
 */
export function stillCurrent(id: string, session: ReviewSession, card: ReviewCard | undefined): boolean {
  if (!card) return true;
  if (session.rated) return card.reps === session.rated.after.reps;
  return mayDealReview(id, card.reps, session.seed);
}

export interface ReviewSessionStore {
  /** `id`'s record, if it is still its card's in `progress`. */
  get(progress: Progress, id: string): ReviewSession | undefined;
  /**
   * Keep `session` as `id`'s record (undefined: drop it), and drop every record that is no longer
   * its card's in `progress` (the schedule as it is now, after any rating).
   */
  set(progress: Progress, id: string, session: ReviewSession | undefined): void;
  /**
   * Change `id`'s record as the file holds it now, under its lock: `change` is given the record
   * read there (undefined if none is its card's in `progress`) and returns the one to keep
   * (undefined: drop it), which is written before the lock is let go, every record no longer its
   * card's dropped as `set` drops them. Returns the record kept. So two commands at once on the
   * same review (a hint in one terminal, an answer in another) each count on what the other
   * counted, where a record worked out before the lock was taken wrote over the other's count.
   */
  change(
    progress: Progress,
    id: string,
    change: (kept: ReviewSession | undefined) => ReviewSession | undefined,
  ): ReviewSession | undefined;
}

export function reviewSessionStore(
  file: string,
  {
    cwd,
    warn,
    now = () => new Date(),
    lockClock,
    fs,
  }: { cwd: string; warn: (text: string) => void; now?: () => Date; lockClock?: LockClock; fs?: FileSystem },
): ReviewSessionStore {
  const store = jsonFile<Map<string, ReviewSession>>(file, {
    cwd,
    warn,
    now,
    lockClock,
    ...(fs ? { fs } : {}),
    empty: () => new Map(),
    reader(text) {
      const result = readSessionsText(text);
      if (!result.ok)
        return {
          ok: false,
          warning: (shown, copy) => [
            `warning: ${shown} could not be read: ${result.message}.`,
            `It holds only the reviews under way in the terminal (their wrong answers and hints so far), not your progress or schedule: those reviews start afresh. The file is kept, unchanged, as ${copy}.`,
          ],
        };
      const { sessions, lossy } = result;
      return {
        ok: true,
        value: sessions,
        warning:
          lossy.length > 0
            ? (shown, copy) => [
                `warning: ${shown} could not be read whole: the review under way of ${listNames(lossy)} had a field of the wrong kind, and starts afresh.`,
                `The file as it was is kept, unchanged, as ${copy}.`,
              ]
            : undefined,
      };
    },
    // No review under way: no file.
    json: (sessions) =>
      sessions.size === 0 ? undefined : { version: sessionsVersion, reviews: Object.fromEntries(sessions) },
    words: { holds: "the reviews under way" },
  });

  return {
    get(progress, id) {
      const session = store.read().get(id);
      return session && stillCurrent(id, session, progress.review?.[id]) ? session : undefined;
    },
    set(progress, id, session) {
      change(progress, id, () => session);
    },
    change,
  };

  function change(
    progress: Progress,
    id: string,
    next: (kept: ReviewSession | undefined) => ReviewSession | undefined,
  ): ReviewSession | undefined {
    // Read under the lock, just before writing: another command may have changed this record, or
    // another exercise's, since this one last read the file.
    return store.update((sessions) => {
      for (const [other, kept] of sessions)
        if (!stillCurrent(other, kept, progress.review?.[other])) sessions.delete(other);
      const session = next(sessions.get(id));
      if (session) sessions.set(id, session);
      else sessions.delete(id);
      return session;
    });
  }
}
