/**
 * The game under way, kept in the tab's storage as it runs (`src/sim/gameday/saved.ts` says what
 * is kept). Reads and writes never throw: where storage is refused or full, nothing is kept and
 * nothing is offered.
 */
import { parseSavedGame, resumable, savedGameKey, type SavedGame } from "../../sim/gameday/saved.ts";
import { keep, type Store } from "../site-storage.ts";

/** The tab's saved game of `scenario`, or null; one that cannot be read or resumed is dropped. */
export function loadSavedGame(store: Store, scenario: string, seconds: number): SavedGame | null {
  try {
    const saved = parseSavedGame(store.getItem(savedGameKey(scenario)), seconds);
    if (!saved) store.removeItem(savedGameKey(scenario));
    return saved;
  } catch {
    return null;
  }
}

/**
 * Keep `saved` as the tab's game of `scenario`, or drop it (null, or a game not worth resuming:
 * over, or nothing happened yet). False when the browser would not keep it.
 */
export function keepSavedGame(store: Store, scenario: string, seconds: number, saved: SavedGame | null): boolean {
  return keep(savedGameKey(scenario), saved && resumable(saved, seconds) ? JSON.stringify(saved) : null, store);
}
