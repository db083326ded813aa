/**
 * The scenarios on which the stepping engine must reproduce, field for field, what the
 * one-closure model printed before it (`legacy-results.json`, captured from that model before
 * the engine replaced it). Every defence combination, both breaker and budget kinds, several
 * seeds, and the parameter corners that take separate code paths: clients that outwait the
 * pool, a pool that gives up early, shedding with no queue, heavy load, no trigger, no
 * intervention, and a learner's own retry policies.
 */
import { defenceNames, type DefenceName, type RetryPolicy } from "../scenario.ts";

export interface EqualityCase {
  name: string;
  seed: number;
  defences: DefenceName[];
  params: Record<string, number | string | null>;
  /** A named retry policy from `policies` below (a function cannot live in JSON). */
  policy?: keyof typeof policies;
}

export const policies = {
  never: () => ({ sleepMs: 0, retry: false }),
  threeQuick: (failed: number) => ({ sleepMs: 50, retry: failed + 1 < 3 }),
} satisfies Record<string, RetryPolicy>;

/** Every subset of the six defences, as a bit mask. */
const subsets = Array.from({ length: 2 ** defenceNames.length }, (_, mask) =>
  defenceNames.filter((_, i) => mask & (1 << i)),
);

export const equalityCases: EqualityCase[] = [
  { name: "default naive, seed 1", seed: 1, defences: [], params: {} },
  ...[1, 2, 3].map((seed) => ({ name: `all defences, seed ${seed}`, seed, defences: [...defenceNames], params: {} })),
  // Two minutes, with operators stepping in at 90 s, so the intervention's flush runs too.
  ...subsets.map((defences, mask) => ({
    name: `subset ${mask} (${defences.join("+") || "none"})`,
    seed: 10 + mask,
    defences,
    params: {
      duration: 120,
      intervention: 90,
      breakerKind: mask % 2 === 0 ? "consecutive" : "rate",
      budgetKind: mask % 4 < 2 ? "ratio" : "token",
    },
  })),
  { name: "clients outwait the pool", seed: 5, defences: [], params: { duration: 150, clientTimeout: 30 } },
  { name: "pool gives up early", seed: 6, defences: [], params: { duration: 150, acquireTimeout: 2 } },
  { name: "shedding, no queue", seed: 7, defences: ["shed"], params: { duration: 150, shedQueue: 0 } },
  { name: "double load, deadlines", seed: 8, defences: ["timeout"], params: { duration: 150, load: 2 } },
  { name: "no trigger", seed: 9, defences: [], params: { duration: 150, triggerDuration: 0 } },
  { name: "no intervention", seed: 2, defences: [], params: { duration: 200, intervention: null } },
  {
    name: "token budget, small bucket",
    seed: 3,
    defences: ["budget"],
    params: { duration: 150, budgetKind: "token", tokenMax: 3, tokenRatio: 0.25 },
  },
  { name: "learner policy: never retry", seed: 4, defences: [], params: { duration: 150 }, policy: "never" },
  {
    name: "learner policy: three quick tries, with a breaker",
    seed: 4,
    defences: ["breaker"],
    params: { duration: 150 },
    policy: "threeQuick",
  },
];
