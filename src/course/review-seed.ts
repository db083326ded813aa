/**
 * The variant a spaced review deals, apart from the schedule (review.ts, which re-exports
 * reviewSeed and dueReviewSeed) so that the exercise widget, which every chapter page loads, can
 * keep a due review's numbers off the page without loading ts-fsrs. Pure: dates come in as
 * arguments, and an exercise's variant() (its solution module's) as a function.
 */
import { hashName, mulberry32, type Random } from "../sim/random.ts";
import type { ReviewCard } from "./progress.ts";

/**
 * The seeds a review of `id` may deal after `reps` reviews, in the order it tries them: a function
 * of the exercise, how many reviews it has had and which draw, so each review brings new numbers
 * and the page and the terminal deal the same ones, and a seed is never 0 (0 is not a dealt
 * variant anywhere in the course). 1 to 999,999,999. Draw 0 is the seed every review dealt before
 * reviews skipped the chapter's numbers, so a review begun before keeps its numbers and its
 * record, unless those numbers, or a part's answer, were the chapter's.
 */
export function reviewDraw(id: string, reps: number, draw: number): number {
  return 1 + (hashName(draw === 0 ? `${id}#${reps}` : `${id}#${reps}#${draw}`) % 999_999_999);
}

/**
 * What a review of an exercise deals from: its solution's variant(), and the chapter's numbers
 * (the variant its chapter page shows first, with hints and the solution free to see: the
 * exercise's yaml params, defaultParams in src/grader/exercise-meta.ts), which a review never
 * deals, nor numbers where the chapter's answer to a part it asks afresh is right (`remembered`).
 */
export interface ReviewNumbers {
  variant: Variant;
  chapter: Params;
  /**
   * The parts of a review on the numbers `asked` that the chapter's answers, typed in, answer
   * right, of those a review asks afresh (rememberedParts in src/grader/same-answers.ts: every
   * numeric part but the few whose answer is the same by design). The page and the terminal both
   * give it, so they deal the same seed.
   */
  remembered: Remembered;
}

/**
 * `(chapter, asked) => part ids`: the parts of the review on the numbers `asked` that the answers of
 * the numbers `chapter`, typed in, answer right, of those a review asks afresh (said here by
 * shape, as Params is, since src/course imports nothing from the grader).
 */
export type Remembered = (chapter: Params, asked: Params) => readonly string[];

/**
 * The seed of the variant a review deals: the first of its draws (reviewDraw) whose numbers are
 * not the chapter's, and where no part the review asks afresh is answered right by the chapter's
 * answer to it (`remembered`), so a review is never answered on the numbers the chapter page
 * worked through with its solution in view, nor, part by part, from memory of that solution.
 * Deterministic: the page and the terminal deal the same seed. Throws if every one of reviewDraws
 * draws was refused (a variant() that deals little else, which the test of every exercise's
 * shares would have refused).
 */
export function reviewSeed(id: string, reps: number, { variant, chapter, remembered }: ReviewNumbers): number {
  const chapterNumbers = numbersOf(chapter);
  for (let draw = 0; draw < reviewDraws; draw++) {
    const seed = reviewDraw(id, reps, draw);
    const asked = variant(mulberry32(seed));
    if (numbersOf(asked) !== chapterNumbers && remembered(chapter, asked).length === 0) return seed;
  }
  throw new RangeError(
    `${id}: each of ${reviewDraws} review seeds dealt the chapter's numbers, or a part the chapter's answer answers`,
  );
}

/**
 * Whether `seed` may be the one a review of `id` deals after `reps` reviews: one of its draws.
 * For a record kept with the seed its review dealt, this tells whether that review is still the
 * card's, without loading the exercise's variant(): once the card is rated its reps move on, and
 * with them every draw (a stale seed is one of them by a chance of reviewDraws in 999,999,999).
 */
export function mayDealReview(id: string, reps: number, seed: number): boolean {
  for (let draw = 0; draw < reviewDraws; draw++) if (reviewDraw(id, reps, draw) === seed) return true;
  return false;
}

/**
 * The variant of `id`'s review if one is due at `now` (reviewSeed of its card's reps), else
 * undefined. Its numbers are the review's, whichever seed deals them (dealsReviewNumbers).
 */
export function dueReviewSeed(
  id: string,
  card: ReviewCard | undefined,
  now: Date,
  numbers: ReviewNumbers,
): number | undefined {
  return card && Date.parse(card.due) <= now.getTime() ? reviewSeed(id, card.reps, numbers) : undefined;
}

/**
 * A variant's numbers by name: the grader's `Params` (src/grader/exercise-schema.ts), said again
 * here by shape, since src/course sits below the grader and imports nothing from it.
 */
type Params = Readonly<Record<string, number>>;

/** A solution's variant(rand) (src/grader/solution.ts): the numbers it deals from a seeded stream. */
export type Variant = (rand: Random) => Params;

/**
 * A variant's numbers as one text: each parameter with its name, names in order, so two seeds deal
 * the same numbers exactly when their texts are equal, in whatever order variant() wrote them.
 */
export function numbersOf(params: Params): string {
  return JSON.stringify(
    Object.keys(params)
      .sort()
      .map((name) => [name, params[name]]),
  );
}

/**
 * Whether the worked solution of the numbers `shown` answers the numbers `asked` right, every part
 * (solutionAnswers in src/grader/same-answers.ts, from the exercise's parts and solution: said
 * here by shape, as Params is, since src/course imports nothing from the grader).
 */
export type SameAnswers = (shown: Params, asked: Params) => boolean;

/**
 * Which seeds deal the numbers of an exercise's due review, whose seed is `due` (dueReviewSeed;
 * undefined when none is due, and then no seed does): `due` itself, every other seed whose variant
 * has the same numbers, and every seed whose worked solution answers the review right
 * (`sameAnswers`): a variant drawn from a few choices has the review's answers from many seeds
 * with other numbers (one seed in five, for an outage dealt from five shared resources, whatever
 * its hidden seed). The one rule of the chapter page and the terminal alike. Those numbers are the
 * review's: a chapter page does not deal them (a typed seed is refused, and Another variant draws
 * again: practiceSeed), and in the terminal a hint, an answer or the solution on them (`--seed`)
 * counts in the review as it does through `review` (src/cli/review-session.ts). Dealt anywhere
 * else, their hints, wrong answers and solution would count nothing, and the review would then be
 * answered right first time from a solution already read.
 *
 * Not the stronger rule, that while a review is due every hint and solution of the exercise, on
 * any numbers, counts against it: the chapter's numbers' worked solution is the chapter's teaching,
 * free to read, and practice on numbers whose answers are not the review's is what a learner
 * should do before a review. Such practice teaches the method; it does not hand over the answers.
 */
export function dealsReviewNumbers(
  variant: Variant,
  due: number | undefined,
  sameAnswers: SameAnswers,
): (seed: number) => boolean {
  if (due === undefined) return () => false;
  const asked = variant(mulberry32(due));
  const review = numbersOf(asked);
  return (seed) => {
    if (seed === due) return true;
    const shown = variant(mulberry32(seed));
    return numbersOf(shown) === review || sameAnswers(shown, asked);
  };
}

/** "Another variant" on a chapter page draws a seed from 1 to this: short enough to read and type. */
const practiceSeeds = 999_999;

/**
 * How many seeds "Another variant" draws, at most, for one that deals other numbers than the due
 * review's. Each reviewable exercise deals a due review's numbers from a small share of seeds
 * (review-seed.test.ts measures it), so every draw of this many dealing them is never seen.
 */
export const practiceDraws = 64;

/**
 * How many seeds a review tries, at most, for one that deals other numbers than the chapter's
 * (reviewSeed): as many as "Another variant" draws, for the same reason, since the chapter's
 * numbers are one set of numbers among the variant's.
 */
const reviewDraws = practiceDraws;

/**
 * The seed a chapter page's "Another variant" deals, drawn with `random` (a number from 0 up to 1,
 * as Math.random gives): from 1 to 999,999, and never one that `refused` (dealsReviewNumbers):
 * such a draw is drawn again, up to practiceDraws times in all. Undefined if every draw was
 * refused: an exercise whose every variant had the review's numbers, which then has none to
 * practise on until the review is answered.
 */
export function practiceSeed(random: () => number, refused: (seed: number) => boolean): number | undefined {
  for (let draw = 0; draw < practiceDraws; draw++) {
    const drawn = 1 + Math.floor(random() * practiceSeeds);
    if (!refused(drawn)) return drawn;
  }
  return undefined;
}
