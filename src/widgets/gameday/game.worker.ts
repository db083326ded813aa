/**
 * A game day running off the page's thread: the simulation advances with the wall clock at the
 * chosen speed, actions are taken at the simulated moment they arrive (rounded up to the next
 * tenth of a second, as the log records them), and each change goes back to the page at once.
 */
import { CodeError, decodeRun, encodeRun } from "../../sim/gameday/code.ts";
import { verifyCode } from "../../sim/gameday/board.ts";
import { Game, GameRuleError, resumeGame } from "../../sim/gameday/game.ts";
import { findScenario, type LogEntry } from "../../sim/gameday/scenarios.ts";
import { summarize } from "../../sim/gameday/summary.ts";
import { type AlertsSaid, alertChanges } from "./alert-changes.ts";
import type { FromWorker, OfferState, Speed, ToWorker } from "./protocol.ts";

/** How often the clock moves while playing, in milliseconds of real time. */
const tickMs = 50;

let game: Game | null = null;
/** The page's number for the game running (`ToWorker`): on everything said of it. */
let gameNumber = 0;
let replay: LogEntry[] | null = null;
let speed: Speed = 0;
let lastTick = 0;
let sentFrames = 0;
let sentFeed = 0;
let alertsSeen: AlertsSaid = new Map();
let timer: ReturnType<typeof setInterval> | null = null;
let acked: number[] = [];
let summarized = false;

function post(message: FromWorker): void {
  (self as unknown as Worker).postMessage(message);
}

function offers(g: Game): OfferState[] {
  return g.scenario.offers.map((offer) => {
    if (!offer.targets) return { action: offer.action, why: g.check(offer.action, null) };
    const targets = offer.targets.map((name) => ({ name, why: g.check(offer.action, name) }));
    return {
      action: offer.action,
      targets,
      why: targets.every((t) => t.why) ? (targets[0]?.why ?? "no target") : null,
    };
  });
}

function update(refused?: string): void {
  const g = game!;
  const frames = g.frames.slice(sentFrames);
  sentFrames = g.frames.length;
  const feed = g.feed.slice(sentFeed);
  sentFeed = g.feed.length;
  const clock = Math.min(g.now, g.scenario.seconds);
  post({
    type: "update",
    game: gameNumber,
    clock,
    seconds: g.scenario.seconds,
    frames,
    feed,
    alertChanges: alertChanges(g.telemetry.monitor.events, alertsSeen),
    log: g.log.map((e) => ({ ...e })),
    pending: g.underWay(clock),
    offers: replay ? [] : offers(g),
    speed,
    over: g.over,
    acked,
    ...(refused ? { refused } : {}),
  });
  acked = [];
}

/** Move the game to `time`, playing a replay's entries as the clock passes them. */
function advance(time: number): void {
  const g = game!;
  const stop = Math.min(time, g.scenario.seconds);
  while (replay && replay.length > 0 && replay[0]!.at <= stop) {
    const entry = replay.shift()!;
    g.advanceTo(entry.at);
    g.act(entry.action, entry.target ?? null);
  }
  g.advanceTo(stop);
}

function finishAndSummarize(): void {
  const g = game!;
  if (summarized) return;
  summarized = true;
  stopClock();
  advance(g.scenario.seconds);
  update();
  post({ type: "summarizing", game: gameNumber });
  post({ type: "summary", game: gameNumber, summary: summarize(g.scenario, g.seed, g.log) });
}

function tick(): void {
  const g = game;
  if (!g || speed === 0) return;
  const now = performance.now();
  const elapsed = (now - lastTick) / 1000;
  lastTick = now;
  // Never more than half a second of real time at once (a throttled tab), so the clock does not jump.
  advance(g.now + Math.min(elapsed, 0.5) * speed);
  update();
  if (g.over) finishAndSummarize();
}

function begin(next: Game, number: number, log: LogEntry[] | null): void {
  stopClock();
  game = next;
  gameNumber = number;
  replay = log ? [...log] : null;
  sentFrames = 0;
  sentFeed = 0;
  alertsSeen = new Map();
  summarized = false;
  speed = 0;
  update();
}

function stopClock(): void {
  if (timer !== null) clearInterval(timer);
  timer = null;
}

function setSpeed(next: Speed): void {
  speed = next;
  stopClock();
  if (speed > 0 && game && !game.over) {
    lastTick = performance.now();
    timer = setInterval(tick, tickMs);
  }
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  try {
    switch (message.type) {
      case "start": {
        const scenario = findScenario(message.scenario);
        if (!scenario) throw new RangeError(`unknown scenario "${message.scenario}"`);
        begin(new Game(scenario, message.seed), message.game, null);
        return;
      }
      case "replay": {
        /**
         * The link is refused, and the page says so (not that a game stopped): checked before the
         * game under way is touched, which runs on as it was (a mistyped link followed mid-game
         * once threw the player's game away).
         */
        const refuseLink = (reason: string) => post({ type: "link-refused", game: message.game, reason });
        let run: ReturnType<typeof decodeRun>;
        try {
          run = decodeRun(message.code);
        } catch (error) {
          if (error instanceof CodeError) {
            refuseLink(error.message);
            return;
          }
          throw error;
        }
        // A run of another game day: that page replays it (this one's dashboard has other rows).
        const here = run.scenario.id === message.scenario;
        // Refused as the board refuses it, by the board's rule, before the page says it replays: a
        // code whose log cannot be played (edited out of time order, past the end, an action
        // refused when its time comes), whose replay would play some other log and show that
        // log's score; or whose score is not what its log earns (edited, check digits recomputed),
        // which replayed as if it were honest.
        const verdict = here ? verifyCode(message.code) : null;
        if (verdict && !verdict.ok) {
          refuseLink(`the results board refuses its run: ${verdict.reason}`);
          return;
        }
        post({
          type: "replaying",
          game: message.game,
          scenario: run.scenario.id,
          seed: run.seed,
          name: run.name,
          log: run.log,
        });
        if (!here) return;
        begin(new Game(run.scenario, run.seed), message.game, run.log);
        return;
      }
      case "resume": {
        const scenario = findScenario(message.scenario);
        if (!scenario) throw new RangeError(`unknown scenario "${message.scenario}"`);
        let resumedGame: Game;
        try {
          resumedGame = resumeGame(scenario, message.saved);
        } catch (error) {
          if (!(error instanceof RangeError)) throw error;
          // Refused before the game under way is touched: a shared run's replay the learner was
          // watching runs on as it was (it was once stopped and dropped here, with no way back).
          post({ type: "resume-failed", game: message.game, message: error.message });
          return;
        }
        post({ type: "resuming", game: message.game });
        begin(resumedGame, message.game, null);
        return;
      }
      case "code": {
        // Made from the message alone: no game need be running, nor this worker the one that
        // played it, and nothing is played again. Its claim is the summary's score: the score its
        // log earns played straight through (`summarize`; a resumed game's too), which the board
        // checks the code against.
        try {
          const scenario = findScenario(message.scenario);
          if (!scenario) throw new RangeError(`unknown scenario "${message.scenario}"`);
          const { seed, log, tenantMinutes: claimedTenantMinutes } = message;
          post({
            type: "code",
            request: message.request,
            code: encodeRun({ scenario, seed, name: message.name, claimedTenantMinutes, log }),
          });
        } catch (error) {
          // Only the code failed: the game, if one runs, goes on.
          post({
            type: "code-failed",
            request: message.request,
            message: error instanceof Error ? error.message : String(error),
          });
        }
        return;
      }
      case "speed":
        if (!game) return;
        setSpeed(message.speed);
        update();
        return;
      case "act": {
        if (!game || replay) return;
        // The action lands at the next tenth of a second: the time the log records.
        const at = Math.ceil(game.now * 10 - 1e-9) / 10;
        advance(at);
        acked.push(message.id);
        try {
          game.act(message.action, message.target);
          update();
        } catch (error) {
          if (!(error instanceof GameRuleError)) throw error;
          update(error.message);
        }
        return;
      }
      case "finish":
        if (game) finishAndSummarize();
        return;
    }
  } catch (error) {
    stopClock();
    // The game stops for good: a speed or an action sent after the failed message (the page
    // sends a speed right after a replay) must not start the previous game's clock again.
    game = null;
    post({ type: "error", message: error instanceof Error ? error.message : String(error) });
  }
};
