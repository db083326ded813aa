/**
 * Grading speed: every accepted and rejected answer listed by every numeric exercise, graded
 * against its solution's expected value, many times over; reported per answer.
 */
import { loadAllExercises } from "../src/grader/load-exercises.ts";
import { expectedAnswers, type SolutionModule } from "../src/grader/solution.ts";
import { gradeNumeric, warmUpGrader } from "../src/grader/grade.ts";
import type { NumericPart } from "../src/grader/exercise-schema.ts";
import type { Bench } from "./types.ts";
import { median } from "./stats.ts";

const bench: Bench = async () => {
  const cases: { part: NumericPart; input: string; expected: number; params: Record<string, number> }[] = [];
  for (const exercise of loadAllExercises()) {
    if (exercise.meta.kind !== "numeric") continue;
    const solution = (await import(`../solutions/${exercise.id}/solution.ts`)) as SolutionModule;
    const params = (exercise.meta.params ?? {}) as Record<string, number>;
    const expected = expectedAnswers(exercise.meta.parts, solution, params);
    for (const part of exercise.meta.parts) {
      for (const input of [...part.accept, ...part.reject])
        cases.push({ part, input, expected: expected[part.id] as number, params });
    }
  }
  const started = performance.now();
  warmUpGrader();
  const warmUp = performance.now() - started;

  const rounds = 20;
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (const c of cases) gradeNumeric(c.part, c.input, c.expected, c.params);
    times.push((performance.now() - t0) / cases.length);
  }
  return [
    { area: "grader", metric: "set-up of the restricted mathjs (first use)", value: warmUp, unit: "ms" },
    {
      area: "grader",
      metric: `one numeric answer graded (median of ${rounds} rounds)`,
      value: median(times) * 1000,
      unit: "µs",
      note: `${cases.length} listed answers`,
    },
  ];
};
export default bench;
