import { expect, test } from "vitest";
import {
  afterOtherTabWrote,
  clearDraft,
  discardedText,
  type Draft,
  draftKey,
  keptElsewhereText,
  keptField,
  laterClaim,
  loadDraft,
  parseDraft,
  resumeOffer,
  sameInterview,
  saveDraft,
} from "./draft.ts";

const store = () => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
};
const draft: Draft = {
  questionId: "cell-size",
  seed: 7,
  durationMs: 600_000,
  usedMs: 125_000,
  notes: "fixed max size",
  startedAt: "2026-11-30T10:00:00.000Z",
};

test("a draft is saved, read back and cleared", () => {
  const s = store();
  expect(loadDraft(s)).toBeNull();
  saveDraft(s, draft);
  expect(loadDraft(s)).toEqual(draft);
  clearDraft(s);
  expect(s.data.has(draftKey)).toBe(false);
});

test("an unreadable or impossible draft is dropped", () => {
  const s = store();
  s.setItem(draftKey, "{oops");
  expect(loadDraft(s)).toBeNull();
  expect(s.data.has(draftKey)).toBe(false);
  expect(parseDraft(JSON.stringify({ ...draft, usedMs: 700_000 }))).toBeNull();
  expect(parseDraft(JSON.stringify({ ...draft, seed: 1.5 }))).toBeNull();
  expect(parseDraft(JSON.stringify({ ...draft, durationMs: 0, usedMs: 0 }))).toBeNull();
  expect(parseDraft("null")).toBeNull();
});

test("a draft keeps its round (phase, clocks, what was asked); a damaged round drops the draft", () => {
  const round = {
    phase: 2,
    phaseUsedMs: [300_000, 240_000, 60_000, 0],
    asked: [{ id: "f0", atMs: 780_000 }],
    pushed: [],
    done: false,
  };
  const withRound: Draft = { ...draft, durationMs: 1_920_000, usedMs: 600_000, round };
  const s = store();
  saveDraft(s, withRound);
  expect(loadDraft(s)).toEqual(withRound);
  expect(parseDraft(JSON.stringify({ ...withRound, round: { ...round, asked: [{ id: 3 }] } }))).toBeNull();
  expect(parseDraft(JSON.stringify({ ...withRound, round: { ...round, phase: -1 } }))).toBeNull();
  expect(parseDraft(JSON.stringify({ ...withRound, minutes: 0 }))).toBeNull();
});

test("the offer to resume names the question and the time left, rounded up as the clock shows it", () => {
  const titled: Draft = { ...draft, title: "Pick a partition key" };
  const s = store();
  saveDraft(s, titled);
  expect(loadDraft(s)).toEqual(titled);
  expect(resumeOffer(titled)).toBe('You have an unfinished interview on "Pick a partition key", 7:55 left.');
  // Older drafts carry no title; 600 s less 125.5 s used is 474.5 s, shown as 7:55.
  expect(resumeOffer({ ...draft, usedMs: 125_500 })).toBe(
    "You have an unfinished interview on this device, 7:55 left.",
  );
  expect(parseDraft(JSON.stringify({ ...draft, title: 3 }))).toBeNull();
});

test("the draft is stored with its offer's words, for the page to show before its code loads, and read back without them", () => {
  const titled: Draft = { ...draft, title: "Pick a partition key" };
  const s = store();
  saveDraft(s, titled);
  const stored = JSON.parse(s.data.get(draftKey)!) as { offer?: unknown };
  expect(stored.offer).toBe('You have an unfinished interview on "Pick a partition key", 7:55 left.');
  expect(stored.offer).toBe(resumeOffer(titled));
  expect(loadDraft(s)).not.toHaveProperty("offer");
  const atDebrief: Draft = { ...titled, debrief: { claims: [], redFlags: [] } };
  saveDraft(s, atDebrief);
  expect(JSON.parse(s.data.get(draftKey)!).offer).toBe(resumeOffer(atDebrief));
});

test("discarding an offered interview says which one went, and how to start the next", () => {
  expect(discardedText("Pick a partition key")).toBe(
    'Discarded your unfinished interview on "Pick a partition key". Draw or pick a question to start a new one.',
  );
  expect(discardedText(undefined)).toBe(
    "Discarded your unfinished interview. Draw or pick a question to start a new one.",
  );
});

test("an interview discarded here and written back by another tab is told apart from any other draft", () => {
  const s = store();
  saveDraft(s, { ...draft, notes: "typed on since", usedMs: 130_000 });
  // The same interview, however far it went on in the tab that has it open.
  expect(sameInterview(draft, s.data.get(draftKey)!)).toBe(true);
  saveDraft(s, { ...draft, startedAt: "2026-11-30T10:20:00.000Z" });
  expect(sameInterview(draft, s.data.get(draftKey)!)).toBe(false);
  saveDraft(s, { ...draft, questionId: "partition-key" });
  expect(sameInterview(draft, s.data.get(draftKey)!)).toBe(false);
  expect(sameInterview(draft, null)).toBe(false);
  expect(sameInterview(draft, "{not json")).toBe(false);
});

test("the status says an interview written back by another tab was not discarded, and where it is kept", () => {
  expect(keptElsewhereText("Pick a partition key")).toBe(
    'Not discarded: your interview on "Pick a partition key" is still open in another tab, which keeps it on this device. Draw or pick a question to start a new one here.',
  );
  expect(keptElsewhereText(undefined)).toBe(
    "Not discarded: your interview is still open in another tab, which keeps it on this device. Draw or pick a question to start a new one here.",
  );
});

test("a draft at its debrief keeps what was entered there, and the offer says it is at its debrief", () => {
  const debrief = {
    claims: [
      { level: 2, evidence: "1 in 28" },
      { level: 2, evidence: "Stored assignment", cost: "a table to keep" },
    ],
    redFlags: [1],
  };
  const atDebrief: Draft = { ...draft, title: "Shuffle sharding, with numbers", phaseMs: [600_000], debrief };
  const s = store();
  saveDraft(s, atDebrief);
  expect(loadDraft(s)).toEqual(atDebrief);
  expect(resumeOffer(atDebrief)).toBe(
    'You have an unfinished interview on "Shuffle sharding, with numbers", at its debrief.',
  );
  const damaged = (d: unknown) => parseDraft(JSON.stringify({ ...draft, debrief: d }));
  expect(damaged({ ...debrief, claims: [{ level: 4, evidence: "" }] })).toBeNull();
  expect(damaged({ ...debrief, claims: [{ level: 1 }] })).toBeNull();
  expect(damaged({ ...debrief, redFlags: [-1] })).toBeNull();
  expect(damaged({ claims: [] })).toBeNull();
});

test("phase lengths must fit the round they describe", () => {
  const round = { phase: 1, phaseUsedMs: [300_000, 2000], asked: [], pushed: [], done: false };
  const twoPhases: Draft = { ...draft, durationMs: 900_000, usedMs: 302_000, round, phaseMs: [300_000, 600_000] };
  expect(parseDraft(JSON.stringify(twoPhases))).toEqual(twoPhases);
  expect(resumeOffer(twoPhases)).toBe("You have an unfinished interview on this device, 9:58 left.");
  expect(parseDraft(JSON.stringify({ ...twoPhases, phaseMs: [900_000] }))).toBeNull();
  expect(parseDraft(JSON.stringify({ ...twoPhases, phaseMs: [0, 900_000] }))).toBeNull();
  // A round whose time is up says so rather than "0:00 left".
  expect(resumeOffer({ ...twoPhases, round: { ...round, done: true } })).toBe(
    "You have an unfinished interview on this device, with its time up.",
  );
});

test("a debrief field is kept whole up to the notes' length, so a long quote from a long answer survives a reload", () => {
  const notes = "Cells behind a thin router, each with its own database and queue. ".repeat(300);
  const quote = notes.slice(100, 3100);
  expect(keptField(quote, notes)).toBe(quote);
  // Short notes: still the first 1,000 characters, never less.
  expect(keptField("x".repeat(5000), "short notes")).toHaveLength(1000);
  expect(keptField("why", "")).toBe("why");
});

test("the tab that started or resumed its interview last keeps the device's draft; a tie goes by the tab's name", () => {
  expect(laterClaim({ at: 2, tab: "a" }, { at: 1, tab: "z" })).toBe(true);
  expect(laterClaim({ at: 1, tab: "z" }, { at: 2, tab: "a" })).toBe(false);
  expect(laterClaim({ at: 1, tab: "b" }, { at: 1, tab: "a" })).toBe(true);
  expect(laterClaim({ at: 1, tab: "a" }, { at: 1, tab: "b" })).toBe(false);
  const mine = { at: 1, tab: "a" };
  const written = (claim?: { at: number; tab: string }) => JSON.stringify({ ...draft, ...(claim ? { claim } : {}) });
  expect(afterOtherTabWrote(mine, written({ at: 1, tab: "b" }))).toBe("yield");
  expect(afterOtherTabWrote(mine, written({ at: 0, tab: "z" }))).toBe("reclaim");
  // A page from before claims, or something unreadable: left to the other tab, as before.
  expect(afterOtherTabWrote(mine, written())).toBe("yield");
  expect(afterOtherTabWrote(mine, "{oops")).toBe("yield");
  // Removed: free for this tab again.
  expect(afterOtherTabWrote(mine, null)).toBe("reclaim");
  // A claim of the wrong shape makes the draft unreadable.
  expect(parseDraft(JSON.stringify({ ...draft, claim: { at: "soon", tab: 1 } }))).toBeNull();
});
