/**
 * How par earns its place: the reference response against doing nothing, against every play
 * that does less (the reference without one of its steps), and against the reference with a
 * tempting wrong step added. The scoring chapter shows these numbers and the tests hold them:
 * par beats doing nothing, every step of par pays for itself, and a harmful step costs.
 */
import { finishedScore, GameRuleError } from "./game.ts";
import { type GameScenario, type LogEntry, onSeed } from "./scenarios.ts";
import type { Score } from "./score.ts";

/**
 * `log` without entry `leaveOut`, and without the later entries that cannot be played once it
 * is gone (an unblock with nothing blocked): the play of someone who skipped that step.
 */
export function withoutStep(
  scenario: GameScenario,
  seed: number,
  log: readonly LogEntry[],
  leaveOut: number,
): LogEntry[] {
  let kept = log.filter((_, k) => k !== leaveOut);
  for (;;) {
    try {
      finishedScore(scenario, seed, kept);
      return kept;
    } catch (error) {
      if (!(error instanceof GameRuleError) || error.entry === undefined) throw error;
      const refused = error.entry;
      kept = kept.filter((_, k) => k !== refused);
    }
  }
}

/** `log` with `entry` added in time order (after the entries at the same time). */
export function withStep(log: readonly LogEntry[], entry: LogEntry): LogEntry[] {
  const at = log.findIndex((e) => e.at > entry.at);
  return at < 0 ? [...log, entry] : [...log.slice(0, at), entry, ...log.slice(at)];
}

export interface LessPlay {
  /** The step of par left out. */
  step: LogEntry;
  /** What was played instead (par without the step, and without what depended on it). */
  log: LogEntry[];
  score: Score;
}

export interface ParJudgement {
  doNothing: Score;
  par: Score;
  /** One play per step of par: par without that step. */
  less: LessPlay[];
  /** Par with the scenario's trap added. */
  trap: { log: LogEntry[]; score: Score };
}

/** Play doing nothing, par, par less each of its steps, and par with the trap, on `seed`. */
export function judgePar(scenario: GameScenario, seed = scenario.seed): ParJudgement {
  const score = (log: readonly LogEntry[]) => finishedScore(scenario, seed, log);
  const { reference, trap } = onSeed(scenario, seed);
  const less = reference.map((step, i) => {
    const log = withoutStep(scenario, seed, reference, i);
    return { step, log, score: score(log) };
  });
  const trapLog = withStep(reference, trap);
  return {
    doNothing: score([]),
    par: score(reference),
    less,
    trap: { log: trapLog, score: score(trapLog) },
  };
}
