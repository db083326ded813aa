/**
 * A game day under way as its tab keeps it, so that a reload does not lose it: the seed, the
 * action log and the simulated clock. The game is a pure function of these and the scenario, so
 * resuming plays the log again to the clock (`resumeGame` in game.ts). Light on imports: the
 * page's bootstrap reads a saved game to offer it before the dashboard's code has loaded.
 */
import { countOf, minutesAndSeconds } from "../../format/number.ts";
import { isSeed } from "../random.ts";
import type { LogEntry } from "./scenarios.ts";

export interface SavedGame {
  seed: number;
  /** Seconds since the start, where the game was left. */
  clock: number;
  log: LogEntry[];
}

/**
 * The record a tab keeps of game `seed` left at `clock` with `log`: the one place its shape is
 * written, by the dashboard keeping a game as it runs and by `parseSavedGame` reading one back.
 */
export function savedGame(seed: number, clock: number, log: LogEntry[]): SavedGame {
  return { seed, clock, log };
}

/** Where a tab keeps its game of `scenario` (one a scenario, so two game days do not mix). */
export const savedGameKey = (scenario: string) => `blast-radius:gameday-game:${scenario}:v1`;

/** Whether a game is worth offering to resume: something happened, and it is not over. */
export function resumable(saved: SavedGame, seconds: number): boolean {
  return saved.clock < seconds && (saved.clock > 0 || saved.log.length > 0);
}

const isEntry = (v: unknown): v is LogEntry => {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const { at, action, target } = v as Record<string, unknown>;
  return (
    typeof at === "number" &&
    Number.isFinite(at) &&
    typeof action === "string" &&
    (target === undefined || typeof target === "string")
  );
};

/**
 * A saved game read back; null when there is none, or it is not `resumable` in a game of `seconds`
 * (nothing to offer, nothing to say); `"unreadable"` when the tab kept something that is not a
 * saved game (damaged, another shape), which the page drops and says it dropped. Its shape only:
 * whether its log plays, entry by entry, is for `resumeGame` to say.
 */
export function parseSavedGame(raw: string | null, seconds: number): SavedGame | "unreadable" | null {
  if (raw === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return "unreadable";
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return "unreadable";
  const { seed, clock, log } = data as Record<string, unknown>;
  if (!isSeed(seed) || typeof clock !== "number" || !Number.isFinite(clock) || clock < 0) return "unreadable";
  if (!Array.isArray(log) || !log.every(isEntry)) return "unreadable";
  const saved = savedGame(seed, clock, log);
  return resumable(saved, seconds) ? saved : null;
}

/** What the page says, once, of a saved game it could not read and so discarded. */
export const unreadableSaveText =
  "Sorry: the game this tab had saved could not be read, so it was discarded. Start a new game when you are ready.";

/** The offer the page makes for a saved game, before anything has loaded. */
export function resumeOfferText(saved: SavedGame, seconds: number): string {
  return `This tab has an unfinished game: seed ${saved.seed}, ${countOf(saved.log.length, "action")} taken, left at ${minutesAndSeconds(saved.clock)} of ${minutesAndSeconds(seconds)}.`;
}

/** What the feed says once a saved game is resumed. */
export function resumedText(saved: SavedGame): string {
  return `Resumed after a reload: your ${countOf(saved.log.length, "action")} played again to ${minutesAndSeconds(saved.clock)}, where you left. Paused: press a speed to go on.`;
}

/** What the results say of a resumed game: resumed, and scored as if it had not been. */
export function resumedResultText(clock: number): string {
  return `This game was resumed after a reload at ${minutesAndSeconds(clock)}. Its score is what its actions earn played straight through, as the board scores its code.`;
}
