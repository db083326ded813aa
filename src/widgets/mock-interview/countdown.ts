/**
 * The interview clock: a countdown that can pause, and the few moments worth announcing.
 * Pure: time comes from the `now` function it is given, so tests (and a faked page clock)
 * drive it without waiting.
 */
import { clockTime, countOf, wholeSecondsThatAddUp } from "../../format/number.ts";

/** Remaining times (ms) worth announcing, largest first, for a countdown of `durationMs`. */
export function milestonesFor(durationMs: number): number[] {
  const half = Math.round(durationMs / 2 / 60_000) * 60_000;
  const candidates = [half, 2 * 60_000, 60_000, 0];
  // Only moments strictly inside the countdown (and "time is up"), each once.
  return [...new Set(candidates)].filter((m) => m === 0 || (m > 0 && m < durationMs)).sort((a, b) => b - a);
}

/** What the polite live region says at a milestone. */
export function milestoneMessage(remainingMs: number): string {
  if (remainingMs <= 0) return "Time is up. Finish your sentence, then ask for your debrief.";
  const minutes = Math.round(remainingMs / 60_000);
  return `${countOf(minutes, "minute")} left.`;
}

/** "9:05" for 545 seconds; rounds up, so the clock shows 0:00 only when time is really up. */
export function formatClock(remainingMs: number): string {
  return clockTime(Math.max(0, Math.ceil(remainingMs / 1000)));
}

/**
 * The time used in each phase and in all, as the debrief shows it and the history keeps it: in
 * whole seconds that add up (src/format/number.ts), never rounded up as the countdown is. Rounded
 * up one by one, a round moved through in 3.4 s read "0:04" in all over phases of 0:02, 0:01, 0:02
 * and 0:01.
 */
export function timeUsed(phaseUsedMs: readonly number[]): {
  phases: string[];
  total: string;
  phaseSeconds: number[];
  totalSeconds: number;
} {
  const { parts, total } = wholeSecondsThatAddUp(phaseUsedMs);
  return { phases: parts.map(clockTime), total: clockTime(total), phaseSeconds: parts, totalSeconds: total };
}

/**
 * When something happened, as time since the interview started ("3:00 in"): said so, because the
 * big clock beside it counts down, within a phase.
 */
export function elapsedStamp(elapsedMs: number): string {
  return `${formatClock(elapsedMs)} in`;
}

/**
 * Time left in a round of timed phases: the rest of the current phase and the whole of each one
 * after it. Time a phase left unused when the round moved on early is gone, as it is from the
 * clock. The round (round.ts) and the offer to resume a draft (draft.ts) both count with this.
 */
export function timeLeftMs(phaseMs: readonly number[], phase: number, usedInPhaseMs: number): number {
  const current = Math.max(0, (phaseMs[phase] ?? 0) - usedInPhaseMs);
  return phaseMs.slice(phase + 1).reduce((sum, ms) => sum + ms, current);
}

export class Countdown {
  private usedBeforeMs = 0;
  private runningSince: number | null = null;
  private readonly pending: number[];

  /** `alreadyUsedMs` resumes a countdown (after a reload); milestones already passed stay quiet. */
  constructor(
    readonly durationMs: number,
    private readonly now: () => number,
    alreadyUsedMs = 0,
  ) {
    if (!(durationMs > 0)) throw new RangeError(`duration must be positive, got ${durationMs}`);
    this.usedBeforeMs = Math.min(Math.max(0, alreadyUsedMs), durationMs);
    const remaining = durationMs - this.usedBeforeMs;
    this.pending = milestonesFor(durationMs).filter((m) => m < remaining || (m === 0 && remaining === 0));
  }

  get running(): boolean {
    return this.runningSince !== null;
  }

  /** Time spent so far, never more than the duration. */
  usedMs(): number {
    const live = this.runningSince === null ? 0 : this.now() - this.runningSince;
    return Math.min(this.durationMs, this.usedBeforeMs + live);
  }

  remainingMs(): number {
    return this.durationMs - this.usedMs();
  }

  get over(): boolean {
    return this.remainingMs() <= 0;
  }

  start(): void {
    if (this.runningSince === null && !this.over) this.runningSince = this.now();
  }

  pause(): void {
    if (this.runningSince === null) return;
    this.usedBeforeMs = this.usedMs();
    this.runningSince = null;
  }

  /**
   * The milestone to announce now, if one was crossed since the last call. When several were
   * crossed at once (a throttled background tab), only the latest is returned: one message, not a burst.
   */
  poll(): number | null {
    const remaining = this.remainingMs();
    let crossed: number | null = null;
    while (this.pending.length > 0 && remaining <= this.pending[0]!) crossed = this.pending.shift()!;
    if (remaining <= 0) this.pause();
    return crossed;
  }
}
