/**
 * The debrief's sentences are claims about the model: "over the next 60 s, x of requests were
 * bad, against y doing nothing" and "without it the run would have cost n more tenant-minutes".
 * Each is held here to the games it describes.
 */
import { expect, test } from "vitest";
import { finishedGame, finishedScore } from "./game.ts";
import { debriefText } from "./report.ts";
import { findScenario, grayHost } from "./scenarios.ts";
import { effectWindow, summarize } from "./summary.ts";

const slow = { timeout: 120_000 };
const gray = findScenario("gray-failure")!;

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
  expect(eject!.window).toMatchObject({ from: eject!.effectAt, to: eject!.effectAt + effectWindow });
  expect(eject!.window.badShare).toBeCloseTo(badShareOf(log, eject!.window.from, eject!.window.to), 4);
  expect(eject!.window.doNothingBadShare).toBeCloseTo(badShareOf([], eject!.window.from, eject!.window.to), 4);
  // Ejecting the slow host is what helps: alone, users are better off than doing nothing over
  // its window, and the run without it costs more; shedding healthy traffic costs (here it
  // fails low-priority requests inside the ejection's window), so the run without it costs less.
  const alone = summarize(gray, gray.seed, [log[0]!]).debrief[0]!;
  expect(alone.window.badShare).toBeLessThan(alone.window.doNothingBadShare);
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
