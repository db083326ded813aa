import { countOf } from "../../format/number.ts";

/**
 * What a run printed that the run before it did not: the lines of the new output outside a
 * longest common subsequence of the two (so a line added near the top marks that line, not
 * every line below it). Outputs are capped at 1,000 lines, so the table stays small.
 */
export function changedLines(before: readonly string[], after: readonly string[]): Set<number> {
  // common[i][j]: the longest common subsequence of before[i..] and after[j..].
  const common = Array.from({ length: before.length + 1 }, () => new Uint16Array(after.length + 1));
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      common[i]![j] =
        before[i] === after[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const changed = new Set<number>();
  let i = 0;
  let j = 0;
  while (j < after.length) {
    if (i < before.length && before[i] === after[j]) {
      i++;
      j++;
    } else if (i < before.length && common[i + 1]![j]! >= common[i]![j + 1]!) {
      i++;
    } else {
      changed.add(j++);
    }
  }
  return changed;
}

/** The status's word on a run compared with the one before it, or "" when there is none to compare. */
export function changeSummary(before: readonly string[] | null, after: readonly string[], changed: number): string {
  if (before === null) return "";
  if (changed === 0 && before.length === after.length) return "same output as the last run";
  // Lines of the old output that are in the new one neither as they were nor changed in their place.
  const removed = Math.max(0, before.length - (after.length - changed) - changed);
  const parts = [
    changed > 0 ? `${countOf(changed, "line")} new or changed` : "",
    removed > 0 ? `${countOf(removed, "line")} gone` : "",
  ].filter(Boolean);
  return `${parts.join(", ")} since the last run`;
}
