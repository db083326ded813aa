/**
 * The results board's rule: a result code is accepted only once its log has been played again
 * here and earns exactly the score the code claims. The board ranks what it computed, never
 * what a code says, and ranks responses only: a run that acted before the fault began is
 * listed after them, unranked (`actionsBeforeFault`).
 */
import { CodeError, decodeRun, type RunCode } from "./code.ts";
import { grouped } from "../../format/number.ts";
import { finishedGame, GameRuleError } from "./game.ts";
import { tenantMinutesText } from "./report.ts";
import type { GameScenario, LogEntry } from "./scenarios.ts";
import { compareScores, type Score } from "./score.ts";
import { actionsBeforeFault } from "./summary.ts";

export interface BoardEntry {
  code: string;
  name: string;
  scenario: GameScenario;
  seed: number;
  log: LogEntry[];
  /** Computed by the board from the log. */
  score: Score;
  /** Actions of the log taken before the fault began (`actionsBeforeFault`). */
  beforeFault: number;
}

export type Verdict = { ok: true; entry: BoardEntry } | { ok: false; reason: string };

/**
 * Two scores as the board shows them (`tenantMinutesText`), or to the thousandth a code keeps when
 * they differ by less than the tenth the board shows, so an edited score never reads as the one
 * its actions earn.
 */
function scoresApart(a: number, b: number): [string, string] {
  const [textA, textB] = [tenantMinutesText(a), tenantMinutesText(b)];
  return textA === textB ? [grouped(a, 3), grouped(b, 3)] : [textA, textB];
}

export function verifyCode(code: string): Verdict {
  let run: RunCode;
  try {
    run = decodeRun(code);
  } catch (error) {
    if (error instanceof CodeError) return { ok: false, reason: error.message };
    throw error;
  }
  let score: Score;
  try {
    score = finishedGame(run.scenario, run.seed, run.log).finish().score;
  } catch (error) {
    if (error instanceof GameRuleError) return { ok: false, reason: `its actions cannot be played: ${error.message}` };
    throw error;
  }
  const [claimed, earned] = scoresApart(run.claimedTenantMinutes, score.tenantMinutes);
  if (Math.round(score.tenantMinutes * 1000) !== Math.round(run.claimedTenantMinutes * 1000))
    return {
      ok: false,
      reason: `the score in this code (${claimed} tenant-minutes) is not what its actions earn (${earned}): it was edited`,
    };
  return {
    ok: true,
    entry: {
      code: code.trim(),
      name: run.name,
      scenario: run.scenario,
      seed: run.seed,
      log: run.log,
      score,
      beforeFault: actionsBeforeFault(run.scenario, run.log),
    },
  };
}

/** What the board orders runs by: the page's rows carry these too. */
type Rankable = Pick<BoardEntry, "name" | "score" | "beforeFault">;

/**
 * Best first: responses by their scores (`compareScores`), then by name; after them, the runs
 * that acted before the fault, in the same order among themselves. Runs of different scenarios
 * or seeds are not comparable and are kept apart by the caller.
 */
export function rank<T extends Rankable>(entries: readonly T[]): T[] {
  const early = (entry: T) => (entry.beforeFault > 0 ? 1 : 0);
  return [...entries].sort(
    (a, b) => early(a) - early(b) || compareScores(a.score, b.score) || a.name.localeCompare(b.name),
  );
}

/** Whether the board ranks `entry` (it acted only after the fault began). */
export function ranked(entry: Rankable): boolean {
  return entry.beforeFault === 0;
}
