/**
 * The contract of solutions/<id>/solution.ts, and the expected answers it yields.
 *   numeric: answers(params) -> { [partId]: number }, optional variant(rand) -> params
 *   choice:  export const answers = { [partId]: "choiceId" | ["choiceId", ...] }
 *   match:   export const answers = { [partId]: { [itemId]: "optionId" } }
 *   mixed:   answers(params) -> each part's answer as its kind gives it
 *   Choice and match answers may also be a function of params, with a variant(rand): a variant
 *   that changes the situation changes which answer is right.
 *   code:    the reference implementation, with the same exports as starter.ts
 *   worked:  optional: worked(params) -> { name: "figure" }, the figures the worked solution
 *            shows for those numbers, computed by the solution's own code and written as the
 *            reader sees them. explanation.md shows each as {name}, so a dealt variant's worked
 *            solution carries its own numbers (page and terminal alike); an exercise without
 *            variants uses it too, so no figure of its explanation is typed.
 */
import type { Random } from "../sim/random.ts";
import { listNames } from "../format/words.ts";
import type { ChoiceAnswer, CodePart, GradingPart, MatchAnswer, Params } from "./exercise-schema.ts";

export interface SolutionModule {
  answers?: unknown;
  variant?: (rand: Random) => Params;
  worked?: (params: Params) => Record<string, string>;
  [name: string]: unknown;
}

export type Expected = number | ChoiceAnswer | MatchAnswer;

export class SolutionError extends Error {}

/**
 * The expected answer of every part, checked against the exercise's parts: a missing part,
 * a non-finite number, an unknown choice or option fails with a message naming the part.
 * Takes the parts (all of one kind), so the page can call it with its island payload.
 */
export function expectedAnswers(
  parts: readonly (GradingPart | CodePart)[],
  solution: SolutionModule,
  params: Params = {},
): Record<string, Expected> {
  if (parts.length === 0 || parts.every((p) => p.kind === "code")) return {};
  let raw: unknown;
  // Numeric answers depend on the numbers, so they are a function of the params; any other
  // kind may be one too (a variant that changes the situation changes which choice is right).
  if (typeof solution.answers === "function") {
    raw = (solution.answers as (p: Params) => unknown)(params);
  } else if (parts.some((p) => p.kind === "numeric")) {
    throw new SolutionError("solution.ts must export a function answers(params)");
  } else {
    raw = solution.answers;
  }
  if (typeof raw !== "object" || raw === null) throw new SolutionError("answers must be an object keyed by part id");
  const table = raw as Record<string, unknown>;
  const result: Record<string, Expected> = {};
  for (const part of parts) {
    const value = table[part.id];
    const where = `answers.${part.id}`;
    if (part.kind === "code") continue;
    if (part.kind === "numeric") {
      if (typeof value !== "number" || !Number.isFinite(value))
        throw new SolutionError(`${where} must be a finite number, got ${String(value)}`);
      result[part.id] = value;
    } else if (part.kind === "choice") {
      const ids = new Set(part.choices.map((c) => c.id));
      const picked = Array.isArray(value) ? value : [value];
      if (picked.length === 0 || picked.some((v) => typeof v !== "string" || !ids.has(v))) {
        throw new SolutionError(
          `${where} must name choices of that part (${listNames([...ids])}), got ${JSON.stringify(value)}`,
        );
      }
      if (!part.multiple && Array.isArray(value))
        throw new SolutionError(`${where}: a single choice part needs one choice id, not a list`);
      result[part.id] = value as ChoiceAnswer;
    } else {
      const options = new Set(part.options.map((o) => o.id));
      if (typeof value !== "object" || value === null || Array.isArray(value))
        throw new SolutionError(`${where} must map item ids to option ids`);
      const map = value as Record<string, unknown>;
      for (const item of part.items) {
        const v = map[item.id];
        if (typeof v !== "string" || !options.has(v))
          throw new SolutionError(
            `${where}.${item.id} must be one of ${listNames([...options], "or")}, got ${JSON.stringify(v)}`,
          );
      }
      result[part.id] = value as MatchAnswer;
    }
  }
  return result;
}

/** Whether an exercise can deal generated variants: it has params and its solution a variant(rand). */
export function hasVariants(exercise: { kind: string; params?: Params }, solution: SolutionModule): boolean {
  return exercise.kind !== "code" && exercise.params !== undefined && typeof solution.variant === "function";
}

/** What an explanation's {name} placeholders show: the params, and the worked figures for them. */
export type Figures = Readonly<Record<string, number | string>>;

/**
 * The worked solution's figures for these params, checked: an object of strings whose names are
 * not params (a figure never hides a param). An exercise without worked() has none.
 */
export function workedFigures(solution: SolutionModule, params: Params): Record<string, string> {
  if (solution.worked === undefined) return {};
  if (typeof solution.worked !== "function") throw new SolutionError("worked must be a function worked(params)");
  const raw: unknown = solution.worked(params);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new SolutionError("worked(params) must return an object of figures keyed by name");
  const figures: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (Object.hasOwn(params, name)) throw new SolutionError(`worked.${name} has the name of a param`);
    if (typeof value !== "string" || value.trim() === "")
      throw new SolutionError(`worked.${name} must be the figure as shown (a non-empty string), got ${String(value)}`);
    figures[name] = value;
  }
  return figures;
}

/** The params and the worked figures, as the explanation's placeholders read them. */
export function explanationFigures(solution: SolutionModule, params: Params): Figures {
  return { ...params, ...workedFigures(solution, params) };
}
