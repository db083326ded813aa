/**
 * Spaced review: the schedule that brings solved exercises back, one implementation for the
 * /review/ page and `npm run exercises -- review`. Scheduling is FSRS, from the ts-fsrs package
 * (https://github.com/open-spaced-repetition/ts-fsrs), with its default parameters, fuzz off (the
 * same answers on the same day give the same dates, in the page, the terminal and the tests) and
 * short-term learning steps off (a card comes back after days, never minutes: a review session
 * is a daily thing).
 *
 * - An exercise enters the schedule once it is solved and has generated variants (a code
 *   exercise does not: re-deriving means new numbers). Solving counts as its first review, at the
 *   time it was solved (the exercise's solvedAt), whenever the page or the terminal first sees it
 *   solved, rated by how the solve went (firstRating, review-first.ts): "good" when every part was
 *   right first time with no hint, else "hard"; progress saved before solve times were kept has
 *   none, and counts it as reviewed when first seen solved.
 * - A review deals a fresh variant (reviewSeed: never the chapter's numbers, new at every
 *   review) and grades it with the exercise's grader. Page and terminal alike let the learner rate
 *   the review among the grades the attempts earned (ratingsAllowed); the default (the page's
 *   focused button, what the terminal records when no grade is named) is what they earned
 *   (ratingFor).
 * - The schedule is stored in the progress format (progress.review), so it moves with export
 *   and import like the rest.
 * Pure: dates come in as arguments; the one thing read from the runtime is the time zone the
 * learner's day is in (dayOf, whenText), when the caller names none.
 */
import { type Card, createEmptyCard, fsrs, type Grade, Rating, State } from "ts-fsrs";
import { countOf } from "../format/number.ts";
import { isSolved, type Progress, type ReviewCard } from "./progress.ts";
import { firstRating, solvedWhen } from "./review-first.ts";

const scheduler = fsrs({ enable_fuzz: false, enable_short_term: false });

/** How a review went: ts-fsrs's four grades. */
export type ReviewOutcome = "again" | "hard" | "good" | "easy";

/** The four grades, worst first, as ts-fsrs orders them. */
export const outcomes: readonly ReviewOutcome[] = ["again", "hard", "good", "easy"];

const grades: Record<ReviewOutcome, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/**
 * The outcome of a review: every part right on the first try is "good"; right after one or two
 * wrong answers in all is "hard"; three or more wrong answers, or giving up (asking for the
 * solution), is "again" (the card comes back soon).
 */
export function ratingFor({ wrong, gaveUp }: { wrong: number; gaveUp: boolean }): Exclude<ReviewOutcome, "easy"> {
  if (!Number.isInteger(wrong) || wrong < 0) throw new RangeError(`wrong answers must be a count, got ${wrong}`);
  if (gaveUp || wrong >= 3) return "again";
  return wrong === 0 ? "good" : "hard";
}

/**
 * The grades a learner may give a review they have answered (the page asks them to rate it): up
 * to what their attempts earned (ratingFor), so a review answered only after wrong tries cannot
 * be rated good, and one given up on is "again". Right first time may be rated "easy" too, or
 * lower (the learner knows whether it took effort).
 */
export function ratingsAllowed(attempts: { wrong: number; gaveUp: boolean }): ReviewOutcome[] {
  const earned = ratingFor(attempts);
  return earned === "good" ? [...outcomes] : outcomes.slice(0, outcomes.indexOf(earned) + 1);
}

/** What the page says above the grades it offers for a review the learner has answered. */
export function ratingNote(attempts: { wrong: number; gaveUp: boolean }): string {
  if (attempts.gaveUp) return "You saw the answers, so this review counts as forgotten: it comes back soon.";
  if (attempts.wrong === 0) return "Every part right first time. Rate how much effort it took.";
  const after = countOf(attempts.wrong, "wrong answer or hint", "wrong answers or hints");
  return `Every part right, after ${after}: ${ratingsAllowed(attempts).length === 1 ? "it counts as forgotten" : "rate it again or hard"}.`;
}

/**
 * What the exercise's confirmation asks on the /review/ page, in place of its chapter's question
 * (revealQuestion, src/course/solution-offer.ts): there the solution gives the review up
 * (ratingFor: "again"), and the exercise's record in its chapter is left as it was.
 */
export const giveUpQuestion =
  "Show the worked solution and the answers for these numbers? This review then counts as forgotten and comes back soon; the exercise in its chapter stays as it is.";

/**
 * How many hints a press of the review's hint button counts against the learner, as wrong
 * answers: the hints the press opened. `counted` is how many the review has counted so far, `open`
 * how many the exercise shows after the press. A press that opened none counts nothing: once every
 * hint is open the button reads "No more hints" and, kept focusable, can still be pressed.
 */
export function hintsOpened(counted: number, open: number): number {
  return Math.max(0, open - counted);
}

/** A grade the learner typed (`--rate easy`), or undefined when it is none of the four. */
export function readOutcome(text: string): ReviewOutcome | undefined {
  const t = text.trim().toLowerCase();
  return (outcomes as readonly string[]).includes(t) ? (t as ReviewOutcome) : undefined;
}

/**
 * The grade a review is given: the learner's choice when it is among the grades the attempts
 * earned, else the default (what they earned, ratingFor). `chosen` says whether the choice stood.
 */
export function rateReview(
  attempts: { wrong: number; gaveUp: boolean },
  requested?: ReviewOutcome,
): { outcome: ReviewOutcome; allowed: ReviewOutcome[]; chosen: boolean } {
  const allowed = ratingsAllowed(attempts);
  const chosen = requested !== undefined && allowed.includes(requested);
  return { outcome: chosen ? requested : ratingFor(attempts), allowed, chosen };
}

/** An exercise that can be reviewed: it has generated variants and is not a code exercise. */
export interface Reviewable {
  id: string;
  /** Its chapter's slug: review durability is shown per chapter (topic). */
  chapter: string;
  parts: string[];
}

function toStored(card: Card): ReviewCard {
  const stored: ReviewCard = {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state as ReviewCard["state"],
  };
  if (card.last_review) stored.last_review = card.last_review.toISOString();
  return stored;
}

function toCard(stored: ReviewCard): Card {
  return {
    ...stored,
    due: new Date(stored.due),
    last_review: stored.last_review ? new Date(stored.last_review) : undefined,
  };
}

/**
 * Progress with every solved reviewable exercise in the schedule: a newly solved one is entered
 * as reviewed when it was solved (solvedWhen, review-first.ts), rated by how the solve went
 * (firstRating, review-first.ts: "good" or "hard"), and comes back on the day ts-fsrs gives from
 * then, which may be past already. Cards already there are left as they are, whatever they were
 * rated. Returns the same object when nothing changed (so a caller need not write).
 */
export function enrol(progress: Progress, reviewables: readonly Reviewable[], now: Date): Progress {
  const fresh = reviewables.filter((r) => !progress.review?.[r.id] && isSolved(progress, r.id, r.parts));
  if (fresh.length === 0) return progress;
  const review = { ...progress.review };
  for (const r of fresh) {
    const solved = solvedWhen(progress, r.id, now);
    const rating = grades[firstRating(progress, r.id, r.parts)];
    review[r.id] = toStored(scheduler.next(createEmptyCard(solved), solved, rating).card);
  }
  return { ...progress, review };
}

export interface DueCard {
  id: string;
  due: Date;
  /** Reviews so far (solving counts as the first). */
  reps: number;
}

/** The cards due at `now`, most overdue first (ties by id), among the exercises still in the course. */
export function dueCards(progress: Progress, reviewables: readonly Reviewable[], now: Date): DueCard[] {
  const known = new Set(reviewables.map((r) => r.id));
  return Object.entries(progress.review ?? {})
    .filter(([id, card]) => known.has(id) && Date.parse(card.due) <= now.getTime())
    .map(([id, card]) => ({ id, due: new Date(card.due), reps: card.reps }))
    .sort((a, b) => a.due.getTime() - b.due.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Record a review of `id` at `now` and schedule the next; the progress returned is new. */
export function recordReview(progress: Progress, id: string, outcome: ReviewOutcome, now: Date): Progress {
  const stored = progress.review?.[id];
  if (!stored) throw new RangeError(`${id} is not in the review schedule`);
  const card = toCard(stored);
  // A last review after `now` (progress made where the clock ran ahead, then imported) is taken
  // as made now: ts-fsrs refuses a negative time since it ("Invalid delta_t").
  if (card.last_review && card.last_review.getTime() > now.getTime()) card.last_review = now;
  const next = scheduler.next(card, now, grades[outcome]).card;
  return { ...progress, review: { ...progress.review, [id]: toStored(next) } };
}

// The variant a review deals, and the chapter page's rule around it, live in a module of their own
// without ts-fsrs: the exercise widget on every chapter page loads them.
export { dueReviewSeed, mayDealReview, reviewSeed } from "./review-seed.ts";

const dayMs = 86_400_000;

/**
 * The probability of recalling `id` at `now`, by FSRS's forgetting curve (0 to 1), the scheduler's
 * own (ts-fsrs's forgetting_curve, with the parameters it schedules by), at the time since the
 * last review in fractional days. ts-fsrs's get_retrievability counts that time in whole days,
 * rounded down, so a card rated again (stability under a day) read 100% until a day had passed,
 * past the point it had fallen below the target. A last review after `now` (a clock that ran
 * ahead) counts as made now; a card never reviewed (new, with no last review) has 0, as ts-fsrs
 * gives it.
 */
export function recallChance(card: ReviewCard, now: Date): number {
  if (card.state === State.New || card.last_review === undefined) return 0;
  const elapsedDays = Math.max(0, (now.getTime() - Date.parse(card.last_review)) / dayMs);
  return scheduler.forgetting_curve(elapsedDays, card.stability);
}

/**
 * The recall FSRS schedules for, as a whole percentage: its requested retention (90% by default).
 * A card's stability is the time its recall takes to fall to this, and its next review is set
 * near that point (review.test.ts checks how near, as the /review/ page says it).
 */
export const targetRecallPercent = Math.round(scheduler.parameters.request_retention * 100);

/**
 * A probability of recall as the page shows it: a whole percentage, rounded down, so a figure
 * shown as 90% or more is never below 90% (the test "holds for" uses).
 */
export function recallPercent(chance: number): number {
  return Math.floor(chance * 100 + 1e-9);
}

function meanRecall(cards: readonly ReviewCard[], now: Date): number {
  return cards.reduce((a, c) => a + recallChance(c, now), 0) / cards.length;
}

/** The last moment a Date can hold: ECMAScript's time values end 8.64e15 ms after 1970 (in 275760). */
const lastTime = 8.64e15;

/**
 * How many whole days from `now` until the mean recall of `cards` (as recallChance gives it, and
 * recallPercent shows it) falls below targetRecallPercent: the first whole number of days at
 * which it is below. 0 when it is below already. Recall never rises with time, so a search by
 * halving finds it.
 * The search ends at the last whole day a Date can name, and recall still at the target then
 * gives that day's count: past it every date is invalid and every recall NaN, which is never
 * below, so a doubling without that end ran forever (an imported card whose stability was 1.2e8
 * days froze /review/).
 */
export function holdsForDays(cards: readonly ReviewCard[], now: Date): number {
  const lastDay = Math.max(0, Math.floor((lastTime - now.getTime()) / dayMs));
  const below = (days: number) =>
    days >= lastDay || recallPercent(meanRecall(cards, new Date(now.getTime() + days * dayMs))) < targetRecallPercent;
  if (cards.length === 0 || below(0)) return 0;
  let held = 0;
  let fell = 1;
  while (!below(fell)) {
    held = fell;
    fell = Math.min(fell * 2, lastDay);
  }
  while (fell - held > 1) {
    const mid = (held + fell) >> 1;
    if (below(mid)) fell = mid;
    else held = mid;
  }
  return fell;
}

export interface TopicDurability {
  chapter: string;
  /** Exercises of the chapter in the schedule. */
  cards: number;
  /** Mean probability of recall at `now`. */
  recall: number;
  /** Whole days from `now` until that mean recall falls below targetRecallPercent (holdsForDays). */
  holdsDays: number;
  /** Cards due at `now`. */
  due: number;
  /** The earliest due date among the chapter's cards. */
  nextDue: Date;
  /**
   * The median FSRS stability of the chapter's cards, in days: the time after a card's last
   * review at which its recall, on FSRS's continuous curve, falls to targetRecallPercent.
   */
  stabilityDays: number;
}

/** How durable each chapter's memory is, in the order the chapters first appear in `reviewables`. */
export function durability(progress: Progress, reviewables: readonly Reviewable[], now: Date): TopicDurability[] {
  const chapters = [...new Set(reviewables.map((r) => r.chapter))];
  const result: TopicDurability[] = [];
  for (const chapter of chapters) {
    const cards = reviewables.flatMap((r) =>
      r.chapter === chapter && progress.review?.[r.id] ? [progress.review[r.id]!] : [],
    );
    if (cards.length === 0) continue;
    const stabilities = cards.map((c) => c.stability).sort((a, b) => a - b);
    const mid = stabilities.length >> 1;
    result.push({
      chapter,
      cards: cards.length,
      recall: meanRecall(cards, now),
      holdsDays: holdsForDays(cards, now),
      due: cards.filter((c) => Date.parse(c.due) <= now.getTime()).length,
      nextDue: new Date(Math.min(...cards.map((c) => Date.parse(c.due)))),
      stabilityDays: stabilities.length % 2 === 1 ? stabilities[mid]! : (stabilities[mid - 1]! + stabilities[mid]!) / 2,
    });
  }
  return result;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date's day in a time zone, written as an ISO date: "2026-12-04", or "+275760-09-13" past the
 * year 9999 (six year digits then, as an ISO string writes them). The zone is an IANA name
 * ("America/Los_Angeles", "UTC"); without one, the runtime's: the browser's on the /review/ page,
 * the process's in the terminal (which TZ sets). The learner's day is the one they live in: at
 * 20:00 on a Friday in Los Angeles it is Friday, though UTC is past midnight.
 */
export function dayOf(date: Date, timeZone?: string): string {
  const key = timeZone ?? "";
  let format = dayFormats.get(key);
  if (!format) {
    const digits = { year: "numeric", month: "2-digit", day: "2-digit" } as const;
    format = new Intl.DateTimeFormat("en-US", { ...digits, timeZone, calendar: "gregory", numberingSystem: "latn" });
    dayFormats.set(key, format);
  }
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  const year = Number(part("year"));
  return `${year > 9999 ? `+${String(year).padStart(6, "0")}` : String(year).padStart(4, "0")}-${part("month")}-${part("day")}`;
}

/**
 * When a review comes back, as the page and the terminal say it: "now", "later today
 * (2026-12-04)", "tomorrow (2026-12-05)", "in 9 days (2026-12-13)", "in 1,716 days (2031-08-12)"
 * (whole days rounded up and grouped, as the course writes every count). "Today", "tomorrow" and
 * the date are the learner's: in `timeZone`, else the runtime's (dayOf).
 */
export function whenText(due: Date, now: Date, timeZone?: string): string {
  const days = Math.ceil((due.getTime() - now.getTime()) / dayMs);
  const date = dayOf(due, timeZone);
  if (days <= 0) return "now";
  if (days > 1) return `in ${countOf(days, "day")} (${date})`;
  return date === dayOf(now, timeZone) ? `later today (${date})` : `tomorrow (${date})`;
}
