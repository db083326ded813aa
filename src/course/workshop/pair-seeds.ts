/**
 * The variant seeds a workshop hands its pairs. Seeds next to each other can deal the same
 * problem: an exercise deals only so many (a dozen for the retry layers), and the first number
 * mulberry32 draws for seeds 1, 2, 3, 5 and 6 falls between 0.5 and 0.75, so seeds 1, 2, 3 and 6
 * all deal "attempts 4, layers 2". A pair's table number is therefore no seed. The seeds are
 * searched from 1 up instead, and a seed is kept when every exercise the agendas set deals it
 * numbers, and answers, that no seed kept before it has: the first `pairs` kept are the seeds of
 * pairs 1, 2, 3 and so on. The answer key (/answer-key/) and the workshop kit name them.
 */

/** What one seed deals in one exercise, as the answer key prints it. */
export interface Dealt {
  seed: number;
  /** The numbers the seed deals, "workers 12, shard 4, groups 3". */
  numbers: string;
  /** One answer per part. */
  answers: readonly string[];
}

/** An exercise's deals for seeds 1, 2, 3 and on, in that order (an answer key's variants). */
export interface DealingExercise {
  id: string;
  variants: readonly Dealt[];
}

/** The answers a seed deals, as one value: two deals have the same answers when every part's answer is the same. */
const answersOf = (d: Dealt) => JSON.stringify(d.answers);

/**
 * The first `pairs` seeds, searched from 1 up to the last seed every exercise has dealt, at which
 * each exercise deals numbers and answers that no seed kept before has. Fewer when the deals run
 * out first (deal more seeds, or the exercise deals too few problems for that many pairs).
 */
export function pairSeeds(pairs: number, exercises: readonly DealingExercise[]): number[] {
  if (!Number.isInteger(pairs) || pairs < 1) throw new RangeError(`pairs is a whole number from 1 up, got ${pairs}`);
  for (const e of exercises)
    e.variants.forEach((v, i) => {
      if (v.seed !== i + 1) throw new Error(`${e.id}: deal ${i + 1} is for seed ${v.seed}, not ${i + 1}`);
    });
  const searched = exercises.length === 0 ? pairs : Math.min(...exercises.map((e) => e.variants.length));
  const seen = exercises.map(() => ({ numbers: new Set<string>(), answers: new Set<string>() }));
  const kept: number[] = [];
  for (let seed = 1; seed <= searched && kept.length < pairs; seed++) {
    const deals = exercises.map((e) => e.variants[seed - 1]!);
    const fresh = deals.every((d, i) => !seen[i]!.numbers.has(d.numbers) && !seen[i]!.answers.has(answersOf(d)));
    if (!fresh) continue;
    kept.push(seed);
    deals.forEach((d, i) => {
      seen[i]!.numbers.add(d.numbers);
      seen[i]!.answers.add(answersOf(d));
    });
  }
  return kept;
}

/** How many different problems (numbers and answers both new) an exercise deals among its seeds. */
export function differentDeals(exercise: DealingExercise): number {
  return pairSeeds(Math.max(1, exercise.variants.length), [exercise]).length;
}
