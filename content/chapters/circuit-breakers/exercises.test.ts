/**
 * What the chapter's exercises say about models, asserted on the models: the sharded trap's
 * alternatives in breaker-states (adaptive throttling, a retry budget, one breaker per shard).
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { fillParams } from "../../../src/grader/fill-params.ts";
import { workedFigures } from "../../../src/grader/solution.ts";
import { adaptiveRejectProbability } from "../../../src/sim/backoff.ts";
import * as solution from "../../../solutions/breaker-states/solution.ts";
import { sharded } from "./numbers.ts";

/** The worked solution as a reader sees it: its {name} figures filled by the solution's worked(). */
const explanation = fillParams(
  readFileSync(new URL("../../../solutions/breaker-states/explanation.md", import.meta.url), "utf8"),
  workedFigures(solution, {}),
).replace(/\s+/g, " ");

test("breaker-states: at 12.5% failures, SRE adaptive throttling with K = 2 rejects nothing", () => {
  expect(explanation).toContain(`at ${sharded.failurePercent} failures, with the usual K = 2, it rejects nothing`);
  const requests = 1_000;
  const accepts = requests * (1 - 1 / sharded.shards);
  expect(adaptiveRejectProbability(requests, accepts, 2)).toBe(0);
});

test("breaker-states: adaptive throttling never rejects every request, even when the backend accepts none", () => {
  for (const requests of [1, 10, 1_000, 1_000_000]) {
    expect(adaptiveRejectProbability(requests, 0, 2)).toBeLessThan(1);
    expect(adaptiveRejectProbability(requests, 0, 2)).toBeGreaterThan(0);
  }
});
