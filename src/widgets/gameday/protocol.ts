/** What the game-day page and its worker say to each other. */
import type { ActionId } from "../../sim/gameday/actions.ts";
import type { Notice } from "../../sim/gameday/game.ts";
import type { SavedGame } from "../../sim/gameday/saved.ts";
import type { LogEntry } from "../../sim/gameday/scenarios.ts";
import type { AlertEvent } from "../../sim/gameday/slo.ts";
import type { GameSummary } from "../../sim/gameday/summary.ts";
import type { Frame } from "../../sim/gameday/telemetry.ts";

/** Speeds the page offers: simulated seconds per real second (0 is paused). */
export const speeds = [0, 1, 5, 20] as const;
export type Speed = (typeof speeds)[number];

/** The speed a new game's clock starts at, and the speed a shared run replays at. */
export const startingSpeed: Speed = 1;
export const replaySpeed: Speed = 20;

/**
 * The key that sets each speed on the dashboard: one key map for the page's handler, its help
 * line and How to play. 20× is "2": the first digit, as 1 and 5 are theirs.
 */
export const speedKeys: Readonly<Record<Speed, string>> = { 0: "0", 1: "1", 5: "5", 20: "2" };

/** The speed a key sets, if it sets one. */
export function speedForKey(key: string): Speed | undefined {
  return speeds.find((s) => speedKeys[s] === key);
}

/**
 * Each game the page asks for is numbered (`game`), and what the worker says of a game carries its
 * number: what it said of the game before, still on its way when the page asked for another, is
 * not drawn as the new one's.
 */
export type ToWorker =
  /** A new game of `scenario` on `seed`. */
  | { type: "start"; game: number; scenario: string; seed: number }
  /**
   * Replay the run a result code holds, if it is a run of `scenario` (the page's): its log's
   * entries are played as the clock reaches them, and nothing else. The code is checked first: one
   * that cannot be replayed is refused (`link-refused`) and the game under way, if any, goes on.
   */
  | { type: "replay"; game: number; code: string; scenario: string }
  /**
   * Resume a game of `scenario` left under way (a reload): its log played again to its clock,
   * paused. Like a replay's code, the saved game is checked first: one that cannot be resumed is
   * refused (`resume-failed`) and the game under way, if any (a shared run's replay), goes on.
   */
  | { type: "resume"; game: number; scenario: string; saved: SavedGame }
  | { type: "speed"; speed: Speed }
  /** Take an action now; `id` comes back on the update that shows it. */
  | { type: "act"; id: number; action: ActionId; target: string | null }
  /** Play the rest of the game at once (no more actions), then summarize. */
  | { type: "finish" }
  /**
   * The result code of a finished run (`log` played on `seed`, scoring `tenantMinutes`: its
   * summary's score, the log's played straight through), with this name on it, answered under the
   * number `request`. Everything the code holds is in the message, so any worker answers it, not
   * only the one that played the game: after that one crashed, the page's results still get their
   * code from the next (it once asked a new worker about a game it never had, and waited for ever).
   */
  | {
      type: "code";
      request: number;
      name: string;
      scenario: string;
      seed: number;
      log: LogEntry[];
      tenantMinutes: number;
    };

export interface OfferState {
  action: ActionId;
  /** For actions with targets: each target, and why it cannot be chosen now (null when it can). */
  targets?: { name: string; why: string | null }[];
  /** Why the action cannot be taken now (null when it can). */
  why: string | null;
}

/** An action taken whose effect has not landed yet. */
export interface PendingAction {
  /** Its place in the game's log. */
  index: number;
  entry: LogEntry;
  /** When it lands (`Game.effectAt`), or null while it waits for an event (`ActionSpec.waitsFor`). */
  effectAt: number | null;
}

export type FromWorker =
  | {
      type: "update";
      /** The number of the game it is of. */
      game: number;
      clock: number;
      seconds: number;
      /** Frames recorded since the last update, oldest first. */
      frames: Frame[];
      feed: Notice[];
      /** Alerts that started or stopped since the last update. */
      alertChanges: AlertEvent[];
      log: LogEntry[];
      pending: PendingAction[];
      offers: OfferState[];
      speed: Speed;
      over: boolean;
      /** The `act` ids this update answers (their effect is in it). */
      acked: number[];
      /** An action that could not be taken: why. */
      refused?: string;
    }
  /** A replay (game `game`) starts: the run the code holds. Its updates follow. */
  | { type: "replaying"; game: number; scenario: string; seed: number; name: string; log: LogEntry[] }
  | { type: "summarizing"; game: number }
  | { type: "summary"; game: number; summary: GameSummary }
  | { type: "code"; request: number; code: string }
  /** The code asked for as `request` could not be made: why. Nothing else is touched. */
  | { type: "code-failed"; request: number; message: string }
  /** The saved game resumes as game `game`: its first update, holding everything so far, follows. */
  | { type: "resuming"; game: number }
  /**
   * A saved game that cannot be resumed (its log does not play, or it was over): why. Checked
   * before anything else, so the game under way before it, if any, runs on.
   */
  | { type: "resume-failed"; game: number; message: string }
  /**
   * A shared link whose result code cannot be replayed (unreadable, or refused by the board's
   * rule): why. Checked before anything else, so the game under way before it, if any, runs on.
   */
  | { type: "link-refused"; game: number; reason: string }
  | { type: "error"; message: string };

/** What the game sends as it runs: the dashboard draws each one. */
export type GameUpdate = Extract<FromWorker, { type: "update" }>;
