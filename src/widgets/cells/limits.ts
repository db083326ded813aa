/** The cells widgets' own rule for their number fields, on the widgets' one rule (../number-fields.ts). */
import { type Limit, limitProblem } from "../number-fields.ts";

/**
 * Why a zone count was refused, with the reason that fits the value: one zone has nothing to fail
 * over to; other values only need the bounds.
 */
export function zonesProblem(value: unknown, limit: Limit): string | null {
  const problem = limitProblem(value, limit);
  if (!problem) return null;
  return value === 1 ? `${problem} One zone has no other zone to fail over to.` : problem;
}
