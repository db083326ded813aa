/**
 * A game day being played: a scenario's model running on its seed, the actions taken so far
 * (the action log), and what monitoring showed each second. The page's worker, the terminal
 * and the tests all play through this one class, so the same log always gives the same score.
 *
 *   const game = new Game(findScenario("gray-failure")!, 1);
 *   game.advanceTo(120);
 *   game.act("eject-host", "h07");
 *   const result = game.finish();
 */
import { round } from "../retry-storm/metrics.ts";
import { listNames } from "../../format/words.ts";
import { isActionId, type ActionId } from "./actions.ts";
import { isSeed, seedRule } from "../random.ts";
import { entryText } from "./report.ts";
import { Fleet } from "./fleet.ts";
import { checkLog } from "./log.ts";
import type { SavedGame } from "./saved.ts";
import { scoreRun, type Score } from "./score.ts";
import { showsSign } from "./signs.ts";
import type { AlertEvent } from "./slo.ts";
import { Telemetry, type ComponentSnapshot, type Frame } from "./telemetry.ts";
import type { GameScenario, LogEntry } from "./scenarios.ts";
import { createStormModel } from "./storm.ts";

/** What a model must offer the game: a clock to advance, actions to check and apply, rows to report. */
export interface GameModel {
  readonly now: number;
  /** The game's length plus the drain: the model stops there. */
  readonly end: number;
  advanceTo(time: number): void;
  /** Why the action cannot be done now, or null when it can. */
  check(action: string, target: string | null): string | null;
  /**
   * Do it now (its delay is the model's business). Returns when its effect lands (seconds since
   * the start), or null when it waits for something yet to happen (a pool grown at the platform's
   * next restart). Throws a RangeError when it cannot be done.
   */
  apply(action: string, target: string | null): number | null;
  /** When the effect of the `index`th action applied, one that waited, landed: null while it waits. */
  landedAt?(index: number): number | null;
  componentNames(): string[];
  /** Called at the end of every second of the game with each component's state. */
  onTick: (rows: ComponentSnapshot[]) => void;
  /** What monitoring reported since the last call (crashes, health checks, deploys), oldest first. */
  takeNotices(): Notice[];
}

export interface Notice {
  at: number;
  text: string;
}

export interface ModelSetup {
  tenants: string[];
  tenantCells?: number[];
  cells?: string[];
  baselineRate: number;
  build: (telemetry: Telemetry) => GameModel;
}

function modelSetup(scenario: GameScenario, seed: number): ModelSetup {
  if (scenario.model.kind === "storm") return createStormModel(scenario, seed);
  const spec = scenario.model.build(seed);
  return {
    tenants: spec.tenants.map((t) => t.name),
    tenantCells: spec.cells ? spec.tenants.map((t) => t.cell) : undefined,
    cells: spec.cells ?? undefined,
    baselineRate: spec.tenants.reduce((sum, t) => sum + t.rate, 0),
    build: (telemetry) => new Fleet(spec, seed, telemetry),
  };
}

/** Something that happened, for the timeline. */
export interface TimelineEvent {
  at: number;
  kind: "action" | "effect" | "alert" | "resolved";
  text: string;
}

export interface GameResult {
  scenario: string;
  seed: number;
  log: LogEntry[];
  score: Score;
  alerts: AlertEvent[];
}

/** The error a log (or an action) earns when it cannot be played; `entry` is its 0-based index in the log, if any. */
export class GameRuleError extends RangeError {
  constructor(
    message: string,
    readonly entry?: number,
  ) {
    super(message);
  }
}

export class Game {
  readonly scenario: GameScenario;
  readonly seed: number;
  readonly log: LogEntry[] = [];
  /** When each entry of the log lands (`effectAt`). */
  private readonly lands: (number | null)[] = [];
  readonly telemetry: Telemetry;
  readonly timeline: TimelineEvent[] = [];
  /** Monitoring's notices, as the dashboard's feed shows them. */
  readonly feed: Notice[] = [];
  readonly componentNames: string[];
  readonly setup: ModelSetup;
  readonly model: GameModel;
  /**
   * The end of the first second from the fault on whose dashboard showed a sign of trouble
   * (`showsSign`), or null while none has. Signs before the fault are not of it: the lost zone's
   * ordinary traffic can leave a tenant hurting for a moment long before its zone goes.
   */
  get signAt(): number | null {
    return this.firstSign;
  }
  private firstSign: number | null = null;
  private finished: GameResult | null = null;

  constructor(scenario: GameScenario, seed: number) {
    if (!isSeed(seed)) throw new GameRuleError(`the seed must be ${seedRule}, got ${seed}`);
    this.scenario = scenario;
    this.seed = seed;
    this.setup = modelSetup(scenario, seed);
    this.telemetry = new Telemetry({
      tenants: this.setup.tenants,
      tenantCells: this.setup.tenantCells,
      cells: this.setup.cells,
      components: [],
      seconds: scenario.seconds,
      slo: scenario.slo,
      baselineRate: this.setup.baselineRate,
    });
    this.model = this.setup.build(this.telemetry);
    this.componentNames = this.model.componentNames();
    this.telemetry.setComponents(this.componentNames.length);
    this.model.onTick = (rows) => {
      if (this.telemetry.second >= this.scenario.seconds) return;
      const notices = this.model.takeNotices();
      for (const notice of notices) this.feed.push({ at: round(notice.at, 1), text: notice.text });
      const { frame, changed } = this.telemetry.closeSecond(rows);
      if (
        this.firstSign === null &&
        frame.t > this.scenario.faultAt &&
        showsSign(frame, notices.length, this.scenario.slo)
      )
        this.firstSign = frame.t;
      for (const alert of changed) {
        if (alert.resolvedAt === null)
          this.timeline.push({
            at: alert.firedAt,
            kind: "alert",
            text: `${alert.severity}: ${alert.rule} alert fires`,
          });
        else this.timeline.push({ at: alert.resolvedAt, kind: "resolved", text: `${alert.rule} alert resolves` });
      }
    };
  }

  /** Seconds since the start. */
  get now(): number {
    return this.model.now;
  }

  get frames(): readonly Frame[] {
    return this.telemetry.frames;
  }

  get over(): boolean {
    return this.model.now >= this.scenario.seconds;
  }

  /** Play on until `time` (capped at the game's end). */
  advanceTo(time: number): void {
    if (time < this.now) return;
    this.model.advanceTo(Math.min(time, this.scenario.seconds));
  }

  /** Why `action` on `target` cannot be done now, or null when it can. */
  check(action: string, target: string | null = null): string | null {
    if (!isActionId(action)) return `unknown action "${action}"`;
    const offer = this.scenario.offers.find((o) => o.action === action);
    if (!offer)
      return `"${action}" is not an action in ${this.scenario.id}; its actions are ${listNames(this.scenario.offers.map((o) => o.action))}`;
    if (offer.targets) {
      if (target === null) return `"${action}" needs a target: one of ${listNames(offer.targets, "or")}`;
      if (!offer.targets.includes(target))
        return `"${action}" cannot target "${target}" in ${this.scenario.id}; it can target ${listNames(offer.targets, "or")}`;
    } else if (target !== null) return `"${action}" takes no target, got "${target}"`;
    if (this.over) return "the game is over";
    return this.model.check(action, target);
  }

  /** Take an action now; it is logged at the current time. Throws a GameRuleError when it cannot be done. */
  act(action: ActionId, target: string | null = null): LogEntry {
    const problem = this.check(action, target);
    if (problem) throw new GameRuleError(problem);
    const at = round(this.now, 1);
    const lands = this.model.apply(action, target);
    const entry: LogEntry = target === null ? { at, action } : { at, action, target };
    this.log.push(entry);
    this.lands.push(lands === null ? null : round(lands, 1));
    const what = entryText(entry);
    this.timeline.push({ at, kind: "action", text: what });
    if (lands !== null && lands > this.now)
      this.timeline.push({ at: round(lands, 1), kind: "effect", text: `${what} takes effect` });
    // This action may be what an earlier one waited for (the restart that sizes a grown pool).
    this.lands.forEach((known, i) => {
      const landed = known === null ? this.model.landedAt?.(i) : null;
      if (landed === null || landed === undefined) return;
      this.lands[i] = round(landed, 1);
      this.timeline.push({ at: round(landed, 1), kind: "effect", text: `${entryText(this.log[i]!)} takes effect` });
    });
    return entry;
  }

  /**
   * When the effect of the log's `index`th entry lands (seconds since the start, to the tenth),
   * as the model applies it: a rollback queued behind another lands after it, a pool grown at the
   * next restart lands with that restart. Null while it waits (for good, if nothing it waits for
   * happens before the end).
   */
  effectAt(index: number): number | null {
    return this.lands[index] ?? null;
  }

  /**
   * The actions under way at `clock`: taken, and landing after it or waiting. One that lands when
   * it is taken is in effect, not under way, even where the clock sits a little before its tenth
   * (12.36 s, logged at 12.4): it was listed as "takes effect in 1 s", and acknowledged "in 0 s".
   */
  underWay(clock: number): { index: number; entry: LogEntry; effectAt: number | null }[] {
    return this.log
      .map((entry, index) => ({ index, entry, effectAt: this.effectAt(index) }))
      .filter((p) => p.effectAt === null || (p.effectAt > p.entry.at && p.effectAt > clock));
  }

  /** Play to the end (and the drain), then score the run. */
  finish(): GameResult {
    if (this.finished) return this.finished;
    this.model.advanceTo(this.model.end);
    const telemetry = this.telemetry;
    const score = scoreRun({
      tenants: this.setup.tenants.length,
      seconds: this.scenario.seconds,
      arrived: telemetry.arrived,
      bad: telemetry.bad,
      slo: this.scenario.slo,
      baselineRate: this.setup.baselineRate,
      faultAt: this.scenario.faultAt,
    });
    this.timeline.sort((a, b) => a.at - b.at);
    this.finished = {
      scenario: this.scenario.id,
      seed: this.seed,
      log: this.log.map((e) => ({ ...e })),
      score,
      alerts: telemetry.monitor.events.map((e) => ({ ...e })),
    };
    return this.finished;
  }
}

/**
 * Play an action log from the start up to `until` (capped at the game's end), leaving the game
 * there: a game resumed after a reload is its log played to the moment it was left. Entries must
 * be in time order, none after `until`; each is checked when its time comes, so an impossible one
 * (a target that does not exist, a rollback with nothing to roll back) throws a GameRuleError
 * naming it.
 */
export function playLogTo(scenario: GameScenario, seed: number, log: readonly LogEntry[], until: number): Game {
  const game = new Game(scenario, seed);
  log.forEach((entry, i) => {
    const name = `entry ${i + 1} (${entry.action}${entry.target === undefined ? "" : ` ${entry.target}`} at ${entry.at} s)`;
    if (entry.at < game.now) throw new GameRuleError(`${name}: entries must be in time order`, i);
    if (entry.at > until) throw new GameRuleError(`${name}: it comes after ${until} s, where the game was left`, i);
    game.advanceTo(entry.at);
    const problem = game.check(entry.action, entry.target ?? null);
    if (problem) throw new GameRuleError(`${name}: ${problem}`, i);
    game.act(entry.action, entry.target ?? null);
  });
  game.advanceTo(until);
  return game;
}

/** Play an action log from start to end (`playLogTo` the end), and score it. */
export function playLog(scenario: GameScenario, seed: number, log: readonly LogEntry[]): Game {
  const game = playLogTo(scenario, seed, log, Number.POSITIVE_INFINITY);
  game.finish();
  return game;
}

/** Finished games, most recent last: the same scenario, seed and log always give the same game. */
const finishedGames = new Map<string, Game>();
const keepFinished = 16;
/**
 * The scores of finished games, kept far longer than the games themselves: a score is ten
 * numbers, a game about 3.8 MB of telemetry. Comparing plays (`judgePar`, a summary's "without
 * this step", the results board) needs only scores, and it often asks again for a game that has
 * left the last 16 (the scenario tests judge par after playing doing nothing and par; judging a
 * scenario plays more than 16 games).
 */
const finishedScores = new Map<string, Score>();
const keepScores = 512;

const gameKey = (scenario: GameScenario, seed: number, log: readonly LogEntry[]) =>
  `${scenario.id}|${seed}|${JSON.stringify(log)}`;

/** Remember `value` under `key` as the most recent of `map`, forgetting the oldest beyond `keep`. */
function remember<T>(map: Map<string, T>, key: string, value: T, keep: number): T {
  map.delete(key);
  map.set(key, value);
  if (map.size > keep) map.delete(map.keys().next().value!);
  return value;
}

/**
 * `playLog`, remembered: a results board checking codes, a summary comparing with doing nothing
 * and par, and a debrief replaying a log without one entry often ask for the same run again.
 */
export function finishedGame(scenario: GameScenario, seed: number, log: readonly LogEntry[]): Game {
  const key = gameKey(scenario, seed, log);
  const game = finishedGames.get(key) ?? playLog(scenario, seed, log);
  const result = game.finish();
  // A game played again after it left the last 16 while its score stayed remembered: the same
  // numbers (a game is a pure function of scenario, seed and log), kept as the one score object
  // `finishedScore` has already handed out.
  const known = finishedScores.get(key);
  if (known) result.score = known;
  remember(finishedScores, key, result.score, keepScores);
  return remember(finishedGames, key, game, keepFinished);
}

/**
 * The score of `log` played to the end: `finishedGame(scenario, seed, log).finish().score`, the
 * same object, without playing the game again while its score is remembered. Throws the same
 * GameRuleError when the log cannot be played (a log that cannot be played has no score).
 */
export function finishedScore(scenario: GameScenario, seed: number, log: readonly LogEntry[]): Score {
  const key = gameKey(scenario, seed, log);
  const known = finishedScores.get(key);
  return known ? remember(finishedScores, key, known, keepScores) : finishedGame(scenario, seed, log).finish().score;
}

/**
 * A game left under way (a reload of its page), played again to where it was left: its log
 * checked as a log file's is (`checkLog`), then played to its clock (`playLogTo`), so its state,
 * and its score once finished, are those of the same log played straight through. Throws a
 * LogFormatError or a GameRuleError (both RangeErrors) saying why it cannot be resumed; a game
 * left at its end is not resumed.
 */
export function resumeGame(scenario: GameScenario, saved: SavedGame): Game {
  if (!(saved.clock < scenario.seconds))
    throw new GameRuleError(`it was left at ${saved.clock} s, and the game ends at ${scenario.seconds} s`);
  return playLogTo(scenario, saved.seed, checkLog(saved.log, scenario).entries, saved.clock);
}
