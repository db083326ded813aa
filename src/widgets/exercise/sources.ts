/**
 * The exercise files the page fetches on demand, one small chunk each: the solution module
 * (expected answers, variants), a diagnosis's situation (drawn again for a dealt variant), the starter and the checks of code exercises.
 */
import type { SituationModule } from "../../grader/situation.ts";
import type { SolutionModule } from "../../grader/solution.ts";

const solutions = import.meta.glob<SolutionModule>("/solutions/*/solution.ts");
const situations = import.meta.glob<SituationModule>("/exercises/*/situation.ts");
const starters = import.meta.glob<string>("/exercises/*/starter.ts", { query: "?raw", import: "default" });
const checks = import.meta.glob<string>("/exercises/*/checks.ts", { query: "?raw", import: "default" });
const solutionSources = import.meta.glob<string>("/solutions/*/solution.ts", { query: "?raw", import: "default" });

function pick<T>(table: Record<string, () => Promise<T>>, path: string): Promise<T> {
  const load = table[path];
  return load ? load() : Promise.reject(new Error(`${path.slice(1)} is not part of this build`));
}

export const loadSolution = (id: string) => pick(solutions, `/solutions/${id}/solution.ts`);
export const loadStarter = (id: string) => pick(starters, `/exercises/${id}/starter.ts`);
export const loadChecks = (id: string) => pick(checks, `/exercises/${id}/checks.ts`);
export const loadSolutionSource = (id: string) => pick(solutionSources, `/solutions/${id}/solution.ts`);
export const loadSituation = (id: string) => pick(situations, `/exercises/${id}/situation.ts`);
