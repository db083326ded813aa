/**
 * An exercise's worked solution as the reader sees it with the chapter's numbers: its
 * explanation with every {param} and {figure} filled, the figures from its solution's worked().
 * For the chapter tests that check a worked solution states the chapter's own figures.
 */
import { defaultParams } from "../../src/grader/exercise-meta.ts";
import { fillParams } from "../../src/grader/fill-params.ts";
import { loadExercise } from "../../src/grader/load-exercises.ts";
import { explanationFigures, type SolutionModule } from "../../src/grader/solution.ts";

export async function workedSolution(id: string): Promise<string> {
  const exercise = loadExercise(id);
  const solution = (await import(`../../solutions/${id}/solution.ts`)) as SolutionModule;
  return fillParams(exercise.explanation, explanationFigures(solution, defaultParams(exercise.meta)));
}
