/**
 * A retry-storm run that is only read, made once per process.
 *
 * The engine is seeded and pure: the same scenario gives the same run, every figure equal
 * (engine-equality.test.ts, model.test.ts). The chapters' figures, the replay drawn at build
 * time and the presenter's workshop steps all read the default incident, and a build used to run
 * it thirteen times. `rememberedRetryStorm` runs a scenario the first time it is asked for and
 * hands every later caller that same result.
 *
 * The shared result is frozen, all the way down: a caller that wrote to it would change every
 * other caller's figures, and it throws instead (modules are strict). Its type stays the
 * engine's, since the charts and playgrounds take mutable arrays; the freeze is the guard.
 * `wallMillis` is the first run's. Tests that prove a run repeats, and the terminal's one run,
 * call `runRetryStorm`.
 */
import { runRetryStorm, type RetryStormResult } from "./model.ts";
import type { Scenario } from "./scenario.ts";

/** How many distinct runs are kept (the oldest asked-for goes first); a build asks for about 13. */
export const rememberedLimit = 32;

const runs = new Map<string, RetryStormResult>();

/** Freezes every object and array in `value`, itself included. */
function freeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) freeze(inner);
  }
  return value;
}

/**
 * The run of `scenario`, made once and then shared. A scenario with a learner's retry policy (a
 * function, which has no key) is run each time.
 */
export function rememberedRetryStorm(scenario: Scenario): RetryStormResult {
  if (scenario.retryPolicy) return freeze(runRetryStorm(scenario));
  // JSON writes Infinity and NaN as null: they get keys of their own, so such a scenario reaches
  // the model, which refuses it, instead of finding a run made with null.
  const key = JSON.stringify(scenario, (_, v) => (typeof v === "number" && !Number.isFinite(v) ? `\u0000${v}` : v));
  let run = runs.get(key);
  if (run) {
    // Asked for again: now the most recent, so the last to be forgotten.
    runs.delete(key);
  } else {
    run = freeze(runRetryStorm(scenario));
    if (runs.size >= rememberedLimit) runs.delete(runs.keys().next().value as string);
  }
  runs.set(key, run);
  return run;
}
