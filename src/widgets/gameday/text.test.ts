import { expect, test } from "vitest";
import { percentUpTo } from "../../format/number.ts";
import { budgetText, startLabel, startLabels } from "../../sim/gameday/report.ts";
import { alertRules, type Slo } from "../../sim/gameday/slo.ts";
import {
  ackText,
  actionsWaitText,
  alertText,
  countdownText,
  goesOnPiece,
  lineText,
  msText,
  notStartedText,
  percentText,
  replayedLine,
  replayedText,
  type WorkerFailure,
  workerFailedText,
} from "./text.ts";

const slo: Slo = { target: 0.999, latencyMs: 300, periodDays: 30 };

test("a row's share and latency, or a dash when nothing was measured", () => {
  expect(percentText(null)).toBe("–");
  expect(percentText(0.5)).toBe("50%");
  expect(percentText(0.9876)).toBe("98.8%");
  // A trailing zero only where the share was rounded: exact shares (7 of 8, all, none) drop it.
  expect([7 / 8, 1, 0, 3 / 5].map(percentText)).toEqual(["87.5%", "100%", "0%", "60%"]);
  expect([0.53996, 0.9996, 0.10004].map(percentText)).toEqual(["54.0%", "100.0%", "10.0%"]);
  expect(msText(null)).toBe("–");
  expect(msText(250)).toBe("250 ms");
});

test("an action under way counts down to when it lands, never below 0 s, or names what it waits for", () => {
  const entry = { at: 60, action: "breaker-open" as const, target: "db" };
  expect(countdownText({ index: 0, entry, effectAt: 150 }, 60)).toBe("takes effect in 90 s");
  expect(countdownText({ index: 0, entry, effectAt: 150 }, 149.2)).toBe("takes effect in 1 s");
  expect(countdownText({ index: 0, entry, effectAt: 150 }, 151)).toBe("takes effect in 0 s");
  const grow = { at: 60, action: "grow-pool" as const };
  expect(countdownText({ index: 1, entry: grow, effectAt: null }, 60)).toBe("waits for the platform's next restart");
});

test("a done action is said with when it lands: now, after a delay, or at the event it waits for", () => {
  const off = { at: 125, action: "retries-off" as const };
  expect(ackText(off, undefined)).toBe("Done at 2 min 5 s: Turn client retries off; in effect now.");
  expect(ackText(off, { index: 0, entry: off, effectAt: 215 })).toBe(
    "Done at 2 min 5 s: Turn client retries off; it takes effect in 1 min 30 s.",
  );
  const grow = { at: 60, action: "grow-pool" as const };
  expect(ackText(grow, { index: 1, entry: grow, effectAt: null })).toBe(
    "Done at 1 min: Grow the connection pool (at the next restart); it takes effect at the platform's next restart.",
  );
});

test("a shared run's action, taken by its replay, is the shared player's in the feed and said as the player's own are", () => {
  const off = { at: 70, action: "retries-off" as const };
  expect(replayedLine("Ada", off)).toBe("Ada: Turn client retries off");
  expect(replayedText("Ada", off, { index: 0, entry: off, effectAt: 160 })).toBe(
    "Done by Ada at 1 min 10 s: Turn client retries off; it takes effect in 1 min 30 s.",
  );
  const restart = { at: 70, action: "restart" as const, target: "platform" };
  expect(replayedLine("anonymous", restart)).toBe("anonymous: Restart: platform");
  expect(replayedText("anonymous", restart, undefined)).toBe(
    "Done by anonymous at 1 min 10 s: Restart: platform; in effect now.",
  );
});

test("an alert firing says its kind, rule, time and threshold; resolved, when it stopped", () => {
  // fast-burn: 2% of a 30-day budget in 1 h is a burn rate of 0.02 x 720 h / 1 h = 14.4.
  expect(alertText({ rule: "fast-burn", severity: "page", firedAt: 95, resolvedAt: null }, slo)).toBe(
    "Page: fast-burn alert firing at 1 min 35 s: 2% of the error budget in 1 h (burn rate above 14.4).",
  );
  expect(alertText({ rule: "slow-burn", severity: "ticket", firedAt: 30, resolvedAt: null }, slo)).toBe(
    "Ticket: slow-burn alert firing at 30 s: 10% of the error budget in 3 d (burn rate above 1).",
  );
  expect(alertText({ rule: "fast-burn", severity: "page", firedAt: 95, resolvedAt: 400 }, slo)).toBe(
    "fast-burn alert resolved at 6 min 40 s.",
  );
});

test("the dashboard writes every share by one rule: a row's success as the status line's error budget", () => {
  // From 1% up, any share reads the same in a component's row and in "Error budget spent".
  const shares = Array.from({ length: 99_001 }, (_, i) => (i + 1_000) / 100_000);
  expect(shares.map(percentText)).toEqual(shares.map(budgetText));
  // The rule percentUpTo had for the rows dropped the zero of a rounded share, where the status line keeps it.
  expect([percentUpTo(0.53996, 1), budgetText(0.53996)]).toEqual(["54%", "54.0%"]);
  // A firing alert's share of the budget, in the feed, is written by the status line's rule too.
  for (const rule of alertRules)
    expect(alertText({ rule: rule.id, severity: rule.severity, firedAt: 60, resolvedAt: null }, slo)).toContain(
      `: ${budgetText(rule.budgetSpent)} of the error budget in `,
    );
});

test("an action pressed before the game says why it did nothing, in words no press in a row repeats", () => {
  expect(notStartedText(1)).toBe("Not done: start the game first; an action acts on a running game.");
  expect(notStartedText(2)).toBe("Still not done (try 2): start the game first; an action acts on a running game.");
  // A live region need not read out the words it holds: each press's differ from the press before's.
  const said = Array.from({ length: 12 }, (_, i) => notStartedText(i + 1));
  for (const [i, text] of said.entries()) if (i > 0) expect(text).not.toBe(said[i - 1]);
});

test("while the actions wait, their note names the start button by the label it shows, before a first game and after one", () => {
  // Before a first game the button reads "Start the game"; once a game has run, "New game".
  const before = startLabel(0, false);
  const after = startLabel(75, false);
  expect([before, after]).toEqual([...startLabels]);
  expect(actionsWaitText(before)).toBe('Press "Start the game" to act.');
  expect(actionsWaitText(after)).toBe('Press "New game" to act.');
  expect(actionsWaitText(startLabel(0, true))).toBe(actionsWaitText(after));
});

test("a worker that fails says what stopped with it, what it left undone, and the one thing to do now, in each state", () => {
  const says = (failure: Partial<WorkerFailure>) =>
    lineText(workerFailedText({ running: null, scoring: false, asked: null, ...failure }, "Resume it"));
  // The learner's game, running or paused: gone with the worker; a new one starts on a new worker.
  expect(says({ running: "game" })).toBe("The game stopped: its simulation failed. Start a new game.");
  expect(says({ running: "game", scoring: true })).toBe(
    "The game could not be scored: its simulation failed. Start a new game.",
  );
  // A shared run's replay is not "the game" that stopped: the address still holds its link.
  expect(says({ running: "replay" })).toBe(
    "The replay stopped: the game's simulation failed. Reload the page to watch it again, or start a new game.",
  );
  expect(says({ running: "replay", scoring: true })).toBe(
    "The replay could not be scored: the game's simulation failed. Reload the page to watch it again, or start a new game.",
  );
  // A link followed, whose run the worker was checking: before a game, during one, during a
  // replay, or under the results (which stay).
  expect(says({ asked: "replay" })).toBe(
    "The link could not be replayed: the game's simulation failed. Reload the page to try the link again, or start a new game.",
  );
  expect(says({ running: "game", asked: "replay" })).toBe(
    "The game stopped, and the link could not be replayed: the game's simulation failed. Reload the page to try the link again, or start a new game.",
  );
  expect(says({ running: "replay", asked: "replay" })).toBe(
    "The replay stopped, and the link could not be replayed: the game's simulation failed. Reload the page to try the link again, or start a new game.",
  );
  // The saved game asked to resume, which the worker was checking: still offered, its button named as it reads.
  expect(says({ asked: "resume" })).toBe(
    'The saved game could not be resumed: the game\'s simulation failed. Start a new game, or press "Resume it" to try again.',
  );
  expect(says({ running: "replay", asked: "resume" })).toBe(
    'The replay stopped, and the saved game could not be resumed: the game\'s simulation failed. Start a new game, or press "Resume it" to try again.',
  );
  expect(lineText(workerFailedText({ running: null, scoring: false, asked: "resume" }, "Reprendre"))).toContain(
    'press "Reprendre" to try again',
  );
  // Nothing shown and nothing asked (a worker that fails before any game).
  expect(says({})).toBe("The game's simulation failed. Start a new game.");
});

test("the error line's words true only while something lasts go when it ends, and what is left reads whole", () => {
  const failure: WorkerFailure = { running: null, scoring: false, asked: "resume" };
  // The offer discarded after the worker failed: its button is no longer there to press.
  expect(lineText(workerFailedText(failure, "Resume it"), ["offer"])).toBe(
    "The saved game could not be resumed: the game's simulation failed. Start a new game.",
  );
  expect(lineText(workerFailedText({ ...failure, running: "replay" }, "Resume it"), ["offer"])).toBe(
    "The replay stopped, and the saved game could not be resumed: the game's simulation failed. Start a new game.",
  );
  // A refusal that touched the game shown: said to go on while it runs, and not once it is over.
  const refused = "The saved game could not be resumed, so it was dropped.";
  for (const [shown, goesOn] of [
    ["replay", "The replay under way goes on."],
    ["game", "Your game goes on."],
  ] as const) {
    const line = [refused, goesOnPiece(shown)];
    expect(lineText(line)).toBe(`${refused} ${goesOn}`);
    expect(lineText(line, ["running"])).toBe(refused);
    // What lasts for another reason stays.
    expect(lineText(line, ["offer"])).toBe(`${refused} ${goesOn}`);
  }
  // A line with nothing that lasts reads the same whatever has ended.
  const stopped = workerFailedText({ running: "game", scoring: false, asked: null }, "Resume it");
  expect(lineText(stopped, ["running", "offer"])).toBe(lineText(stopped));
});
