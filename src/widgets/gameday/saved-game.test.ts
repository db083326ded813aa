import { expect, test } from "vitest";
import { memoryStorage } from "../../../tests/support/memory-storage.ts";
import { savedGameKey, type SavedGame } from "../../sim/gameday/saved.ts";
import { keepsNothing } from "../site-storage.ts";
import { keepSavedGame, loadSavedGame, readSavedGame } from "./saved-game.ts";

const store = memoryStorage;
const saved: SavedGame = { seed: 1, clock: 75.5, log: [{ at: 70.2, action: "retries-off" }] };

test("a game under way is kept per scenario, read back, and dropped once over", () => {
  const s = store();
  expect(keepSavedGame(s, "retry-storm", 600, saved)).toBe(true);
  expect(loadSavedGame(s, "retry-storm", 600)).toEqual(saved);
  expect(loadSavedGame(s, "gray-failure", 600)).toBeNull();
  // A game over, or one where nothing happened yet, is not kept: nothing to resume.
  keepSavedGame(s, "retry-storm", 600, { ...saved, clock: 600 });
  expect(s.getItem(savedGameKey("retry-storm")) !== null).toBe(false);
  keepSavedGame(s, "retry-storm", 600, saved);
  keepSavedGame(s, "retry-storm", 600, { seed: 1, clock: 0, log: [] });
  expect(s.getItem(savedGameKey("retry-storm")) !== null).toBe(false);
  keepSavedGame(s, "retry-storm", 600, saved);
  keepSavedGame(s, "retry-storm", 600, null);
  expect(s.getItem(savedGameKey("retry-storm")) !== null).toBe(false);
});

test("a saved game that cannot be read is dropped, said once: the next read finds none", () => {
  const s = store();
  s.setItem(savedGameKey("retry-storm"), "{ damaged");
  expect(readSavedGame(s, "retry-storm", 600)).toBe("unreadable");
  expect(s.getItem(savedGameKey("retry-storm")) !== null).toBe(false);
  expect(readSavedGame(s, "retry-storm", 600)).toBeNull();
  // The dashboard's read, after the bootstrap's: no game, whatever was kept.
  s.setItem(savedGameKey("retry-storm"), JSON.stringify({ seed: 1, clock: "75" }));
  expect(loadSavedGame(s, "retry-storm", 600)).toBeNull();
  expect(s.getItem(savedGameKey("retry-storm")) !== null).toBe(false);
  // A game kept over, or with nothing in it, is dropped without a word.
  s.setItem(savedGameKey("retry-storm"), JSON.stringify({ ...saved, clock: 600 }));
  expect(readSavedGame(s, "retry-storm", 600)).toBeNull();
  expect(s.getItem(savedGameKey("retry-storm")) !== null).toBe(false);
});

test("refused or full storage keeps nothing, offers nothing and throws nothing", () => {
  const refused = {
    getItem: () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    },
    setItem: () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    },
    removeItem: () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    },
  };
  expect(loadSavedGame(refused, "retry-storm", 600)).toBeNull();
  expect(readSavedGame(refused, "retry-storm", 600)).toBeNull();
  expect(keepSavedGame(refused, "retry-storm", 600, saved)).toBe(false);
  expect(keepSavedGame(refused, "retry-storm", 600, null)).toBe(false);
  expect(keepSavedGame(keepsNothing, "retry-storm", 600, saved)).toBe(true);
  expect(loadSavedGame(keepsNothing, "retry-storm", 600)).toBeNull();
});
