import { expect, test } from "vitest";
import { successPercent } from "../../format/number.ts";
import { injects, status } from "./cards.ts";
import { finishedGame } from "./game.ts";
import { findScenario } from "./scenarios.ts";

/** The scenario's game with nothing done, its frames and its cards. */
function doNothing(id: string) {
  const scenario = findScenario(id)!;
  const game = finishedGame(scenario, scenario.seed, []);
  return { game, cards: injects(game).filter((card) => card.text.includes("users: ")) };
}

// QA: the cards wrote success by percentUpTo ("54%", "98%") where the game-day dashboard's rows
// write the same figure "54.0%" (successPercent: a trailing zero only where the share was rounded).
test("a card writes users' success and the worst component's as the dashboard's rows write them", () => {
  for (const id of ["poison-shuffle", "bad-deploy", "lost-zone"]) {
    const { game, cards } = doNothing(id);
    expect(cards.length, id).toBeGreaterThan(3);
    for (const card of cards) {
      const frame = game.frames[Math.min(game.frames.length, Math.max(1, card.at)) - 1]!;
      const users =
        frame.finished === 0
          ? "no requests finished"
          : `${successPercent(frame.good / frame.finished)} of requests good`;
      expect(card.text, `${id} at ${card.at}`).toContain(`users: ${users}`);
      const worst = /Worst: ([^:]+): /.exec(card.text)![1]!;
      const c = frame.components[game.componentNames.indexOf(worst)]!;
      const success = c.success === null ? "no work finished" : `${successPercent(c.success)} success`;
      expect(card.text, `${id} at ${card.at}`).toContain(`Worst: ${worst}: ${c.status}, ${success}, `);
    }
  }
}, 60_000);

test("a rounded share keeps its zero on a card: 98.0% of requests good is not 98%", () => {
  const { game, cards } = doNothing("poison-shuffle");
  const last = cards.find((card) => card.at === 570)!;
  const frame = game.frames[569]!;
  // Not exactly 98 in 100: the zero says it was rounded there.
  expect(frame.good / frame.finished).not.toBe(0.98);
  expect(successPercent(frame.good / frame.finished)).toBe("98.0%");
  expect(last.text).toContain("users: 98.0% of requests good");
}, 60_000);

// The card wrote a second in which no request finished as "users: 100% of requests good".
test("a second in which no request finished says so, not 100% good", () => {
  const { game } = doNothing("poison-shuffle");
  const quiet = { ...game.frames[569]!, finished: 0, ok: 0, good: 0 };
  expect(status(game, quiet)).toMatch(/^users: no requests finished, p99 /);
  expect(status(game, quiet)).not.toContain("100% of requests good");
}, 60_000);
