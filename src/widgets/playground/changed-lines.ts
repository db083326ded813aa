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

/**
 * How a run ended, as the panel shows it under and above its lines: the status's outcome, the
 * note's error (already described, with its line) and whether the output was cut short.
 */
export interface RunEnding {
  /** "stopped": the next run or Reset stopped it before it ended, so no end of it was shown. */
  status: "ok" | "error" | "timeout" | "syntax-error" | "stopped";
  error?: string | undefined;
  truncated: boolean;
}

/** What a run showed: its printed lines and how it ended. */
export interface RunShown {
  lines: readonly string[];
  ending: RunEnding;
}

const stoppedEnding: RunEnding = { status: "stopped", truncated: false };

const sameEnding = (a: RunEnding, b: RunEnding) =>
  a.status === b.status && a.error === b.error && a.truncated === b.truncated;

/**
 * The status's word on a run compared with the one before it, or "" when there is none to compare
 * or nothing to say. "Same output" is said only when everything the panel shows is: the lines, the
 * outcome and the error. Otherwise the lines are counted (new or changed, gone), or said to be the
 * same when they are; a failure with another error than the last run's says so (the status's
 * "Failed after" reads the same for both). A different outcome is the status's own word, so it is
 * not said again; two runs that printed nothing and ended differently have nothing more to compare.
 */
export function changeSummary(before: RunShown | null, after: RunShown, changed: number): string {
  if (before === null) return "";
  const sameLines = changed === 0 && before.lines.length === after.lines.length;
  if (sameLines && sameEnding(before.ending, after.ending)) return "same output as the last run";
  const otherError =
    before.ending.status === "error" && after.ending.status === "error" && before.ending.error !== after.ending.error;
  if (sameLines) {
    const lines = after.lines.length > 0;
    if (otherError)
      return lines ? "same lines, a different error from the last run" : "a different error from the last run";
    return lines ? "same lines as the last run" : "";
  }
  // Lines of the old output that are in the new one neither as they were nor changed in their place.
  const removed = Math.max(0, before.lines.length - (after.lines.length - changed) - changed);
  const parts = [
    changed > 0 ? `${countOf(changed, "line")} new or changed` : "",
    removed > 0 ? `${countOf(removed, "line")} gone` : "",
    otherError ? "a different error" : "",
  ].filter(Boolean);
  return `${parts.join(", ")} since the last run`;
}

/**
 * What a playground's runs showed, for the status's comparison: each run is set against the
 * last run the reader started, whatever became of it (a syntax error, a failure, a timeout,
 * a run stopped by the next one or by Reset, a run that printed nothing), so "since the last
 * run" is true. A run stopped before its end (by the next run or Reset) is compared by its lines
 * alone: how it would have ended was never shown.
 */
export class RunComparison {
  /** What the run before the current one showed; null before the second run. */
  private last: RunShown | null = null;
  private current: { lines: string[]; ending: RunEnding | null } | null = null;

  /** A run starts; the lines it prints are pushed onto the array returned. */
  start(): string[] {
    this.last = this.current && { lines: this.current.lines, ending: this.current.ending ?? stoppedEnding };
    this.current = { lines: [], ending: null };
    return this.current.lines;
  }

  /**
   * The current run ended: which of its lines are new or changed, and the status's word on it
   * ("" when there is no run before it, or when it did not run: a syntax error says only that).
   */
  finish(ending: RunEnding): { changed: Set<number>; summary: string } {
    const before = this.last;
    const after = { lines: this.current?.lines ?? [], ending };
    if (this.current) this.current.ending = ending;
    if (ending.status === "syntax-error" || before === null) return { changed: new Set(), summary: "" };
    const changed = changedLines(before.lines, after.lines);
    return { changed, summary: changeSummary(before, after, changed.size) };
  }
}
