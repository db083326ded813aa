import { expect, test } from "vitest";
import { finishedScore, Game, GameRuleError, resumeGame } from "./game.ts";
import { LogFormatError } from "./log.ts";
import { parseSavedGame, resumedResultText, resumedText, resumeOfferText, type SavedGame, savedGame } from "./saved.ts";
import { findScenario, type LogEntry } from "./scenarios.ts";

const scenario = findScenario("lost-zone")!;
const seed = 3;
const log = scenario.reference;

/** The page's worker: the clock moves in steps (`step` simulated seconds), actions land as it passes their time. */
function playLive(until: number, step: number, entries: readonly LogEntry[]): Game {
  const game = new Game(scenario, seed);
  const todo = [...entries];
  while (game.now < until) {
    const stop = Math.min(until, game.now + step);
    while (todo.length && todo[0]!.at <= stop) {
      const entry = todo.shift()!;
      game.advanceTo(entry.at);
      game.act(entry.action, entry.target ?? null);
    }
    game.advanceTo(stop);
  }
  return game;
}

test("a resumed game is where the page left it, and scores as its log played straight through", () => {
  // Left after the first two actions of the reference response, between ticks of 0.7 s.
  const clock = 128.1;
  const before = log.filter((e) => e.at <= clock);
  expect(before.length).toBeGreaterThan(0);
  expect(before.length).toBeLessThan(log.length);
  const saved: SavedGame = { seed, clock, log: before.map((e) => ({ ...e })) };
  const resumed = resumeGame(scenario, saved);
  const live = playLive(clock, 0.7, before);
  expect(resumed.now).toBe(clock);
  expect(resumed.log).toEqual(saved.log);
  expect(resumed.frames).toEqual(live.frames);
  expect(resumed.feed).toEqual(live.feed);
  expect(resumed.telemetry.monitor.events).toEqual(live.telemetry.monitor.events);

  // Played on from there with the rest of the log: the score of the whole log played at once.
  for (const entry of log.filter((e) => e.at > clock)) {
    resumed.advanceTo(entry.at);
    resumed.act(entry.action, entry.target ?? null);
  }
  const straight = finishedScore(scenario, seed, log);
  expect(resumed.finish().score).toEqual(straight);
  expect(resumed.finish().log).toEqual(log);
});

test("a saved game that cannot be played to its clock is refused, naming why", () => {
  const [first, second] = log as [LogEntry, LogEntry];
  // Out of time order.
  expect(() => resumeGame(scenario, { seed, clock: 200, log: [{ ...second, at: 130 }, first] })).toThrow(
    /^entry 2: at 120 s comes before the entry above it/,
  );
  // An entry later than where the game was left.
  expect(() => resumeGame(scenario, { seed, clock: first.at - 1, log: [first] })).toThrow(GameRuleError);
  expect(() => resumeGame(scenario, { seed, clock: first.at - 1, log: [first] })).toThrow(
    /entry 1 .*after 119 s, where the game was left/,
  );
  // An action refused when its time comes (the same zone failed over twice).
  expect(() => resumeGame(scenario, { seed, clock: 200, log: [first, { ...first, at: first.at + 1 }] })).toThrow(
    /^entry 2 /,
  );
  // An action no game day has.
  expect(() =>
    resumeGame(scenario, { seed, clock: 200, log: [{ at: 10, action: "reboot-everything" } as unknown as LogEntry] }),
  ).toThrow(LogFormatError);
  // A game already over is not resumed.
  expect(() => resumeGame(scenario, { seed, clock: scenario.seconds, log: [] })).toThrow(
    /left at 600 s, and the game ends at 600 s/,
  );
});

test("the record the dashboard keeps is the one read back: one shape, written in one place", () => {
  const kept = savedGame(7, 42.5, [{ at: 30, action: "shed-priority" }]);
  expect(Object.keys(kept)).toEqual(["seed", "clock", "log"]);
  // Kept as the tab keeps it (JSON) and read back, it is the same record, key for key.
  const read = parseSavedGame(JSON.stringify(kept), 600);
  expect(read).toEqual(kept);
  expect(Object.keys(read as SavedGame)).toEqual(Object.keys(kept));
});

test("a saved game is read back only when it is one, under way and not over; one that is no game is told apart", () => {
  const saved: SavedGame = { seed: 7, clock: 42.5, log: [{ at: 30, action: "shed-priority" }] };
  expect(parseSavedGame(JSON.stringify(saved), 600)).toEqual(saved);
  expect(parseSavedGame(JSON.stringify({ seed: 7, clock: 0, log: [{ at: 0, action: "scale-out" }] }), 600)).toEqual({
    seed: 7,
    clock: 0,
    log: [{ at: 0, action: "scale-out" }],
  });
  // Nothing to offer and nothing to say: none kept, a finished game, or one where nothing happened.
  for (const raw of [null, JSON.stringify({ ...saved, clock: 600 }), JSON.stringify({ seed: 7, clock: 0, log: [] })])
    expect(parseSavedGame(raw, 600)).toBeNull();
  // Kept, but no saved game: damaged or of another shape. The page drops it and says so.
  for (const raw of [
    "",
    "not json",
    '{"seed": 7, "clock": 42.5, "log": [',
    "[]",
    "null",
    "42",
    JSON.stringify({ ...saved, seed: -1 }),
    JSON.stringify({ ...saved, clock: "42" }),
    JSON.stringify({ ...saved, clock: -1 }),
    JSON.stringify({ seed: 7, clock: 42.5 }),
    JSON.stringify({ ...saved, log: [{ at: "30", action: "shed-priority" }] }),
    JSON.stringify({ ...saved, log: [{ at: 30, action: "eject-host", target: 7 }] }),
  ])
    expect(parseSavedGame(raw, 600), raw).toBe("unreadable");
});

test("the offer, the feed and the results say the game was resumed, and where", () => {
  const saved: SavedGame = { seed: 7, clock: 83.4, log: [{ at: 30, action: "shed-priority" }] };
  expect(resumeOfferText(saved, 600)).toBe(
    "This tab has an unfinished game: seed 7, 1 action taken, left at 1 min 23 s of 10 min.",
  );
  expect(resumeOfferText({ ...saved, log: [] }, 600)).toContain("0 actions taken");
  expect(resumedText(saved)).toBe(
    "Resumed after a reload: your 1 action played again to 1 min 23 s, where you left. Paused: press a speed to go on.",
  );
  expect(resumedResultText(83.4)).toBe(
    "This game was resumed after a reload at 1 min 23 s. Its score is what its actions earn played straight through, as the board scores its code.",
  );
});
