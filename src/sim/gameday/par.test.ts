/**
 * The game-day page's promise: "Beating par is possible: the evidence is on the dashboard before
 * the pages fire." Par acts a little after the evidence; the same actions taken 55 s sooner must
 * score better in every game.
 */
import { expect, test } from "vitest";
import { finishedScore } from "./game.ts";
import { scenarios } from "./scenarios.ts";
import { storedResults } from "./stored.ts";

test.each(scenarios.map((s) => [s.id, s] as const))("%s: par's own actions, 55 s sooner, beat par", (_, scenario) => {
  const par = storedResults(scenario).par.score.tenantMinutes;
  const sooner = scenario.reference.map((entry) => ({ ...entry, at: entry.at - 55 }));
  expect(sooner.every((entry) => entry.at >= 0)).toBe(true);
  expect(finishedScore(scenario, scenario.seed, sooner).tenantMinutes).toBeLessThan(par);
});
