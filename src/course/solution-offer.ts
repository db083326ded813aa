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
 * What seeing the worked solution changes in the record of an exercise solved before (every part
 * stays solved), and of one whose solution was seen already (nothing): the page's confirmation asks
 * with these words, and the terminal's `hint` on an exercise answered says them (src/cli/exercises.ts).
 */
export const seenNote = "You have seen it before, so your progress stays as it is.";
export const solvedNote =
  'You solved this exercise before seeing it, so it stays solved; its status only adds "solution seen".';

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
  const question = progress.exercises[id]?.revealed
    ? seenQuestion
    : isSolved(progress, id, partIds)
      ? solvedQuestion
      : revealQuestion;
  return { question, decline: answered ? notNow : keepTrying };
}

/**
 * The status line beside an exercise's title, and whether it is unearned: not shown in the solved
 * colour. For the chapter's numbers, the record's: answered only after the solution was shown, or
 * the solution seen and nothing solved, are unearned. Empty before anything is solved or seen.
 *
 * With new numbers on show (a dealt variant, after New numbers or on /review/), `variant` gives
 * their seed and how many parts are answered right for them, and the line says both apart: the
 * record as what was done before ("✓ Solved before"), then these numbers ("these numbers (variant
 * 42): 0 of 2 parts answered right so far"). The tick stays on what is solved; the line is in the
 * solved colour only once these numbers are all answered right too (audit, session 51: "✓ Solved ·
 * variant 42: 0 of 2 parts answered right", all in green, read as solved and not solved at once).
 */
export function statusLine(
  progress: Progress,
  id: string,
  partIds: string[],
  variant?: { seed: number; answered: number },
): { text: string; unearned: boolean } {
  const entry = progress.exercises[id];
  const solvedParts = partIds.filter((p) => partEarned(entry?.parts[p])).length;
  const seen = entry?.revealed === true;
  const after = answeredAfterReveal(progress, id, partIds);
  const before = variant ? " before" : "";
  const seenText = seen ? solutionSeenMark : "";
  const record = isSolved(progress, id, partIds)
    ? solvedStatus(seen, { before: variant !== undefined })
    : after
      ? variant
        ? "Answered before, after seeing the solution"
        : "Answered after seeing the solution"
      : solvedParts > 0
        ? `${solvedParts} of ${partIds.length} parts solved${before}${seenText}`
        : seen
          ? "Solution seen"
          : "";
  const recordUnearned = after || (solvedParts === 0 && seen);
  if (!variant) return { text: record, unearned: recordUnearned };
  const all = variant.answered >= partIds.length;
  const numbers = `these numbers (variant ${variant.seed}): ${variant.answered} of ${countOf(partIds.length, "part")} answered right${all ? "" : " so far"}`;
  return {
    text: record ? `${record} · ${numbers}` : `${numbers.charAt(0).toUpperCase()}${numbers.slice(1)}`,
    unearned: recordUnearned || !all,
  };
}
