import { describe, expect, test } from "vitest";
import type { DebriefDraft } from "./draft.ts";
import type { Attempt } from "./history.ts";
import {
  atRisk,
  backToSavedText,
  clearedText,
  clearQuestion,
  discardQuestion,
  elsewhereText,
  hasEntries,
  leaveQuestion,
  leftText,
  saveLabels,
  saveStateOf,
  scoresOf,
  staleText,
} from "./save-state.ts";

/** A two-point debrief with nothing entered: both points "not shown", no evidence, no red flag. */
const blank = (): DebriefDraft => ({
  claims: [
    { level: 0, evidence: "" },
    { level: 0, evidence: "", cost: "" },
  ],
  redFlags: [],
});

/** `blank` with one change applied to its second point. */
const withSecond = (change: Partial<DebriefDraft["claims"][number]>): DebriefDraft => {
  const d = blank();
  d.claims[1] = { ...d.claims[1]!, ...change };
  return d;
};

const held = { debrief: { selfScore: 0.5, backedScore: 0.25 } };

describe("whether a debrief holds anything the learner entered", () => {
  test("nothing typed, ticked or picked is nothing, and neither are spaces alone", () => {
    expect(hasEntries(blank())).toBe(false);
    expect(hasEntries(withSecond({ evidence: "   ", cost: "\n" }))).toBe(false);
  });

  test("a level picked, any field typed in, or a red flag ticked is something", () => {
    expect(hasEntries(withSecond({ level: 1 }))).toBe(true);
    expect(hasEntries(withSecond({ evidence: "tenant id" }))).toBe(true);
    expect(hasEntries(withSecond({ cost: "a table to keep in step" }))).toBe(true);
    expect(hasEntries(withSecond({ step: "per cell" }))).toBe(true);
    expect(hasEntries({ ...blank(), redFlags: [0] })).toBe(true);
  });
});

describe("what leaving the debrief would lose", () => {
  test("a debrief saved as it stands loses nothing, whatever it holds", () => {
    expect(atRisk("saved", withSecond({ level: 3, evidence: "tenant id" }))).toBe("nothing");
  });

  test("an unsaved debrief loses something only when something was entered", () => {
    expect(atRisk("unsaved", blank())).toBe("nothing");
    expect(atRisk("unsaved", withSecond({ evidence: "tenant id" }))).toBe("debrief");
  });

  test("a debrief changed since its save loses the changes, even a change back to blank", () => {
    expect(atRisk("changed", withSecond({ level: 2 }))).toBe("changes");
    expect(atRisk("changed", blank())).toBe("changes");
  });
});

describe("the question asked before leaving, and what is said after", () => {
  test("an unsaved debrief: named by its question, three answers, staying the safe one", () => {
    expect(leaveQuestion("debrief", "Choosing a partition key", null)).toEqual({
      question: 'Your self-assessment of "Choosing a partition key" is not saved. Another question now would lose it.',
      save: "Save it, then another question",
      discard: "Discard it",
      stay: "Stay on this debrief",
    });
  });

  test("changes since a save: the question gives the scores the history still has", () => {
    const asked = leaveQuestion("changes", "Choosing a partition key", held);
    expect(asked.question).toBe(
      `You changed this debrief after saving it, and your history still has ${scoresOf(held.debrief)}. Another question now would lose the changes.`,
    );
    expect(scoresOf(held.debrief)).toBe("self-score 50%, backed by evidence 25%");
    expect(asked.discard).toBe("Discard the changes");
    // An attempt saved before levelled rubrics has no scores to give.
    expect(leaveQuestion("changes", "X", {}).question).toContain("your history still has an earlier save of it.");
  });

  test("after the answer, the status says what became of the debrief", () => {
    expect(leftText("debrief", "X", "save")).toBe(
      'Saved your debrief of "X" to your history. Draw or pick the next question.',
    );
    expect(leftText("debrief", "X", "discard")).toMatch(/^Discarded your debrief of "X": it was not saved\./);
    expect(leftText("changes", "X", "discard")).toMatch(/your history keeps it as you saved it\./);
  });
});

describe("the status once the history is cleared", () => {
  test("a debrief the history held is said to be no longer saved, with the button that saves it again", () => {
    const said = clearedText("saved", "Choosing a partition key");
    expect(said).toBe(
      'History cleared, and your debrief of "Choosing a partition key" with it: it is no longer saved. Press "Save to my history" to keep it again.',
    );
    // The button it names is the one an unsaved debrief shows: never "Saved" or "Save changes".
    expect(said).toContain(`"${saveLabels.unsaved}"`);
    expect(said).not.toContain(saveLabels.changed);
  });

  test("a debrief changed since its save: the earlier save went, the debrief as it stands can be kept", () => {
    expect(clearedText("changed", "X")).toBe(
      'History cleared, and the earlier save of your debrief of "X" with it: it is no longer saved. Press "Save to my history" to keep it as it stands now.',
    );
  });

  test("a debrief never saved was not in the history: clearing says only that", () => {
    expect(clearedText("unsaved", "X")).toBe("History cleared.");
  });

  test("the stale note is for a changed debrief only", () => {
    expect(staleText("changed", held)).toBe(
      "Changed since you saved it: your history still has self-score 50%, backed by evidence 25%. Save changes to update it.",
    );
    expect(staleText("saved", held)).toBe("");
    expect(staleText("unsaved", null)).toBe("");
    expect(staleText("changed", null)).toBe("");
  });
});

describe("whether the history holds the debrief as it stands", () => {
  const saved: Attempt = {
    questionId: "partition-key",
    title: "Choosing a partition key",
    startedAt: "2026-03-02T09:00:00.000Z",
    seed: null,
    durationSeconds: 600,
    usedSeconds: 412,
    hit: [0],
    points: 2,
    notes: "Tenant id.",
  };

  test("judged against what the history holds, so a change undone is saved again", () => {
    expect(saveStateOf(null, saved)).toBe("unsaved");
    expect(saveStateOf(saved, { ...saved, hit: [0, 1] })).toBe("changed");
    // Changed back: a copy equal to the save, not the object saved, is enough.
    expect(saveStateOf(saved, structuredClone(saved))).toBe("saved");
    // Nothing scored yet to compare: not the saved debrief.
    expect(saveStateOf(saved, null)).toBe("changed");
  });

  test("undoing a change says the history holds the debrief again", () => {
    expect(backToSavedText).toBe("Back to what you saved: your history holds this debrief as it stands.");
  });
});

describe("the status when another tab changed the history", () => {
  test("cleared there: no longer saved, with the button that saves it again", () => {
    const said = elsewhereText("unsaved", "X", null, true);
    expect(said).toBe(
      'Your history was cleared in another tab, and your debrief of "X" with it: it is no longer saved. Press "Save to my history" to keep it again.',
    );
    expect(said).toContain(`"${saveLabels.unsaved}"`);
    expect(elsewhereText("unsaved", "X", null, false)).toMatch(
      /^Your history was changed in another tab and no longer holds your debrief of "X": it is no longer saved\./,
    );
  });

  test("saved there: as it stands here, or otherwise, with the scores the history now has", () => {
    expect(elsewhereText("saved", "X", held, false)).toBe(
      'Your debrief of "X" was saved in another tab as it stands here: your history holds it.',
    );
    expect(elsewhereText("changed", "X", held, false)).toBe(
      `Your debrief of "X" was saved in another tab as it stood there: your history now has ${scoresOf(held.debrief)}. Press "${saveLabels.changed}" to keep it as it stands here.`,
    );
  });
});

describe("the question asked before the history is cleared", () => {
  test("counts what it deletes, singular for one", () => {
    expect(clearQuestion(1, null)).toBe("Delete your 1 saved attempt from this device? This cannot be undone.");
    expect(clearQuestion(12, null)).toBe("Delete your 12 saved attempts from this device? This cannot be undone.");
    expect(clearQuestion(1_200, { state: "unsaved", title: "X" })).toBe(
      "Delete your 1,200 saved attempts from this device? This cannot be undone.",
    );
  });

  test("says a debrief on screen that the history holds stays, no longer saved", () => {
    for (const state of ["saved", "changed"] as const)
      expect(clearQuestion(2, { state, title: "X" })).toBe(
        'Delete your 2 saved attempts from this device? This cannot be undone. Your debrief of "X" stays on screen, no longer saved, and you can save it again.',
      );
  });
});

describe("the question asked before an unfinished interview is discarded", () => {
  test("names the interview, and what is deleted with it only when there is something", () => {
    expect(discardQuestion({ title: "X", notes: "Tenant id." })).toBe(
      'Discard your unfinished interview on "X"? It is deleted from this device with your notes, and this cannot be undone.',
    );
    // Notes of spaces alone, and a debrief with nothing entered, are nothing to lose.
    expect(discardQuestion({ title: "X", notes: " \n", debrief: blank() })).toBe(
      'Discard your unfinished interview on "X"? It is deleted from this device, and this cannot be undone.',
    );
    expect(discardQuestion({ notes: "", debrief: withSecond({ level: 2 }) })).toBe(
      "Discard your unfinished interview? It is deleted from this device with your self-assessment, and this cannot be undone.",
    );
    expect(discardQuestion({ title: "X", notes: "Tenant id.", debrief: withSecond({ evidence: "Tenant" }) })).toBe(
      'Discard your unfinished interview on "X"? It is deleted from this device with your notes and your self-assessment, and this cannot be undone.',
    );
  });
});
