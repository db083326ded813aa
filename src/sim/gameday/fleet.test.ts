import { expect, test } from "vitest";
import { successPercent } from "../../format/number.ts";
import { cacheStatus } from "./fleet.ts";
import { finishedGame } from "./game.ts";
import { findScenario } from "./scenarios.ts";

// QA: the cache row wrote its hits in whole percents, so a second with 996 hits in 1,000 lookups
// read "100% hits", as if the cache had answered every read.
test("the cache row's hits: 100% only when every lookup hit, 0% only when none did", () => {
  expect(cacheStatus(0, 0)).toBe("idle");
  expect(cacheStatus(1000, 1000)).toBe("100% hits");
  expect(cacheStatus(1000, 0)).toBe("0% hits");
  expect(cacheStatus(1000, 996)).toBe("99.6% hits");
  expect(cacheStatus(2500, 2499)).toBe("100.0% hits");
  expect(cacheStatus(2500, 1)).toBe("0.0% hits");
  expect(cacheStatus(8, 7)).toBe("87.5% hits");
  expect(cacheStatus(1000, 30)).toBe("3% hits");
  expect(cacheStatus(1001, 30)).toBe("3.0% hits");
  // The rows' rule for a success, so the row beside them reads alike.
  expect(cacheStatus(3, 2)).toBe(`${successPercent(2 / 3)} hits`);
});

test("played: the thundering herd's cache row says when it answered nearly every read, not every read", () => {
  const scenario = findScenario("thundering-herd")!;
  const game = finishedGame(scenario, scenario.seed, scenario.reference);
  const cache = game.componentNames.indexOf("cache");
  expect(cache).toBe(game.componentNames.length - 1);
  const statuses = game.frames.map((f) => f.components[cache]!.status);
  for (const status of statuses) expect(status).toMatch(/^(idle|(100|[1-9]?\d)(\.\d)?% hits)$/);
  // Par warms the cache again: many seconds every lookup hits, and many it nearly does.
  expect(statuses.filter((s) => s === "100% hits").length).toBeGreaterThan(100);
  expect(statuses.filter((s) => /^99\.\d% hits$/.test(s)).length).toBeGreaterThan(10);
}, 60_000);
