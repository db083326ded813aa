/**
 * The results board's rule: a result code is accepted only once its log has been played again
 * here and earns exactly the score the code claims. The board ranks what it computed, never
 * what a code says, and ranks responses only: a run that acted before the fault began is
 * listed after them, unranked (`actionsBeforeFault`), and so is a run with another name's
 * actions (`copiesAmong`). It lists a run under its code as this version writes it (`entryOf`),
 * and shows a row kept from an earlier visit only while it holds what its code does (`keptRowHolds`).
 */
import { CodeError, decodeRun, encodeRun, type RunCode } from "./code.ts";
import { countOf, grouped } from "../../format/number.ts";
import { finishedGame, GameRuleError } from "./game.ts";
import { mitigationText, scoreRows, tenantMinutesText } from "./report.ts";
import type { GameScenario, LogEntry } from "./scenarios.ts";
import { compareScores, type Score } from "./score.ts";
import { actionsBeforeFault, actionsBeforeSign, firstSignAt, ranked } from "./summary.ts";

export interface BoardEntry {
  /** The run's code as this version writes it (`runKey`): the board lists each run once, under it. */
  code: string;
  name: string;
  scenario: GameScenario;
  seed: number;
  log: LogEntry[];
  /** Computed by the board from the log. */
  score: Score;
  /** Actions of the log taken before the fault began (`actionsBeforeFault`). */
  beforeFault: number;
  /**
   * Actions taken before the dashboard showed anything of the fault (`actionsBeforeSign`), those
   * before the fault among them: a run with one is listed, not ranked.
   */
  beforeSign: number;
  /** When the dashboard first showed a sign of the fault on this scenario and seed (`firstSignAt`). */
  signAt: number | null;
}

export type Verdict = { ok: true; entry: BoardEntry } | { ok: false; reason: string };

/**
 * Two scores as the board shows them (`tenantMinutesText`), or to the thousandth a code keeps when
 * they differ by less than the tenth the board shows, so an edited score never reads as the one
 * its actions earn.
 */
function scoresApart(a: number, b: number): [string, string] {
  const [textA, textB] = [tenantMinutesText(a), tenantMinutesText(b)];
  return textA === textB ? [grouped(a, 3), grouped(b, 3)] : [textA, textB];
}

export function verifyCode(code: string): Verdict {
  let run: RunCode;
  try {
    run = decodeRun(code);
  } catch (error) {
    if (error instanceof CodeError) return { ok: false, reason: error.message };
    throw error;
  }
  let score: Score;
  try {
    score = finishedGame(run.scenario, run.seed, run.log).finish().score;
  } catch (error) {
    if (error instanceof GameRuleError) return { ok: false, reason: `its actions cannot be played: ${error.message}` };
    throw error;
  }
  const [claimed, earned] = scoresApart(run.claimedTenantMinutes, score.tenantMinutes);
  if (!claimHolds(run, score))
    return {
      ok: false,
      reason: `the score in this code (${claimed} tenant-minutes) is not what its actions earn (${earned}): it was edited`,
    };
  return { ok: true, entry: entryOf(run, score) };
}

/** Whether `score` is the one `run`'s code claims, to the thousandth the code keeps. */
function claimHolds(run: RunCode, score: Pick<Score, "tenantMinutes">): boolean {
  return Math.round(score.tenantMinutes * 1000) === Math.round(run.claimedTenantMinutes * 1000);
}

/**
 * The board's entry for `run`, whose log earned `score`; `signAt`, the first sign of its scenario
 * and seed, is found by playing the game that does nothing (`firstSignAt`) unless given.
 */
export function entryOf(run: RunCode, score: Score, signAt = firstSignAt(run.scenario, run.seed)): BoardEntry {
  return {
    code: encodeRun(run),
    name: run.name,
    scenario: run.scenario,
    seed: run.seed,
    log: run.log,
    score,
    beforeFault: actionsBeforeFault(run.scenario, run.log),
    beforeSign: actionsBeforeSign(run.scenario, run.seed, run.log, signAt),
    signAt,
  };
}

/** A run on the board as its page shows it and keeps it: its checker computes it (board.worker.ts). */
export interface BoardRow {
  /** The run's code as this version writes it (`BoardEntry.code`). */
  code: string;
  ok: true;
  name: string;
  scenario: string;
  title: string;
  seed: number;
  actions: number;
  /** What the board ranks by (`rank`). */
  score: Score;
  /** Actions taken before the fault began. */
  beforeFault: number;
  /** Actions taken before the dashboard showed anything of it: such a run is listed, not ranked. */
  beforeSign: number;
  faultAt: number;
  signAt: number | null;
  /** The score as the page and the terminal word it. */
  rows: [string, string][];
  mitigation: string;
}

export function boardRow(entry: BoardEntry): BoardRow {
  return {
    code: entry.code,
    ok: true,
    name: entry.name,
    scenario: entry.scenario.id,
    title: entry.scenario.title,
    seed: entry.seed,
    actions: entry.log.length,
    score: entry.score,
    beforeFault: entry.beforeFault,
    beforeSign: entry.beforeSign,
    faultAt: entry.scenario.faultAt,
    signAt: entry.signAt,
    rows: scoreRows(entry.score, entry.scenario.slo),
    mitigation: mitigationText(entry.score),
  };
}

const scoreFields = [
  "tenantMinutes",
  "tenantsAffected",
  "tenants",
  "requests",
  "badRequests",
  "budgetConsumed",
] as const;
const isScore = (score: unknown): score is Score => {
  const s = score as Record<string, unknown> | null;
  const numberOrNull = (value: unknown) => value === null || Number.isFinite(value);
  return (
    typeof s === "object" &&
    s !== null &&
    scoreFields.every((field) => Number.isFinite(s[field])) &&
    numberOrNull(s.mitigatedAt) &&
    numberOrNull(s.timeToMitigate) &&
    ["never over the line", "mitigated", "not mitigated"].includes(s.mitigation as string)
  );
};

/**
 * Whether a row kept in the browser (`kept`, read back from storage) holds what its code does, so
 * a later visit may show it without playing the run again: its code is one the game writes, and
 * the row's name, scenario, seed, actions and score are the code's (the score to the thousandth
 * the code claims), every text it shows the one its score makes. The rest of its score (tenants
 * affected, budget spent, time to mitigate) is not in a code: only playing the run again checks it.
 * Nor is the first sign of its scenario and seed: the row's is taken if it can be one (none, or a
 * time from the fault to the game's end), and what ranks the row is worked out from it, so a
 * visit plays no game (finding it takes 0.14 to 0.29 s a scenario here).
 */
export function keptRowHolds(kept: unknown): kept is BoardRow {
  const row = kept as Partial<BoardRow> | null;
  if (typeof row !== "object" || row === null || row.ok !== true || typeof row.code !== "string") return false;
  let run: RunCode;
  try {
    run = decodeRun(row.code);
  } catch (error) {
    if (error instanceof CodeError) return false;
    throw error;
  }
  if (!isScore(row.score) || !claimHolds(run, row.score)) return false;
  const sign = row.signAt;
  const plausible =
    sign === null || (typeof sign === "number" && sign >= run.scenario.faultAt && sign <= run.scenario.seconds);
  if (!plausible) return false;
  const expected = boardRow(entryOf(run, row.score, sign));
  return (Object.keys(expected) as (keyof BoardRow)[]).every(
    (key) => JSON.stringify(row[key]) === JSON.stringify(expected[key]),
  );
}

/** A run's scenario, seed and actions (each at its tenth of a second), read from its code. */
function actionsOf(code: string): string {
  const { scenario, seed, log } = decodeRun(code);
  return log.length ? JSON.stringify([scenario.id, seed, log]) : "";
}

/** What the board says of a run marked by `copiesAmong`. */
export const sameActionsText = (name: string): string => `same actions as ${name}'s run`;

/** The note under a group of runs with `runs` copies among them (`copiesAmong`). */
export function copiesText(runs: number): string {
  const one = runs === 1;
  return `${countOf(runs, "run")} ${one ? "has" : "have"} the same actions, to the tenth of a second, as a run pasted before ${one ? "it" : "them"} under another name: a replay link holds a whole run, so anyone can post it under their own name.`;
}

/**
 * The board's rule for a run copied from a replay link, which holds a whole run: a run whose
 * scenario, seed and every action (at its tenth of a second) are those of a run that reached the
 * board before it under another name is a copy of that run, marked (`sameActionsText`) and not
 * ranked. The board cannot tell who played it, so the first to arrive keeps its rank and the room
 * judges; remove that one and the next is ranked in its place. A run that took no action is
 * never a copy: doing nothing is the same for everyone. `runs` in the order they reached the
 * board; each copy is mapped to the run it copies.
 */
export function copiesAmong<T extends { code: string; name: string }>(runs: readonly T[]): Map<T, T> {
  const first = new Map<string, T>();
  const copies = new Map<T, T>();
  for (const run of runs) {
    const actions = actionsOf(run.code);
    if (actions === "") continue;
    const earlier = first.get(actions);
    if (!earlier) first.set(actions, run);
    else if (earlier.name !== run.name) copies.set(run, earlier);
  }
  return copies;
}

/** What the board orders runs by: the page's rows carry these too. */
type Rankable = Pick<BoardEntry, "name" | "score" | "beforeSign">;

/**
 * Best first: responses by their scores (`compareScores`), then by name; after them, the runs
 * that acted before the dashboard showed anything (`ranked`) and those `copied` (`copiesAmong`), in the same order among
 * themselves. Runs of different scenarios or seeds are not comparable and are kept apart by the caller.
 */
export function rank<T extends Rankable>(entries: readonly T[], copied: { has(entry: T): boolean } = new Set()): T[] {
  const last = (entry: T) => (ranked(entry) && !copied.has(entry) ? 0 : 1);
  return [...entries].sort(
    (a, b) => last(a) - last(b) || compareScores(a.score, b.score) || a.name.localeCompare(b.name),
  );
}
