/**
 * How long the mock interview's answer fields may grow, and what the learner is told about it.
 * One limits object: the component's `maxlength`, the counters beside the fields, the draft and the
 * attempt saved to the history all read it, so the limit shown is the limit applied.
 */
import { grouped } from "../../format/number.ts";

export const answerLimits = {
  /** Characters of the answer (the notes) an attempt keeps in the history, and the notes field takes. */
  notes: 5000,
  /** Characters a debrief field (evidence, cost, staff step) takes at least, whatever the notes' length. */
  debriefFieldFloor: 1000,
} as const;

/** From this share of its limit on, a field's count shows (and is said once). */
export const nearShare = 0.8;

/** Where a field's length stands against its limit. "over" only for text set before the limit held (an old draft). */
export type LimitLevel = "quiet" | "near" | "at" | "over";

/**
 * The limit of a debrief field (evidence, cost or staff step): the notes' length, since evidence
 * counts only as a quote from the notes, and never less than the floor.
 */
export function debriefFieldLimit(notes: string): number {
  return Math.max(answerLimits.debriefFieldFloor, notes.length);
}

export function limitLevel(length: number, max: number): LimitLevel {
  if (!Number.isInteger(max) || max <= 0) throw new RangeError(`a limit must be a whole number above 0, got ${max}`);
  if (length > max) return "over";
  if (length === max) return "at";
  return length >= Math.ceil(max * nearShare) ? "near" : "quiet";
}

/**
 * What the counter beside a field says: only the limit while the field is far from it (shown to
 * screen readers alone, through the field's description), the count once it is near, and what
 * happens at and over the limit.
 */
export function limitText(length: number, max: number): string {
  const count = `${grouped(length)} of ${grouped(max)} characters`;
  switch (limitLevel(length, max)) {
    case "quiet":
      return `Up to ${grouped(max)} characters.`;
    case "near":
      return `${count}.`;
    case "at":
      return `${count}: the limit. Anything more you type is not added.`;
    case "over":
      return `${count}: only the first ${grouped(max)} are kept; shorten it to keep the rest.`;
  }
}

/**
 * What is said when a field's length crosses into a level nearer its limit (`from` to `to`), and
 * nothing otherwise: a screen reader hears the count when it starts to matter, not at every key.
 */
export function limitAnnouncement(
  from: LimitLevel,
  to: LimitLevel,
  length: number,
  max: number,
  field: string,
): string | null {
  const rank: Record<LimitLevel, number> = { quiet: 0, near: 1, at: 2, over: 3 };
  if (rank[to] <= rank[from] || to === "quiet") return null;
  return `${field}: ${limitText(length, max)}`;
}

/**
 * What is said when a paste of `pasted` characters added only `kept` of them (the field was full),
 * or null when all of it went in. Line breaks count as one character each, as the field counts them.
 */
export function pasteCutText(pasted: number, kept: number): string | null {
  if (kept >= pasted) return null;
  const rest = pasted - kept;
  return kept === 0
    ? `Nothing of the ${grouped(pasted)} characters you pasted was added: the field is at its limit.`
    : `Only the first ${grouped(kept)} of the ${grouped(pasted)} characters you pasted fit; the last ${grouped(rest)} were not added.`;
}
