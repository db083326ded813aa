/**
 * The progress of a learner who solved "One bad cell" (`cells-blast-radius`, both parts first time)
 * and whose review schedule took it in at `at`: its review falls due three days later (FSRS's first
 * interval for "good"). The review browser tests start from it.
 */
import { emptyProgress, type Progress } from "../../src/course/progress.ts";
import { enrol } from "../../src/course/review.ts";

export const reviewedId = "cells-blast-radius";

export function solvedAndEnrolled(at: Date): Progress {
  const solved = emptyProgress();
  solved.exercises[reviewedId] = {
    parts: { untouched: { attempts: 1, solved: true }, canary: { attempts: 1, solved: true } },
    hints: 0,
    revealed: false,
  };
  return enrol(solved, [{ id: reviewedId, chapter: "cells", parts: ["untouched", "canary"] }], at);
}
