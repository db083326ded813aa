/**
 * How the course reads a number someone typed as an option or a setting (`--seed 7`,
 * `--set load=1.2`, a replay URL's `?load=1.2`): written in decimal, one rule everywhere.
 * Pure: no DOM, no Node.
 */

/** A number written in decimal: 12, -3, 0.25, 1e6, 1_000_000. Not 0x10, 0b1, 0o7, Infinity, 1,000 or "". */
const decimal = /^[+-]?(?:\d+(?:_\d{3})*(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** Read a decimal number from text; undefined if it is not one (or is too large to be finite). */
export function readDecimal(raw: string): number | undefined {
  const text = raw.trim();
  if (!decimal.test(text)) return undefined;
  const value = Number(text.replace(/_/g, ""));
  return Number.isFinite(value) ? value : undefined;
}
