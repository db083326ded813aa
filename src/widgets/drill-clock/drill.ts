/**
 * A drill's clock: what it shows and says while a candidate answers a drill against a target time.
 * Pure (times are given, not read), so tests drive it without waiting; the page glue is mount.ts.
 * One clock format for the course's interview practice: the mock interview's formatClock.
 */
import { formatClock } from "../mock-interview/countdown.ts";

/** The clock's face: time left ("2:14"), or how far over the target ("+0:40") once it has passed. */
export function drillClockFace(elapsedMs: number, targetMs: number): string {
  const left = targetMs - elapsedMs;
  return left > 0 ? formatClock(left) : `+${formatElapsed(-left)}`;
}

/** "1:05" for 65 seconds, rounded down: an elapsed time is never shown longer than it was. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${(total % 60).toString().padStart(2, "0")}`;
}

const partsWord = (parts: number) => (parts === 1 ? "the part" : parts === 2 ? "both parts" : `all ${parts} parts`);

/** Said when the clock starts. */
export function drillStartMessage(targetMs: number, parts: number): string {
  return `New numbers are below and the clock is running: ${formatClock(targetMs)} for ${partsWord(parts)}.`;
}

/** Said once, when the target time passes with parts still unanswered. */
export function drillTimeUpMessage(targetMs: number, right: number, parts: number): string {
  return `${formatClock(targetMs)} is up with ${right} of ${parts} right. Keep going: the clock counts the time over.`;
}

/** Said when every part is right: the time taken against the target. */
export function drillVerdict(elapsedMs: number, targetMs: number, parts: number): string {
  const took = formatElapsed(elapsedMs);
  const all = partsWord(parts);
  const capitalised = all.charAt(0).toUpperCase() + all.slice(1);
  if (elapsedMs <= targetMs)
    return `${capitalised} right in ${took}, inside the ${formatClock(targetMs)} target. Try another variant, faster.`;
  return `${capitalised} right in ${took}: ${formatElapsed(elapsedMs - targetMs)} over the ${formatClock(targetMs)} target. Another variant, and again.`;
}
