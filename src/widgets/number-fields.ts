/**
 * A widget's whole-number fields: each field's bounds (shared by its Astro component, for the
 * field's min and max, and its model, for what it accepts, so the page and the model cannot
 * disagree), the one rule and message for a value outside them, and what checking a widget's
 * fields gives. Used by the cells widgets and the shuffle-shard explorer.
 */
import { grouped } from "../format/number.ts";

export interface Limit {
  min: number;
  max: number;
  /** The field's label, as the page shows it. */
  label: string;
}

/**
 * Why `value` is not acceptable for `limit`, or null when it is a whole number within it. `min`
 * and `max` tighten the limit for this state; `why` says why the bound is tighter (", no more than
 * the workers").
 */
export function limitProblem(value: unknown, limit: Limit, min = limit.min, max = limit.max, why = ""): string | null {
  if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) return null;
  return `${limit.label}: a whole number from ${grouped(min)} to ${grouped(max)}${why}.`;
}

/** A value brought within bounds (rounded), or the fallback when there is no number. */
export const clampTo = (value: number | undefined, min: number, max: number, fallback: number) =>
  value !== undefined && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;

/** The result of checking a widget's fields: a state to draw, or what is wrong, field by field. */
export type Checked<S> = { ok: true; state: S } | { ok: false; errors: Record<string, string> };
