/**
 * Whether the history holds the debrief on screen, and what the widget says about it: the save
 * button's words, the status when the history's copy is stale or gone, and the question asked
 * before "Another question" would drop something the learner entered and did not save. Pure
 * (no DOM), so the rules are unit-tested here (save-state.test.ts); review.ts and mount.ts apply them.
 */
import type { DebriefDraft, Draft } from "./draft.ts";
import { type Attempt, sameAttempt } from "./history.ts";
import { countOf, percent } from "../../format/number.ts";

/**
 * Whether the history holds the debrief on screen: not yet ("unsaved"), as it stands ("saved"), or
 * as it stood before a change made since ("changed"). The draft keeps the debrief unless "saved".
 */
export type SaveState = "unsaved" | "saved" | "changed";

/**
 * The state of a debrief, judged by what the history holds of its interview (`stored`) against what
 * saving it now would store (`now`): never by whether it was edited, so a change undone is saved.
 */
export function saveStateOf(stored: Attempt | null, now: Attempt | null): SaveState {
  if (!stored) return "unsaved";
  return now && sameAttempt(stored, now) ? "saved" : "changed";
}

/** The save button's words in each state (aria-disabled when "saved": nothing more to save). */
export const saveLabels: Record<SaveState, string> = {
  unsaved: "Save to my history",
  saved: "Saved",
  changed: "Save changes",
};

/** A debrief's two scores, as the history keeps them. */
interface Scores {
  selfScore: number;
  backedScore: number;
}

/** The scores as the history's table gives them, for the sentences that say what it holds. */
export const scoresOf = (d: Scores): string =>
  `self-score ${percent(d.selfScore, 0)}, backed by evidence ${percent(d.backedScore, 0)}`;

/** What the history holds of an interview: its levelled debrief's scores, if it has one. */
interface Held {
  debrief?: Scores;
}

/** What the history holds of a debrief saved before: its scores, or for an attempt without levels, no figures. */
const heldText = (stored: Held | null) => (stored?.debrief ? scoresOf(stored.debrief) : "an earlier save of it");

/**
 * What the status says while the debrief has changed since it was saved (`stored`: what the
 * history has of it), empty in the other states.
 */
export function staleText(state: SaveState, stored: Held | null): string {
  if (state !== "changed" || !stored) return "";
  return `Changed since you saved it: your history still has ${heldText(stored)}. Save changes to update it.`;
}

/** What the status says when a change is undone, and the debrief is back to what the history holds. */
export const backToSavedText = "Back to what you saved: your history holds this debrief as it stands.";

/** Whether the learner entered anything in a debrief: a level, a field with text in it, a red flag. */
export function hasEntries(entered: DebriefDraft): boolean {
  const typed = (text: string | undefined) => (text ?? "").trim() !== "";
  return (
    entered.redFlags.length > 0 ||
    entered.claims.some((c) => c.level > 0 || typed(c.evidence) || typed(c.cost) || typed(c.step))
  );
}

/**
 * What leaving the debrief now would lose: nothing (saved as it stands, or nothing entered), a
 * debrief never saved, or the changes made since it was saved.
 */
export type AtRisk = "nothing" | "debrief" | "changes";

export function atRisk(state: SaveState, entered: DebriefDraft): AtRisk {
  if (state === "saved") return "nothing";
  if (state === "changed") return "changes";
  return hasEntries(entered) ? "debrief" : "nothing";
}

/** The question asked before leaving a debrief, and the words of its three answers. */
export interface LeaveQuestion {
  question: string;
  save: string;
  discard: string;
  stay: string;
}

/** What the widget asks before "Another question" loses `risk` (never "nothing") of the debrief of `title`. */
export function leaveQuestion(risk: Exclude<AtRisk, "nothing">, title: string, stored: Held | null): LeaveQuestion {
  const stay = "Stay on this debrief";
  if (risk === "debrief")
    return {
      question: `Your self-assessment of "${title}" is not saved. Another question now would lose it.`,
      save: "Save it, then another question",
      discard: "Discard it",
      stay,
    };
  return {
    question: `You changed this debrief after saving it, and your history still has ${heldText(stored)}. Another question now would lose the changes.`,
    save: "Save the changes, then another question",
    discard: "Discard the changes",
    stay,
  };
}

/** What the status says once the widget has left a debrief after asking, by the answer given. */
export function leftText(risk: Exclude<AtRisk, "nothing">, title: string, answer: "save" | "discard"): string {
  if (answer === "save") return `Saved your debrief of "${title}" to your history. Draw or pick the next question.`;
  return risk === "debrief"
    ? `Discarded your debrief of "${title}": it was not saved. Draw or pick the next question.`
    : `Discarded your changes to the debrief of "${title}": your history keeps it as you saved it. Draw or pick the next question.`;
}

/**
 * What the status says when the history is cleared while the debrief of `title` is shown in
 * `state`: the history no longer holds it (when it did), and it can be saved again. After clearing,
 * the debrief is "unsaved" whatever it was, and the draft keeps it again.
 */
export function clearedText(state: SaveState, title: string): string {
  if (state === "saved")
    return `History cleared, and your debrief of "${title}" with it: it is no longer saved. Press "${saveLabels.unsaved}" to keep it again.`;
  if (state === "changed")
    return `History cleared, and the earlier save of your debrief of "${title}" with it: it is no longer saved. Press "${saveLabels.unsaved}" to keep it as it stands now.`;
  return "History cleared.";
}

/**
 * What the status says when another tab changed the history and, with it, what it holds of the
 * debrief of `title` shown here: now `state`, the history holding `stored` of it (null when it holds
 * nothing), `emptied` when the other tab cleared it all.
 */
export function elsewhereText(state: SaveState, title: string, stored: Held | null, emptied: boolean): string {
  if (state === "saved")
    return `Your debrief of "${title}" was saved in another tab as it stands here: your history holds it.`;
  if (state === "changed")
    return `Your debrief of "${title}" was saved in another tab as it stood there: your history now has ${heldText(stored)}. Press "${saveLabels.changed}" to keep it as it stands here.`;
  return emptied
    ? `Your history was cleared in another tab, and your debrief of "${title}" with it: it is no longer saved. Press "${saveLabels.unsaved}" to keep it again.`
    : `Your history was changed in another tab and no longer holds your debrief of "${title}": it is no longer saved. Press "${saveLabels.unsaved}" to keep it again.`;
}

/**
 * The question asked before the history of `count` attempts is deleted; with the debrief of
 * `title` on screen in `state`, what becomes of it (it stays, no longer saved, when the history held it).
 */
export function clearQuestion(count: number, shown: { state: SaveState; title: string } | null): string {
  const asked = `Delete your ${countOf(count, "saved attempt")} from this device? This cannot be undone.`;
  if (!shown || shown.state === "unsaved") return asked;
  return `${asked} Your debrief of "${shown.title}" stays on screen, no longer saved, and you can save it again.`;
}

/**
 * The question asked before "Discard it" forgets the unfinished interview the offer to resume is
 * about (`draft`, as stored): what is deleted with it, the notes and the self-assessment entered at
 * its debrief, when there are any.
 */
export function discardQuestion(draft: Pick<Draft, "title" | "notes" | "debrief">): string {
  const lost = [
    ...(draft.notes.trim() === "" ? [] : ["your notes"]),
    ...(draft.debrief && hasEntries(draft.debrief) ? ["your self-assessment"] : []),
  ];
  const on = draft.title ? ` on "${draft.title}"` : "";
  return `Discard your unfinished interview${on}? It is deleted from this device${lost.length > 0 ? ` with ${lost.join(" and ")}` : ""}, and this cannot be undone.`;
}
