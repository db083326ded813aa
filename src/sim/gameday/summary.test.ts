/**
 * The debrief's sentences are claims about the model: "over the next 60 s, x of requests were
 * bad, against y doing nothing" and "without it the run would have cost n more tenant-minutes".
 * Each is held here to the games it describes.
 */
import { expect, test } from "vitest";
import { actionSpec } from "./actions.ts";
import { finishedGame, finishedScore, Game } from "./game.ts";
import { debriefText, entryText, landsText, verdictText } from "./report.ts";
import { findScenario, grayHostOf } from "./scenarios.ts";
import { platform } from "./storm.ts";
import { effectWindow, type GameSummary, summarize } from "./summary.ts";

const slow = { timeout: 120_000 };
const gray = findScenario("gray-failure")!;
/** The slow host on its own seed (another seed slows another host). */
const grayHost = grayHostOf(gray.seed);

/** Bad requests over arrived ones from second `from` up to `to`, counted afresh from a game's telemetry. */
function badShareOf(log: Parameters<typeof finishedGame>[2], from: number, to: number): number {
  const game = finishedGame(gray, gray.seed, log);
  const { arrived, bad } = game.telemetry;
  let n = 0;
  let b = 0;
  for (let t = 0; t < game.setup.tenants.length; t++)
    for (let s = from; s < to; s++) {
      n += arrived[t * gray.seconds + s]!;
      b += bad[t * gray.seconds + s]!;
    }
  return b / n;
}

test("the debrief sets an action's window against doing nothing, and says what the run costs without it", slow, () => {
  const log = [
    { at: 120, action: "eject-host" as const, target: grayHost },
    { at: 130, action: "shed-priority" as const },
  ];
  const summary = summarize(gray, gray.seed, log);
  const [eject, shed] = summary.debrief;
  // The window: from the moment the action took effect, for effectWindow seconds.
  expect(eject!.effectAt).toBeGreaterThan(eject!.at);
  const window = eject!.window!;
  expect(window).toMatchObject({ from: eject!.effectAt, to: eject!.effectAt! + effectWindow });
  expect(window.badShare).toBeCloseTo(badShareOf(log, window.from, window.to), 4);
  expect(window.doNothingBadShare).toBeCloseTo(badShareOf([], window.from, window.to), 4);
  // Ejecting the slow host is what helps: alone, users are better off than doing nothing over
  // its window, and the run without it costs more; shedding healthy traffic costs (here it
  // fails low-priority requests inside the ejection's window), so the run without it costs less.
  const alone = summarize(gray, gray.seed, [log[0]!]).debrief[0]!;
  expect(alone.window!.badShare).toBeLessThan(alone.window!.doNothingBadShare);
  expect(debriefText(alone)).toContain(` of requests were bad, against `);
  const score = summary.score.tenantMinutes;
  expect(eject!.savedTenantMinutes).toBeCloseTo(finishedScore(gray, gray.seed, [log[1]!]).tenantMinutes - score, 3);
  expect(shed!.savedTenantMinutes).toBeCloseTo(finishedScore(gray, gray.seed, [log[0]!]).tenantMinutes - score, 3);
  expect(eject!.savedTenantMinutes).toBeGreaterThan(0);
  expect(shed!.savedTenantMinutes).toBeLessThan(0);
  expect(debriefText(eject!)).toMatch(/Without it the run would have cost [\d.,]+ more tenant-minutes\.$/);
  expect(debriefText(shed!)).toMatch(/Without it the run would have cost [\d.,]+ fewer tenant-minutes\.$/);
});

test("an action a later one depends on has no separable share, and the debrief says so", slow, () => {
  const log = [
    { at: 120, action: "eject-host" as const, target: grayHost },
    { at: 200, action: "return-host" as const, target: grayHost },
  ];
  const [eject, back] = summarize(gray, gray.seed, log).debrief;
  // Without the ejection, returning the host has nothing to return: that log cannot be played.
  expect(() => finishedGame(gray, gray.seed, [log[1]!])).toThrow(/entry 1/);
  expect(eject!.savedTenantMinutes).toBeNull();
  expect(debriefText(eject!)).toContain("its share of the result is not separable");
  expect(back!.savedTenantMinutes).not.toBeNull();
});

test(
  "an action lands when the model applies it: rollbacks one wave at a time, a grown pool at the next restart",
  slow,
  () => {
    // Three rollbacks at once: each waits for the one before it (the page said 1 min 30 s for all three).
    const deploy = findScenario("bad-deploy")!;
    const game = new Game(deploy, deploy.seed);
    game.advanceTo(253);
    game.act("halt-rollout");
    for (let k = 0; k < 3; k++) game.act("rollback-wave");
    const wave = actionSpec("rollback-wave").delay;
    expect([1, 2, 3].map((i) => game.effectAt(i))).toEqual([253 + wave, 253 + 2 * wave, 253 + 3 * wave]);
    expect(game.timeline.filter((e) => e.kind === "effect" && e.text.startsWith("Roll back")).map((e) => e.at)).toEqual(
      [253 + wave, 253 + 2 * wave, 253 + 3 * wave],
    );
    const debrief = summarize(deploy, deploy.seed, game.log).debrief;
    expect(debrief.slice(1).map((d) => d.effectAt)).toEqual([253 + wave, 253 + 2 * wave, 253 + 3 * wave]);
    expect(debrief[3]!.window!.from).toBe(253 + 3 * wave);

    // A pool grown at the next restart waits for it (the page said "in effect now"), and lands with it.
    const storm = findScenario("retry-storm")!;
    const grown = new Game(storm, storm.seed);
    grown.advanceTo(10);
    grown.act("grow-pool");
    expect(grown.effectAt(0)).toBeNull();
    grown.advanceTo(20);
    grown.act("restart", platform);
    expect(grown.effectAt(0)).toBe(20);
    expect(grown.timeline).toContainEqual({
      at: 20,
      kind: "effect",
      text: `${entryText({ action: "grow-pool" })} takes effect`,
    });

    // With no restart after it, it never lands, and the debrief says so instead of measuring a window.
    const waited = summarize(storm, storm.seed, [{ at: 10, action: "grow-pool" }]).debrief[0]!;
    expect(waited).toMatchObject({ effectAt: null, window: null });
    expect(debriefText(waited)).toContain(
      ", never in effect: the platform's next restart did not come before the end.",
    );

    // How the pages, the cards and the terminal write when an action lands.
    expect(landsText("grow-pool", 0)).toBe("at the platform's next restart");
    expect(landsText("retries-off", 0)).toBe("at once");
    expect(landsText("rollback-wave", wave)).toBe("after 1 min 30 s");
  },
);

test("a restart is refused while the one before it is under way, as the rules say; a breaker passes every call until forced", () => {
  const storm = findScenario("retry-storm")!;
  const game = new Game(storm, storm.seed);
  game.advanceTo(5);
  // Every breaker starts passing every call: nobody forced it closed, as the refusal said.
  expect(game.check("breaker-closed", "checkout")).toBe("checkout's breaker already passes every call");
  game.act("restart", platform);
  game.advanceTo(6);
  // Eight presses in five seconds were all accepted, and the debrief blamed none.
  expect(game.check("restart", platform)).toBe(
    "the platform is still restarting (checkout, quotes, search and accounts are starting)",
  );
  expect(game.check("restart", "checkout")).toBe("checkout is still restarting");
  game.advanceTo(5 + 31);
  expect(game.check("restart", platform)).toBeNull();
});

test("a platform restart refused while some services start names them as a sentence lists them", () => {
  const storm = findScenario("retry-storm")!;
  const game = new Game(storm, storm.seed);
  game.advanceTo(5);
  game.act("restart", "checkout");
  game.advanceTo(6);
  expect(game.check("restart", platform)).toBe("the platform is still restarting (checkout is starting)");
  game.act("restart", "quotes");
  game.advanceTo(7);
  expect(game.check("restart", platform)).toBe("the platform is still restarting (checkout and quotes are starting)");
});

test("the verdict writes figures that differ so they read differently: never 'better than doing nothing (27.0)' of 27.0", () => {
  const summary = (you: number, nothing: number, par: number, verdict: GameSummary["verdict"]) =>
    ({
      verdict,
      ranked: true,
      // A run that took an action: one that took none is doing nothing, and says so (below).
      log: [{ at: 120, action: "shed-priority" }],
      score: { tenantMinutes: you },
      doNothing: { tenantMinutes: nothing },
      par: { tenantMinutes: par },
    }) as GameSummary;
  expect(verdictText(summary(26.962, 27.971, 6.6, "better than doing nothing"))).toBe(
    "27.0 tenant-minutes: better than doing nothing (28.0), short of par (6.6).",
  );
  expect(verdictText(summary(26.962, 26.971, 6.6, "about the same as doing nothing"))).toBe(
    "26.96 tenant-minutes: about the same as doing nothing (26.97); par is 6.60.",
  );
  expect(verdictText(summary(3.2, 27, 6.6, "par or better"))).toBe("3.2 tenant-minutes: par (6.6) or better.");
  // Equal figures stay equal, at one decimal.
  expect(verdictText(summary(27, 27, 6.6, "about the same as doing nothing"))).toBe(
    "27.0 tenant-minutes: about the same as doing nothing (27.0); par is 6.6.",
  );
  expect(verdictText(summary(40, 27, 6.6, "worse than doing nothing"))).toBe(
    "40.0 tenant-minutes: worse than doing nothing (27.0); par is 6.6.",
  );
});

test(
  "a run with no action is told it is doing nothing, not that it is about the same as doing nothing; its verdict for the board stays",
  slow,
  () => {
    const idle = summarize(gray, gray.seed, []);
    // The board ranks by the verdict: a run with no action keeps its place beside one that changed nothing.
    expect(idle.verdict).toBe("about the same as doing nothing");
    expect(idle.score.tenantMinutes).toBe(idle.doNothing.tenantMinutes);
    // It once read "27.0 tenant-minutes: about the same as doing nothing (27.0); par is 3.5.".
    const [score, par] = verdictText(idle).match(/\d+(?:\.\d+)?/g)!;
    expect(verdictText(idle)).toBe(
      `No action taken: this run is doing nothing (${score} tenant-minutes); par is ${par}.`,
    );
    expect(Number(score)).toBeCloseTo(idle.doNothing.tenantMinutes, 1);
    expect(Number(par)).toBeCloseTo(idle.par.tenantMinutes, 1);
    // One action that changes nothing is still set beside doing nothing.
    expect(verdictText({ ...idle, log: [{ at: 590, action: "shed-priority" }] })).toMatch(
      /^[\d.]+ tenant-minutes: about the same as doing nothing \([\d.]+\); par is [\d.]+\.$/,
    );
  },
);

test("an action that lands when it is taken is in effect, never under way", () => {
  const storm = findScenario("retry-storm")!;
  const game = new Game(storm, storm.seed);
  game.advanceTo(12.36);
  // A restart lands at once; the clock (12.36) sits before its logged tenth (12.4).
  game.act("restart", "checkout");
  game.act("retries-off");
  game.act("grow-pool");
  expect(game.log.map((e) => e.at)).toEqual([12.4, 12.4, 12.4]);
  expect(game.underWay(12.36).map((p) => [p.entry.action, p.effectAt])).toEqual([
    ["retries-off", 12.4 + actionSpec("retries-off").delay],
    ["grow-pool", null],
  ]);
});

test(
  "a run that acted before the fault is told first that it is unranked and why, then its score: knowing the scenario, not responding to it",
  slow,
  () => {
    const gray = findScenario("gray-failure")!;
    const early = summarize(gray, gray.seed, [{ at: gray.faultAt - 30, action: "eject-host", target: grayHost }]);
    // Its score is par or better, and the summary says so as data; its words do not open with it.
    expect(early).toMatchObject({
      faultAt: gray.faultAt,
      beforeFault: 1,
      beforeSign: 1,
      ranked: false,
      verdict: "par or better",
    });
    expect(verdictText(early)).toMatch(
      /^Unranked: 1 action came before the dashboard showed anything \(its first sign of the fault came at 1 min \d+ s\); it came before the fault itself began, at 1 min\. Nothing on the screen called for it yet: that is knowing the scenario, not responding to it, so the results board lists this run apart\. This run's score: \d+\.\d tenant-minutes; par is \d+\.\d, doing nothing \d+\.\d\.$/,
    );
    expect(verdictText(early)).not.toContain("or better");
    const response = summarize(gray, gray.seed, gray.reference);
    expect(response).toMatchObject({ beforeFault: 0, beforeSign: 0, ranked: true });
    expect(verdictText(response)).toMatch(/or better\.$/);
  },
);
