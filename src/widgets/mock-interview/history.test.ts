import { beforeEach, describe, expect, test } from "vitest";
import {
  averageOverclaim,
  averageScore,
  backupKey,
  clearHistory,
  historyKey,
  isAttempt,
  loadHistory,
  maxAttempts,
  parseHistory,
  sameAttempt,
  sameInterview,
  saveAttempt,
  savedAttempt,
  score,
  type Attempt,
} from "./history.ts";

class MemoryStore {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

const attempt = (over: Partial<Attempt> = {}): Attempt => ({
  questionId: "partition-key",
  title: "Choosing the partition key",
  startedAt: "2026-11-30T10:00:00.000Z",
  seed: 42,
  durationSeconds: 600,
  usedSeconds: 412,
  hit: [0, 2],
  points: 4,
  notes: "tenant id",
  ...over,
});

describe("interview history", () => {
  let store: MemoryStore;
  beforeEach(() => {
    store = new MemoryStore();
  });

  test("attempts are appended and read back", () => {
    expect(loadHistory(store)).toEqual({ attempts: [], recovered: false });
    saveAttempt(store, attempt());
    saveAttempt(store, attempt({ hit: [0, 1, 2, 3], seed: null, startedAt: "2026-11-30T11:00:00.000Z" }));
    const { attempts, recovered } = loadHistory(store);
    expect(recovered).toBe(false);
    expect(attempts.map(score)).toEqual([0.5, 1]);
    expect(averageScore(attempts)).toBe(0.75);
    expect(averageScore([])).toBeNull();
  });

  test("corrupt JSON is set aside, not thrown, and the history starts again", () => {
    store.setItem(historyKey, "{not json");
    expect(loadHistory(store)).toEqual({ attempts: [], recovered: true });
    expect(store.getItem(backupKey)).toBe("{not json");
    expect(parseHistory(store.getItem(historyKey))).toEqual({ attempts: [], recovered: false });
    saveAttempt(store, attempt());
    expect(loadHistory(store).attempts).toHaveLength(1);
  });

  test("readable attempts survive next to unreadable ones", () => {
    const bad = [
      { questionId: 3 },
      attempt({ hit: [9] }),
      attempt({ points: 0, hit: [] }),
      attempt({ startedAt: "yesterday" }),
      attempt({ hit: [1, 1] }),
    ];
    store.setItem(historyKey, JSON.stringify({ attempts: [attempt(), ...bad] }));
    const loaded = loadHistory(store);
    expect(loaded.recovered).toBe(true);
    expect(loaded.attempts).toEqual([attempt()]);
    expect(parseHistory(JSON.stringify([1, 2]))).toEqual({ attempts: [], recovered: true });
    expect(parseHistory("null")).toEqual({ attempts: [], recovered: true });
  });

  test("the history keeps the latest attempts only, and can be cleared", () => {
    for (let i = 0; i < maxAttempts + 5; i++)
      saveAttempt(store, attempt({ usedSeconds: i, startedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }));
    const { attempts } = loadHistory(store);
    expect(attempts).toHaveLength(maxAttempts);
    expect(attempts[0]!.usedSeconds).toBe(5);
    clearHistory(store);
    expect(store.getItem(historyKey)).toBeNull();
  });

  test("an interview saved again (changed at its debrief after a save) is updated in place, not added twice", () => {
    const first = attempt({ startedAt: "2026-11-30T09:00:00.000Z" });
    const second = attempt({ hit: [0] });
    const later = attempt({ questionId: "retry-budget", startedAt: "2026-11-30T12:00:00.000Z" });
    for (const a of [first, second, later]) saveAttempt(store, a);
    expect(savedAttempt(loadHistory(store).attempts, second)).toEqual(second);
    // The same question started at the same moment is the same interview, whatever else changed.
    const changed = { ...second, hit: [0, 1, 2], usedSeconds: 500 };
    expect(sameInterview(second, changed)).toBe(true);
    expect(sameInterview(second, first)).toBe(false);
    expect(sameInterview(second, { ...second, questionId: "retry-budget" })).toBe(false);
    const all = saveAttempt(store, changed);
    expect(all).toEqual([first, changed, later]);
    expect(loadHistory(store).attempts).toEqual([first, changed, later]);
    expect(averageScore(all)).toBeCloseTo((0.5 + 0.75 + 0.5) / 3, 12);
    // An interview the history does not hold (never saved, or dropped as the oldest) is appended.
    expect(savedAttempt(all, attempt({ startedAt: "2026-12-01T09:00:00.000Z" }))).toBeUndefined();
  });

  test("where a history holds one interview twice, saving it again updates the latest entry", () => {
    const old = attempt({ hit: [] });
    const newer = attempt({ hit: [1] });
    store.setItem(historyKey, JSON.stringify({ attempts: [old, newer] }));
    expect(savedAttempt(loadHistory(store).attempts, old)).toEqual(newer);
    expect(saveAttempt(store, attempt({ hit: [2, 3] }))).toEqual([old, attempt({ hit: [2, 3] })]);
  });

  test("an invalid attempt is refused before it reaches storage", () => {
    expect(() => saveAttempt(store, attempt({ hit: [7] }))).toThrow(TypeError);
    expect(store.getItem(historyKey)).toBeNull();
  });
});

describe("levelled attempts", () => {
  const debrief = {
    claimed: [3, 2, 2, 1],
    backed: [0, 2, 2, 1],
    weights: [3, 2, 2, 1],
    redFlags: [],
    selfScore: 19 / 24,
    backedScore: 10 / 24,
    level: null,
    phases: [{ id: "answer", usedSeconds: 412 }],
    asked: 2,
    pushedBack: 1,
  };

  test("are stored with their debrief and scored on the evidence, not the self-score", () => {
    const store = new MemoryStore();
    const levelled = attempt({ hit: [1, 2, 3], debrief });
    saveAttempt(store, levelled);
    saveAttempt(store, attempt({ startedAt: "2026-11-30T11:00:00.000Z" }));
    const { attempts } = loadHistory(store);
    expect(attempts[0]).toEqual(levelled);
    expect(score(attempts[0]!)).toBeCloseTo(10 / 24, 12);
    expect(score(attempts[1]!)).toBe(0.5);
    expect(averageOverclaim(attempts)).toBeCloseTo(9 / 24, 12);
    expect(averageOverclaim([attempt()])).toBeNull();
  });

  test("a debrief that does not fit its rubric makes the attempt unreadable", () => {
    expect(isAttempt(attempt({ debrief: { ...debrief, backed: [0, 2] } }))).toBe(false);
    expect(isAttempt(attempt({ debrief: { ...debrief, selfScore: 1.5 } }))).toBe(false);
    expect(isAttempt(attempt({ debrief: { ...debrief, level: "principal" as never } }))).toBe(false);
    expect(isAttempt(attempt({ debrief }))).toBe(true);
  });

  test("the history's copy is the same attempt when it holds the same data, whatever order it was written in", () => {
    const store = new MemoryStore();
    const levelled = attempt({ hit: [1, 2, 3], debrief });
    saveAttempt(store, levelled);
    const [read] = loadHistory(store).attempts;
    expect(sameAttempt(read!, levelled)).toBe(true);
    // Written by another version of the page, keys in another order: still the same data.
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(levelled).reverse())));
    expect(sameAttempt(reordered, levelled)).toBe(true);
    // A key left out and a key set to undefined are one (JSON drops the latter).
    expect(sameAttempt(attempt(), { ...attempt(), debrief: undefined })).toBe(true);
    // Any difference, however deep, is a different attempt: a level, a flag, a score, an order.
    expect(sameAttempt(read!, attempt({ hit: [1, 2, 3], debrief: { ...debrief, claimed: [3, 2, 2, 2] } }))).toBe(false);
    expect(sameAttempt(read!, attempt({ hit: [1, 2, 3], debrief: { ...debrief, redFlags: [0] } }))).toBe(false);
    expect(sameAttempt(read!, attempt({ hit: [1, 2, 3], debrief: { ...debrief, backedScore: 11 / 24 } }))).toBe(false);
    expect(sameAttempt(read!, attempt({ hit: [2, 1, 3], debrief }))).toBe(false);
    expect(sameAttempt(read!, attempt({ hit: [1, 2, 3] }))).toBe(false);
    expect(sameAttempt(attempt({ hit: [] }), attempt({ hit: {} as never }))).toBe(false);
  });
});
