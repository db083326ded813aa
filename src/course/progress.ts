/**
 * The progress format, one for the page (localStorage), the terminal (.blast-radius/progress.json)
 * and the export file, so a learner can move progress between them:
 *   { version: 1, exercises: { <id>: { parts: { <partId>: { attempts, solved, afterReveal?, firstTry?,
 *     last? } }, hints, revealed, solvedAt?, solvedFirstTry? } }, review?: { <id>: ReviewCard } }
 * `afterReveal` marks a part first answered rightly after the worked solution was shown: it is
 * answered, not solved, and no count of solved exercises takes it (isSolved). Progress saved
 * before the field existed has none, so its parts stay solved (the order cannot be known), and
 * older copies of the course read the file and ignore it.
 * `firstTry` says how a part's solve went, written when it is solved before any reveal (markSolved):
 * true when that right answer was its first attempt. It is read at the part's solve, as attempts
 * keep counting after it (an answer checked on new numbers is another attempt of its part). A part
 * solved before it existed has none, and is read from its count as it stands (partFirstTry); older
 * copies of the course ignore it.
 * `last` is a fingerprint of the part's last answer counted (answerFingerprint), so Check pressed
 * again on the same answer is not counted as another attempt (recordAttempt); progress saved
 * before it existed has none, and older copies of the course ignore it.
 * `solvedAt` is when the exercise was first solved (its last part answered rightly, markSolved), as
 * an ISO date like the review cards' dates: the spaced-review schedule starts from it (enrol,
 * src/course/review.ts). Progress saved before it existed has none (its exercises enter review when
 * first seen solved), and older copies of the course ignore it.
 * `solvedFirstTry` says how that solve went, written with solvedAt (markSolved): true when every
 * part was solved at its first attempt (each part's `firstTry`) and no hint had been opened before
 * it, false otherwise. It is read at the solve, not later, because attempts and hints keep counting
 * after it: the spaced-review schedule rates the solve from it (firstRating,
 * src/course/review-first.ts), whenever the exercise enters the schedule. Progress saved before it
 * existed has none (firstRating then reads the parts), and older copies of the course ignore it.
 * `review` is the spaced-review schedule (src/course/review.ts); older copies of the course
 * read the same file and ignore it.
 * Pure: no DOM, no Node. Reading never throws; malformed entries are dropped one by one so the
 * valid rest survives, and text that is not progress says why (not JSON, where; a newer version;
 * the terminal's review-session.json or variants.json; something else; too large), so a caller
 * can keep it aside instead of overwriting it.
 * Fields this version does not know (a newer page's optional field, a learner's own note), at the
 * top, in an exercise's entry, a part or a review card, are kept as they were (keepExtras), so a
 * read-change-write by the page or the terminal carries them through, and nothing is lost. A text
 * longer than maxProgressFileLength is not read at all (and so never written back on every
 * command): the caller keeps it aside as it keeps any other it cannot read.
 */
import { countOf, grouped } from "../format/number.ts";
import { hashName } from "../sim/random.ts";
import { isId } from "./ids.ts";

/** Names the format (and is the page's storage key). */
export const progressKey = "blast-radius:progress:v1";
export const progressVersion = 1;

export interface PartProgress {
  attempts: number;
  /** Answered rightly at least once. */
  solved: boolean;
  /** First answered rightly after the worked solution was shown (present only when true). */
  afterReveal?: true;
  /**
   * Whether the part was solved at its first attempt, as it stood when it was solved (markSolved);
   * only on a part solved before any reveal, and absent in older progress (partFirstTry).
   */
  firstTry?: boolean;
  /** The fingerprint of the last answer counted (answerFingerprint), absent until one is. */
  last?: string;
}
export interface ExerciseProgress {
  parts: Record<string, PartProgress>;
  /** How many hints have been revealed. */
  hints: number;
  /** Whether the worked solution was shown. */
  revealed: boolean;
  /** When the exercise was first solved, as an ISO date (markSolved); absent in older progress. */
  solvedAt?: string;
  /**
   * Whether that solve was right first time: every part solved at its first attempt (partFirstTry)
   * and no hint opened, as the record stood when it was solved (markSolved, with solvedAt); absent
   * in older progress.
   */
  solvedFirstTry?: boolean;
}
/**
 * An exercise's place in the spaced-review schedule: an FSRS card (the ts-fsrs package's Card)
 * as plain JSON, dates as ISO strings. Only src/course/review.ts reads its meaning.
 */
export interface ReviewCard {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: 0 | 1 | 2 | 3;
  last_review?: string;
}
export interface Progress {
  version: 1;
  exercises: Record<string, ExerciseProgress>;
  /** Spaced review, keyed by exercise id; absent until the first exercise enters it. */
  review?: Record<string, ReviewCard>;
}

export function emptyProgress(): Progress {
  return { version: 1, exercises: {} };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const count = (v: unknown): number => (typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 1e9 ? v : 0);

/** A field that is there but of the wrong kind (a missing one is only an older file). */
const wrongKind = (v: unknown, ok: (v: unknown) => boolean) => v !== undefined && !ok(v);
const isCount = (v: unknown) => count(v) === v;
const isBoolean = (v: unknown) => typeof v === "boolean";
const isoDate = (v: unknown): v is string => typeof v === "string" && v.length <= 40 && Number.isFinite(Date.parse(v));
const fingerprintPattern = /^[0-9a-f]{8}:[0-9]{1,9}$/;
const isFingerprint = (v: unknown) => typeof v === "string" && fingerprintPattern.test(v);

/** The fields each level of the format has; any other is kept as it was (keepExtras). */
const progressFields = new Set(["version", "exercises", "review"]);
const exerciseFields = new Set(["parts", "hints", "revealed", "solvedAt", "solvedFirstTry"]);
const partFields = new Set(["attempts", "solved", "afterReveal", "firstTry", "last"]);
const cardFields = new Set([
  "due",
  "stability",
  "difficulty",
  "elapsed_days",
  "scheduled_days",
  "learning_steps",
  "reps",
  "lapses",
  "state",
  "last_review",
]);

/**
 * `clean` with every field of `value` that is not among `known` added back as it was read, so a
 * write carries it through. "__proto__" is the one name left out: as a property it would change
 * what the object is, not what it holds.
 */
function keepExtras<T extends object>(clean: T, value: Record<string, unknown>, known: ReadonlySet<string>): T {
  for (const [name, extra] of Object.entries(value))
    if (!known.has(name) && name !== "__proto__") (clean as Record<string, unknown>)[name] = extra;
  return clean;
}

/**
 * An exercise entry as stored, or undefined when it is not an object. `lossy` is called when a
 * field or part is there but could not be read, so it was read as its default (nothing done).
 */
function sanitizeExercise(value: unknown, lossy: () => void = () => {}): ExerciseProgress | undefined {
  if (!isRecord(value)) return undefined;
  const parts: Record<string, PartProgress> = {};
  if (wrongKind(value.parts, isRecord)) lossy();
  if (isRecord(value.parts)) {
    for (const [id, part] of Object.entries(value.parts)) {
      if (!isId(id) || !isRecord(part)) {
        lossy();
        continue;
      }
      if (wrongKind(part.attempts, isCount) || wrongKind(part.solved, isBoolean)) lossy();
      if (wrongKind(part.afterReveal, isBoolean) || wrongKind(part.last, isFingerprint)) lossy();
      // How the part's solve went, when it is not true or false, is dropped: the part is then read
      // from its count, as one solved before the field existed (partFirstTry).
      if (wrongKind(part.firstTry, isBoolean)) lossy();
      const solved = part.solved === true;
      const afterReveal = solved && part.afterReveal === true;
      parts[id] = keepExtras<PartProgress>(
        {
          attempts: count(part.attempts),
          solved,
          ...(afterReveal ? { afterReveal: true } : {}),
          // Only a part solved before the reveal has one (markSolved); on another it says nothing.
          ...(solved && !afterReveal && isBoolean(part.firstTry) ? { firstTry: part.firstTry as boolean } : {}),
          ...(isFingerprint(part.last) ? { last: part.last as string } : {}),
        },
        part,
        partFields,
      );
    }
  }
  if (wrongKind(value.hints, isCount) || wrongKind(value.revealed, isBoolean)) lossy();
  // A solve time that is no date ("yesterday", epoch milliseconds) is dropped: the exercise then
  // enters review when first seen solved, as in progress saved before the field existed.
  if (wrongKind(value.solvedAt, isoDate)) lossy();
  // How the solve went, when it is not true or false ("yes", 1), is dropped: the exercise is then
  // rated from its counts, as in progress saved before the field existed (firstRating).
  if (wrongKind(value.solvedFirstTry, isBoolean)) lossy();
  return keepExtras<ExerciseProgress>(
    {
      parts,
      hints: count(value.hints),
      revealed: value.revealed === true,
      ...(isoDate(value.solvedAt) ? { solvedAt: new Date(value.solvedAt).toISOString() } : {}),
      ...(isBoolean(value.solvedFirstTry) ? { solvedFirstTry: value.solvedFirstTry as boolean } : {}),
    },
    value,
    exerciseFields,
  );
}

const real = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0 && v < 1e9;

// The ranges of the ts-fsrs package the schedule is written with (5.4.2; its dist/index.d.ts
// exports them): stability from S_MIN (0.001 days) to S_MAX (36,500), difficulty clamped to 1 to
// 10, intervals capped at default_maximum_interval (36,500 days). The progress format does not
// import ts-fsrs (it is read on every chapter page); progress.test.ts checks these against it.
const stabilityMin = 0.001;
const stabilityMax = 36_500;
const maximumInterval = 36_500;

/**
 * A card's memory as ts-fsrs can hold it: blank (stability and difficulty 0, a new card), or both
 * within ts-fsrs's ranges. Any other pair it refuses to schedule ("Invalid memory state"), and a
 * stability far past S_MAX (1.2e8 days, which this format once let in) held recall above the
 * target past the last date a Date can name, which froze /review/ (review.ts, holdsForDays).
 */
const fsrsMemory = (stability: number, difficulty: number) =>
  (stability === 0 && difficulty === 0) ||
  (stability >= stabilityMin && stability <= stabilityMax && difficulty >= 1 && difficulty <= 10);

/**
 * An interval ts-fsrs can schedule: each grade's is capped at maximum_interval, then each better
 * grade's is kept a day longer than the worse one's, so the four reach at most 3 days past it.
 */
const fsrsInterval = (days: number) => days <= maximumInterval + 3;

/**
 * A review card as stored, or undefined when any field is missing or out of range, or holds a
 * number no card of ts-fsrs's can have.
 */
export function sanitizeReviewCard(value: unknown): ReviewCard | undefined {
  if (!isRecord(value) || !isoDate(value.due)) return undefined;
  const { stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state } = value;
  if (![stability, difficulty, elapsed_days, scheduled_days].every(real)) return undefined;
  if (!fsrsMemory(stability as number, difficulty as number) || !fsrsInterval(scheduled_days as number))
    return undefined;
  if (![learning_steps, reps, lapses].every((n) => real(n) && Number.isInteger(n))) return undefined;
  if (state !== 0 && state !== 1 && state !== 2 && state !== 3) return undefined;
  if (value.last_review !== undefined && !isoDate(value.last_review)) return undefined;
  // Only a new card has never been reviewed: ts-fsrs cannot tell another's recall without the date
  // of its last review ("Invalid date"), and the /review/ page asks for it.
  if (value.last_review === undefined && state !== 0) return undefined;
  const card: ReviewCard = {
    due: new Date(value.due).toISOString(),
    stability: stability as number,
    difficulty: difficulty as number,
    elapsed_days: elapsed_days as number,
    scheduled_days: scheduled_days as number,
    learning_steps: learning_steps as number,
    reps: reps as number,
    lapses: lapses as number,
    state,
  };
  if (value.last_review !== undefined) card.last_review = new Date(value.last_review as string).toISOString();
  return keepExtras(card, value, cardFields);
}

/** Longest part of a name that is no id a message quotes (a hand-edited key can be any length). */
const quotedNameLength = 40;

/** A name that is no exercise id, as a message shows it: in JSON's quotes, cut when long. */
export function quotedName(name: string): string {
  return JSON.stringify(name.length > quotedNameLength ? `${name.slice(0, quotedNameLength)}…` : name);
}

/**
 * Keep every well-formed exercise entry and review card of `value`, drop the rest. Returns
 * undefined when `value` is not progress of this version at all. The ids of exercise entries
 * dropped, or read only in part (a field of the wrong kind read as nothing done), and of review
 * cards dropped, are pushed to `lossy`, each once. Entries and cards under a name that is no
 * exercise id (a hand edit's "Choose Exact") are dropped too, and their names pushed to
 * `strange`, each once, as quotedName shows them.
 */
export function sanitizeProgress(value: unknown, lossy: string[] = [], strange: string[] = []): Progress | undefined {
  if (!isRecord(value) || value.version !== progressVersion || !isRecord(value.exercises)) return undefined;
  const result = emptyProgress();
  const odd = (name: string) => {
    const shown = quotedName(name);
    if (!strange.includes(shown)) strange.push(shown);
  };
  for (const [id, entry] of Object.entries(value.exercises)) {
    if (!isId(id)) {
      odd(id);
      continue;
    }
    let lost = false;
    const clean = sanitizeExercise(entry, () => (lost = true));
    if (clean) result.exercises[id] = clean;
    if (lost || !clean) lossy.push(id);
  }
  if (isRecord(value.review)) {
    const review: Record<string, ReviewCard> = {};
    for (const [id, card] of Object.entries(value.review)) {
      if (!isId(id)) {
        odd(id);
        continue;
      }
      const clean = sanitizeReviewCard(card);
      if (clean) review[id] = clean;
      // A card dropped is read as never scheduled, and its exercise is named among those lost.
      else if (!lossy.includes(id)) lossy.push(id);
    }
    if (Object.keys(review).length > 0) result.review = review;
  }
  return keepExtras(result, value, progressFields);
}

export type ProgressProblem =
  /** The text is not JSON; `where` says where it breaks ("line 5, column 3"), when known. */
  | { reason: "not-json"; where?: string; message: string }
  /** Progress written by a newer version of the course. */
  | { reason: "newer-version"; version: number; message: string }
  /**
   * JSON, but not progress (or too long to be progress); `why` says what is wrong with it ("it has
   * no \"version\""). `file`: it is one of the terminal's other files, which hold no progress.
   */
  | { reason: "not-progress"; why: string; file?: OtherFile; message: string };

/** The terminal's files beside progress.json that are not progress (src/cli/review-session.ts, variant-answers.ts). */
export type OtherFile = "review-session.json" | "variants.json";

/**
 * Which of the terminal's other files `value` is, by its shape, when it is one and has no
 * "exercises": review-session.json is { "version": 2, "reviews": { ... } } (its version 1 was one
 * review, { "id": ..., ... }), variants.json is { "version": 1, "variants": { ... } }.
 */
function otherFile(value: Record<string, unknown>): OtherFile | undefined {
  if ("exercises" in value) return undefined;
  if (isRecord(value.reviews) || (value.version === undefined && typeof value.id === "string"))
    return "review-session.json";
  if (isRecord(value.variants)) return "variants.json";
  return undefined;
}

/** What each of the terminal's other files holds, as a message says it. */
export const otherFileHolds: Record<OtherFile, string> = {
  "review-session.json": "the reviews under way in the terminal",
  "variants.json": "the parts answered right in the terminal on new numbers dealt with --seed",
};

export type ReadProgressResult =
  | {
      ok: true;
      progress: Progress;
      /** Exercise entries dropped or read only in part (sanitizeProgress). */
      lossy: string[];
      /** Entries dropped for a name that is no exercise id, quoted (sanitizeProgress). */
      strange: string[];
    }
  | ({ ok: false } & ProgressProblem);

/** Where JSON.parse stopped, as "line L, column C" (engines report a position or a line and column). */
function jsonErrorPlace(text: string, error: unknown): string | undefined {
  const message = String((error as Error)?.message ?? "");
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return `line ${lineColumn[1]}, column ${lineColumn[2]}`;
  const position = /position (\d+)/.exec(message);
  if (!position) return undefined;
  const before = text.slice(0, Number(position[1]));
  const line = before.split("\n").length;
  return `line ${line}, column ${before.length - before.lastIndexOf("\n")}`;
}

/** What keeps a value (JSON, not of a newer version) from being progress, in words. */
function notProgressWhy(value: unknown): string {
  if (Array.isArray(value)) return "it is a list, where progress is an object";
  if (!isRecord(value)) return `it is ${value === null ? "null" : `a ${typeof value}`}, where progress is an object`;
  const shape = `progress is { "version": ${progressVersion}, "exercises": { ... } }`;
  if (value.version === undefined) return `it has no "version": ${shape}`;
  if (value.version !== progressVersion)
    return `its "version" is ${quotedValue(value.version)}, not ${progressVersion}: ${shape}`;
  return `its "exercises" is ${value.exercises === undefined ? "missing" : `${quotedValue(value.exercises)}, not an object`}: ${shape}`;
}

/** A JSON value as a message shows it, cut when long. */
function quotedValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > quotedNameLength ? `${text.slice(0, quotedNameLength)}…` : text;
}

/** What a progress value (already parsed JSON) is; an export file's wrapper is unwrapped. */
export function readProgressValue(value: unknown): ReadProgressResult {
  const candidate = isRecord(value) && value.app === "blast-radius" && "progress" in value ? value.progress : value;
  const lossy: string[] = [];
  const strange: string[] = [];
  const progress = sanitizeProgress(candidate, lossy, strange);
  if (progress) return { ok: true, progress, lossy, strange };
  const other = isRecord(candidate) ? otherFile(candidate) : undefined;
  if (other) {
    const why = `it is the terminal's ${other} (${otherFileHolds[other]}), which holds no progress`;
    return { ok: false, reason: "not-progress", why, file: other, message: why };
  }
  // Newer only as a newer version would write it: a whole version number above this one's, with exercises.
  if (
    isRecord(candidate) &&
    typeof candidate.version === "number" &&
    Number.isInteger(candidate.version) &&
    candidate.version > progressVersion &&
    isRecord(candidate.exercises)
  ) {
    return {
      ok: false,
      reason: "newer-version",
      version: candidate.version,
      message: `it was saved by a newer version of the course (progress version ${candidate.version}; this one reads version ${progressVersion})`,
    };
  }
  const why = notProgressWhy(candidate);
  return { ok: false, reason: "not-progress", why, message: `it is JSON, but not Blast Radius progress (${why})` };
}

/** Parse progress text (a stored value, the terminal's file, or an export file). Never throws. */
export function readProgressText(text: string): ReadProgressResult {
  // Not read at all: no progress is that long, and one written back whole on every command would be.
  if (text.length > maxProgressFileLength) {
    const why = `it is ${grouped(text.length)} characters long, more than progress ever is (${grouped(maxProgressFileLength)} at most)`;
    return { ok: false, reason: "not-progress", why, message: `it is too large to be course progress: ${why}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const where = jsonErrorPlace(text, error);
    return {
      ok: false,
      reason: "not-json",
      where,
      message: where ? `it is not valid JSON (the first problem is at ${where})` : "it is not valid JSON",
    };
  }
  return readProgressValue(parsed);
}

export function exerciseEntry(progress: Progress, id: string): ExerciseProgress {
  return (progress.exercises[id] ??= { parts: {}, hints: 0, revealed: false });
}

export function partEntry(progress: Progress, id: string, part: string): PartProgress {
  return (exerciseEntry(progress, id).parts[part] ??= { attempts: 0, solved: false });
}

/** An answer as it was checked: a typed or chosen answer (the grader's AnswerInput), or a code part's source. */
export type CheckedAnswer =
  | { kind: "numeric"; text: string }
  | { kind: "choice"; picked: readonly string[] }
  | { kind: "match"; chosen: Readonly<Record<string, string>> }
  | { kind: "code"; source: string };

/**
 * What identifies an answer to a part, for the numbers it was given (`variant`: the dealt seed, or
 * null for the chapter's own numbers), without keeping the answer itself (a code part's source can
 * be long): the FNV-1a hash of its normalized form and that form's length. A typed answer is
 * normalized by trimming it and writing each run of spaces as one; the choices picked and the
 * matches made in any order are the same answer; a code part's source is taken as it is.
 */
export function answerFingerprint(answer: CheckedAnswer, variant: number | null): string {
  const form = (() => {
    switch (answer.kind) {
      case "numeric":
        return answer.text.trim().replace(/\s+/g, " ");
      case "choice":
        return [...answer.picked].sort().join("\n");
      case "match":
        return Object.entries(answer.chosen)
          .map(([item, choice]) => `${item}=${choice}`)
          .sort()
          .join("\n");
      case "code":
        return answer.source;
    }
  })();
  const text = `${variant ?? "chapter"}\n${answer.kind}\n${form}`;
  return `${hashName(text).toString(16).padStart(8, "0")}:${text.length}`;
}

/**
 * Count an attempt at a part, unless it is the answer counted last for it (the same fingerprint):
 * Check pressed twice on the same answer is one attempt, so it weighs once in what attempts decide
 * (the review's grades, the progress page). A different answer, or the same one for other numbers,
 * counts. Returns whether it was counted.
 */
export function recordAttempt(progress: Progress, id: string, part: string, fingerprint: string): boolean {
  const entry = partEntry(progress, id, part);
  if (entry.last === fingerprint) return false;
  entry.attempts++;
  entry.last = fingerprint;
  return true;
}

/**
 * What the page and the terminal add to the verdict of an answer checked again unchanged
 * (recordAttempt). A code exercise has no parts to name: its code is checked as a whole.
 */
export function sameAnswerNote(what: "answer" | "code"): string {
  return `The same ${what} as your last check${what === "code" ? "" : " of this part"}: not counted as another attempt.`;
}

/**
 * Record a right answer to a part, at `solve.now`; `solve.parts` are the exercise's parts. A part
 * first answered rightly after the exercise's solution was shown is marked as such; one solved
 * before the reveal stays solved, and records whether it was solved at its first attempt, as
 * `firstTry`. The answer that makes the exercise solved (isSolved) records when, as `solvedAt`,
 * and how, as `solvedFirstTry`: the page and the terminal both record solves here (each counts the
 * answer first, recordAttempt), and the spaced-review schedule starts from the one and is rated by
 * the other (enrol, firstRating).
 *
 * Each part is judged when it is solved: right at its first attempt when its count then is at most
 * one (a part with none, merged or written by hand, is taken as right first time). The exercise is
 * right first time when every part was (partFirstTry) and no hint had been opened before its solve.
 * What comes after a part's solve never changes its mark: answers checked on new numbers to a part
 * already solved, before the exercise's other parts were or after, are practice, not misses. A hint
 * opened before the exercise's solve counts against it, whichever part it was opened for.
 */
export function markSolved(
  progress: Progress,
  id: string,
  part: string,
  solve: { parts: readonly string[]; now: Date },
): void {
  const entry = partEntry(progress, id, part);
  if (entry.solved) return;
  const wasSolved = isSolved(progress, id, solve.parts);
  entry.solved = true;
  const exercise = exerciseEntry(progress, id);
  if (exercise.revealed) entry.afterReveal = true;
  else entry.firstTry = entry.attempts <= 1;
  if (wasSolved || !isSolved(progress, id, solve.parts)) return;
  exercise.solvedAt = solve.now.toISOString();
  exercise.solvedFirstTry = exercise.hints === 0 && solve.parts.every((p) => partFirstTry(exercise.parts[p]));
}

/**
 * Whether a part was solved at its first attempt: as recorded at its solve (`firstTry`), or, for a
 * part solved before that was recorded, from its count as it stands (at most one attempt). Counts
 * only grow, so a count of one or none still says what the solve was; a larger one may be practice
 * since as well as a miss before, and is read as a miss, as before the field existed.
 */
export function partFirstTry(part: PartProgress | undefined): boolean {
  return part?.firstTry ?? (part?.attempts ?? 0) <= 1;
}

/** A part the learner solved themselves: answered rightly, and not only after seeing the solution. */
export function partEarned(part: PartProgress | undefined): boolean {
  return part?.solved === true && part.afterReveal !== true;
}

/**
 * An exercise is solved when every one of its parts is, each before the solution was shown.
 * Every count of solved exercises (totals, chapters done, the sidebar, review, the terminal)
 * goes through here.
 */
export function isSolved(progress: Progress, id: string, partIds: readonly string[]): boolean {
  const entry = progress.exercises[id];
  return !!entry && partIds.length > 0 && partIds.every((p) => partEarned(entry.parts[p]));
}

/**
 * Every part answered rightly, but at least one only after the worked solution was shown: an
 * exercise answered, not solved. Counted apart from solved ones, never with them.
 */
export function answeredAfterReveal(progress: Progress, id: string, partIds: string[]): boolean {
  const entry = progress.exercises[id];
  return (
    !!entry &&
    partIds.length > 0 &&
    partIds.every((p) => entry.parts[p]?.solved === true) &&
    partIds.some((p) => entry.parts[p]?.afterReveal === true)
  );
}

/**
 * Add to `to` every field of `from` not among `known` that `to` does not have (a copy, so the two
 * never share it), as keepExtras keeps them on reading: a merge carries the imported side's
 * unknown fields through. Where both have the same one, `to`'s (this side's) is kept, as a merge
 * keeps this side's known fields when the rules leave them equal.
 */
function carryExtras(to: object, from: object, known: ReadonlySet<string>): void {
  for (const [name, extra] of Object.entries(unknownFields(from, known)))
    if (!Object.hasOwn(to, name))
      (to as Record<string, unknown>)[name] = extra === undefined ? extra : JSON.parse(JSON.stringify(extra));
}

/** The fields of `value` not among `known` ("__proto__" left out, as keepExtras leaves it). */
const unknownFields = (value: object, known: ReadonlySet<string>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([name]) => !known.has(name) && name !== "__proto__"));

/**
 * How far ahead of `now` a card's last review may be dated and still be read: clocks differ
 * between devices (a phone a few minutes ahead, a time zone set wrong puts one up to 14 hours
 * off), and a card reviewed on one and imported on another must not be refused for that. A day
 * covers those, and a card dated further ahead would hold its exercise out of review until then.
 */
export const reviewClockSkewMs = 24 * 60 * 60 * 1000;

/**
 * Whether a card's dates could have been written by the schedule: due no earlier than its last
 * review (ts-fsrs schedules forward from it), and, when `now` is given, reviewed no later than
 * `now` (allowing reviewClockSkewMs). A card from a device whose clock ran ahead fails, and would
 * otherwise win every merge (the one reviewed last wins) and never come due.
 */
export function cardDatesPossible(card: ReviewCard, now?: Date): boolean {
  if (card.last_review === undefined) return true;
  const reviewed = Date.parse(card.last_review);
  if (Date.parse(card.due) < reviewed) return false;
  return now === undefined || reviewed <= now.getTime() + reviewClockSkewMs;
}

/** Whether two entries hold the same solve time (both none: a solve whose time is not known). */
const sameTime = (a: ExerciseProgress, b: ExerciseProgress) =>
  a.solvedAt === b.solvedAt || Date.parse(a.solvedAt ?? "") === Date.parse(b.solvedAt ?? "");

/**
 * Merge imported progress into the current one: attempts take the larger count (and the last
 * answer counted goes with it), solved and
 * revealed stay true once true, hints take the larger count, the time an exercise was solved the
 * earlier one, review cards the later review. A part solved before the reveal on either side
 * counts as solved before it.
 * How the solve went (solvedFirstTry) goes with the solve time kept: it says how that solve went,
 * so it is never taken from a solve at another time, nor read again from the merged counts (which
 * hold both sides' attempts). Where the earlier solve is the imported one, its field comes with it
 * (and none, from progress saved before the field existed, leaves none); where this side's is
 * kept, so is its field, and the imported one's fills it only when this side has none for the
 * same solve time (the same solve, as the page's held changes and its storage both hold it).
 * How a part's solve went (firstTry) goes with the part solve kept, by the same rule: a part solved
 * before the reveal on one side only is that side's solve; one solved so on both goes with the
 * exercise's solve kept (the imported one's when its solve time is kept, else this side's, filled
 * from the imported one only for the same solve time, or where neither side has the exercise
 * solved at a known time). A part solved only after the reveal has none.
 * Fields this version does not know are carried from both sides, at the top, in an entry, a part
 * and a review card (carryExtras): this side's where both have the same one.
 * A review card whose dates the schedule cannot have written (cardDatesPossible, against `now`
 * when given) never wins: an imported one is left out, and one here gives way to the imported.
 */
export function mergeProgress(current: Progress, imported: Progress, now?: Date): Progress {
  const result: Progress = JSON.parse(JSON.stringify(current));
  carryExtras(result, imported, progressFields);
  for (const [id, entry] of Object.entries(imported.exercises)) {
    const target = exerciseEntry(result, id);
    carryExtras(target, entry, exerciseFields);
    target.hints = Math.max(target.hints, entry.hints);
    target.revealed ||= entry.revealed;
    // Solved on both sides: it was first solved at the earlier time.
    const theirs =
      entry.solvedAt !== undefined &&
      (target.solvedAt === undefined || Date.parse(entry.solvedAt) < Date.parse(target.solvedAt));
    const sameSolve = !theirs && sameTime(target, entry);
    if (theirs) {
      target.solvedAt = entry.solvedAt;
      if (entry.solvedFirstTry === undefined) delete target.solvedFirstTry;
      else target.solvedFirstTry = entry.solvedFirstTry;
    } else if (target.solvedFirstTry === undefined && entry.solvedFirstTry !== undefined && sameSolve)
      target.solvedFirstTry = entry.solvedFirstTry;
    for (const [pid, part] of Object.entries(entry.parts)) {
      const t = partEntry(result, id, pid);
      carryExtras(t, part, partFields);
      const earned = partEarned(t) || partEarned(part);
      // The part solve kept, and how it went with it: read before the counts are merged.
      const firstTry = !earned
        ? undefined
        : !partEarned(part)
          ? t.firstTry
          : !partEarned(t) || theirs
            ? part.firstTry
            : (t.firstTry ?? (sameSolve ? part.firstTry : undefined));
      // The last answer counted goes with the count kept: the imported one's when it has more
      // attempts (the page's held changes over what storage kept), else this side's.
      const last = part.attempts > t.attempts ? (part.last ?? t.last) : (t.last ?? part.last);
      if (last !== undefined) t.last = last;
      t.attempts = Math.max(t.attempts, part.attempts);
      t.solved ||= part.solved;
      if (t.solved && !earned) t.afterReveal = true;
      else delete t.afterReveal;
      if (firstTry === undefined) delete t.firstTry;
      else t.firstTry = firstTry;
    }
  }
  // Review cards: the one reviewed last wins (then the one with more reviews), so importing an
  // older export never turns a schedule back.
  for (const [id, card] of Object.entries(imported.review ?? {})) {
    if (!cardDatesPossible(card, now)) continue;
    const mine = result.review?.[id];
    const when = (c: ReviewCard) => (c.last_review ? Date.parse(c.last_review) : 0);
    if (
      !mine ||
      !cardDatesPossible(mine, now) ||
      when(card) > when(mine) ||
      (when(card) === when(mine) && card.reps > mine.reps)
    ) {
      // The imported card, with this side's unknown fields kept over its own of the same name.
      const next: ReviewCard = { ...JSON.parse(JSON.stringify(card)), ...(mine && unknownFields(mine, cardFields)) };
      result.review ??= {};
      result.review[id] = next;
    } else carryExtras(mine, card, cardFields);
  }
  return result;
}

// ---- progress as a file (export and import) ----

export interface ProgressFile {
  app: "blast-radius";
  key: typeof progressKey;
  exported: string;
  progress: Progress;
}

export function exportProgress(progress: Progress, now = new Date()): string {
  const file: ProgressFile = { app: "blast-radius", key: progressKey, exported: now.toISOString(), progress };
  return JSON.stringify(file, null, 2);
}

/** Longest file accepted as progress, in characters (and, before it is read, in bytes). */
export const maxProgressFileLength = 5_000_000;

// ---- the catalog: which exercises and parts make a chapter ----

export interface CatalogExercise {
  id: string;
  title: string;
  parts: string[];
}

export interface CatalogChapter {
  slug: string;
  title: string;
  exercises: CatalogExercise[];
}

export type Catalog = CatalogChapter[];

/** A chapter is done when it has exercises and every one of them is solved. */
export function chapterDone(progress: Progress, chapter: CatalogChapter): boolean {
  return chapter.exercises.length > 0 && chapter.exercises.every((e) => isSolved(progress, e.id, e.parts));
}

export interface Totals {
  exercises: number;
  solved: number;
  /** Exercises answered only after their solution was shown: not among the solved. */
  answeredAfterReveal: number;
  chapters: number;
  chaptersDone: number;
}

export function totals(progress: Progress, catalog: Catalog): Totals {
  const all = catalog.flatMap((c) => c.exercises);
  const withExercises = catalog.filter((c) => c.exercises.length > 0);
  return {
    exercises: all.length,
    solved: all.filter((e) => isSolved(progress, e.id, e.parts)).length,
    answeredAfterReveal: all.filter((e) => answeredAfterReveal(progress, e.id, e.parts)).length,
    chapters: withExercises.length,
    chaptersDone: withExercises.filter((c) => chapterDone(progress, c)).length,
  };
}

/**
 * What a status adds once the worked solution was seen: one wording, after a middle dot as every
 * other addition to a status ("✓ Solved before · these numbers ..."), wherever a status is said.
 */
export const solutionSeenMark = " · solution seen";

/**
 * A solved exercise's status, in one wording wherever it is said: the progress page and the
 * terminal (exerciseStatus), and a chapter exercise's status line (statusLine,
 * src/course/solution-offer.ts). `before`: said beside other numbers than the record's (a dealt
 * variant), so the record is what was done before.
 */
export function solvedStatus(seen: boolean, { before = false } = {}): string {
  return `✓ Solved${before ? " before" : ""}${seen ? solutionSeenMark : ""}`;
}

/**
 * Whether an entry holds anything done: an attempt, a part solved, a hint opened, the solution
 * seen or a time solved. One that holds none (a field of the wrong kind read as nothing done, or
 * `{"solved": true}` written by hand) is not started: an import leaves it out (progress-import.ts),
 * and the page and the terminal say "Not started" (exerciseStatus).
 */
export function entryHoldsProgress(entry: ExerciseProgress): boolean {
  return (
    entry.hints > 0 ||
    entry.revealed ||
    entry.solvedAt !== undefined ||
    Object.values(entry.parts).some((part) => part.attempts > 0 || part.solved)
  );
}

/** What the progress page says of one exercise: the same words at build time, in the browser and in the terminal. */
export function exerciseStatus(progress: Progress, id: string, parts: string[]): string {
  const entry = progress.exercises[id];
  if (!entry || !entryHoldsProgress(entry)) return "Not started";
  if (isSolved(progress, id, parts)) return solvedStatus(entry.revealed);
  if (answeredAfterReveal(progress, id, parts)) return "Answered after seeing the solution";
  const solved = parts.filter((p) => partEarned(entry.parts[p])).length;
  const attempts = Object.values(entry.parts).reduce((n, p) => n + p.attempts, 0);
  if (solved > 0) return `${solved} of ${parts.length} parts`;
  if (entry.revealed) return "Solution seen";
  return attempts > 0 ? countOf(attempts, "attempt") : "Started";
}

/**
 * The progress page's summary sentence. The page is built with the summary of empty progress,
 * which is what a new reader's browser then computes, so filling it in moves nothing (issue 13:
 * the build's shorter sentence grew by a line on a phone, a layout shift of 0.020).
 */
export function progressSummary(progress: Progress, catalog: Catalog, now: number): string {
  const t = totals(progress, catalog);
  const cards = Object.values(progress.review ?? {});
  const due = cards.filter((c) => Date.parse(c.due) <= now).length;
  const review =
    cards.length === 0
      ? ""
      : ` ${countOf(cards.length, "exercise")} ${cards.length === 1 ? "is" : "are"} in your daily review, ${due} due now.`;
  const seen =
    t.answeredAfterReveal === 0
      ? ""
      : ` ${countOf(t.answeredAfterReveal, "more exercise")} ${t.answeredAfterReveal === 1 ? "was" : "were"} answered after seeing the solution.`;
  return `You have solved ${t.solved} of ${countOf(t.exercises, "exercise")} and finished ${t.chaptersDone} of ${countOf(t.chapters, "chapter")}.${seen}${review}`;
}
