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

/**
 * What a playground's runs printed, for the status's comparison: each run is set against the
 * last run the reader started, whatever became of it (a syntax error, a failure, a timeout,
 * a run stopped by the next one or by Reset, a run that printed nothing), so "since the last
 * run" is true.
 */
export class RunComparison {
  /** What the run before the current one printed; null before the second run. */
  private last: string[] | null = null;
  private current: string[] | null = null;

  /** A run starts; the lines it prints are pushed onto the array returned. */
  start(): string[] {
    this.last = this.current;
    this.current = [];
    return this.current;
  }

  /**
   * The current run ended: which of its lines are new or changed, and the status's word on it
   * ("" when there is no run before it, or when it did not run: a syntax error says only that).
   */
  finish(ran: boolean): { changed: Set<number>; summary: string } {
    const before = this.last;
    const after = this.current ?? [];
    if (!ran || before === null) return { changed: new Set(), summary: "" };
    const changed = changedLines(before, after);
    return { changed, summary: changeSummary(before, after, changed.size) };
  }
}
