/**
 * What a chapter exercise says of itself from its record: the status line beside its title, and
 * what its Show solution's confirmation asks, which says what seeing the worked solution changes in
 * that record. Pure, so the words and what the record does are checked together
 * (solution-offer.test.ts); the markup (ExerciseBody.astro) is built with the words for an exercise
 * not yet tried, and the page (bootstrap.ts, showPartProgress) sets them from the record.
 */
import { answeredAfterReveal, exerciseEntry, isSolved, partEarned, type Progress } from "./progress.ts";

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
 * The status line beside an exercise's title (the chapter's numbers), and whether it is unearned:
 * answered only after the solution was shown, or the solution seen and nothing solved, which are
 * not shown in the solved colour. Empty before anything is solved or seen.
 */
export function statusLine(progress: Progress, id: string, partIds: string[]): { text: string; unearned: boolean } {
  const entry = progress.exercises[id];
  const solvedParts = partIds.filter((p) => partEarned(entry?.parts[p])).length;
  const seen = entry?.revealed === true;
  const after = answeredAfterReveal(progress, id, partIds);
  const text = isSolved(progress, id, partIds)
    ? seen
      ? "✓ Solved · solution seen"
      : "✓ Solved"
    : after
      ? "Answered after seeing the solution"
      : solvedParts > 0
        ? `${solvedParts} of ${partIds.length} parts solved${seen ? " · solution seen" : ""}`
        : seen
          ? "Solution seen"
          : "";
  return { text, unearned: after || (solvedParts === 0 && seen) };
}
