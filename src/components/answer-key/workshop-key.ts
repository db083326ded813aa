/**
 * The workshop's answer key at build time, for /answer-key/ and the workshop kit alike: the key of
 * every exercise the workshop sets (src/course/workshop-exercises.ts), each computed by its
 * reference solution, and the variant seed each pair gets: the first `answerKeySeeds` seeds that
 * deal every pair other numbers, with other answers, in every one of them
 * (src/course/workshop/pair-seeds.ts). Seeds are dealt twice as far as the pairs need, and further
 * while that finds too few; a broken solution, or an exercise with fewer problems than pairs,
 * fails the build naming it.
 */
import { pairSeeds, differentDeals } from "../../course/workshop/pair-seeds.ts";
import { answerKeySeeds, workshopExerciseBlocks } from "../../course/workshop-exercises.ts";
import { type ExerciseKey, exerciseKey, type KeyVariant } from "../../grader/answer-key.ts";
import { loadExercise } from "../../grader/load-exercises.ts";
import type { SolutionModule } from "../../grader/solution.ts";

const solutions = import.meta.glob<SolutionModule>("/solutions/*/solution.ts");

/** Every exercise the key covers, each once: both agendas' and the kit's own check. */
export const workshopExerciseIds: readonly string[] = [
  ...new Set(Object.values(workshopExerciseBlocks).flatMap((b) => [...b.halfDay, ...b.short])),
];

/** The furthest seed the search deals before it gives up. */
const searchedAtMost = 4096;

export interface PairDeal extends KeyVariant {
  /** The pair's number, from 1: the pair hands out seed `seed`. */
  pair: number;
}

export interface WorkshopKey {
  /** Each exercise's key by id; its variants are every seed searched, not only the pairs'. */
  keys: ReadonlyMap<string, ExerciseKey>;
  /** Pair 1's seed, pair 2's, and so on. */
  pairSeeds: readonly number[];
  /** What each pair is dealt in an exercise: one row per pair, in pair order (none without variants). */
  pairDeals(id: string): PairDeal[];
}

async function keyOf(id: string, seeds: number): Promise<ExerciseKey> {
  const load = solutions[`/solutions/${id}/solution.ts`];
  if (!load) throw new Error(`answer key: solutions/${id}/solution.ts is missing`);
  try {
    return exerciseKey(id, loadExercise(id).meta, await load(), seeds);
  } catch (error) {
    throw new Error(`answer key: solutions/${id}/solution.ts: ${(error as Error).message}`);
  }
}

async function build(): Promise<WorkshopKey> {
  const pairs = answerKeySeeds;
  for (let searched = 2 * pairs; ; searched *= 2) {
    const all = await Promise.all(workshopExerciseIds.map((id) => keyOf(id, searched)));
    const dealing = all.filter((k) => k.variants.length > 0);
    const seeds = pairSeeds(pairs, dealing);
    if (seeds.length === pairs) {
      const keys = new Map(all.map((k) => [k.id, k]));
      return {
        keys,
        pairSeeds: seeds,
        pairDeals: (id) => {
          const key = keys.get(id);
          if (!key) throw new Error(`answer key: ${id} is not a workshop exercise`);
          if (key.variants.length === 0) return [];
          return seeds.map((seed, i) => ({ pair: i + 1, ...key.variants[seed - 1]! }));
        },
      };
    }
    if (searched >= searchedAtMost) {
      const few = dealing.filter((k) => differentDeals(k) < pairs).map((k) => `${k.id} (${differentDeals(k)})`);
      throw new Error(
        `answer key: seeds 1 to ${searched} give only ${seeds.length} of ${pairs} pairs a problem of their own in every exercise` +
          (few.length > 0 ? `; too few different problems: ${few.join(", ")}` : ""),
      );
    }
  }
}

let built: Promise<WorkshopKey> | undefined;

/** The workshop's key, computed once per build (the kit and the answer key page share it). */
export function workshopKey(): Promise<WorkshopKey> {
  built ??= build();
  return built;
}
