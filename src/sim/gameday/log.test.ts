import { expect, test } from "vitest";
import { seedRange } from "../random.ts";
import { Game, GameRuleError, playLog } from "./game.ts";
import { checkLog, formatLog, LogFormatError, maxLogEntries, parseLog } from "./log.ts";
import { findScenario, type LogEntry, scenarios } from "./scenarios.ts";

const gray = findScenario("gray-failure")!;
const deploy = findScenario("bad-deploy")!;

const refused = (text: string) => {
  try {
    parseLog(text, gray);
  } catch (error) {
    expect(error).toBeInstanceOf(LogFormatError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${text}`);
};

test("a log is a list, or an object with the scenario, the seed and the list", () => {
  const entries: LogEntry[] = [{ at: 120, action: "eject-host", target: "h07" }];
  expect(parseLog(JSON.stringify(entries), gray)).toEqual({ entries });
  expect(parseLog(JSON.stringify({ scenario: "gray-failure", seed: 4, actions: entries }), gray)).toEqual({
    scenario: "gray-failure",
    seed: 4,
    entries,
  });
  // formatLog writes what parseLog reads.
  expect(parseLog(formatLog("gray-failure", 4, entries), gray).entries).toEqual(entries);
  expect(parseLog(formatLog("gray-failure", 4, []), gray).entries).toEqual([]);
});

test("invalid logs are refused with a message naming the entry and the problem", () => {
  expect(refused("{")).toMatch(/^the log is not JSON/);
  expect(refused('"eject"')).toMatch(/a log is a list of entries/);
  expect(refused('{"scenario": "bad-deploy", "actions": []}')).toBe(
    'the log is for the scenario "bad-deploy", not "gray-failure"',
  );
  expect(refused('{"seed": -1, "actions": []}')).toBe(
    '"seed" must be a whole number from 0 to 4,294,967,295, written in digits only, got -1',
  );
  expect(refused('{"seed": 4294967296, "actions": []}')).toMatch(/^"seed" must be a whole number from 0/);
  expect(refused('{"seed": 1.5, "actions": []}')).toMatch(/^"seed" must be a whole number from 0/);
  expect(refused('{"actions": [], "score": 1}')).toBe('unknown field "score" (a log has scenario, seed and actions)');
  expect(refused('[{"at": 120, "action": "eject-host", "target": "h07"}, 5]')).toBe(
    'entry 2: must be an object like {"at": 120, "action": "eject-host"}',
  );
  expect(refused('[{"at": "2 min", "action": "eject-host"}]')).toBe(
    'entry 1: "at" must be a number of seconds, got "2 min"',
  );
  expect(refused('[{"at": 600, "action": "eject-host"}]')).toBe("entry 1: at 600 s is outside the game (0 to 600 s)");
  expect(refused('[{"at": -1, "action": "eject-host"}]')).toBe("entry 1: at -1 s is outside the game (0 to 600 s)");
  expect(refused('[{"at": 9000, "action": "eject-host"}]')).toBe(
    "entry 1: at 9,000 s is outside the game (0 to 600 s)",
  );
  expect(refused('[{"at": 12.34, "action": "eject-host"}]')).toBe('entry 1: "at" is in tenths of a second, got 12.34');
  expect(refused('[{"at": 20, "action": "retries-off"}, {"at": 10, "action": "retries-on"}]')).toBe(
    "entry 2: at 10 s comes before the entry above it (20 s); entries go in time order",
  );
  // Every action the scenario has, as a sentence lists them (the last after "and").
  expect(refused('[{"at": 20, "action": "reboot-everything"}]')).toBe(
    'entry 1: unknown action "reboot-everything"; gray-failure\'s actions are eject-host, return-host, restart, ' +
      "retries-off, retries-on, shed-queue, shed-priority and unshed-priority",
  );
  expect(refused('[{"at": 20, "action": "halt-rollout"}]')).toMatch(/^entry 1: unknown action "halt-rollout"/);
  expect(refused('[{"at": 20, "action": "eject-host", "target": 7}]')).toBe('entry 1: "target" must be a name, got 7');
  expect(refused('[{"at": 20, "action": "eject-host", "why": "slow"}]')).toBe(
    'entry 1: unknown field "why" (an entry has at, action and target)',
  );
  const many = Array.from({ length: maxLogEntries + 1 }, () => ({ at: 20, action: "retries-off" }));
  expect(refused(JSON.stringify(many))).toBe(
    `the log has ${maxLogEntries + 1} entries; a game day log holds at most ${maxLogEntries}`,
  );
});

test("impossible logs are refused when the entry's time comes, naming it", { timeout: 60_000 }, () => {
  const impossible = (log: unknown, scenario = gray) => {
    try {
      playLog(scenario, 1, parseLog(JSON.stringify(log), scenario).entries);
    } catch (error) {
      expect(error).toBeInstanceOf(GameRuleError);
      return [(error as GameRuleError).entry, (error as Error).message];
    }
    throw new Error("played");
  };
  expect(impossible([{ at: 100, action: "eject-host", target: "h99" }])).toEqual([
    0,
    'entry 1 (eject-host h99 at 100 s): "eject-host" cannot target "h99" in gray-failure; it can target h01, h02, h03, h04, h05, h06, h07, h08, h09 or h10',
  ]);
  expect(impossible([{ at: 100, action: "eject-host" }])).toEqual([
    0,
    'entry 1 (eject-host at 100 s): "eject-host" needs a target: one of h01, h02, h03, h04, h05, h06, h07, h08, h09 or h10',
  ]);
  expect(impossible([{ at: 100, action: "retries-off", target: "h07" }])).toEqual([
    0,
    'entry 1 (retries-off h07 at 100 s): "retries-off" takes no target, got "h07"',
  ]);
  expect(
    impossible([
      { at: 100, action: "eject-host", target: "h07" },
      { at: 101, action: "eject-host", target: "h07" },
    ]),
  ).toEqual([1, "entry 2 (eject-host h07 at 101 s): h07 is already ejected"]);
  expect(impossible([{ at: 100, action: "return-host", target: "h03" }])).toEqual([
    0,
    "entry 1 (return-host h03 at 100 s): h03 is not ejected",
  ]);
  // Before the canary wave starts, there is nothing to roll back.
  expect(impossible([{ at: 30, action: "rollback-wave" }], deploy)).toEqual([
    0,
    "entry 1 (rollback-wave at 30 s): no wave runs the new release",
  ]);
});

test("a game day seed follows the one seed rule (src/sim/random.ts)", () => {
  // The log, the game and the terminal take every seed in the range, and no other.
  expect(checkLog({ seed: seedRange.max, actions: [] }, gray).seed).toBe(seedRange.max);
  expect(() => new Game(gray, seedRange.max + 1)).toThrow(/the seed must be a whole number from 0 to 4,294,967,295/);
});

test("every game's clock reads the tenth it was advanced to, so two actions in one tenth replay in order", () => {
  for (const scenario of scenarios) {
    const game = new Game(scenario, 1);
    for (let tenth = 1; tenth <= 300; tenth++) {
      game.advanceTo(tenth / 10);
      // The storm's clock read 0.10000000000000142 at 0.1 (88 of these 300 tenths drifted).
      expect(game.now, `${scenario.id} at ${tenth / 10} s`).toBe(tenth / 10);
    }
  }
  // The case a player met: paused at 0.2 s, two actions, then the end.
  const storm = findScenario("retry-storm")!;
  const game = new Game(storm, 1);
  game.advanceTo(0.2);
  game.act("retries-off");
  game.act("shed-queue");
  expect(game.log).toEqual([
    { at: 0.2, action: "retries-off" },
    { at: 0.2, action: "shed-queue" },
  ]);
  expect(() => playLog(storm, 1, game.log)).not.toThrow();
});
