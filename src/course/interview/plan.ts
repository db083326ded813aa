/**
 * The shape of one mock interview: its phases, each with its own clock, and the interviewer's
 * follow-ups as timed injects that may push back. Pure: built from the question alone.
 *
 * A design prompt runs the four phases of a system design interview (requirements about 5
 * minutes, interface about 5, high-level design 12, deep dive 10) and its follow-ups arrive at
 * the minute of the phase the bank gives them. Any other question is one phase of the length the
 * candidate chose, its follow-ups spread from 30% of the time so that the last one's pushback
 * arrives with a fifth of the time left to answer it.
 */
export const phaseIds = ["requirements", "interface", "high-level", "deep-dive"] as const;
export type DesignPhase = (typeof phaseIds)[number];

export interface Phase {
  id: string;
  label: string;
  ms: number;
}

export interface Inject {
  /** "f0", "f1"...: the follow-up's index in the question. */
  id: string;
  /** Index of the phase it belongs to. */
  phase: number;
  /** Milliseconds into that phase at which the interviewer asks it. */
  atMs: number;
  question: string;
  /** The interviewer pushing back, `pushbackAfterMs` after asking, if the bank has a pushback. */
  pushback?: string;
  pushbackAfterMs: number;
}

export interface Plan {
  phases: Phase[];
  injects: Inject[];
}

const minute = 60_000;

export const designPhases: readonly Phase[] = [
  { id: "requirements", label: "Requirements", ms: 5 * minute },
  { id: "interface", label: "Interface", ms: 5 * minute },
  { id: "high-level", label: "High-level design", ms: 12 * minute },
  { id: "deep-dive", label: "Deep dive", ms: 10 * minute },
];

/** What the plan needs from a question. */
export interface PlannedQuestion {
  type: string;
  followUps: readonly { question: string; pushback?: { say: string }; phase?: string; after?: number }[];
}

/** When a pushback follows its question: 90 s, or less in a short round. */
export function pushbackDelay(phaseMs: number): number {
  return Math.min(90_000, Math.round(phaseMs * 0.15));
}

export function planFor(question: PlannedQuestion, minutes: number): Plan {
  if (question.type === "design") {
    const phases = designPhases.map((p) => ({ ...p }));
    const injects = question.followUps.map((f, i): Inject => {
      const phase = phaseIds.indexOf((f.phase ?? "deep-dive") as DesignPhase);
      if (phase < 0) throw new RangeError(`follow-up ${i}: unknown phase ${f.phase}`);
      const atMs = Math.round((f.after ?? 0) * minute);
      if (atMs >= phases[phase]!.ms) throw new RangeError(`follow-up ${i} comes after its phase ends`);
      return {
        id: `f${i}`,
        phase,
        atMs,
        question: f.question,
        ...(f.pushback ? { pushback: f.pushback.say } : {}),
        pushbackAfterMs: pushbackDelay(phases[phase]!.ms),
      };
    });
    return { phases, injects: injects.sort((a, b) => a.phase - b.phase || a.atMs - b.atMs) };
  }
  if (!(minutes > 0)) throw new RangeError(`an interview needs some minutes, got ${minutes}`);
  const ms = Math.round(minutes * minute);
  const count = question.followUps.length;
  // From 30% of the time to the last moment whose pushback still leaves a fifth of the time.
  const first = 0.3 * ms;
  const last = 0.8 * ms - pushbackDelay(ms);
  const injects = question.followUps.map(
    (f, i): Inject => ({
      id: `f${i}`,
      phase: 0,
      atMs: Math.round(count === 1 ? Math.min(0.5 * ms, last) : first + ((last - first) * i) / (count - 1)),
      question: f.question,
      ...(f.pushback ? { pushback: f.pushback.say } : {}),
      pushbackAfterMs: pushbackDelay(ms),
    }),
  );
  return { phases: [{ id: "answer", label: "Your answer", ms }], injects };
}

/** A plan's length: all its phases' clocks together. */
export const totalMs = (plan: { phases: readonly Phase[] }) => plan.phases.reduce((sum, p) => sum + p.ms, 0);

/** A design round's length, all four phases' clocks together, in whole minutes. */
export const designMinutes = totalMs({ phases: designPhases }) / minute;

/** One phase's clock in minutes, as the setup screen lists them. */
export const phaseMinutes = (phase: Phase) => phase.ms / minute;
