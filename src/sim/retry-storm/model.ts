/**
 * Run a retry-storm scenario from start to end, with no action along the way: the engine
 * (engine.ts) stepped to the end in one go.
 */
import { createRun, type RetryStormResult } from "./engine.ts";
import type { Scenario } from "./scenario.ts";

export type { RetryStormResult } from "./engine.ts";

/** Run one scenario to the end and measure it. Deterministic: same scenario, same result. */
export function runRetryStorm(input: Scenario): RetryStormResult {
  const run = createRun(input);
  run.advanceTo(run.end);
  return run.result();
}

/**
 * Run one scenario to the end for its summary alone (what the terminal prints): the same run and
 * the same summary as `runRetryStorm`'s, without the per-second series charts are drawn from.
 */
export function summarizeRetryStorm(input: Scenario): Pick<RetryStormResult, "summary" | "wallMillis"> {
  const run = createRun(input);
  run.advanceTo(run.end);
  return { summary: run.summary(), wallMillis: run.wallMillis };
}
