import { beforeEach, describe, expect, test } from "vitest";
import {
  addAttempt,
  averageOverclaim,
  averageScore,
  backupKey,
  clearHistory,
  historyKey,
  isAttempt,
  loadHistory,
  maxAttempts,
  parseHistory,
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
    addAttempt(store, attempt());
    addAttempt(store, attempt({ hit: [0, 1, 2, 3], seed: null }));
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
    addAttempt(store, attempt());
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
    for (let i = 0; i < maxAttempts + 5; i++) addAttempt(store, attempt({ usedSeconds: i }));
    const { attempts } = loadHistory(store);
    expect(attempts).toHaveLength(maxAttempts);
    expect(attempts[0]!.usedSeconds).toBe(5);
    clearHistory(store);
    expect(store.getItem(historyKey)).toBeNull();
  });

  test("an invalid attempt is refused before it reaches storage", () => {
    expect(() => addAttempt(store, attempt({ hit: [7] }))).toThrow(TypeError);
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
    addAttempt(store, levelled);
    addAttempt(store, attempt());
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
});
