/**
 * The parameter sets an exercise deals, as a learner meets them: the chapter's own, then those of
 * variants 1 to `variants`, each dealt by the solution's seeded rule from `mulberry32(seed)` (the
 * seeds the CLI and the page use for a variant). Without a rule, the chapter's own alone.
 */
import { defaultParams } from "../../src/grader/exercise-meta.ts";
import type { ExerciseMeta, Params } from "../../src/grader/exercise-schema.ts";
import { mulberry32, type Random } from "../../src/sim/random.ts";

export function dealtParams(
  meta: ExerciseMeta,
  variant: ((rand: Random) => unknown) | undefined,
  variants: number,
): Params[] {
  const sets = [defaultParams(meta)];
  if (variant) for (let seed = 1; seed <= variants; seed++) sets.push(variant(mulberry32(seed)) as Params);
  return sets;
}
