/**
 * A solved exercise's first card in the spaced-review schedule, without ts-fsrs: what enrol
 * (review.ts) would give it, for the pages that say what is due but do not load the scheduler
 * (/progress/'s summary, a chapter page's due review). Solving is the first review of a new card,
 * rated by how the solve went (firstRating: "good" or "hard"), and with fuzz off FSRS then gives
 * each rating the same stability, difficulty and interval every time; only the card's dates move
 * with the solve. review-first.test.ts checks, over many solve dates, clocks and ratings, that these
 * cards are the ones enrol stores.
 * Pure: dates come in as arguments.
 */
import { isSolved, type Progress, partFirstTry, type ReviewCard } from "./progress.ts";

/** An exercise the schedule can take: Reviewable in review.ts, said here by shape. */
interface Schedulable {
  id: string;
  parts: string[];
}

const dayMs = 86_400_000;

/** The grades a solve's first review can have (firstRating), as review.ts's ReviewOutcome names them. */
export type FirstRating = "good" | "hard";

/**
 * How a solve counts as its first review: "good" when every part was right at its first attempt
 * and no hint was opened, "hard" after any other attempt or any hint. In a sentence for the
 * learner: right first time on every part with no hint, it comes back at FSRS's first interval
 * for "good"; otherwise at its shorter one for "hard" (firstComeback, first-comeback.ts, says both in days).
 *
 * What counts is the solve itself, as markSolved recorded it when the exercise was solved
 * (`solvedFirstTry`, progress.ts), not the record as it stands when the exercise enters the
 * schedule (the next time /review/ or the terminal's review opens): attempts keep counting after
 * the solve, as each answer checked on new numbers, right or wrong, is another attempt of its
 * part, and a hint can be opened after it too, so a learner who solved first time and practised
 * since is still "good", and one who missed first is still "hard" however well they practised.
 * Each part is judged when it is solved (its `firstTry`, markSolved), so practice on a part
 * already solved, while another part is not yet, is not a miss either. markSolved reads a part's
 * count at its solve: `attempts` counts every answer checked (invalid input is none, and the answer
 * counted last checked again is not another), so a part right first time has one; any hint opened
 * before the exercise's solve (`hints`) counts as in a review (ratingFor). The
 * worked solution does not: a part answered after it is not solved (afterReveal), so such an
 * exercise is never enrolled, and one seen after the solve did not help it. A code exercise is
 * read the same way, through its one part ("code"): each run of its checks on the page or by
 * `check <id>` is an attempt, a failing run too, so code that passed on its first run is "good".
 *
 * An entry with no `solvedFirstTry` (progress saved before the solve was recorded so, with a solve
 * time or without; a merge whose earlier solve had none; one solved by a merge, each side holding
 * some of its parts solved) is read from its parts: "good" when no
 * hint was opened and every part was solved at its first attempt (partFirstTry, progress.ts: its
 * `firstTry` where its solve recorded one, else its count as it stands, at most one attempt, a part
 * with none, merged or edited, taken as right first time), else "hard". For a part without
 * `firstTry` those counts can only have grown since the solve, so where they
 * show nothing beyond a first answer the solve was right first time, exactly as the field would
 * say; where they show more, it may be practice after the solve as well as a miss before it, and
 * nothing in the record can now tell which. They are read as a miss: a count above one is
 * evidence of an answer beyond the first, where reading them as right first time would take every
 * miss made before such a solve for none, a claim nothing in the record supports. What that costs a
 * learner who only practised: the exercise comes back a day sooner, held harder (FSRS's higher
 * first difficulty for "hard", which later good reviews bring down only slowly).
 *
 * Never "again", however many misses or hints: a solve ends with every part answered rightly
 * before the solution was shown, which is recall that worked, not a lapse; a first solve is where
 * the method is learnt, so misses on the way there are not forgetting (in a review, where the
 * method should be known, three are: ratingFor).
 */
export function firstRating(progress: Progress, id: string, parts: readonly string[]): FirstRating {
  const entry = progress.exercises[id];
  if (!entry) return "good";
  if (entry.solvedFirstTry !== undefined) return entry.solvedFirstTry ? "good" : "hard";
  const missed = parts.some((p) => !partFirstTry(entry.parts[p]));
  return missed || entry.hints > 0 ? "hard" : "good";
}

/**
 * Each first card's FSRS figures with the course's settings (default parameters, fuzz and
 * short-term steps off): stability is FSRS's initial stability for the rating (its w[2] for
 * "good", w[1] for "hard"), difficulty its initial difficulty for it, and the interval the whole
 * days that stability gives at the requested retention (a better rating a day more than a worse).
 */
const firstCards = {
  good: {
    stability: 2.3065,
    difficulty: 2.11810397,
    elapsed_days: 0,
    scheduled_days: 3,
    learning_steps: 0,
    reps: 1,
    lapses: 0,
    state: 2,
  },
  hard: {
    stability: 1.2931,
    difficulty: 5.11217071,
    elapsed_days: 0,
    scheduled_days: 2,
    learning_steps: 0,
    reps: 1,
    lapses: 0,
    state: 2,
  },
} as const satisfies Record<FirstRating, Omit<ReviewCard, "due" | "last_review">>;

/** The days after its solve a solved exercise first comes back, by its rating (firstComeback words them). */
export const firstIntervals = {
  good: firstCards.good.scheduled_days,
  hard: firstCards.hard.scheduled_days,
} as const satisfies Record<FirstRating, number>;

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

/**
 * The card of an exercise first reviewed (solved) at `solved` and rated `rating` (firstRating), as
 * the schedule stores it.
 */
export function firstCard(solved: Date, rating: FirstRating): ReviewCard {
  const first = firstCards[rating];
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
 * schedule, the new ones with their first card (firstCard, from solvedWhen and firstRating). Cards already there
 * are left as they are. Returns the same object when nothing changed.
 */
export function withFirstReviews(progress: Progress, schedulables: readonly Schedulable[], now: Date): Progress {
  const fresh = unenrolled(progress, schedulables);
  if (fresh.length === 0) return progress;
  const review = { ...progress.review };
  for (const r of fresh)
    review[r.id] = firstCard(solvedWhen(progress, r.id, now), firstRating(progress, r.id, r.parts));
  return { ...progress, review };
}
