/**
 * The game under way, kept in the tab's storage as it runs (`src/sim/gameday/saved.ts` says what
 * is kept). Reads and writes never throw: where storage is refused or full, nothing is kept and
 * nothing is offered.
 */
import { parseSavedGame, resumable, savedGameKey, type SavedGame } from "../../sim/gameday/saved.ts";
import { keep, type Store } from "../site-storage.ts";

/**
 * The tab's saved game of `scenario`, or null; `"unreadable"` when what the tab kept is no saved
 * game (`parseSavedGame`). One that cannot be read or resumed is dropped, so it is said once.
 */
export function readSavedGame(store: Store, scenario: string, seconds: number): SavedGame | "unreadable" | null {
  try {
    const saved = parseSavedGame(store.getItem(savedGameKey(scenario)), seconds);
    if (saved === null || saved === "unreadable") store.removeItem(savedGameKey(scenario));
    return saved;
  } catch {
    return null;
  }
}

/** The tab's saved game of `scenario`, or null; one that cannot be read or resumed is dropped. */
export function loadSavedGame(store: Store, scenario: string, seconds: number): SavedGame | null {
  const saved = readSavedGame(store, scenario, seconds);
  return saved === "unreadable" ? null : saved;
}

/**
 * Keep `saved` as the tab's game of `scenario`, or drop it (null, or a game not worth resuming:
 * over, or nothing happened yet). False when the browser would not keep it.
 */
export function keepSavedGame(store: Store, scenario: string, seconds: number, saved: SavedGame | null): boolean {
  return keep(savedGameKey(scenario), saved && resumable(saved, seconds) ? JSON.stringify(saved) : null, store);
}
