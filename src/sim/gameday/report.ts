/**
 * A game day summary in words, one implementation for the page and the terminal: the rows of
 * the score, the verdict, the timeline and the debrief's sentences.
 */
import { countOf, grouped, minutesAndSeconds, percentUpTo, readableShare, rounded } from "../../format/number.ts";
import { actionSpec, type ActionId } from "./actions.ts";
import type { GameScenario, LogEntry } from "./scenarios.ts";
import type { Score } from "./score.ts";
import { type AlertRule, alertRules, burnThreshold, type Slo, windowLabel } from "./slo.ts";
import type { ActionDebrief, GameSummary } from "./summary.ts";

/** "1 min 5 s" for a moment of the game. */
export function clock(seconds: number): string {
  return minutesAndSeconds(seconds);
}

/** The game clock: "1 min 5 s of 10 min", the moment reached of a game `seconds` long. */
export function gameClock(at: number, seconds: number): string {
  return `${clock(at)} of ${clock(seconds)}`;
}

/**
 * The longest text the game clock shows in a game `seconds` long ("9 min 59 s of 10 min"): its
 * digits are all as wide, so this is also its widest, the room the page keeps for the clock so
 * that nothing beside or below it moves as it runs ("59 s", "1 min", "1 min 1 s").
 */
export function longestGameClock(seconds: number): string {
  let longest = gameClock(0, seconds);
  for (let at = 1; at <= seconds; at++) {
    const text = gameClock(at, seconds);
    if (text.length >= longest.length) longest = text;
  }
  return longest;
}

/** Every label the dashboard's start button shows: "Start the game" before a game runs, "New game" once one has. */
export const startLabels = ["Start the game", "New game"] as const;

/**
 * The start button's label at a moment of the game. The page keeps room for the widest of
 * `startLabels` in the button, so that pressing it (which shortens it) never moves the seed field
 * and what follows it up a line.
 */
export function startLabel(clock: number, over: boolean): (typeof startLabels)[number] {
  return clock > 0 || over ? startLabels[1] : startLabels[0];
}

export function tenantMinutesText(value: number): string {
  return grouped(value, 1);
}

export function mitigationText(score: Score): string {
  if (score.mitigation === "never over the line") return "users as a whole never went over the line";
  if (score.timeToMitigate === null) return "not mitigated";
  return clock(score.timeToMitigate);
}

/**
 * The error budget spent, as the dashboard's status line and the results' score both write it
 * (readableShare: "20.9%", "0.62%"), so the page never says one figure two ways. The alert rules'
 * shares of the budget are written by it too ("2%"), on the dashboard and in the terminal.
 */
export function budgetText(share: number): string {
  return readableShare(share);
}

/**
 * Why the results' error budget can read more than the dashboard's last "Error budget spent",
 * when it does (null when both round to the same figure): the dashboard counts a request when it
 * ends, and the score counts every request that arrived during the game, so requests still
 * waiting at the end that failed after it are in the score only (a retry storm's queues hold
 * thousands). `dashboardSpent` is the last second's reading (Frame.budgetSpent).
 */
export function budgetAtEndNote(dashboardSpent: number, score: Score, seconds: number): string | null {
  const [shown, scored] = [budgetText(dashboardSpent), budgetText(score.budgetConsumed)];
  if (shown === scored) return null;
  return `The dashboard read ${shown} of the error budget spent at ${clock(seconds)}: it counts a request when it ends. The requests still waiting then that failed after it bring the score's figure to ${scored}.`;
}

/** The score as label and value pairs, in the order the page and the terminal show them. */
export function scoreRows(score: Score, slo: GameScenario["slo"]): [string, string][] {
  return [
    ["tenant-minutes of failed or too-slow requests", tenantMinutesText(score.tenantMinutes)],
    [
      "tenants affected",
      `${score.tenantsAffected} of ${score.tenants} (${percentUpTo(score.tenantsAffected / score.tenants, 0)})`,
    ],
    ["error budget consumed", `${budgetText(score.budgetConsumed)} of the ${slo.periodDays}-day budget`],
    ["time to mitigate", mitigationText(score)],
  ];
}

/**
 * The verdict, as the results and the terminal open with it. A ranked run is set beside par and
 * doing nothing (`verdictOf`). An unranked one says first that it is unranked and why
 * (`unrankedWhyText`), then its score beside theirs, in no ranked verdict's words: "par or better"
 * said of a run that pressed every button before anything showed was praise it had not earned.
 * A run with no action is doing nothing, and says so: its verdict (about the same as doing
 * nothing, for the board's ranking) set it beside itself, "27.0 tenant-minutes: about the same as
 * doing nothing (27.0)".
 */
export function verdictText(
  summary: Pick<
    GameSummary,
    "verdict" | "score" | "par" | "doNothing" | "ranked" | "beforeFault" | "beforeSign" | "faultAt" | "signAt" | "log"
  >,
): string {
  const { score, par, doNothing } = summary;
  const [you, parText, nothingText] = distinctFigures([
    score.tenantMinutes,
    par.tenantMinutes,
    doNothing.tenantMinutes,
  ]);
  if (!summary.ranked)
    return `${unrankedWhyText(summary)} This run's score: ${you} tenant-minutes; par is ${parText}, doing nothing ${nothingText}.`;
  if (summary.log.length === 0)
    return `No action taken: this run is doing nothing (${you} tenant-minutes); par is ${parText}.`;
  switch (summary.verdict) {
    case "par or better":
      return `${you} tenant-minutes: par (${parText}) or better.`;
    case "better than doing nothing":
      return `${you} tenant-minutes: better than doing nothing (${nothingText}), short of par (${parText}).`;
    case "about the same as doing nothing":
      return `${you} tenant-minutes: about the same as doing nothing (${nothingText}); par is ${parText}.`;
    case "worse than doing nothing":
      return `${you} tenant-minutes: worse than doing nothing (${nothingText}); par is ${parText}.`;
  }
}

const knowingNotResponding = "that is knowing the scenario, not responding to it";

/**
 * Why a run is not ranked (`actionsBeforeSign`): how many of its actions came before the dashboard
 * showed anything, when its first sign came, and how many came before the fault itself.
 */
export function unrankedWhyText(
  summary: Pick<GameSummary, "beforeFault" | "beforeSign" | "faultAt" | "signAt">,
): string {
  const { beforeFault, beforeSign, faultAt, signAt } = summary;
  const sign =
    signAt === null ? "it never showed a sign of the fault" : `its first sign of the fault came at ${clock(signAt)}`;
  const fault =
    beforeFault === 0
      ? ""
      : `; ${beforeFault === beforeSign ? (beforeFault === 1 ? "it came" : "they all came") : `${beforeFault} of them came`} before the fault itself began, at ${clock(faultAt)}`;
  return `Unranked: ${countOf(beforeSign, "action")} came before the dashboard showed anything (${sign})${fault}. Nothing on the screen called for ${beforeSign === 1 ? "it" : "them"} yet: ${knowingNotResponding}, so the results board lists this run apart.`;
}

/**
 * The results board's note under runs it lists but does not rank: by the fault's time alone
 * (`actionsBeforeFault`), or, given `signAt` (`firstSignAt` of the board's scenario and seed), by
 * the first sign on the dashboard (`actionsBeforeSign`).
 */
export function unrankedText(runs: number, faultAt: number, signAt?: number | null): string {
  if (signAt === undefined)
    return `${countOf(runs, "run")} acted before the fault began at ${clock(faultAt)}: ${knowingNotResponding}.`;
  const sign = signAt === null ? "it never showed a sign of the fault" : `its first sign came at ${clock(signAt)}`;
  return `${countOf(runs, "run")} acted before the dashboard showed anything of the fault (it began at ${clock(faultAt)}; ${sign}): ${knowingNotResponding}.`;
}

/**
 * Tenant-minutes to one decimal, or to as many more (up to three, the score's own precision) as
 * it takes for figures that differ to read differently: "better than doing nothing" said of 27.0
 * against 27.0 (26.962 and 26.971) contradicted its own figures.
 */
function distinctFigures(values: number[]): string[] {
  for (let digits = 1; ; digits++) {
    const texts = values.map((v) => grouped(v, digits));
    const clash = values.some((v, i) => values.some((w, j) => v !== w && texts[i] === texts[j]));
    if (!clash || digits === 3) return texts;
  }
}

/** An action in words, with its target: "Drain a cell: cell-2", "Fail the database over, out of zone-a". */
export function entryText(entry: Pick<LogEntry, "action" | "target">): string {
  const spec = actionSpec(entry.action as ActionId);
  if (!entry.target) return spec.label;
  return spec.onTarget ? spec.onTarget(entry.target) : `${spec.label}: ${entry.target}`;
}

/**
 * How par played a scenario on its own seed, and why: what its page and its facilitator page keep
 * for after a game, and `npm run gameday -- show <scenario> --after` prints.
 */
export function parPlayedText(scenario: Pick<GameScenario, "seed" | "reference" | "referenceWhy">): string {
  return `Par on seed ${scenario.seed}: ${logText(scenario.reference)}. ${scenario.referenceWhy}`;
}

/** A logged action and when it was taken: "Eject a host: h07 at 2:00". */
export function timedEntryText(entry: LogEntry): string {
  return `${entryText(entry)} at ${clock(entry.at)}`;
}

/** A log as the pages and the terminal write par: its actions with their times, joined by "; ". */
export function logText(log: readonly LogEntry[]): string {
  return log.map(timedEntryText).join("; ");
}

/**
 * When an action offered in a game lands, as the pages, the cards and the terminal write it:
 * "at once", "after 1 min 30 s" (`seconds` is `actionDelay` for that game), or at the event it
 * waits for ("at the platform's next restart").
 */
export function landsText(action: ActionId, seconds: number): string {
  const waitsFor = actionSpec(action).waitsFor;
  if (waitsFor) return `at ${waitsFor}`;
  return seconds === 0 ? "at once" : `after ${minutesAndSeconds(seconds)}`;
}

/** One sentence on what an action did, measured against the run that did nothing. */
export function debriefText(item: ActionDebrief): string {
  const what = entryText({ action: item.action as ActionId, target: item.target ?? undefined });
  const waitsFor = actionSpec(item.action as ActionId).waitsFor;
  const landed =
    item.effectAt === null
      ? `, never in effect: ${waitsFor ?? "what it waited for"} did not come before the end`
      : item.effectAt > item.at
        ? `, in effect at ${clock(item.effectAt)}`
        : "";
  const window =
    item.window && item.window.to > item.window.from
      ? ` Over the next ${Math.round(item.window.to - item.window.from)} s, ${readableShare(item.window.badShare)} of requests were bad, against ${readableShare(item.window.doNothingBadShare)} doing nothing.`
      : "";
  const saved =
    item.savedTenantMinutes === null
      ? " Without it, a later action could not be played, so its share of the result is not separable."
      : item.savedTenantMinutes > 0
        ? ` Without it the run would have cost ${tenantMinutesText(item.savedTenantMinutes)} more tenant-minutes.`
        : item.savedTenantMinutes < 0
          ? ` Without it the run would have cost ${tenantMinutesText(-item.savedTenantMinutes)} fewer tenant-minutes.`
          : " Without it the run would have cost the same.";
  return `${clock(item.at)}: ${what}${landed}.${window}${saved}`;
}

/** The burn rate above which `rule` fires, as the SRE Workbook writes its table: 14.4, 6, 1. */
export function burnRateText(rule: AlertRule, slo: Slo): string {
  return rounded(burnThreshold(rule, slo), 3);
}

/** The alert rules, as an SRE would read them off the configuration. */
export function alertRuleText(slo: GameScenario["slo"]): string[] {
  return alertRules.map(
    (r) =>
      `${r.id} (${r.severity}): ${budgetText(r.budgetSpent)} of the budget in ${windowLabel(r.longWindow)}, confirmed over ${windowLabel(r.shortWindow)} (burn rate above ${burnRateText(r, slo)})`,
  );
}

/** The whole summary as the terminal prints it. */
export function summaryText(summary: GameSummary, scenario: GameScenario): string {
  const lines: string[] = [];
  const n = summary.log.length;
  lines.push(`${scenario.title} (${scenario.id}), seed ${summary.seed}: ${countOf(n, "action")}`);
  lines.push("");
  const rows = scoreRows(summary.score, scenario.slo);
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) lines.push(`  ${label.padEnd(width)}  ${value}`);
  lines.push("");
  lines.push(verdictText(summary));
  lines.push("");
  lines.push("timeline:");
  if (summary.timeline.length === 0) lines.push("  (nothing: no alert fired and no action was taken)");
  for (const item of summary.timeline) lines.push(`  ${clock(item.at).padStart(10)}  ${item.text}`);
  if (summary.debrief.length > 0) {
    lines.push("");
    lines.push("debrief:");
    for (const item of summary.debrief) lines.push(`  ${debriefText(item)} (read: /${item.chapter}/)`);
  }
  return lines.join("\n") + "\n";
}
