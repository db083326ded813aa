/**
 * Bounds of a widget's number fields, shared by its Astro component (the fields' min and max)
 * and its model (what it accepts), so the page and the model cannot disagree.
 */
import { grouped } from "./format.ts";

export interface Limit {
  min: number;
  max: number;
  /** The field's label, as the page shows it. */
  label: string;
}

/** Why `value` is not acceptable for `limit`, or null when it is a whole number within it. */
export function limitProblem(value: unknown, limit: Limit, min = limit.min, max = limit.max): string | null {
  if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) return null;
  return `${limit.label}: a whole number from ${grouped(min)} to ${grouped(max)}.`;
}

/**
 * Why a zone count was refused, with the reason that fits the value: one zone has nothing to fail
 * over to; other values only need the bounds.
 */
export function zonesProblem(value: unknown, limit: Limit): string | null {
  const problem = limitProblem(value, limit);
  if (!problem) return null;
  return value === 1 ? `${problem} One zone has no other zone to fail over to.` : problem;
}

export const clampTo = (value: number | undefined, min: number, max: number, fallback: number) =>
  value !== undefined && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;

/** The result of checking a widget's fields: a state to draw, or what is wrong, field by field. */
export type Checked<S> = { ok: true; state: S } | { ok: false; errors: Record<string, string> };
