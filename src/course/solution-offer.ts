/**
 * What a chapter exercise says of itself from its record: the status line beside its title, and
 * what its Show solution's confirmation asks, which says what seeing the worked solution changes in
 * that record. Pure, so the words and what the record does are checked together
 * (solution-offer.test.ts); the markup (ExerciseBody.astro) is built with the words for an exercise
 * not yet tried, and the page (bootstrap.ts, showPartProgress) sets them from the record.
 */
import { countOf } from "../format/number.ts";
import {
  answeredAfterReveal,
  exerciseEntry,
  isSolved,
  partEarned,
  type Progress,
  solutionSeenMark,
  solvedStatus,
} from "./progress.ts";

/** What showing the worked solution in a chapter writes in its record: that it was seen. */
export function markSeen(progress: Progress, id: string): void {
  exerciseEntry(progress, id).revealed = true;
}

/**
 * The page's lock on Show solution: it opens once an answer to any part of the exercise was
 * checked, right or wrong (the code of a code exercise, once), on the chapter's numbers or new
 * ones; a hint does not open it, nor an answer that could not be read (never an attempt). The
 * terminal's `solution` keeps the same lock (src/cli/exercises.ts), and says lockedNote while it holds.
 */
export function solutionUnlocked(progress: Progress, id: string): boolean {
  const entry = progress.exercises[id];
  return entry !== undefined && Object.values(entry.parts).some((p) => p.attempts > 0);
}

/** What a locked Show solution says under it (ExerciseBody.astro), and the terminal's `solution` when it refuses. */
export const lockedNote = "Check an answer first to unlock the solution.";

/**
 * What seeing the worked solution changes in the record of an exercise solved before (every part
 * stays solved), and of one whose solution was seen already (nothing): the page's confirmation asks
 * with these words, and the terminal's `solution` asks with them too (src/cli/exercises.ts).
 */
export const seenNote = "You have seen it before, so your progress stays as it is.";
const solvedEffect = 'it stays solved; its status only adds "solution seen"';
export const solvedNote = `You solved this exercise before seeing it, so ${solvedEffect}.`;

/**
 * solvedNote said before the solution is asked for, where nothing was seen yet: the terminal's
 * `hint` on a solved exercise, which points to its solution (audit, session 54: said as if it had
 * happened, it read as if the hint had changed the exercise's status).
 */
export const solvedIfSeen = `You solved this exercise first, so if you see its solution, ${solvedEffect}.`;

/**
 * Asked before an exercise not solved shows its solution (and what the markup says). A part solved
 * before stays solved, and one answered rightly after is marked so (markSolved): answered, not
 * solved, so the exercise can no longer count as solved.
 */
export const revealQuestion =
  "Show the worked solution? Your attempts and any part you have solved are kept, but a part you answer right after seeing it counts as answered, not solved.";

/**
 * Asked before a solved exercise shows its solution. Every part was solved first, so each stays
 * solved: the exercise counts as solved wherever solved ones are counted (isSolved: the progress
 * page, the sidebar's marks, the review schedule), and its status adds that the solution was seen.
 */
export const solvedQuestion = `Show the worked solution, to compare with your own? ${solvedNote}`;

/** Asked when the solution was seen already and is offered again (new numbers hid it): nothing changes. */
export const seenQuestion = `Show the worked solution again? ${seenNote}`;

/** The confirmation's other button while there is something left to answer. */
export const keepTrying = "Keep trying";

/** The confirmation's other button once every part on show is answered right: there is nothing left to try. */
export const notNow = "Not now";

export interface SolutionOffer {
  /** What the confirmation asks. */
  question: string;
  /** What its other button says. */
  decline: string;
}

/**
 * The confirmation of Show solution for an exercise with this record. `answered`: every part
 * answered right for the numbers on show (the chapter's, or a dealt variant's).
 */
export function solutionOffer(progress: Progress, id: string, partIds: string[], answered: boolean): SolutionOffer {
  return { question: solutionQuestion(progress, id, partIds), decline: answered ? notNow : keepTrying };
}

/** What the confirmation of Show solution asks for an exercise with this record (solutionOffer's question). */
export function solutionQuestion(progress: Progress, id: string, partIds: string[]): string {
  return progress.exercises[id]?.revealed
    ? seenQuestion
    : isSolved(progress, id, partIds)
      ? solvedQuestion
      : revealQuestion;
}

/**
 * New numbers on show (a dealt variant, after New numbers or on /review/), for the status line.
 * `answered`: the parts answered right for them; `before`: the parts the record held answered
 * (solved, or after seeing the solution) when they were dealt. Without that snapshot (a terminal
 * file written before it kept one) the line says nothing of before (statusLine).
 */
export interface NumbersOnShow {
  seed: number;
  /**
   * Leave the seed out of the line ("these numbers: …"): a review under way on /review/, whose
   * seed would deal its worked solution anywhere else (audit, session 58); named once answered.
   */
  unnamed?: boolean;
  answered: readonly string[];
  before?: readonly string[];
}

/** The parts of an exercise its record holds answered right: solved, or after seeing the solution. */
export function answeredInRecord(progress: Progress, id: string, partIds: readonly string[]): string[] {
  const entry = progress.exercises[id];
  return partIds.filter((p) => entry?.parts[p]?.solved === true);
}

/**
 * The status line beside an exercise's title, and whether it is unearned: not shown in the solved
 * colour. For the chapter's numbers, the record's: answered only after the solution was shown, or
 * the solution seen and nothing solved, are unearned. Empty before anything is solved or seen.
 *
 * With new numbers on show (`variant`), the line says the record and these numbers apart: first
 * what the record held before they were dealt ("✓ Solved before", "1 of 2 parts solved before"),
 * then these numbers ("these numbers (variant 42): 0 of 2 parts answered right so far"). A right
 * answer on these numbers also solves its part in the record (markSolved): a part solved so, not
 * solved before, is never said to be solved before; these numbers count it as newly solved ("1 of
 * 2 parts answered right so far, 1 newly solved"). Without a snapshot of the record (see
 * NumbersOnShow) the record is said as it stands, with no "before". The tick stays on what is
 * solved; the line is in the solved colour only once these numbers are all answered right too
 * (audit, session 51: "✓ Solved · variant 42: 0 of 2 parts answered right", all in green, read as
 * solved and not solved at once).
 */
export function statusLine(
  progress: Progress,
  id: string,
  partIds: string[],
  variant?: NumbersOnShow,
): { text: string; unearned: boolean } {
  const answered = variant?.answered;
  const known = answered !== undefined && variant?.before !== undefined;
  // With a snapshot, the record as it was: only the parts it held answered when these numbers
  // were dealt, as they stand now (one reset since is not solved any more).
  const held = known ? new Set(variant.before) : undefined;
  const record = held ? keepParts(progress, id, held) : progress;
  const { text: said, unearned: recordUnearned } = recordLine(record, id, partIds, known);
  if (!variant) return { text: said, unearned: recordUnearned };
  const count = variant.answered.length;
  const all = count >= partIds.length;
  const entry = progress.exercises[id];
  const newly = held ? variant.answered.filter((p) => !held.has(p) && partEarned(entry?.parts[p])).length : 0;
  const numbers = `these numbers${variant.unnamed ? "" : ` (variant ${variant.seed})`}: ${count} of ${countOf(partIds.length, "part")} answered right${all ? "" : " so far"}${newly > 0 ? `, ${newly} newly solved` : ""}`;
  return {
    text: said ? `${said} · ${numbers}` : `${numbers.charAt(0).toUpperCase()}${numbers.slice(1)}`,
    unearned: recordUnearned || !all,
  };
}

/** The record's part of the status line; `before`: said beside new numbers, of the record before they were dealt. */
function recordLine(
  progress: Progress,
  id: string,
  partIds: string[],
  before: boolean,
): { text: string; unearned: boolean } {
  const entry = progress.exercises[id];
  const solvedParts = partIds.filter((p) => partEarned(entry?.parts[p])).length;
  const seen = entry?.revealed === true;
  const after = answeredAfterReveal(progress, id, partIds);
  const seenText = seen ? solutionSeenMark : "";
  const text = isSolved(progress, id, partIds)
    ? solvedStatus(seen, { before })
    : after
      ? before
        ? "Answered before, after seeing the solution"
        : "Answered after seeing the solution"
      : solvedParts > 0
        ? `${solvedParts} of ${partIds.length} parts solved${before ? " before" : ""}${seenText}`
        : seen
          ? "Solution seen"
          : "";
  return { text, unearned: after || (solvedParts === 0 && seen) };
}

/** The record with only `parts` of exercise `id` kept (a copy of that exercise's entry; the rest shared). */
function keepParts(progress: Progress, id: string, parts: ReadonlySet<string>): Progress {
  const entry = progress.exercises[id];
  if (!entry) return progress;
  const kept = Object.fromEntries(Object.entries(entry.parts).filter(([p]) => parts.has(p)));
  return { ...progress, exercises: { ...progress.exercises, [id]: { ...entry, parts: kept } } };
}
