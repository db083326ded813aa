/**
 * The history point by point: over the saved attempts, which rubric points the evidence keeps
 * falling short of the level the candidate aims for, and where they claim more than their
 * evidence backs. Pure: the counts come from the attempts as stored (history.ts) and the rubric
 * points' names from the questions the page has today, matched by question and position (an
 * attempt stores levels per point, in the rubric's order). It lives beside the history because it
 * reads the stored shape of an attempt, which is the widget's, not the question bank's.
 */
import { claimNames } from "../../course/self-assessment.ts";
import { countOf } from "../../format/number.ts";
import type { Attempt } from "./history.ts";

/** A level a candidate can aim for: 1 mid, 2 senior, 3 staff (as a claim or a backed level). */
export type Aim = 1 | 2 | 3;

/** Where the level the learner aims for is kept on this device, as "1", "2" or "3". */
export const aimKey = "blast-radius:interview-aim:v1";
/** The level aimed for until the learner picks one: staff, as the page's select shows first. */
export const defaultAim: Aim = 3;

/** The aim as stored; anything else (absent, unreadable, another format) is the default. */
export function parseAim(raw: string | null): Aim {
  return raw === "1" || raw === "2" || raw === "3" ? (Number(raw) as Aim) : defaultAim;
}

/** What the report needs of a question today: its title and its rubric points' names, in order. */
export interface RubricOf {
  title: string;
  points: readonly string[];
}

/** One rubric point of one question, over the attempts at that question. */
export interface PointRecord {
  questionId: string;
  /** The question's title: the prompt the point came from. */
  title: string;
  /** The point's position in its rubric. */
  index: number;
  point: string;
  /** Levelled attempts at the question. */
  attempts: number;
  /** Attempts whose evidence backed the point at the aim or above. */
  met: number;
  /** Attempts that claimed the point above what the evidence backed. */
  overClaimed: number;
  /** The most recent attempt that fell short of the aim, or null if none did. */
  lastMiss: { at: string; backed: number } | null;
  /** The most recent attempt that claimed above the evidence, or null if none did. */
  lastOver: { at: string; claimed: number; backed: number } | null;
}

export interface PointsReport {
  /** Points the evidence fell short of the aim at least once, the most recent shortfall first. */
  missed: PointRecord[];
  /** Points claimed above the evidence at least once, the most recent over-claim first. */
  overClaimed: PointRecord[];
  /** Levelled attempts counted. */
  levelled: number;
  /** Attempts saved before rubrics had levels: nothing per point to count. */
  unlevelled: number;
  /** Levelled attempts whose question is gone or whose rubric has changed since: not counted. */
  unmatched: number;
}

const newestFirst = (a: string, b: string) => Date.parse(b) - Date.parse(a);

/**
 * Counts every rubric point of every question attempted with a levelled debrief. `rubrics` gives
 * each question's points today; an attempt whose question is missing there, or whose rubric had
 * another number of points, is counted as unmatched, never misnamed.
 */
export function pointsReport(
  attempts: readonly Attempt[],
  rubrics: (questionId: string) => RubricOf | undefined,
  aim: Aim,
): PointsReport {
  const records = new Map<string, PointRecord>();
  let levelled = 0;
  let unlevelled = 0;
  let unmatched = 0;
  for (const attempt of attempts) {
    const d = attempt.debrief;
    if (!d) {
      unlevelled++;
      continue;
    }
    const rubric = rubrics(attempt.questionId);
    if (!rubric || rubric.points.length !== attempt.points) {
      unmatched++;
      continue;
    }
    levelled++;
    rubric.points.forEach((point, index) => {
      const key = `${attempt.questionId}#${index}`;
      const r = records.get(key) ?? {
        questionId: attempt.questionId,
        title: rubric.title,
        index,
        point,
        attempts: 0,
        met: 0,
        overClaimed: 0,
        lastMiss: null,
        lastOver: null,
      };
      const backed = d.backed[index]!;
      const claimed = d.claimed[index]!;
      const at = attempt.startedAt;
      r.attempts++;
      if (backed >= aim) r.met++;
      else if (!r.lastMiss || newestFirst(r.lastMiss.at, at) > 0) r.lastMiss = { at, backed };
      if (claimed > backed) {
        r.overClaimed++;
        if (!r.lastOver || newestFirst(r.lastOver.at, at) > 0) r.lastOver = { at, claimed, backed };
      }
      records.set(key, r);
    });
  }
  const all = [...records.values()];
  // Ties (points of the same attempt) keep the rubric's order.
  const missed = all.filter((r) => r.lastMiss).sort((a, b) => newestFirst(a.lastMiss!.at, b.lastMiss!.at));
  const overClaimed = all.filter((r) => r.lastOver).sort((a, b) => newestFirst(a.lastOver!.at, b.lastOver!.at));
  return { missed, overClaimed, levelled, unlevelled, unmatched };
}

/** "staff", "senior or above", "mid or above". */
export const aimText = (aim: Aim) => (aim === 3 ? claimNames[aim] : `${claimNames[aim]} or above`);

/** A backed level in words: "no level" for evidence that backed none. */
const backedText = (level: number) => (level === 0 ? "no level" : claimNames[level]!);

/** "Failure domains named (Choosing the partition key): backed at staff in 1 of 3 attempts; the latest shortfall backed senior." */
export function missSentence(r: PointRecord, aim: Aim): string {
  const last = r.lastMiss ? `; the latest shortfall backed ${backedText(r.lastMiss.backed)}` : "";
  return `${r.point} (${r.title}): backed at ${aimText(aim)} in ${r.met} of ${countOf(r.attempts, "attempt")}${last}.`;
}

/** "Failure domains named (Choosing the partition key): claimed above the evidence in 2 of 3 attempts; ..." */
export function overSentence(r: PointRecord): string {
  const last = r.lastOver
    ? `; the latest: claimed ${claimNames[r.lastOver.claimed]!}, the evidence backed ${backedText(r.lastOver.backed)}`
    : "";
  return `${r.point} (${r.title}): claimed above the evidence in ${r.overClaimed} of ${countOf(r.attempts, "attempt")}${last}.`;
}
