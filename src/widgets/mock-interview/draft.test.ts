import { expect, test } from "vitest";
import { clearDraft, draftKey, loadDraft, parseDraft, saveDraft, type Draft } from "./draft.ts";

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
