/**
 * One mock interview running against its plan: a clock per phase (the course's Countdown), the
 * interviewer's injects and pushbacks as they fall due, and moving on, early by choice or when a
 * phase's time runs out (the interviewer moves you on). Pure: time comes from `now`, so tests and
 * a paused page clock drive it without waiting, and its state survives a reload as plain data.
 */
import { Countdown, timeLeftMs } from "./countdown.ts";
import type { Inject, Plan } from "../../course/interview/plan.ts";

export type RoundEvent =
  | { kind: "milestone"; phase: number; remainingMs: number }
  | { kind: "phase-end"; phase: number; next: number | null; early: boolean }
  | { kind: "inject"; inject: Inject; early: boolean }
  | { kind: "pushback"; inject: Inject };

/** What a reload needs to carry on exactly where it was. */
export interface RoundState {
  phase: number;
  /** Milliseconds used in each phase so far (finished phases and the current one). */
  phaseUsedMs: number[];
  /** Injects asked, with the total elapsed time at which each was asked. */
  asked: { id: string; atMs: number }[];
  /** Injects whose pushback has come. */
  pushed: string[];
  /** True once the last phase has ended. */
  done: boolean;
}

export class Round {
  private clock: Countdown;
  private readonly state: RoundState;
  /** When the current phase's clock last started, and how much of the phase was used then. */
  private resumedAt = 0;
  private usedAtResume = 0;

  constructor(
    readonly plan: Plan,
    private readonly now: () => number,
    saved?: RoundState,
  ) {
    if (plan.phases.length === 0) throw new RangeError("a plan needs at least one phase");
    this.state = saved
      ? structuredClone(saved)
      : { phase: 0, phaseUsedMs: plan.phases.map(() => 0), asked: [], pushed: [], done: false };
    if (this.state.phase >= plan.phases.length || this.state.phaseUsedMs.length !== plan.phases.length)
      throw new RangeError("saved state does not fit the plan");
    this.clock = this.clockFor(this.state.phase);
  }

  private clockFor(phase: number): Countdown {
    return new Countdown(this.plan.phases[phase]!.ms, this.now, this.state.phaseUsedMs[phase]!);
  }

  get phase(): number {
    return this.state.phase;
  }

  get done(): boolean {
    return this.state.done;
  }

  get running(): boolean {
    return this.clock.running;
  }

  remainingInPhaseMs(): number {
    return this.state.done ? 0 : this.clock.remainingMs();
  }

  /** Time left in the whole round, as the clocks will show it: this phase's rest and every later phase. */
  timeLeftMs(): number {
    if (this.state.done) return 0;
    return timeLeftMs(
      this.plan.phases.map((p) => p.ms),
      this.state.phase,
      this.clock.usedMs(),
    );
  }

  /** Milliseconds used in every phase, the current one counted to now. */
  phaseUsedMs(): number[] {
    const used = [...this.state.phaseUsedMs];
    if (!this.state.done) used[this.state.phase] = this.clock.usedMs();
    return used;
  }

  totalUsedMs(): number {
    return this.phaseUsedMs().reduce((a, b) => a + b, 0);
  }

  /** Injects asked so far, in order, each with when (total elapsed) it was asked. */
  asked(): { inject: Inject; atMs: number; pushedBack: boolean }[] {
    return this.state.asked.map(({ id, atMs }) => ({
      inject: this.plan.injects.find((i) => i.id === id)!,
      atMs,
      pushedBack: this.state.pushed.includes(id),
    }));
  }

  start(): void {
    if (this.state.done || this.clock.running) return;
    this.clock.start();
    this.resumedAt = this.now();
    this.usedAtResume = this.clock.usedMs();
  }

  pause(): void {
    this.clock.pause();
  }

  /** Everything that fell due since the last poll, in order. Several at once after a throttled tab. */
  poll(): RoundEvent[] {
    const events: RoundEvent[] = [];
    for (let guard = 0; guard < 1000 && !this.state.done; guard++) {
      const before = events.length;
      this.due(events, false);
      const milestone = this.clock.poll();
      if (milestone !== null && milestone > 0 && this.announces(milestone))
        events.push({ kind: "milestone", phase: this.state.phase, remainingMs: milestone });
      if (this.clock.over) {
        this.advance(events, false);
        continue;
      }
      if (events.length === before) break;
    }
    return events;
  }

  /** Moves on now: the interviewer asks what was still due in this phase first. */
  next(): RoundEvent[] {
    if (this.state.done) return [];
    const events: RoundEvent[] = [];
    this.due(events, true);
    this.advance(events, true);
    return events;
  }

  snapshot(): RoundState {
    return { ...structuredClone(this.state), phaseUsedMs: this.phaseUsedMs() };
  }

  /** Single-phase rounds announce half time, 2 and 1 minutes left; a phase of several, its last minute. */
  private announces(remainingMs: number): boolean {
    return this.plan.phases.length === 1 || remainingMs === 60_000;
  }

  /** Injects due in the current phase (all of them when `early`), then pushbacks due on the total clock. */
  private due(events: RoundEvent[], early: boolean): void {
    const used = this.clock.usedMs();
    const phaseStart = this.state.phaseUsedMs.slice(0, this.state.phase).reduce((a, b) => a + b, 0);
    for (const inject of this.plan.injects) {
      if (inject.phase !== this.state.phase || this.state.asked.some((a) => a.id === inject.id)) continue;
      const late = inject.atMs > used;
      if (!early && late) continue;
      // Asked at its minute of the phase, or now when moving on before that minute.
      this.state.asked.push({ id: inject.id, atMs: phaseStart + (late ? used : inject.atMs) });
      events.push({ kind: "inject", inject, early: late });
    }
    const total = this.totalUsedMs();
    for (const { id, atMs } of this.state.asked) {
      const inject = this.plan.injects.find((i) => i.id === id)!;
      if (!inject.pushback || this.state.pushed.includes(id) || atMs + inject.pushbackAfterMs > total) continue;
      this.state.pushed.push(id);
      events.push({ kind: "pushback", inject });
    }
  }

  private advance(events: RoundEvent[], early: boolean): void {
    const wasRunning = this.clock.running;
    // Time that ran on past the phase's end (a throttled or sleeping tab) belongs to the next phase.
    const phaseMs = this.plan.phases[this.state.phase]!.ms;
    const overflow = early ? 0 : Math.max(0, this.now() - this.resumedAt - (phaseMs - this.usedAtResume));
    this.clock.pause();
    this.state.phaseUsedMs[this.state.phase] = this.clock.usedMs();
    const from = this.state.phase;
    const next = from + 1 < this.plan.phases.length ? from + 1 : null;
    events.push({ kind: "phase-end", phase: from, next, early });
    if (next === null) {
      this.state.done = true;
      return;
    }
    this.state.phase = next;
    this.state.phaseUsedMs[next] = Math.min(overflow, this.plan.phases[next]!.ms);
    this.clock = this.clockFor(next);
    if (wasRunning || !early) {
      this.clock.start();
      this.resumedAt = this.now();
      // Uncapped, so overflow beyond this phase too carries on to the one after.
      this.usedAtResume = overflow;
    }
  }
}
