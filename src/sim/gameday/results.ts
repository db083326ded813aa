/**
 * The game results the site's pages show, as they are stored in `golden/<scenario>.json` (read
 * by stored.ts): per scenario, doing nothing (score, alerts, the tabletop card's injects), par
 * (log, score, alerts), and the tenant-minutes of par less each of its steps and of par plus the
 * trap, as the scoring chapter shows them. scenarios.test.ts computes them here from the real
 * games and holds each file to them.
 */
import { type Inject, injects } from "./cards.ts";
import type { Game } from "./game.ts";
import type { ParJudgement } from "./judgement.ts";
import type { LogEntry } from "./scenarios.ts";
import type { Score } from "./score.ts";
import type { AlertEvent } from "./slo.ts";

export interface StoredResults {
  doNothing: { score: Score; alerts: AlertEvent[]; injects: Inject[] };
  par: { log: LogEntry[]; score: Score; alerts: AlertEvent[] };
  /** One per step of par, in its order: the tenant-minutes of par without that step. */
  less: { step: LogEntry; tenantMinutes: number }[];
  /** Par with the scenario's trap added. */
  trap: { entry: LogEntry; tenantMinutes: number };
}

/** What is stored for a scenario, from its finished do-nothing and par games and its judgement. */
export function resultsOf(nothing: Game, par: Game, judged: ParJudgement): StoredResults {
  const scenario = nothing.scenario;
  const { score, alerts } = nothing.finish();
  const parRun = par.finish();
  return {
    doNothing: { score, alerts, injects: injects(nothing) },
    par: { log: [...scenario.reference], score: parRun.score, alerts: parRun.alerts },
    less: judged.less.map((play) => ({ step: play.step, tenantMinutes: play.score.tenantMinutes })),
    trap: { entry: scenario.trap.entry, tenantMinutes: judged.trap.score.tenantMinutes },
  };
}
