/**
 * The plays the scoring chapter compares par with. The per-scenario checks (par beats every
 * play that does less, the trap costs) live in scenarios.test.ts, next to the goldens, so each
 * scenario's games are played once.
 */
import { expect, test } from "vitest";
import { finishedGame, finishedScore, GameRuleError } from "./game.ts";
import { judgePar, withoutStep, withStep } from "./judgement.ts";
import { findScenario, poisonTenantOf, shufflePoisonTenant } from "./scenarios.ts";

const slow = { timeout: 120_000 };

test("a step left out takes the later steps that depend on it along", slow, () => {
  const fixed = findScenario("poison-fixed")!;
  // Without the block, the unblock has nothing to lift: it goes too, and only the filter is left.
  expect(withoutStep(fixed, fixed.seed, fixed.reference, 0)).toEqual([{ at: 125, action: "filter-request" }]);
  // Without the unblock, the block stays: the rest is played as it was.
  expect(withoutStep(fixed, fixed.seed, fixed.reference, 2)).toEqual(fixed.reference.slice(0, 2));
});

test("withStep keeps the log in time order, after the entries at the same time", () => {
  const log = [
    { at: 120, action: "retries-off" as const },
    { at: 130, action: "shed-queue" as const },
  ];
  expect(withStep(log, { at: 120, action: "jitter-on" }).map((e) => e.action)).toEqual([
    "retries-off",
    "jitter-on",
    "shed-queue",
  ]);
  expect(withStep(log, { at: 200, action: "retries-on" }).at(-1)!.action).toBe("retries-on");
});

test(
  "blocking the poison tenant: par's first step with fixed groups, a trap worse than doing nothing with shuffle shards",
  slow,
  () => {
    const poisonFixed = findScenario("poison-fixed")!;
    const fixed = judgePar(poisonFixed);
    const poisonTenant = poisonTenantOf(poisonFixed.seed);
    expect(fixed.less[0]!.step).toEqual({ at: 120, action: "block-tenant", target: poisonTenant });
    expect(fixed.less[0]!.score.tenantMinutes).toBeGreaterThan(fixed.par.tenantMinutes);
    const shuffle = findScenario("poison-shuffle")!;
    const judged = judgePar(shuffle);
    expect(shuffle.trap.entry).toEqual({ at: 120, action: "block-tenant", target: shufflePoisonTenant });
    expect(judged.trap.score.tenantMinutes).toBeGreaterThan(judged.doNothing.tenantMinutes);
  },
);

test("a remembered score is the score of the finished game, and a log that cannot be played has none", slow, () => {
  const herd = findScenario("thundering-herd")!;
  const score = finishedScore(herd, herd.seed, herd.reference);
  expect(score).toBe(finishedGame(herd, herd.seed, herd.reference).finish().score);
  const impossible = [{ at: 100, action: "retries-off" as const, target: "h07" }];
  expect(() => finishedScore(herd, herd.seed, impossible)).toThrow(GameRuleError);
  expect(() => finishedScore(herd, herd.seed, impossible)).toThrow(/entry 1 \(retries-off h07 at 100 s\)/);
});
