/**
 * A game day's result code as a player who played `log` on `seed` would get it: its claim is the
 * score that log earns (finishedScore), so the board and the game day's links take it as honest.
 */
import { encodeRun } from "../../src/sim/gameday/code.ts";
import { finishedScore } from "../../src/sim/gameday/game.ts";
import type { GameScenario, LogEntry } from "../../src/sim/gameday/scenarios.ts";

export function earnedCode(scenario: GameScenario, seed: number, name: string, log: LogEntry[] = []): string {
  return encodeRun({
    scenario,
    seed,
    name,
    claimedTenantMinutes: finishedScore(scenario, seed, log).tenantMinutes,
    log,
  });
}
