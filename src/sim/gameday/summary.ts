/**
 * What a finished game day says: the score beside doing nothing and beside par, the timeline,
 * and a debrief of every action with its measured effect. `summarize` is the one place this is
 * computed: the page's worker and `npm run gameday -- play --json` print the same object, so the
 * same log gives the same bytes in both.
 */
import { round } from "../retry-storm/metrics.ts";
import { actionSpec } from "./actions.ts";
import { finishedGame, GameRuleError, type Game } from "./game.ts";
import { type GameScenario, type LogEntry, onSeed } from "./scenarios.ts";
import type { Score } from "./score.ts";
import type { AlertEvent } from "./slo.ts";

/** Seconds after an action takes effect over which its effect is measured against doing nothing. */
export const effectWindow = 60;

export interface ActionDebrief {
  entry: number;
  at: number;
  action: string;
  target: string | null;
  label: string;
  /**
   * When it took effect, as the model applied it (`Game.effectAt`): its delay after the click, or
   * later when it queued behind another (a rollback) or waited for something (a pool grown at the
   * next restart). Null when what it waited for never came before the end.
   */
  effectAt: number | null;
  /**
   * Over `effectWindow` seconds from effectAt (cut at the game's end): bad share of requests, in
   * this run and doing nothing. Null when it never took effect.
   */
  window: { from: number; to: number; badShare: number; doNothingBadShare: number } | null;
  /**
   * Tenant-minutes this run would have cost without this entry, minus what it cost: positive
   * when the action helped. Null when the log cannot be played without it (a later entry
   * depends on it).
   */
  savedTenantMinutes: number | null;
  chapter: string;
}

export interface TimelineItem {
  at: number;
  text: string;
}

export interface GameSummary {
  format: "blast-radius-gameday";
  version: 1;
  scenario: string;
  seed: number;
  log: LogEntry[];
  score: Score;
  doNothing: Score;
  par: Score;
  /**
   * Where the run's score lands (`verdictOf`): at or better than par, between par and doing
   * nothing, within `sameAsNothing` of doing nothing either way, or worse than that.
   */
  verdict: Verdict;
  /** When the scenario's fault began. */
  faultAt: number;
  /** How many of the log's actions came before it (`actionsBeforeFault`). */
  beforeFault: number;
  /** When the dashboard first showed a sign of the fault (`firstSignAt`); null if it never did. */
  signAt: number | null;
  /** How many of the log's actions came before that, those before the fault included (`actionsBeforeSign`). */
  beforeSign: number;
  /** Whether the results board ranks the run: none of its actions came before the first sign. */
  ranked: boolean;
  alerts: AlertEvent[];
  timeline: TimelineItem[];
  debrief: ActionDebrief[];
}

function badShare(game: Game, from: number, to: number): number {
  const { arrived, bad } = game.telemetry;
  const seconds = game.scenario.seconds;
  const tenants = game.setup.tenants.length;
  let n = 0;
  let b = 0;
  for (let t = 0; t < tenants; t++) {
    for (let s = Math.max(0, Math.floor(from)); s < Math.min(seconds, Math.ceil(to)); s++) {
      n += arrived[t * seconds + s]!;
      b += bad[t * seconds + s]!;
    }
  }
  return n === 0 ? 0 : round(b / n, 4);
}

/**
 * How many of `log`'s actions were taken before the scenario's fault began. Nothing had gone
 * wrong yet, so nothing on the dashboards called for them: they come from knowing the scenario
 * (its page, or an earlier play), not from responding to it. Par acts after the evidence
 * (scenarios.test.ts), so such a run's score is not set beside par's as a response: the verdict
 * says so and the results board lists it apart, unranked. `actionsBeforeSign` holds the same to
 * the seconds after the fault before the dashboard shows anything of it.
 */
export function actionsBeforeFault(
  scenario: Pick<GameScenario, "faultAt">,
  log: readonly Pick<LogEntry, "at">[],
): number {
  return log.filter((entry) => entry.at < scenario.faultAt).length;
}

/**
 * When the dashboard of `scenario` on `seed` first shows a sign of its fault (`Game.signAt`: an
 * alert, a line from monitoring, a tenant or cell hurting, a row in trouble), read from the run
 * that does nothing. Any run shows exactly that run's dashboard up to its first action (the same
 * scenario, seed and nothing done yet), so a first action before this moment came before the
 * player's own dashboard had shown anything; after it, the sign was on their screen. The run's own
 * dashboard after its first action is no measure: what its actions do shows there too (a restart
 * is a line in the feed), and an action taken early can stop the fault before it shows at all.
 */
export function firstSignAt(scenario: GameScenario, seed: number): number | null {
  const key = `${scenario.id}#${seed}`;
  if (!signs.has(key)) {
    // A board of a room's runs asks it of one scenario and seed again and again: one game each.
    if (signs.size >= 64) signs.clear();
    signs.set(key, finishedGame(scenario, seed, []).signAt);
  }
  return signs.get(key)!;
}
const signs = new Map<string, number | null>();

/**
 * Whether a run is ranked, in its results, the terminal and on the results board: it acted only
 * once the dashboard showed a sign of the fault (none of its actions `actionsBeforeSign`).
 */
export function ranked(run: { beforeSign: number }): boolean {
  return run.beforeSign === 0;
}

/**
 * How many of `log`'s actions came before the dashboard showed anything of the fault: before
 * `firstSignAt`, and never fewer than `actionsBeforeFault`. Like an action before the fault,
 * such an action answered nothing on the screen (a player who knows the fault comes at 1 min
 * and presses every button then), so a run with one is not ranked. Where the dashboard never
 * shows a sign, every action is one. `signAt`, when the caller knows it (a row the results board
 * kept), saves playing the game that finds it.
 */
export function actionsBeforeSign(
  scenario: GameScenario,
  seed: number,
  log: readonly Pick<LogEntry, "at">[],
  signAt: number | null = firstSignAt(scenario, seed),
): number {
  const sign = signAt ?? Number.POSITIVE_INFINITY;
  return log.filter((entry) => entry.at < Math.max(scenario.faultAt, sign)).length;
}

/**
 * Within this share of doing nothing's tenant-minutes, a score is "about the same as doing
 * nothing", either way. A response that matters moves the score by far more: par saves more than
 * half of what doing nothing costs in every game day (verdict.test.ts). What lands within it is an
 * action aimed at something else, whose side effect on users is a rounding error of the incident:
 * in the lost zone, turning retries off saves a thousandth of a tenant-minute of 360; in the bad
 * deploy, draining a cell the release has not reached saves under 1%. Calling those "better than doing nothing"
 * praised a run for what it did not do.
 */
export const sameAsNothing = 0.02;

export type Verdict =
  | "par or better"
  | "better than doing nothing"
  | "about the same as doing nothing"
  | "worse than doing nothing";

/** Where `tenantMinutes` lands beside par and doing nothing (`sameAsNothing` says how near is the same). */
export function verdictOf(tenantMinutes: number, par: number, nothing: number): Verdict {
  if (tenantMinutes <= par) return "par or better";
  if (tenantMinutes < nothing * (1 - sameAsNothing)) return "better than doing nothing";
  if (tenantMinutes <= nothing * (1 + sameAsNothing)) return "about the same as doing nothing";
  return "worse than doing nothing";
}

/** Play `log` (throws a GameRuleError naming a bad entry), doing nothing and par, and compare. */
export function summarize(scenario: GameScenario, seed: number, log: readonly LogEntry[]): GameSummary {
  const played = finishedGame(scenario, seed, log);
  const doNothing = finishedGame(scenario, seed, []);
  const placed = onSeed(scenario, seed);
  const par = finishedGame(scenario, seed, placed.reference);
  const score = played.finish().score;
  /** The bad share over `effectWindow` seconds from `from` (cut at the end), played and doing nothing. */
  const measuredWindow = (from: number) => {
    const to = Math.min(scenario.seconds, from + effectWindow);
    return { from, to, badShare: badShare(played, from, to), doNothingBadShare: badShare(doNothing, from, to) };
  };
  const debrief = log.map((entry, i): ActionDebrief => {
    const spec = actionSpec(entry.action);
    const effectAt = played.effectAt(i);
    let without: number | null = null;
    try {
      without = finishedGame(
        scenario,
        seed,
        log.filter((_, k) => k !== i),
      ).finish().score.tenantMinutes;
    } catch (error) {
      if (!(error instanceof GameRuleError)) throw error;
    }
    return {
      entry: i + 1,
      at: entry.at,
      action: entry.action,
      target: entry.target ?? null,
      label: spec.label,
      effectAt,
      window: effectAt === null ? null : measuredWindow(effectAt),
      savedTenantMinutes: without === null ? null : round(without - score.tenantMinutes, 3),
      chapter: spec.chapter,
    };
  });
  const parScore = par.finish().score;
  // The sign is the do-nothing run's (firstSignAt), played above already.
  const beforeSign = actionsBeforeSign(scenario, seed, log, doNothing.signAt);
  const nothingScore = doNothing.finish().score;
  const timeline: TimelineItem[] = [
    { at: scenario.faultAt, text: `what happened: ${placed.faultLabel}` },
    ...played.timeline.map((e) => ({ at: e.at, text: e.text })),
  ];
  if (score.mitigatedAt !== null && score.mitigation === "mitigated")
    timeline.push({ at: score.mitigatedAt, text: "users back under the line for good (mitigated)" });
  timeline.sort((a, b) => a.at - b.at);
  return {
    format: "blast-radius-gameday",
    version: 1,
    scenario: scenario.id,
    seed,
    log: log.map((e) => ({ ...e })),
    score,
    doNothing: nothingScore,
    par: parScore,
    verdict: verdictOf(score.tenantMinutes, parScore.tenantMinutes, nothingScore.tenantMinutes),
    faultAt: scenario.faultAt,
    beforeFault: actionsBeforeFault(scenario, log),
    signAt: doNothing.signAt,
    beforeSign,
    ranked: ranked({ beforeSign }),
    alerts: played.finish().alerts,
    timeline,
    debrief,
  };
}
