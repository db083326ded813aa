/**
 * The game's worker, driven as the page drives it (its messages in, what it posts out), with a
 * stand-in for the worker's global scope: a shared link's code is checked before the game under
 * way is touched, and everything said of a game carries the number the page gave it.
 */
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { encodeRun } from "../../sim/gameday/code.ts";
import { findScenario } from "../../sim/gameday/scenarios.ts";
import { finishedScore } from "../../sim/gameday/game.ts";
import type { FromWorker, ToWorker } from "./protocol.ts";
import { earnedCode } from "../../../tests/support/earned-code.ts";

const posted: FromWorker[] = [];
const scope: { postMessage(m: FromWorker): void; onmessage: ((e: { data: ToWorker }) => void) | null } = {
  postMessage: (m) => void posted.push(m),
  onmessage: null,
};
/** Send `message` to the worker; what it posted in answer. */
const send = (message: ToWorker): FromWorker[] => {
  posted.length = 0;
  scope.onmessage!({ data: message });
  return [...posted];
};

beforeAll(async () => {
  vi.stubGlobal("self", scope);
  await import("./game.worker.ts");
});
afterAll(() => vi.unstubAllGlobals());

const storm = findScenario("retry-storm")!;
const log = [{ at: 0, action: "retries-off" as const }];
const code = earnedCode(storm, 2, "Ada", log);

test("a result code is made from the run the page sends: no game need be running, so a new worker answers too", () => {
  // This worker has played no game (as one made after a crash has not): it once answered nothing.
  // The summary's score: the log's played straight through.
  const tenantMinutes = finishedScore(storm, 2, log).tenantMinutes;
  const asked = { type: "code", request: 1, name: "Ada", scenario: storm.id, seed: 2, log, tenantMinutes } as const;
  expect(send(asked)).toEqual([{ type: "code", request: 1, code }]);
  // A code that cannot be made says so, under its own number, and leaves the game alone.
  expect(send({ ...asked, request: 2, scenario: "no-such-game" })).toEqual([
    { type: "code-failed", request: 2, message: 'unknown scenario "no-such-game"' },
  ]);
});

test("a link that cannot be replayed is refused before the game under way is touched: it runs on", () => {
  const [started] = send({ type: "start", game: 1, scenario: storm.id, seed: 1 });
  expect(started).toMatchObject({ type: "update", game: 1, clock: 0, log: [] });
  const [acted] = send({ type: "act", id: 1, action: "shed-queue", target: null });
  expect(acted).toMatchObject({ type: "update", game: 1, acked: [1], log: [{ action: "shed-queue" }] });

  // A mistyped link (its check digits do not match), then one whose score was edited.
  const mistyped = code.replace(/.$/, (c) => (c === "x" ? "y" : "x"));
  const edited = encodeRun({ scenario: storm, seed: 2, name: "Eve", claimedTenantMinutes: 0, log });
  for (const [game, bad, reason] of [
    [2, mistyped, /check digits/],
    [3, edited, /the results board refuses its run/],
  ] as const) {
    const answer = send({ type: "replay", game, code: bad, scenario: storm.id });
    expect(answer).toEqual([{ type: "link-refused", game, reason: expect.stringMatching(reason) }]);
  }
  // The player's game is still there, its action with it, under its own number.
  const [after] = send({ type: "speed", speed: 0 });
  expect(after).toMatchObject({ type: "update", game: 1, log: [{ action: "shed-queue" }] });
});

test("a link that replays says so under the number asked for, and the replay's updates carry it", () => {
  const answer = send({ type: "replay", game: 4, code, scenario: storm.id });
  expect(answer[0]).toMatchObject({ type: "replaying", game: 4, seed: 2, name: "Ada", log });
  expect(answer[1]).toMatchObject({ type: "update", game: 4, clock: 0, log: [], offers: [] });
  expect(send({ type: "speed", speed: 0 })).toMatchObject([{ type: "update", game: 4 }]);
});

test("a saved game that cannot be resumed is refused before the replay under way is touched: it runs on", () => {
  const [replaying] = send({ type: "replay", game: 5, code, scenario: storm.id });
  expect(replaying).toMatchObject({ type: "replaying", game: 5 });
  // Out of time order: its log does not play.
  const bad = {
    seed: 1,
    clock: 300,
    log: [
      { at: 200, action: "retries-off" as const },
      { at: 100, action: "shed-queue" as const },
    ],
  };
  expect(send({ type: "resume", game: 6, scenario: storm.id, saved: bad })).toEqual([
    { type: "resume-failed", game: 6, message: expect.stringMatching(/time order/) },
  ]);
  // The replay is still there, under its own number, and takes a speed.
  expect(send({ type: "speed", speed: 0 })).toMatchObject([{ type: "update", game: 5, offers: [] }]);

  // A saved game that plays says so under the number asked for, before its first update.
  const good = { seed: 1, clock: 75.5, log: [{ at: 70.2, action: "retries-off" as const }] };
  const answer = send({ type: "resume", game: 7, scenario: storm.id, saved: good });
  expect(answer.map((m) => m.type)).toEqual(["resuming", "update"]);
  expect(answer[0]).toEqual({ type: "resuming", game: 7 });
  expect(answer[1]).toMatchObject({ type: "update", game: 7, clock: 75.5, log: good.log });
});
