/**
 * An interview in progress, kept so a reload or a closed tab does not lose the notes or the
 * clock. One draft at a time; unreadable drafts are dropped. Small and light on imports: the
 * page's bootstrap reads it to offer the resume before the widget's code has loaded.
 */
import { formatClock, timeLeftMs } from "./countdown.ts";
import type { Store } from "../site-storage.ts";
import { debriefFieldLimit } from "./limits.ts";
import type { RoundState } from "./round.ts";

export const draftKey = "blast-radius:interview-draft:v1";

export interface Draft {
  questionId: string;
  /** The question's title when the draft was saved (absent in older drafts), for the resume offer. */
  title?: string;
  seed: number | null;
  /** The whole interview's length, and the time used so far (every phase). */
  durationMs: number;
  usedMs: number;
  notes: string;
  startedAt: string;
  /** The round's phases and injects (absent in drafts from before phases: they resume as one phase). */
  round?: RoundState;
  /** The length chosen for a single-question round, in minutes. */
  minutes?: number;
  /** Each phase's length (absent in older drafts), so the offer to resume counts time as the clocks will. */
  phaseMs?: number[];
  /** Present once the interview reached its debrief: what was entered there so far. */
  debrief?: DebriefDraft;
  /** Which tab's interview this is (absent in drafts from before tabs took turns): see `laterClaim`. */
  claim?: Claim;
}

/** A tab's hold on the device's one draft: when it started or resumed its interview, and the tab's name. */
export interface Claim {
  at: number;
  tab: string;
}

/**
 * Whether `a` claims the device's draft after `b`. The tab that started or resumed its interview
 * last keeps the draft; two that did so in the same millisecond are ordered by their names, so
 * every tab reaches the same answer, whichever write it saw first.
 */
export function laterClaim(a: Claim, b: Claim): boolean {
  return a.at !== b.at ? a.at > b.at : a.tab > b.tab;
}

/**
 * What a tab with an interview does when another tab has written the device's draft (`written`, as
 * stored; null when it was removed). "yield" when the other's interview claims it later, or when
 * it carries no claim (a page from before claims): this tab then keeps its answer in its own tab's
 * storage. "reclaim" otherwise: the draft is free, or the other tab will yield once it sees this
 * tab's claim, so this tab writes its draft back at once. Two tabs whose writes cross thus end with
 * one keeping the device's draft and the other its tab's, never both stopped.
 */
export function afterOtherTabWrote(mine: Claim, written: string | null): "yield" | "reclaim" {
  if (written === null) return "reclaim";
  const theirs = parseDraft(written)?.claim;
  return !theirs || laterClaim(theirs, mine) ? "yield" : "reclaim";
}

const isClaim = (v: unknown): v is Claim =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as { at?: unknown }).at === "number" &&
  Number.isFinite((v as { at: number }).at) &&
  typeof (v as { tab?: unknown }).tab === "string";

/** The debrief as the learner left it: a level and evidence per rubric point, and the red flags ticked. */
export interface DebriefDraft {
  /** `step`: the staff step pasted for a point whose figure alone backs senior at most. */
  claims: { level: number; evidence: string; cost?: string; step?: string }[];
  redFlags: number[];
}

/**
 * A debrief field (evidence, cost or staff step) as the draft keeps it: whole up to its limit
 * (`debriefFieldLimit`: the notes' length, since evidence counts only as a quote from the notes, so
 * a long answer's long quote comes back whole after a reload; at least the floor), so the draft
 * stays within a few times the notes it already holds.
 */
export function keptField(text: string, notes: string): string {
  return text.slice(0, debriefFieldLimit(notes));
}

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

/** A round's saved state, checked field by field (its fit with the plan is checked when it is resumed). */
export function isRoundState(v: unknown): v is RoundState {
  if (typeof v !== "object" || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    isCount(r.phase) &&
    Number.isInteger(r.phase) &&
    Array.isArray(r.phaseUsedMs) &&
    r.phaseUsedMs.every(isCount) &&
    Array.isArray(r.asked) &&
    r.asked.every(
      (a) =>
        typeof a === "object" &&
        a !== null &&
        typeof (a as { id?: unknown }).id === "string" &&
        isCount((a as { atMs?: unknown }).atMs),
    ) &&
    Array.isArray(r.pushed) &&
    r.pushed.every((p) => typeof p === "string") &&
    typeof r.done === "boolean"
  );
}

function isDebriefDraft(v: unknown): v is DebriefDraft {
  if (typeof v !== "object" || v === null) return false;
  const d = v as Record<string, unknown>;
  return (
    Array.isArray(d.claims) &&
    d.claims.every((c) => {
      if (typeof c !== "object" || c === null) return false;
      const { level, evidence, cost, step } = c as Record<string, unknown>;
      return (
        Number.isInteger(level) &&
        (level as number) >= 0 &&
        (level as number) <= 3 &&
        typeof evidence === "string" &&
        (cost === undefined || typeof cost === "string") &&
        (step === undefined || typeof step === "string")
      );
    }) &&
    Array.isArray(d.redFlags) &&
    d.redFlags.every((i) => isCount(i) && Number.isInteger(i))
  );
}

export function parseDraft(raw: string | null): Draft | null {
  if (raw === null) return null;
  try {
    const d = JSON.parse(raw) as Record<string, unknown>;
    if (
      typeof d === "object" &&
      d !== null &&
      typeof d.questionId === "string" &&
      (d.title === undefined || typeof d.title === "string") &&
      (d.seed === null || (isCount(d.seed) && Number.isInteger(d.seed))) &&
      isCount(d.durationMs) &&
      d.durationMs > 0 &&
      isCount(d.usedMs) &&
      d.usedMs <= d.durationMs &&
      typeof d.notes === "string" &&
      typeof d.startedAt === "string" &&
      (d.round === undefined || isRoundState(d.round)) &&
      (d.minutes === undefined || (isCount(d.minutes) && d.minutes > 0)) &&
      (d.phaseMs === undefined ||
        (Array.isArray(d.phaseMs) &&
          d.phaseMs.length > 0 &&
          d.phaseMs.every((ms) => isCount(ms) && ms > 0) &&
          (d.round === undefined || (d.round as RoundState).phaseUsedMs.length === d.phaseMs.length))) &&
      (d.debrief === undefined || isDebriefDraft(d.debrief)) &&
      (d.claim === undefined || isClaim(d.claim))
    ) {
      // The offer's sentence is stored for the page to draw before its code runs (saveDraft), not read back.
      const draft = { ...d };
      delete draft.offer;
      return draft as unknown as Draft;
    }
  } catch {
    /* unreadable: treated as no draft */
  }
  return null;
}

/**
 * The offer to resume, from the draft alone. Stored with the draft (saveDraft), so the page draws it
 * while it is parsed, before its first paint (MockInterview.astro); the bootstrap writes the same
 * words from the draft it has checked, and the widget, when it loads, leaves them as they are, so
 * nothing moves under a pointer pressing "Resume it" (a press is what loads the widget).
 */
export function resumeOffer(draft: Draft): string {
  const on = draft.title ? `on "${draft.title}"` : "on this device";
  if (draft.debrief) return `You have an unfinished interview ${on}, at its debrief.`;
  const left = draftTimeLeftMs(draft);
  return `You have an unfinished interview ${on}, ${left > 0 ? `${formatClock(left)} left` : "with its time up"}.`;
}

/** What the status says once "Discard it" has forgotten the interview the offer was about (`title`, when the draft kept it). */
export function discardedText(title?: string): string {
  return `Discarded your unfinished interview${title ? ` on "${title}"` : ""}. Draw or pick a question to start a new one.`;
}

/** What the status says when the offer to resume finds no unfinished interview left (finished or discarded in another tab meanwhile). */
export const nothingToResumeText =
  "There is no unfinished interview to resume: it was finished or discarded in another tab.";

/** What the status says when an unfinished interview cannot be resumed because its question changed or left the course. */
export const noLongerFitsText =
  "That unfinished interview no longer fits its question (the course changed); start a new one.";

/** What the status says when "Discard it" finds no unfinished interview left (finished or discarded in another tab meanwhile). */
export const nothingToDiscardText =
  "There is no unfinished interview to discard: it was finished or discarded in another tab.";

/**
 * Whether `written` (the device's draft as another tab stored it, null when removed) is the
 * interview `discarded`, written back: the same question, started at the same moment. A tab that
 * still has that interview open keeps it on the device (RunningStage.otherTabWrote), whichever tab
 * discarded it.
 */
export function sameInterview(discarded: Pick<Draft, "questionId" | "startedAt">, written: string | null): boolean {
  const draft = parseDraft(written);
  return draft !== null && draft.questionId === discarded.questionId && draft.startedAt === discarded.startedAt;
}

/**
 * What the status says, in place of `discardedText`, once the interview a tab discarded is written
 * back by another tab that has it open: it was not discarded, and that tab keeps it.
 */
export function keptElsewhereText(title?: string): string {
  return `Not discarded: your interview${title ? ` on "${title}"` : ""} is still open in another tab, which keeps it on this device. Draw or pick a question to start a new one here.`;
}

/**
 * The time left in a draft's interview, as its clocks will show it once resumed (timeLeftMs, as
 * the round counts it): time a phase did not use before moving on is not left. Drafts from before
 * phase lengths were kept count the whole length less the time used.
 */
export function draftTimeLeftMs(draft: Draft): number {
  const { round, phaseMs } = draft;
  if (round?.done) return 0;
  if (!round || !phaseMs) return draft.durationMs - draft.usedMs;
  return timeLeftMs(phaseMs, round.phase, round.phaseUsedMs[round.phase] ?? 0);
}

export function loadDraft(store: Store): Draft | null {
  try {
    const draft = parseDraft(store.getItem(draftKey));
    if (!draft) store.removeItem(draftKey);
    return draft;
  } catch {
    return null;
  }
}

/**
 * This tab's own draft, kept in its tab's storage while another tab held the device's, or else the
 * device's: what a reload here resumes, and the store it came from (where a resume that cannot use
 * it forgets it).
 */
export function ownDraft(tab: Store, device: Store): { draft: Draft; store: Store } | null {
  for (const store of [tab, device]) {
    const draft = loadDraft(store);
    if (draft) return { draft, store };
  }
  return null;
}

/**
 * Best effort: a full or refused storage (`null`) means no resume after a reload. False then, so
 * the page can say that the answer is not being kept. The draft is stored with its offer to resume
 * (`offer`, resumeOffer's words), which the page shows before any of its code has loaded.
 */
export function saveDraft(store: Store | null, draft: Draft): boolean {
  if (!store) return false;
  try {
    store.setItem(draftKey, JSON.stringify({ ...draft, offer: resumeOffer(draft) }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Shows the offer to resume (`text`) in place of the setup's own controls, or (null) takes it away
 * and gives them back: while it is up, the one way on is to resume the interview or discard it.
 */
export function showOffer(root: HTMLElement, text: string | null): void {
  const box = root.querySelector<HTMLElement>('[data-field="resume-box"]');
  if (!box) return;
  if (text !== null) root.querySelector<HTMLElement>('[data-field="resume-text"]')!.textContent = text;
  box.hidden = text === null;
  root.toggleAttribute("data-offer", text !== null);
}

export function clearDraft(store: Store): void {
  try {
    store.removeItem(draftKey);
  } catch {
    /* ignore */
  }
}
