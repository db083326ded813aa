import { describe, expect, test } from "vitest";
import { memoryStorage } from "../../../tests/support/memory-storage.ts";
import { isSolved, markSolved, partEntry, progressKey } from "../../course/progress.ts";
import { dueReviewSeed, enrol } from "../../course/review.ts";
import { readProgress } from "../progress/store.ts";
import { pageProgressOver } from "./page-progress.ts";

const solvedAt = new Date("2026-12-01T09:00:00.000Z");
/** What a review of an exercise deals from, for dueReviewSeed: any variant, and chapter numbers it never deals. */
const numbers = { variant: () => ({ cells: 7 }), chapter: { cells: 8 }, remembered: () => [] };

/** Two checked answers to one part, the second one right, as a learner makes them. */
const wrongThenRight = (page: ReturnType<typeof pageProgressOver>) => [
  page.update((p) => void partEntry(p, "retry-expected-attempts", "flaky").attempts++),
  page.update((p) => {
    partEntry(p, "retry-expected-attempts", "flaky").attempts++;
    markSolved(p, "retry-expected-attempts", "flaky", { parts: ["flaky"], now: solvedAt });
  }),
];

describe("progress as the page view knows it", () => {
  test("storage refused: the attempts and the solved part are held in the page, and said to be unsaved", () => {
    const page = pageProgressOver(() => null);
    expect(page.unsaved()).toBe(false);
    expect(wrongThenRight(page)).toEqual([false, false]);
    // Solved after a wrong answer: not at its first attempt, held with the rest.
    expect(page.read().exercises["retry-expected-attempts"]?.parts.flaky).toEqual({
      attempts: 2,
      solved: true,
      firstTry: false,
    });
    expect(isSolved(page.read(), "retry-expected-attempts", ["flaky"])).toBe(true);
    expect(page.unsaved()).toBe(true);
  });

  test("storage full: what was stored before is read with what the page holds on top", () => {
    const stored = JSON.stringify({
      version: 1,
      exercises: { "shuffle-shard-16-workers": { parts: { shuffle: { attempts: 1, solved: true } }, hints: 1 } },
    });
    const storage = memoryStorage({ [progressKey]: stored }, { full: true });
    const page = pageProgressOver(() => storage);
    expect(wrongThenRight(page)).toEqual([false, false]);
    const read = page.read();
    expect(read.exercises["shuffle-shard-16-workers"]?.parts.shuffle).toEqual({ attempts: 1, solved: true });
    expect(read.exercises["retry-expected-attempts"]?.parts.flaky).toEqual({
      attempts: 2,
      solved: true,
      firstTry: false,
    });
    // The storage still holds only what it held: nothing claims a write that failed.
    expect(storage.getItem(progressKey)).toBe(stored);
  });

  test("a part answered after the solution was shown stays marked so while held in the page", () => {
    const page = pageProgressOver(() => null);
    page.update((p) => {
      partEntry(p, "e", "a").attempts++;
      p.exercises.e!.revealed = true;
    });
    page.update((p) => {
      partEntry(p, "e", "a").attempts++;
      markSolved(p, "e", "a", { parts: ["a"], now: solvedAt });
    });
    expect(page.read().exercises.e).toMatchObject({
      revealed: true,
      parts: { a: { attempts: 2, solved: true, afterReveal: true } },
    });
  });

  test("once storage takes a write again, what the page held is stored with it", () => {
    const base = memoryStorage();
    let full = true;
    const storage: Storage = {
      ...base,
      getItem: (k) => base.getItem(k),
      setItem: (k, v) => {
        if (full) throw new DOMException("quota", "QuotaExceededError");
        base.setItem(k, v);
      },
    };
    const page = pageProgressOver(() => storage);
    page.update((p) => void partEntry(p, "a", "x").attempts++);
    expect(page.unsaved()).toBe(true);
    full = false;
    expect(page.update((p) => void (p.exercises.a!.hints = 1))).toBe(true);
    expect(page.unsaved()).toBe(false);
    expect(readProgress(base).exercises.a).toEqual({
      parts: { x: { attempts: 1, solved: false } },
      hints: 1,
      revealed: false,
    });
  });

  test("storage that works: the page reads exactly what is stored, and holds nothing", () => {
    const storage = memoryStorage();
    const page = pageProgressOver(() => storage);
    expect(page.update((p) => void partEntry(p, "a", "x").attempts++)).toBe(true);
    expect(page.unsaved()).toBe(false);
    expect(page.read()).toEqual(readProgress(storage));
  });

  test("a solve not yet in the review schedule is read with the card /review/ will give it, and never stored from here", () => {
    const id = "cells-blast-radius";
    const parts = ["untouched", "canary"];
    const reviewDay = new Date("2026-12-04T09:00:00.000Z");
    const storage = memoryStorage();
    const page = pageProgressOver(
      () => storage,
      () => reviewDay,
    );
    for (const part of parts) page.update((p) => markSolved(p, id, part, { parts, now: solvedAt }));
    const stored = readProgress(storage);
    expect(stored.review).toBeUndefined();
    const card = enrol(stored, [{ id, chapter: "cells", parts }], reviewDay).review![id]!;
    expect(page.read().review).toEqual({ [id]: card });
    // Due on the review day, as /review/ has it: the chapter page keeps its numbers off.
    expect(dueReviewSeed(id, page.read().review?.[id], reviewDay, numbers)).toBeDefined();
    // A later write stores what the page did, not the card it read.
    page.update((p) => void (p.exercises[id]!.hints = 1));
    expect(readProgress(storage).review).toBeUndefined();
    // Once the schedule has it (/review/ opened), the stored card is read as it is.
    const rated = { ...card, reps: 2 };
    storage.setItem(progressKey, JSON.stringify({ ...readProgress(storage), review: { [id]: rated } }));
    expect(page.read().review).toEqual({ [id]: rated });
  });
});
