import { expect, test } from "vitest";
import respond from "./example-policy.ts";
import { finishedGame } from "./game.ts";
import { maxPolicyDecisions, runPolicy, type PolicyView } from "./policy.ts";
import { findScenario, grayHostOf, scenarios } from "./scenarios.ts";

const slow = { timeout: 60_000 };
const gray = findScenario("gray-failure")!;
/** The slow host on its own seed (another seed slows another host). */
const grayHost = grayHostOf(gray.seed);

test(
  "a policy reads the dashboard each second and its actions become an ordinary log, scored like any other",
  slow,
  () => {
    const seen: number[] = [];
    // Eject the host whose p99 stands out from the others for five seconds in a row.
    const policy = (view: PolicyView) => {
      seen.push(view.now);
      const recent = view.history.slice(-5);
      if (recent.length < 5 || view.log.length > 0) return [];
      for (let i = 0; i < view.components.length; i++) {
        if (recent.every((f) => (f.components[i]!.p99 ?? 0) > 500))
          return [{ action: "eject-host", target: view.components[i]! }];
      }
      return [];
    };
    const run = runPolicy(gray, gray.seed, policy);
    expect(seen[0]).toBe(1);
    expect(seen.at(-1)).toBe(gray.seconds - 1);
    expect(run.log).toHaveLength(1);
    expect(run.log[0]).toMatchObject({ action: "eject-host", target: grayHost });
    expect(run.log[0]!.at).toBeGreaterThan(60);
    expect(run.log[0]!.at).toBeLessThan(75);
    expect(run.refused).toEqual([]);
    // The log plays to a score better than par (it saw the fault sooner than the reference did).
    const score = finishedGame(gray, gray.seed, run.log).finish().score;
    const par = finishedGame(gray, gray.seed, gray.reference).finish().score;
    expect(score.tenantMinutes).toBeLessThan(par.tenantMinutes);
  },
);

test(
  "impossible decisions are refused, with why, and left out of the log; a policy cannot reach into the game",
  slow,
  () => {
    const run = runPolicy(gray, gray.seed, (view) => {
      if (view.now === 100) {
        expect(() => {
          (view.frame as { good: number }).good = 1e9;
        }).toThrow(TypeError);
        expect(Object.isFrozen(view.history[0]!.components[0])).toBe(true);
        return [
          { action: "eject-host", target: "h99" },
          { action: "launch-missiles" },
          { action: "grow-pool" },
          { action: "eject-host", target: grayHost },
          { action: "eject-host", target: grayHost },
        ];
      }
      return [];
    });
    expect(run.log).toEqual([{ at: 100, action: "eject-host", target: grayHost }]);
    expect(run.refused.map((r) => r.why)).toEqual([
      '"eject-host" cannot target "h99" in gray-failure; it can target h01, h02, h03, h04, h05, h06, h07, h08, h09 or h10',
      'unknown action "launch-missiles"',
      '"grow-pool" is not an action in gray-failure; its actions are eject-host, return-host, restart, retries-off, retries-on, shed-queue, shed-priority and unshed-priority',
      `${grayHost} is already ejected`,
    ]);
  },
);

test("a policy over the decision cap is stopped at that second, and what it had refused comes back", () => {
  // Three invalid decisions a second: 198 by second 66, two more fit at second 67, the third is over.
  const run = runPolicy(gray, gray.seed, () => [{ action: "fly" }, { action: "fly" }, { action: "fly" }]);
  expect(run.stoppedAt).toBe(Math.ceil(maxPolicyDecisions / 3));
  expect(run.refused).toHaveLength(maxPolicyDecisions);
  expect(run.refused[0]).toMatchObject({ at: 1, action: "fly", why: 'unknown action "fly"' });
  expect(run.log).toEqual([]);
  expect(runPolicy(gray, gray.seed, () => []).stoppedAt).toBeNull();
});

test("the course's example policy plays every scenario to its end and asks for nothing it cannot do", slow, () => {
  // The dashboard shows zones and services too (lost-zone's zone-b), which eject-host cannot
  // target: before session 55 the example asked to eject zone-b every second, and its lost-zone
  // game was stopped at the decision cap with no log to score.
  for (const scenario of scenarios) {
    const run = runPolicy(scenario, scenario.seed, respond as Parameters<typeof runPolicy>[2]);
    expect({ id: scenario.id, refused: run.refused, stoppedAt: run.stoppedAt }).toEqual({
      id: scenario.id,
      refused: [],
      stoppedAt: null,
    });
  }
});

test("a policy that returns anything but an array of actions stops the game at that second, saying what it returned", () => {
  // Right for 4 seconds, then one action not in an array: the game stops at 5 s with what came back.
  let calls = 0;
  const run = runPolicy(gray, gray.seed, ((view: PolicyView) => {
    calls++;
    return view.now < 5 ? [] : { action: "retries-off" };
  }) as unknown as Parameters<typeof runPolicy>[2]);
  expect(run.wrongAnswer).toEqual({ at: 5, problem: "one action, an object with action, not an array of them" });
  expect(calls).toBe(5);
  expect(run.log).toEqual([]);
  expect(run.stoppedAt).toBeNull();
  // Nothing returned (a missing return) is named as such, not played as "no action".
  const silent = runPolicy(gray, gray.seed, (() => undefined) as unknown as Parameters<typeof runPolicy>[2]);
  expect(silent.wrongAnswer?.at).toBe(1);
  expect(silent.wrongAnswer?.problem).toMatch(/^undefined \(nothing: is a return missing/);
  expect(runPolicy(gray, gray.seed, () => []).wrongAnswer).toBeNull();
});
