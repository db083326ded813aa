/**
 * What the game day's dashboard writes and says in words, from the game's state alone: no page
 * needed, so each sentence is tested here (text.test.ts) rather than only through a browser.
 */
import { latency, successPercent } from "../../format/number.ts";
import { actionSpec } from "../../sim/gameday/actions.ts";
import { budgetText, burnRateText, clock as clockText, entryText } from "../../sim/gameday/report.ts";
import type { LogEntry } from "../../sim/gameday/scenarios.ts";
import { type AlertEvent, alertRules, type Slo, windowLabel } from "../../sim/gameday/slo.ts";
import type { PendingAction } from "./protocol.ts";

/**
 * A component's success in its row (successPercent: "87.5%" for 7 of 8, "100%" only for all,
 * "54.0%" for 0.53996), or "–" when nothing finished to measure it. From 1% up it writes any
 * share as the status line's error budget does (budgetText), so the rows and the line under the
 * charts keep a trailing zero for the same reason.
 */
export const percentText = (share: number | null): string => (share === null ? "–" : successPercent(share));

/** A latency in a component's row, or "–" when nothing was answered. */
export const msText = (ms: number | null): string => (ms === null ? "–" : latency(ms));

/** When an action under way lands, from the clock: "takes effect in 90 s", or what it waits for. */
export function countdownText(p: PendingAction, clock: number): string {
  return p.effectAt === null
    ? `waits for ${actionSpec(p.entry.action).waitsFor ?? "an event"}`
    : `takes effect in ${Math.max(0, Math.ceil(p.effectAt - clock))} s`;
}

/**
 * What a screen reader hears when an action is done: when it lands as the model applies it (a
 * rollback queued behind another lands after it), read from the actions under way; one not
 * among them landed at once. A refused action is said by the refusal's own line instead.
 */
export function ackText(entry: LogEntry, pending: PendingAction | undefined): string {
  return `Done at ${clockText(entry.at)}: ${entryText(entry)}; ${landingText(entry, pending)}.`;
}

/** When a taken action lands, read from the actions under way (one not among them landed at once). */
function landingText(entry: LogEntry, pending: PendingAction | undefined): string {
  return pending === undefined
    ? "in effect now"
    : pending.effectAt === null
      ? `it takes effect at ${actionSpec(entry.action).waitsFor ?? "a later event"}`
      : `it takes effect in ${clockText(pending.effectAt - entry.at)}`;
}

/**
 * A shared run's action, taken by its replay: the feed's line, the shared player's as the
 * player's own are "You: ...", and what a screen reader hears, as `ackText` says the player's own.
 */
export function replayedLine(name: string, entry: LogEntry): string {
  return `${name}: ${entryText(entry)}`;
}

export function replayedText(name: string, entry: LogEntry, pending: PendingAction | undefined): string {
  return `Done by ${name} at ${clockText(entry.at)}: ${entryText(entry)}; ${landingText(entry, pending)}.`;
}

/** An alert firing or resolved, as the feed writes it and the live region says it. */
export function alertText(event: AlertEvent, slo: Slo): string {
  const rule = alertRules.find((r) => r.id === event.rule)!;
  const what = `${budgetText(rule.budgetSpent)} of the error budget in ${windowLabel(rule.longWindow)} (burn rate above ${burnRateText(rule, slo)})`;
  return event.resolvedAt === null
    ? `${event.severity === "page" ? "Page" : "Ticket"}: ${event.rule} alert firing at ${clockText(event.firedAt)}: ${what}.`
    : `${event.rule} alert resolved at ${clockText(event.resolvedAt)}.`;
}

/**
 * Beside the actions' heading while no game runs: each action's button is aria-disabled and
 * described by it (still a Tab stop, so a keyboard or screen-reader user finds the actions too).
 * It names the start button by the label it shows (`startLabel`): "Start the game" before a first
 * game, "New game" once one has run (it said "Start the game" beside a button reading "New game").
 */
export function actionsWaitText(startButton: string): string {
  return `Press "${startButton}" to act.`;
}

/**
 * What an action pressed while no game runs says, under its button and in the live region: the
 * `tries`th press since the actions began to wait. A live region need not read out a text it
 * already holds, and a second press wrote the same words, so nothing was heard: each press after
 * the first says which it is, and its words differ from the last press's (also under the button,
 * where a press is seen to be taken).
 */
export function notStartedText(tries: number): string {
  const why = "start the game first; an action acts on a running game.";
  return tries > 1 ? `Still not done (try ${tries}): ${why}` : `Not done: ${why}`;
}

/** The feed before its first line: what it will show, and from when. */
export const feedEmptyText =
  "Once the game starts, monitoring's notices, each alert as it fires and resolves, and each action taken show here, newest first.";

/**
 * Said where a finished run's result code would show, and out loud, when it could not be made (the
 * worker asked failed): its link goes too, and Try again beside it asks once more.
 */
export const codeFailedText = "The result code could not be made: the game's worker failed.";

/** Said when Copy is pressed before the result code has come: nothing was copied. */
export const codeWaitText = "Nothing copied: the result code is still being made.";

/**
 * What the game's worker was doing for the page when it failed (`workerFailedText`): the game the
 * dashboard showed running, if any (the learner's own, paused or not, or a shared run's replay),
 * whether it was being scored, and what the worker had been asked and not yet answered: a link's
 * run to replay, or the tab's saved game to resume (each checked before anything else is touched).
 */
export interface WorkerFailure {
  running: "game" | "replay" | null;
  scoring: boolean;
  asked: "replay" | "resume" | null;
}

/**
 * What a clause of the game day's error line holds true only while it lasts: the game shown
 * running ("Your game goes on.", "The replay under way goes on."), or the offer to resume shown
 * (", or press "Resume it" to try again"). The error line stays on screen until something else
 * replaces it, and "The replay under way goes on." stayed there under the replay's results.
 */
export type Lasting = "running" | "offer";

/** One piece of the error line: said for good, or only while what it names lasts. */
export type LinePiece = string | { readonly text: string; readonly while: Lasting };

/**
 * The error line, in pieces. When what a piece names ends, the piece goes and nothing takes its
 * place, so what is left reads whole, and true, without it. Only a removal: the line is an alert,
 * which a screen reader reads out again when words are added or changed in it (aria-relevant's
 * "additions text"), not when some go.
 */
export type ErrorLine = readonly LinePiece[];

/** The error line as it reads once each of `ended` has ended. */
export function lineText(line: ErrorLine, ended: readonly Lasting[] = []): string {
  return line
    .map((piece) => (typeof piece === "string" ? piece : ended.includes(piece.while) ? "" : piece.text))
    .join("");
}

/**
 * Said after a refusal that touched nothing, while the game shown runs (the learner's own, or a
 * shared run's replay): it goes when that game stops running.
 */
export function goesOnPiece(shown: "game" | "replay"): LinePiece {
  return { text: shown === "replay" ? " The replay under way goes on." : " Your game goes on.", while: "running" };
}

/**
 * What the page says when the game's worker fails: what stopped or was not done, and what the
 * learner can do now. A game or a replay shown is gone with its worker; a link's run can be tried
 * again by a reload (the address still holds it); the saved game asked for is still kept and
 * still offered, so its button (`resumeButton`, named as it reads) tries again, for as long as
 * the offer is shown; anything else, a new game. A new game comes first where there is a choice,
 * so the offer's button can go from the line alone (discarded, the offer goes).
 */
export function workerFailedText({ running, scoring, asked }: WorkerFailure, resumeButton: string): ErrorLine {
  const stopped =
    running === null
      ? null
      : `The ${running === "game" ? "game" : "replay"} ${scoring ? "could not be scored" : "stopped"}`;
  const notDone =
    asked === "replay"
      ? "the link could not be replayed"
      : asked === "resume"
        ? "the saved game could not be resumed"
        : null;
  const what = [stopped, notDone].filter((clause) => clause !== null).join(", and ");
  const cause = running === "game" && notDone === null ? "its simulation failed" : "the game's simulation failed";
  const said = what
    ? `${what.charAt(0).toUpperCase()}${what.slice(1)}: ${cause}.`
    : `${cause.charAt(0).toUpperCase()}${cause.slice(1)}.`;
  if (asked === "resume")
    return [`${said} Start a new game`, { text: `, or press "${resumeButton}" to try again`, while: "offer" }, "."];
  const next =
    asked === "replay"
      ? "Reload the page to try the link again, or start a new game."
      : running === "replay"
        ? "Reload the page to watch it again, or start a new game."
        : "Start a new game.";
  return [`${said} ${next}`];
}
