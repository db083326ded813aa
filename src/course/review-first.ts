/**
 * A solved exercise's first card in the spaced-review schedule, without ts-fsrs: what enrol
 * (review.ts) would give it, for the pages that say what is due but do not load the scheduler
 * (/progress/'s summary). A first card is the same whatever the date: solving is the first review,
 * graded "good", of a new card, and with fuzz off FSRS then gives the same stability, difficulty and
 * interval every time; only its dates move with the solve. review-first.test.ts checks, over many
 * solve dates and clocks, that these cards are the ones enrol stores.
 * Pure: dates come in as arguments.
 */
import { isSolved, type Progress, type ReviewCard } from "./progress.ts";

/** An exercise the schedule can take: Reviewable in review.ts, said here by shape. */
interface Schedulable {
  id: string;
  parts: string[];
}

const dayMs = 86_400_000;

/**
 * The first card's FSRS figures with the course's settings (default parameters, fuzz and
 * short-term steps off): stability is FSRS's initial stability for "good" (its w[2]), and the
 * interval the whole days that stability gives at the requested retention.
 */
const first = {
  stability: 2.3065,
  difficulty: 2.11810397,
  elapsed_days: 0,
  scheduled_days: 3,
  learning_steps: 0,
  reps: 1,
  lapses: 0,
  state: 2,
} as const satisfies Omit<ReviewCard, "due" | "last_review">;

/**
 * When a solved exercise counts as first reviewed: when it was solved (its solvedAt), so an
 * exercise solved a month before review was first opened is due at once. An entry without a solve
 * time (progress saved before it was recorded) counts as reviewed `now`, when first seen solved, as
 * it always did; so does one solved after `now` (a clock that ran ahead where it was solved): no
 * review is made after now, as recordReview takes such a last review as made now.
 */
export function solvedWhen(progress: Progress, id: string, now: Date): Date {
  const solvedAt = Date.parse(progress.exercises[id]?.solvedAt ?? "");
  return Number.isFinite(solvedAt) && solvedAt < now.getTime() ? new Date(solvedAt) : now;
}

/** The card of an exercise first reviewed (solved) at `solved`, as the schedule stores it. */
export function firstCard(solved: Date): ReviewCard {
  return {
    ...first,
    due: new Date(solved.getTime() + first.scheduled_days * dayMs).toISOString(),
    last_review: solved.toISOString(),
  };
}

/**
 * The solved exercises among `schedulables` that are not in the schedule yet: those enrol would
 * enter the next time /review/ or the terminal's review opens.
 */
export function unenrolled(progress: Progress, schedulables: readonly Schedulable[]): Schedulable[] {
  return schedulables.filter((r) => !progress.review?.[r.id] && isSolved(progress, r.id, r.parts));
}

/**
 * Progress as /review/ would see it at `now`: every solved exercise of `schedulables` in the
 * schedule, the new ones with their first card (firstCard, from solvedWhen). Cards already there
 * are left as they are. Returns the same object when nothing changed.
 */
export function withFirstReviews(progress: Progress, schedulables: readonly Schedulable[], now: Date): Progress {
  const fresh = unenrolled(progress, schedulables);
  if (fresh.length === 0) return progress;
  const review = { ...progress.review };
  for (const r of fresh) review[r.id] = firstCard(solvedWhen(progress, r.id, now));
  return { ...progress, review };
}
