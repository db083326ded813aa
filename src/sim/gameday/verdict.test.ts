/**
 * What a run earns, held to the games: a run whose first action comes before the dashboard shows
 * anything of the fault is unranked (`actionsBeforeSign`), a score within `sameAsNothing` of doing
 * nothing's is "about the same as doing nothing" (`verdictOf`), and the game-day page's sentence
 * on what the score rewards says what these plays do. The audit (session 57) pressed every button
 * at 1 min, the moment every game day's fault begins, and was ranked "par or better".
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { type ActionId, actionSpec } from "./actions.ts";
import { finishedGame, finishedScore, Game } from "./game.ts";
import { unrankedText, verdictText } from "./report.ts";
import { findScenario, type GameScenario, type LogEntry, scenarios } from "./scenarios.ts";
import { rowHealth, rowP99Factor, showsSign } from "./signs.ts";
import { storedResults } from "./stored.ts";
import { actionsBeforeSign, firstSignAt, sameAsNothing, summarize, verdictOf } from "./summary.ts";

const slow = { timeout: 120_000 };

/** Every action of `scenario` that needs no target, each pressed at `at` if the game lets it. */
function everyButton(scenario: GameScenario, at: number): LogEntry[] {
  const game = new Game(scenario, scenario.seed);
  game.advanceTo(at);
  for (const offer of scenario.offers)
    if (!offer.targets && game.check(offer.action) === null) game.act(offer.action as ActionId);
  return game.log.map((entry) => ({ ...entry }));
}

/**
 * The buttons that need no target and undo another, with the one each undoes. Pressed at once
 * (everyButton presses them in the order the offers list them, each after the one it undoes),
 * the pair does nothing: each lands after the same delay.
 */
const opposites: Partial<Record<ActionId, ActionId>> = {
  "retries-on": "retries-off",
  "unshed-priority": "shed-priority",
};

/** The game-day page's source, its whitespace run together. */
const page = () =>
  readFileSync(new URL("../../pages/gameday/index.astro", import.meta.url), "utf8").replace(/\s+/g, " ");

/** Where a log lands, by the rules the summary uses (`summarize` plays a debrief too: slow for this). */
function judged(scenario: GameScenario, log: readonly LogEntry[]) {
  const { doNothing, par } = storedResults(scenario);
  return {
    verdict: verdictOf(
      finishedScore(scenario, scenario.seed, log).tenantMinutes,
      par.score.tenantMinutes,
      doNothing.score.tenantMinutes,
    ),
    ranked: actionsBeforeSign(scenario, scenario.seed, log) === 0,
  };
}

describe("the first sign of the fault", () => {
  test("comes after the fault in every game day, and nothing before the fault would count as one", slow, () => {
    for (const scenario of scenarios)
      for (const seed of [1, 2]) {
        const game = finishedGame(scenario, seed, []);
        const sign = game.signAt;
        expect(sign, `${scenario.id} seed ${seed}`).not.toBeNull();
        expect(sign!).toBeGreaterThan(scenario.faultAt);
        // The sign is the dashboard's: an alert, a row in trouble, a tenant or cell hurting, a feed line.
        const frame = game.frames[sign! - 1]!;
        expect(frame.t).toBe(sign);
        // No row's p99 stands above rowP99Factor times the objective's latency before the fault.
        for (const f of game.frames.filter((f) => f.t <= scenario.faultAt))
          for (const c of f.components)
            expect(c.p99 ?? 0, `${scenario.id} seed ${seed} at ${f.t}`).toBeLessThanOrEqual(
              rowP99Factor * scenario.slo.latencyMs,
            );
        // The frames between the fault and the sign show none of it.
        for (const f of game.frames.filter((f) => f.t > scenario.faultAt && f.t < sign!)) {
          expect(showsSign(f, 0, scenario.slo), `${scenario.id} seed ${seed} at ${f.t}`).toBe(false);
          expect(game.feed.every((n) => n.at >= f.t)).toBe(true);
        }
      }
  });

  test("is counted from the fault on: the lost zone's ordinary traffic can show a tenant hurting long before", () => {
    const lostZone = findScenario("lost-zone")!;
    const game = finishedGame(lostZone, 7, []);
    expect(game.frames.some((f) => f.t <= lostZone.faultAt && f.tenantsHurting > 0)).toBe(true);
    expect(game.signAt).toBeGreaterThan(lostZone.faultAt);
  });

  test("marks a row as the components' table does: crashed or unreachable is bad, under 95% success a warning", () => {
    expect(rowHealth({ status: "crashed", success: 1 })).toBe("bad");
    expect(rowHealth({ status: "unreachable", success: null })).toBe("bad");
    expect(rowHealth({ status: "up", success: 0.949 })).toBe("warn");
    expect(rowHealth({ status: "up", success: 0.95 })).toBe("ok");
    expect(rowHealth({ status: "up", success: null })).toBe("ok");
  });

  test(
    "is the run's own: a run shows doing nothing's dashboard until its first action, so its sign is the same",
    slow,
    () => {
      const storm = findScenario("retry-storm")!;
      const sign = firstSignAt(storm, storm.seed)!;
      const log = everyButton(storm, sign);
      const played = finishedGame(storm, storm.seed, log);
      expect(played.signAt).toBe(sign);
      const nothing = finishedGame(storm, storm.seed, []);
      expect(played.frames.slice(0, sign)).toEqual(nothing.frames.slice(0, sign));
    },
  );
});

/**
 * Per game day on its own seed: doing nothing, every button that needs no target pressed at the
 * fault (1 min), and the same pressed at the first sign. The verdict each earns is pinned: the
 * game-day page says the score alone does not tell judgement from activity, and these are the
 * plays that show it.
 */
const atSign: Record<string, ReturnType<typeof verdictOf>> = {
  "retry-storm": "par or better",
  "poison-fixed": "par or better",
  "poison-shuffle": "par or better",
  "bad-deploy": "par or better",
  "lost-zone": "better than doing nothing",
  "thundering-herd": "par or better",
  "gray-failure": "par or better",
};

describe.each(scenarios.map((s) => [s.id, s] as const))("%s", (id, scenario) => {
  test("doing nothing is about the same as doing nothing, and ranked", () => {
    expect(judged(scenario, [])).toEqual({ verdict: "about the same as doing nothing", ranked: true });
  });

  test("every button pressed at the fault is unranked: the dashboard had shown nothing yet", slow, () => {
    const log = everyButton(scenario, scenario.faultAt);
    expect(log.length).toBeGreaterThan(1);
    expect(log.every((entry) => entry.at === scenario.faultAt)).toBe(true);
    expect(actionsBeforeSign(scenario, scenario.seed, log)).toBe(log.length);
    expect(judged(scenario, log).ranked).toBe(false);
  });

  test("every button pressed at the first sign is ranked, and earns what the page's sentence says it can", slow, () => {
    const sign = firstSignAt(scenario, scenario.seed)!;
    const log = everyButton(scenario, sign);
    expect(judged(scenario, log)).toEqual({ verdict: atSign[id], ranked: true });
    // A button pressed with its opposite undoes itself: the run scores exactly as it does without both.
    const undone = new Set(log.flatMap((e) => (opposites[e.action] ? [e.action, opposites[e.action]!] : [])));
    expect(undone.size).toBeGreaterThan(0);
    const rest = log.filter((e) => !undone.has(e.action));
    expect(finishedScore(scenario, scenario.seed, rest).tenantMinutes).toBe(
      finishedScore(scenario, scenario.seed, log).tenantMinutes,
    );
    // The rest come at the first sign, before par's first step.
    expect(Math.min(...scenario.reference.map((e) => e.at))).toBeGreaterThan(sign);
  });
});

test(
  "every button but the opposites, pressed at the first sign, falls short of par in every game day but the retry storm",
  slow,
  () => {
    const reach = scenarios.filter((scenario) => {
      const log = everyButton(scenario, firstSignAt(scenario, scenario.seed)!).filter((e) => !opposites[e.action]);
      return (
        finishedScore(scenario, scenario.seed, log).tenantMinutes <= storedResults(scenario).par.score.tenantMinutes
      );
    });
    expect(reach.map((s) => s.id)).toEqual(["retry-storm"]);
    expect(page()).toContain(
      `Leave the opposites unpressed, and the same presses fall short of par in every game day but ${reach[0]!.title.toLowerCase()}.`,
    );
  },
);

test("the game-day page says the score alone does not tell judgement from activity, as the plays show", () => {
  expect(page()).toContain(
    "in some game days, pressing every action that needs no target as soon as the dashboard shows the fault reaches par.",
  );
  // Each opposite the sentence names undoes the other of its pair: a fresh game refuses it until
  // that one has been pressed, and the two land after the same delay.
  for (const [undo, done] of Object.entries(opposites) as [ActionId, ActionId][]) {
    expect(actionSpec(undo).delay).toBe(actionSpec(done).delay);
    for (const scenario of scenarios.filter((s) => s.offers.some((o) => o.action === undo))) {
      const game = new Game(scenario, scenario.seed);
      expect(game.check(undo), `${scenario.id} ${undo}`).not.toBeNull();
      game.act(done);
      expect(game.check(undo), `${scenario.id} ${undo}`).toBeNull();
    }
  }
  expect(page()).toContain(
    "A button pressed together with its opposite (retries off and back on, shedding low-priority traffic and stopping it) undoes itself, and the rest come at the first sign, before par's first step.",
  );
  expect(page()).not.toContain("Doing more is not rewarded");
  expect(page()).not.toContain("rewards judgement rather than activity");
  // Some, not all: in one, pressing every button falls short of par.
  const verdicts = Object.values(atSign);
  expect(verdicts).toContain("par or better");
  expect(verdicts.some((v) => v !== "par or better")).toBe(true);
});

describe("about the same as doing nothing", () => {
  test("par clears the margin many times over in every game day: it saves more than half of doing nothing", () => {
    for (const scenario of scenarios) {
      const { doNothing, par } = storedResults(scenario);
      expect(par.score.tenantMinutes, scenario.id).toBeLessThan(doNothing.score.tenantMinutes / 2);
    }
    expect(sameAsNothing).toBeLessThan(0.5 / 10);
  });

  test(
    "an action aimed elsewhere whose side effect is a rounding error is not 'better than doing nothing'",
    slow,
    () => {
      const lostZone = findScenario("lost-zone")!;
      const nothing = storedResults(lostZone).doNothing.score.tenantMinutes;
      const retriesOff = [{ at: 120, action: "retries-off" as const }];
      const saved = nothing - finishedScore(lostZone, lostZone.seed, retriesOff).tenantMinutes;
      // It does save something, a thousandth of a tenant-minute of some 360.
      expect(saved).toBeGreaterThan(0);
      expect(saved).toBeLessThan(0.002);
      expect(judged(lostZone, retriesOff).verdict).toBe("about the same as doing nothing");
      const deploy = findScenario("bad-deploy")!;
      const drain = [{ at: 120, action: "drain-cell" as const, target: "cell-2" }];
      const deployNothing = storedResults(deploy).doNothing.score.tenantMinutes;
      const drained = finishedScore(deploy, deploy.seed, drain).tenantMinutes;
      // Draining a cell the release has not reached saves under 1%.
      expect(drained).toBeLessThan(deployNothing);
      expect(drained).toBeGreaterThan(deployNothing * 0.99);
      expect(judged(deploy, drain).verdict).toBe("about the same as doing nothing");
    },
  );

  test("the margin holds both ways, and par or better comes first", () => {
    expect(verdictOf(98.1, 10, 100)).toBe("about the same as doing nothing");
    expect(verdictOf(97.9, 10, 100)).toBe("better than doing nothing");
    expect(verdictOf(101.9, 10, 100)).toBe("about the same as doing nothing");
    expect(verdictOf(102.1, 10, 100)).toBe("worse than doing nothing");
    expect(verdictOf(10, 10, 100)).toBe("par or better");
  });
});

test(
  "a run that pressed every button at the fault opens its results unranked, and why; the summary holds the same rule",
  slow,
  () => {
    const storm = findScenario("retry-storm")!;
    const log = everyButton(storm, storm.faultAt);
    const summary = summarize(storm, storm.seed, log);
    expect(summary).toMatchObject({
      signAt: firstSignAt(storm, storm.seed),
      beforeFault: 0,
      beforeSign: log.length,
      ranked: false,
      verdict: judged(storm, log).verdict,
    });
    const text = verdictText(summary);
    expect(text.startsWith(`Unranked: ${log.length} actions came before the dashboard showed anything`)).toBe(true);
    expect(text).not.toContain("or better");
  },
);

test("the results board's note says which rule left its runs unranked: the fault's time, or the first sign", () => {
  expect(unrankedText(1, 60)).toBe(
    "1 run acted before the fault began at 1 min: that is knowing the scenario, not responding to it.",
  );
  expect(unrankedText(2, 60, 67)).toBe(
    "2 runs acted before the dashboard showed anything of the fault (it began at 1 min; its first sign came at 1 min 7 s): that is knowing the scenario, not responding to it.",
  );
});
