import { default_maximum_interval, S_MAX, S_MIN } from "ts-fsrs";
import { describe, expect, test } from "vitest";
import { memoryStorage } from "../../tests/support/memory-storage.ts";
import {
  readProgress,
  unreadableKey,
  unreadableProgress,
  updateProgress,
  writeProgress,
} from "../widgets/progress/store.ts";
import {
  answeredAfterReveal,
  answerFingerprint,
  type Catalog,
  chapterDone,
  emptyProgress,
  entryHoldsProgress,
  exerciseStatus,
  exportProgress,
  isSolved,
  markSolved,
  maxProgressFileLength,
  mergeProgress,
  partEntry,
  progressKey,
  type Progress,
  progressSummary,
  type ReviewCard,
  readProgressText,
  reviewClockSkewMs,
  recordAttempt,
  sanitizeProgress,
  sanitizeReviewCard,
  totals,
} from "./progress.ts";
import { auditProgress, describeImport, importProgress } from "./progress-import.ts";
import { enrol, recordReview } from "./review.ts";
import { grouped } from "../format/number.ts";

const known = new Set(["a", "b", "cell-router", "shuffle-shard-16-workers"]);
/** When these tests import: after every date they write, so no review card is dated ahead of it. */
const importedAt = new Date("2026-12-10T00:00:00.000Z");

describe("reading progress text", () => {
  test("broken JSON says where it breaks", () => {
    const text = '{\n  "version": 1,\n  "exercises": {},\n}';
    const read = readProgressText(text);
    expect(read).toMatchObject({ ok: false, reason: "not-json" });
    if (!read.ok && read.reason === "not-json") expect(read.where).toMatch(/^line 4, column 1$/);
  });
  test("a newer version is told apart from other JSON", () => {
    expect(readProgressText('{"version": 2, "exercises": {}}')).toMatchObject({
      ok: false,
      reason: "newer-version",
      version: 2,
    });
    expect(readProgressText('{"hello": 1}')).toMatchObject({ ok: false, reason: "not-progress" });
    expect(readProgressText(exportProgress(emptyProgress()))).toMatchObject({ ok: true });
  });
});

describe("a hand-edited file: what is wrong with it, in words", () => {
  const why = (value: unknown) => {
    const read = readProgressText(JSON.stringify(value));
    return !read.ok && read.reason === "not-progress" ? read.why : read;
  };
  const shape = 'progress is { "version": 1, "exercises": { ... } }';

  test("JSON that is not progress says what keeps it from being progress", () => {
    expect(why([])).toBe("it is a list, where progress is an object");
    expect(why(null)).toBe("it is null, where progress is an object");
    expect(why("progress")).toBe("it is a string, where progress is an object");
    expect(why({ exercises: {} })).toBe(`it has no "version": ${shape}`);
    expect(why({ version: "1", exercises: {} })).toBe(`its "version" is "1", not 1: ${shape}`);
    expect(why({ version: 1 })).toBe(`its "exercises" is missing: ${shape}`);
    expect(why({ version: 1, exercises: [] })).toBe(`its "exercises" is [], not an object: ${shape}`);
    // The same words in an export's wrapper, and in the import's refusal.
    expect(why({ app: "blast-radius", progress: { version: 1 } })).toBe(`its "exercises" is missing: ${shape}`);
    expect(importProgress("[]", emptyProgress(), known, "page", importedAt)).toEqual({
      ok: false,
      message:
        "That file is JSON, but not Blast Radius progress (it is a list, where progress is an object). Nothing was changed.",
    });
  });

  test("entries under a name that is no exercise id are dropped and named, quoted and cut when long", () => {
    const long = "Long Name ".repeat(10);
    const read = readProgressText(
      JSON.stringify({
        version: 1,
        exercises: { "Choose Exact": { parts: {} }, a: { parts: {} }, [long]: 1 },
        review: { "Choose Exact": {} },
      }),
    );
    expect(read).toMatchObject({ ok: true, lossy: [], strange: ['"Choose Exact"', `"${long.slice(0, 40)}…"`] });
    if (read.ok) expect(Object.keys(read.progress.exercises)).toEqual(["a"]);
    // The page's import leaves them out and names them with the exercises the course does not have.
    const result = importProgress(
      JSON.stringify({ version: 1, exercises: { "Choose Exact": {} } }),
      emptyProgress(),
      known,
      "page",
      importedAt,
    );
    expect(result).toMatchObject({ ok: true, imported: [], unknown: ['"Choose Exact"'] });
    if (result.ok)
      expect(describeImport(result)).toBe(
        'The file had no progress for this course\'s exercises, so nothing changed. Left out 1 entry for exercises this course does not have ("Choose Exact").',
      );
  });

  test("auditProgress: only the course's exercises count; the others are named, read or not", () => {
    const text = JSON.stringify({
      version: 1,
      exercises: {
        a: { parts: { x: { attempts: 1, solved: "yes" } } },
        b: { parts: { y: { attempts: 1, solved: true } } },
        "gone-since": { parts: {} },
        "gone-and-broken": 5,
        "Not An Id": {},
      },
      review: { "review-only": { due: "not a date" } },
    });
    const read = readProgressText(text);
    if (!read.ok) throw new Error(read.message);
    expect(auditProgress(read.progress, known, read)).toEqual({
      counted: ["a", "b"],
      unknown: ["gone-since", "gone-and-broken", "review-only", '"Not An Id"'],
      unread: ["a"],
    });
    // Without what the reading found, the entries kept are what counts.
    expect(auditProgress(read.progress, known)).toEqual({ counted: ["a", "b"], unknown: ["gone-since"], unread: [] });
  });
});

describe("progress storage in the browser", () => {
  test("round trip: attempts, solved and revealed per exercise and part", () => {
    const storage = memoryStorage();
    updateProgress((p) => {
      partEntry(p, "shuffle-shard-16-workers", "shuffle").attempts = 2;
      partEntry(p, "shuffle-shard-16-workers", "shuffle").solved = true;
      p.exercises["shuffle-shard-16-workers"]!.revealed = true;
    }, storage);
    const read = readProgress(storage);
    expect(read.exercises["shuffle-shard-16-workers"]).toEqual({
      parts: { shuffle: { attempts: 2, solved: true } },
      hints: 0,
      revealed: true,
    });
    expect(JSON.parse(storage.getItem(progressKey)!).version).toBe(1);
  });

  test("corrupt JSON is kept aside under a backup key, and reading starts fresh", () => {
    const storage = memoryStorage({ [progressKey]: "{not json" });
    expect(readProgress(storage)).toEqual(emptyProgress());
    expect(storage.getItem(unreadableKey)).toBe("{not json");
  });

  test("a second unreadable value never overwrites the first one kept aside", () => {
    const storage = memoryStorage({ [progressKey]: "{first" });
    updateProgress((p) => void partEntry(p, "a", "x"), storage);
    storage.setItem(progressKey, '{"version": 2, "exercises": {}}');
    writeProgress(emptyProgress(), storage);
    expect(unreadableProgress(storage).map((k) => k.text)).toEqual(["{first", '{"version": 2, "exercises": {}}']);
    // The same value is kept once, however often it is read.
    readProgress(storage);
    expect(unreadableProgress(storage)).toHaveLength(2);
  });

  test("malformed entries are dropped one by one; the valid rest survives", () => {
    const stored = {
      version: 1,
      exercises: {
        "good-one": { parts: { a: { attempts: 3, solved: true } }, hints: 1, revealed: false },
        "Bad Id!": { parts: {} },
        "not-an-object": 7,
        "odd-fields": {
          parts: { a: { attempts: "many", solved: "yes" }, "b c": { attempts: 1 } },
          hints: -4,
          revealed: "no",
        },
      },
    };
    const storage = memoryStorage({ [progressKey]: JSON.stringify(stored) });
    const read = readProgress(storage);
    expect(Object.keys(read.exercises).sort()).toEqual(["good-one", "odd-fields"]);
    expect(read.exercises["good-one"]!.parts.a).toEqual({ attempts: 3, solved: true });
    expect(read.exercises["odd-fields"]).toEqual({
      parts: { a: { attempts: 0, solved: false } },
      hints: 0,
      revealed: false,
    });
  });

  test("foreign data (another version or app) is not read as progress", () => {
    expect(sanitizeProgress({ version: 2, exercises: {} })).toBeUndefined();
    expect(sanitizeProgress(["a"])).toBeUndefined();
    expect(sanitizeProgress(null)).toBeUndefined();
    const storage = memoryStorage({ [progressKey]: JSON.stringify({ hello: "world" }) });
    expect(readProgress(storage)).toEqual(emptyProgress());
  });

  test("a storage that refuses writes does not throw", () => {
    const storage = memoryStorage({}, { full: true });
    expect(writeProgress(emptyProgress(), storage)).toBe(false);
    expect(() => updateProgress((p) => void partEntry(p, "x", "y"), storage)).not.toThrow();
  });

  test("an exercise is solved when all its parts are", () => {
    const p = emptyProgress();
    partEntry(p, "e", "a").solved = true;
    expect(isSolved(p, "e", ["a", "b"])).toBe(false);
    partEntry(p, "e", "b").solved = true;
    expect(isSolved(p, "e", ["a", "b"])).toBe(true);
    expect(isSolved(p, "e", [])).toBe(false);
  });
});

describe("export and import", () => {
  test("export then import restores the same progress", () => {
    const p = emptyProgress();
    partEntry(p, "cell-router", "code").solved = true;
    partEntry(p, "cell-router", "code").attempts = 4;
    const result = importProgress(exportProgress(p), emptyProgress(), known, "page", importedAt);
    expect(result).toMatchObject({ ok: true, imported: ["cell-router"], unknown: [] });
    if (result.ok) expect(result.progress).toEqual(p);
  });

  test("import merges: nothing local is lost", () => {
    const local = emptyProgress();
    partEntry(local, "a", "x").solved = true;
    partEntry(local, "a", "x").attempts = 5;
    const incoming = emptyProgress();
    partEntry(incoming, "a", "x").attempts = 2;
    partEntry(incoming, "b", "y").solved = true;
    const merged = mergeProgress(local, incoming);
    expect(merged.exercises.a!.parts.x).toEqual({ attempts: 5, solved: true });
    expect(merged.exercises.b!.parts.y!.solved).toBe(true);
  });

  test("files that are not progress are refused with a message", () => {
    expect(importProgress("hello", emptyProgress(), known, "page", importedAt)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not JSON/),
    });
    expect(importProgress('{"app":"other"}', emptyProgress(), known, "page", importedAt)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not Blast Radius progress/),
    });
  });

  test("an empty file is refused as empty, not as a file that is not JSON, on the page and in the terminal", () => {
    // An empty file read "That file is not JSON, so it cannot be course progress."
    for (const place of ["page", "terminal"] as const)
      for (const text of ["", "\uFEFF", "\n", "  \r\n\t"])
        expect(importProgress(text, emptyProgress(), known, place, importedAt), JSON.stringify(text)).toEqual({
          ok: false,
          message: "That file is empty, so it holds no course progress. Nothing was changed.",
        });
  });

  test("a file from a newer version says so, and changes nothing", () => {
    const file = JSON.stringify({ app: "blast-radius", progress: { version: 2, exercises: {} } });
    const result = importProgress(file, emptyProgress(), known, "page", importedAt);
    expect(result).toMatchObject({ ok: false });
    if (!result.ok) {
      expect(result.message).toMatch(/comes from a newer version of the course \(progress version 2/);
      expect(result.message).toMatch(/Nothing was changed/);
    }
  });

  test("entries for exercises this course does not have are left out, and not counted", () => {
    const incoming = emptyProgress();
    partEntry(incoming, "a", "x").solved = true;
    partEntry(incoming, "no-such-exercise", "x").solved = true;
    const result = importProgress(exportProgress(incoming), emptyProgress(), known, "page", importedAt);
    expect(result).toMatchObject({ ok: true, imported: ["a"], unknown: ["no-such-exercise"] });
    if (!result.ok) return;
    expect(Object.keys(result.progress.exercises)).toEqual(["a"]);
    expect(describeImport(result)).toBe(
      "Imported progress for 1 exercise, merged with what was here. Left out 1 entry for exercises this course does not have (no-such-exercise).",
    );
  });
});

describe("chapter done marks and totals", () => {
  const catalog: Catalog = [
    {
      slug: "cells",
      title: "Cells",
      exercises: [
        { id: "a", title: "A", parts: ["x"] },
        { id: "b", title: "B", parts: ["code"] },
      ],
    },
    { slug: "empty", title: "Empty", exercises: [] },
  ];
  test("a chapter is done only when every exercise is solved", () => {
    const p = emptyProgress();
    partEntry(p, "a", "x").solved = true;
    expect(chapterDone(p, catalog[0]!)).toBe(false);
    partEntry(p, "b", "code").solved = true;
    expect(chapterDone(p, catalog[0]!)).toBe(true);
    expect(chapterDone(p, catalog[1]!)).toBe(false);
    expect(totals(p, catalog)).toEqual({
      exercises: 2,
      solved: 2,
      answeredAfterReveal: 0,
      chapters: 1,
      chaptersDone: 1,
    });
  });

  test("the progress page's words for an exercise follow what the reader has done", () => {
    const p = emptyProgress();
    expect(exerciseStatus(p, "a", ["x", "y"])).toBe("Not started");
    // An entry that holds nothing done is not started, by the import's rule (entryHoldsProgress):
    // a hand-written {"solved": true} reads so, and the terminal listed it "Started".
    partEntry(p, "a", "x");
    expect(exerciseStatus(p, "a", ["x", "y"])).toBe("Not started");
    p.exercises.a!.hints = 1;
    expect(exerciseStatus(p, "a", ["x", "y"])).toBe("Started");
    partEntry(p, "a", "x").attempts = 1;
    expect(exerciseStatus(p, "a", ["x", "y"])).toBe("1 attempt");
    partEntry(p, "a", "y").attempts = 2;
    expect(exerciseStatus(p, "a", ["x", "y"])).toBe("3 attempts");
    partEntry(p, "a", "x").solved = true;
    expect(exerciseStatus(p, "a", ["x", "y"])).toBe("1 of 2 parts");
    partEntry(p, "a", "y").solved = true;
    expect(exerciseStatus(p, "a", ["x", "y"])).toBe("✓ Solved");
    p.exercises.a!.revealed = true;
    expect(exerciseStatus(p, "a", ["x", "y"])).toBe("✓ Solved · solution seen");
    partEntry(p, "b", "code");
    p.exercises.b!.revealed = true;
    expect(exerciseStatus(p, "b", ["code"])).toBe("Solution seen");
  });

  test("an entry the page's import leaves out as nothing done is not started, in the same words", () => {
    const text = '{"version":1,"exercises":{"backoff-full-jitter":{"solved":true}}}';
    const read = readProgressText(text);
    expect(read.ok).toBe(true);
    const progress = (read as Extract<typeof read, { ok: true }>).progress;
    const imported = importProgress(text, emptyProgress(), new Set(["backoff-full-jitter"]), "page", importedAt);
    expect(imported).toMatchObject({ ok: true, imported: [], empty: ["backoff-full-jitter"] });
    expect(exerciseStatus(progress, "backoff-full-jitter", ["code"])).toBe("Not started");
  });

  test("not started exactly when the import's rule finds nothing done, for every kind of entry", () => {
    // Every combination of what an entry can hold: a part tried or solved, hints, the solution
    // seen, a time solved.
    let kinds = 0;
    for (const attempts of [0, 2])
      for (const solved of [false, true])
        for (const hints of [0, 1])
          for (const revealed of [false, true])
            for (const solvedAt of [undefined, "2026-12-01T09:00:00.000Z"]) {
              const entry = { parts: { x: { attempts, solved } }, hints, revealed, ...(solvedAt ? { solvedAt } : {}) };
              const progress = { ...emptyProgress(), exercises: { a: entry } };
              expect(exerciseStatus(progress, "a", ["x", "y"]) === "Not started", JSON.stringify(entry)).toBe(
                !entryHoldsProgress(entry),
              );
              kinds++;
            }
    expect(kinds).toBe(32);
  });

  test("the summary counts solved exercises, finished chapters and review cards due by the given time", () => {
    // What the page is built with: a new reader's browser computes the same sentence.
    expect(progressSummary(emptyProgress(), catalog, 0)).toBe(
      "You have solved 0 of 2 exercises and finished 0 of 1 chapter.",
    );
    const p = emptyProgress();
    partEntry(p, "a", "x").solved = true;
    const card = (due: string): ReviewCard => ({
      due,
      stability: 1,
      difficulty: 5,
      elapsed_days: 0,
      scheduled_days: 1,
      learning_steps: 0,
      reps: 1,
      lapses: 0,
      state: 2,
    });
    p.review = { a: card("2026-12-01T00:00:00.000Z"), b: card("2026-12-03T00:00:00.000Z") };
    expect(progressSummary(p, catalog, Date.parse("2026-12-02T00:00:00Z"))).toBe(
      "You have solved 1 of 2 exercises and finished 0 of 1 chapter. 2 exercises are in your daily review, 1 due now.",
    );
    delete p.review.b;
    expect(progressSummary(p, catalog, Date.parse("2026-12-02T00:00:00Z"))).toBe(
      "You have solved 1 of 2 exercises and finished 0 of 1 chapter. 1 exercise is in your daily review, 1 due now.",
    );
  });
});

describe("an exercise answered after its solution was shown is not solved", () => {
  const catalog: Catalog = [
    {
      slug: "sharding",
      title: "Sharding",
      exercises: [
        { id: "a", title: "A", parts: ["x", "y"] },
        { id: "b", title: "B", parts: ["code"] },
      ],
    },
  ];
  /** When these exercises are solved, and exercise a's parts, as markSolved takes them. */
  const solvedAt = new Date("2026-11-01T09:00:00.000Z");
  const solveA = { parts: ["x", "y"], now: solvedAt };
  /** Part x answered wrongly, the solution shown, then both parts answered: the audit's steps. */
  const revealedThenAnswered = () => {
    const p = emptyProgress();
    partEntry(p, "a", "x").attempts = 2;
    p.exercises.a!.revealed = true;
    markSolved(p, "a", "x", solveA);
    markSolved(p, "a", "y", solveA);
    markSolved(p, "b", "code", { parts: ["code"], now: solvedAt });
    return p;
  };

  test("parts answered after the reveal are marked so; one solved before it stays solved", () => {
    const p = emptyProgress();
    markSolved(p, "a", "x", solveA);
    p.exercises.a!.revealed = true;
    markSolved(p, "a", "x", solveA); // answered again after the reveal: still solved before it
    markSolved(p, "a", "y", solveA);
    // How a part's solve went is recorded only for one solved before the reveal.
    expect(p.exercises.a!.parts).toEqual({
      x: { attempts: 0, solved: true, firstTry: true },
      y: { attempts: 0, solved: true, afterReveal: true },
    });
    expect(isSolved(p, "a", ["x", "y"])).toBe(false);
    expect(answeredAfterReveal(p, "a", ["x", "y"])).toBe(true);
    expect(exerciseStatus(p, "a", ["x", "y"])).toBe("Answered after seeing the solution");
  });

  test("totals, chapter completion and the summary count it apart from the solved", () => {
    const p = revealedThenAnswered();
    expect(isSolved(p, "a", ["x", "y"])).toBe(false);
    expect(chapterDone(p, catalog[0]!)).toBe(false);
    expect(totals(p, catalog)).toEqual({
      exercises: 2,
      solved: 1,
      answeredAfterReveal: 1,
      chapters: 1,
      chaptersDone: 0,
    });
    expect(progressSummary(p, catalog, 0)).toBe(
      "You have solved 1 of 2 exercises and finished 0 of 1 chapter. 1 more exercise was answered after seeing the solution.",
    );
    // Only some parts answered after the reveal: neither solved nor answered yet.
    const q = emptyProgress();
    q.exercises.a = { parts: {}, hints: 0, revealed: true };
    markSolved(q, "a", "x", solveA);
    partEntry(q, "a", "y").attempts = 1;
    expect(answeredAfterReveal(q, "a", ["x", "y"])).toBe(false);
    expect(exerciseStatus(q, "a", ["x", "y"])).toBe("Solution seen");
  });

  test("the mark survives export and import; a part solved before the reveal on either side wins a merge", () => {
    const p = revealedThenAnswered();
    const round = importProgress(exportProgress(p), emptyProgress(), known, "page", importedAt);
    expect(round.ok && round.progress).toEqual(p);
    const earned = emptyProgress();
    markSolved(earned, "a", "y", solveA);
    const merged = mergeProgress(p, earned);
    // How the part's solve went comes with the solve before the reveal, from whichever side.
    expect(merged.exercises.a!.parts.y).toEqual({ attempts: 0, solved: true, firstTry: true });
    expect(merged.exercises.a!.parts.x).toEqual({ attempts: 2, solved: true, afterReveal: true });
    expect(mergeProgress(earned, p).exercises.a!.parts.y).toEqual({ attempts: 0, solved: true, firstTry: true });
  });

  test("progress saved before the mark existed reads as it did: solved, with the solution seen", () => {
    const old = JSON.stringify({
      version: 1,
      exercises: {
        a: { parts: { x: { attempts: 1, solved: true }, y: { attempts: 3, solved: true } }, hints: 2, revealed: true },
      },
    });
    const read = readProgressText(old);
    expect(read.ok && isSolved(read.progress, "a", ["x", "y"])).toBe(true);
    expect(read.ok && exerciseStatus(read.progress, "a", ["x", "y"])).toBe("✓ Solved · solution seen");
    // A mark on a part that is not solved means nothing and is dropped.
    const odd = readProgressText(
      JSON.stringify({
        version: 1,
        exercises: { a: { parts: { x: { attempts: 1, solved: false, afterReveal: true } } } },
      }),
    );
    expect(odd.ok && odd.progress.exercises.a!.parts.x).toEqual({ attempts: 1, solved: false });
  });
});

describe("when an exercise was first solved (solvedAt, where review starts)", () => {
  const t0 = new Date("2026-12-01T09:00:00.000Z");
  const later = new Date("2026-12-05T09:00:00.000Z");
  const solve = (now: Date) => ({ parts: ["x", "y"], now });

  test("recorded by the right answer that solves the exercise, and never moved by a later one", () => {
    const p = emptyProgress();
    markSolved(p, "a", "x", solve(t0));
    expect(p.exercises.a!.solvedAt).toBeUndefined();
    markSolved(p, "a", "y", solve(later));
    expect(p.exercises.a!.solvedAt).toBe(later.toISOString());
    markSolved(p, "a", "y", solve(new Date("2026-12-09T09:00:00.000Z")));
    expect(p.exercises.a!.solvedAt).toBe(later.toISOString());
    // Answered only after the solution was shown: not solved, so no solve time.
    const seen = emptyProgress();
    seen.exercises.a = { parts: {}, hints: 0, revealed: true };
    markSolved(seen, "a", "x", solve(t0));
    markSolved(seen, "a", "y", solve(t0));
    expect(seen.exercises.a!.solvedAt).toBeUndefined();
  });

  test("kept through storage, export and import", () => {
    const p = emptyProgress();
    markSolved(p, "a", "x", solve(t0));
    markSolved(p, "a", "y", solve(t0));
    const storage = memoryStorage();
    writeProgress(p, storage);
    expect(readProgress(storage).exercises.a!.solvedAt).toBe(t0.toISOString());
    const round = importProgress(exportProgress(p), emptyProgress(), known, "page", importedAt);
    expect(round).toMatchObject({ ok: true, unread: [] });
    expect(round.ok && round.progress.exercises.a!.solvedAt).toBe(t0.toISOString());
  });

  test("a merge keeps the earlier solve time, from either side", () => {
    const at = (when: Date) => {
      const p = emptyProgress();
      markSolved(p, "a", "x", solve(when));
      markSolved(p, "a", "y", solve(when));
      return p;
    };
    expect(mergeProgress(at(later), at(t0)).exercises.a!.solvedAt).toBe(t0.toISOString());
    expect(mergeProgress(at(t0), at(later)).exercises.a!.solvedAt).toBe(t0.toISOString());
    // One side without one (saved before it was kept): the other side's.
    const older = at(t0);
    delete older.exercises.a!.solvedAt;
    expect(mergeProgress(older, at(later)).exercises.a!.solvedAt).toBe(later.toISOString());
    expect(mergeProgress(at(later), older).exercises.a!.solvedAt).toBe(later.toISOString());
  });

  test("a hand-edited solve time that is no date is dropped as a field of the wrong type; the entry is named", () => {
    const entry = (solvedAt: unknown) => ({
      parts: { x: { attempts: 1, solved: true } },
      hints: 0,
      revealed: false,
      solvedAt,
    });
    const file = JSON.stringify({
      version: 1,
      exercises: { a: entry("yesterday"), b: entry(t0.getTime()), "cell-router": entry("2026-12-01T10:00:00+01:00") },
    });
    const result = importProgress(file, emptyProgress(), known, "page", importedAt);
    expect(result).toMatchObject({ ok: true, imported: ["a", "b", "cell-router"], unread: ["a", "b"] });
    if (!result.ok) return;
    expect(result.progress.exercises.a).toEqual({
      parts: { x: { attempts: 1, solved: true } },
      hints: 0,
      revealed: false,
    });
    expect(result.progress.exercises.b!.solvedAt).toBeUndefined();
    // A date in another form reads as the same moment, written as ISO.
    expect(result.progress.exercises["cell-router"]!.solvedAt).toBe(t0.toISOString());
  });
});

describe("how the solve went (solvedFirstTry, how review rates it), recorded at the solve", () => {
  const t0 = new Date("2026-12-01T09:00:00.000Z");
  const later = new Date("2026-12-05T09:00:00.000Z");
  const parts = ["x", "y"];
  /** An answer checked and counted as the page and the terminal count it; `seed`: on new numbers. */
  const check = (p: Progress, part: string, text: string, right: boolean, now = t0, seed: number | null = null) => {
    recordAttempt(p, "a", part, answerFingerprint({ kind: "numeric", text }, seed));
    if (right) markSolved(p, "a", part, { parts, now });
  };
  /** Exercise a solved at `when`, right first time or after a wrong answer to x. */
  const solvedAs = (when: Date, firstTry: boolean) => {
    const p = emptyProgress();
    if (!firstTry) check(p, "x", "1", false, when);
    check(p, "x", "2", true, when);
    check(p, "y", "3", true, when);
    return p;
  };

  test("written with the solve time by the answer that solves the exercise, and by no other", () => {
    const p = emptyProgress();
    check(p, "x", "2", true);
    // One part solved: the exercise is not, so neither is written yet.
    expect(p.exercises.a).not.toHaveProperty("solvedFirstTry");
    check(p, "y", "3", true);
    expect(p.exercises.a).toMatchObject({ solvedAt: t0.toISOString(), solvedFirstTry: true });
    // A wrong answer first, on either part, or a hint opened before the solve: not right first time.
    expect(solvedAs(t0, false).exercises.a!.solvedFirstTry).toBe(false);
    const hinted = emptyProgress();
    check(hinted, "x", "2", true);
    hinted.exercises.a!.hints = 1;
    check(hinted, "y", "3", true);
    expect(hinted.exercises.a!.solvedFirstTry).toBe(false);
    // Answered only after the solution was shown: not solved, so neither is written.
    const seen = emptyProgress();
    seen.exercises.a = { parts: {}, hints: 0, revealed: true };
    check(seen, "x", "2", true);
    check(seen, "y", "3", true);
    expect(seen.exercises.a).not.toHaveProperty("solvedAt");
    expect(seen.exercises.a).not.toHaveProperty("solvedFirstTry");
  });

  test("what comes after the solve never changes it: practice on new numbers, right or wrong, and hints", () => {
    const clean = solvedAs(t0, true);
    // New numbers dealt (seed 42 and 43): each answer on them is another attempt of its part.
    check(clean, "x", "7", false, later, 42);
    check(clean, "x", "8", true, later, 42);
    check(clean, "y", "9", true, later, 43);
    clean.exercises.a!.hints = 2;
    expect(clean.exercises.a!.parts.x!.attempts).toBe(3);
    expect(clean.exercises.a).toMatchObject({ solvedAt: t0.toISOString(), solvedFirstTry: true });
    // After a miss, practice right first time on new numbers does not make the solve right first time.
    const missed = solvedAs(t0, false);
    check(missed, "x", "8", true, later, 42);
    check(missed, "y", "9", true, later, 42);
    expect(missed.exercises.a).toMatchObject({ solvedAt: t0.toISOString(), solvedFirstTry: false });
  });

  test("each part is judged at its own solve: practice on a part already solved, before the other parts are, is no miss", () => {
    const p = emptyProgress();
    check(p, "x", "2", true);
    expect(p.exercises.a!.parts.x).toMatchObject({ attempts: 1, solved: true, firstTry: true });
    // Part x practised on new numbers, wrong then right, while y is not solved yet.
    check(p, "x", "7", false, t0, 42);
    check(p, "x", "8", true, t0, 42);
    check(p, "y", "3", true, later);
    expect(p.exercises.a!.parts.x).toMatchObject({ attempts: 3, firstTry: true });
    expect(p.exercises.a!.parts.y).toMatchObject({ attempts: 1, firstTry: true });
    expect(p.exercises.a).toMatchObject({ solvedAt: later.toISOString(), solvedFirstTry: true });
  });

  test("a part answered wrong then right is not right first time, even where the other part is", () => {
    const p = emptyProgress();
    check(p, "x", "1", false);
    check(p, "x", "2", true);
    check(p, "y", "3", true);
    expect(p.exercises.a!.parts.x).toMatchObject({ attempts: 2, firstTry: false });
    expect(p.exercises.a!.parts.y).toMatchObject({ attempts: 1, firstTry: true });
    expect(p.exercises.a!.solvedFirstTry).toBe(false);
    // A hint opened after x was solved, before y was, still counts against the solve.
    const hinted = emptyProgress();
    check(hinted, "x", "2", true);
    hinted.exercises.a!.hints = 1;
    check(hinted, "y", "3", true);
    expect(hinted.exercises.a!.parts.y!.firstTry).toBe(true);
    expect(hinted.exercises.a!.solvedFirstTry).toBe(false);
  });

  test("a part solved before the field existed is read from its count, as the whole solve was", () => {
    // x solved by an older copy of the course (no firstTry), practised since; y solved now.
    for (const [attempts, firstTry] of [
      [1, true],
      [2, false],
    ] as const) {
      const p = emptyProgress();
      p.exercises.a = { parts: { x: { attempts, solved: true } }, hints: 0, revealed: false };
      check(p, "y", "3", true);
      expect(p.exercises.a.parts.x).not.toHaveProperty("firstTry");
      expect(p.exercises.a.solvedFirstTry).toBe(firstTry);
    }
  });

  test("kept through storage, export and import, whichever it says", () => {
    for (const firstTry of [true, false]) {
      const p = solvedAs(t0, firstTry);
      const storage = memoryStorage();
      writeProgress(p, storage);
      expect(readProgress(storage).exercises.a).toEqual(p.exercises.a);
      const round = importProgress(exportProgress(p), emptyProgress(), known, "page", importedAt);
      expect(round).toMatchObject({ ok: true, unread: [] });
      expect(round.ok && round.progress.exercises.a).toEqual(p.exercises.a);
      expect(round.ok && round.progress.exercises.a!.solvedFirstTry).toBe(firstTry);
    }
  });

  test("each part's mark is kept through storage, export and import, and ends the same solve the same way", () => {
    // x right first time then practised before y was solved; y after a miss.
    const p = emptyProgress();
    check(p, "x", "2", true);
    check(p, "x", "8", true, t0, 42);
    check(p, "y", "1", false);
    check(p, "y", "3", true);
    const storage = memoryStorage();
    writeProgress(p, storage);
    expect(readProgress(storage).exercises.a!.parts).toEqual(p.exercises.a!.parts);
    const round = importProgress(exportProgress(p), emptyProgress(), known, "page", importedAt);
    expect(round).toMatchObject({ ok: true, unread: [] });
    if (!round.ok) return;
    expect(round.progress.exercises.a!.parts.x).toMatchObject({ attempts: 2, firstTry: true });
    expect(round.progress.exercises.a!.parts.y).toMatchObject({ attempts: 2, firstTry: false });
    // Only x solved in the file: y solved after the import finishes the solve as it would have here.
    const half = emptyProgress();
    check(half, "x", "2", true);
    check(half, "x", "8", true, t0, 42);
    const imported = importProgress(exportProgress(half), emptyProgress(), known, "terminal", importedAt);
    if (!imported.ok) throw new Error(imported.message);
    check(imported.progress, "y", "3", true);
    expect(imported.progress.exercises.a!.solvedFirstTry).toBe(true);
  });

  test("a part's mark is read when true or false on a part solved before the reveal; any other value is dropped and the entry named", () => {
    const file = (x: Record<string, unknown>) =>
      readProgressText(JSON.stringify({ version: 1, exercises: { a: { parts: { x }, hints: 0, revealed: false } } }));
    for (const firstTry of [true, false]) {
      const read = file({ attempts: 3, solved: true, firstTry });
      expect(read).toMatchObject({ ok: true, lossy: [] });
      expect(read.ok && read.progress.exercises.a!.parts.x).toEqual({ attempts: 3, solved: true, firstTry });
    }
    for (const odd of ["yes", 1, null]) {
      const read = file({ attempts: 3, solved: true, firstTry: odd });
      expect(read).toMatchObject({ ok: true, lossy: ["a"] });
      expect(read.ok && read.progress.exercises.a!.parts.x).toEqual({ attempts: 3, solved: true });
    }
    // On a part not solved, or solved only after the reveal, it says nothing and is dropped.
    const unsolved = file({ attempts: 1, solved: false, firstTry: true });
    expect(unsolved.ok && unsolved.progress.exercises.a!.parts.x).toEqual({ attempts: 1, solved: false });
    const seen = file({ attempts: 1, solved: true, afterReveal: true, firstTry: true });
    expect(seen.ok && seen.progress.exercises.a!.parts.x).toEqual({ attempts: 1, solved: true, afterReveal: true });
  });

  test("read when true or false; any other value is dropped and the entry named, as other fields of the wrong type are", () => {
    const entry = (solvedFirstTry: unknown) => ({
      parts: { x: { attempts: 1, solved: true } },
      hints: 0,
      revealed: false,
      solvedAt: t0.toISOString(),
      solvedFirstTry,
    });
    const exercises = {
      a: entry(true),
      b: entry(false),
      "cell-router": entry("yes"),
      "shuffle-shard-16-workers": entry(1),
    };
    const read = readProgressText(JSON.stringify({ version: 1, exercises }));
    expect(read).toMatchObject({ ok: true, lossy: ["cell-router", "shuffle-shard-16-workers"] });
    if (!read.ok) return;
    expect(read.progress.exercises.a!.solvedFirstTry).toBe(true);
    expect(read.progress.exercises.b!.solvedFirstTry).toBe(false);
    const { solvedFirstTry: _, ...rest } = entry(null);
    expect(read.progress.exercises["cell-router"]).toEqual(rest);
    expect(read.progress.exercises["shuffle-shard-16-workers"]).toEqual(rest);
    // A field this version does not know is still kept as it was, and names nothing as lost.
    const unknown = readProgressText(
      JSON.stringify({ version: 1, exercises: { a: { ...entry(true), solvedFirstTime: "yes" } } }),
    );
    expect(unknown).toMatchObject({ ok: true, lossy: [] });
    expect(unknown.ok && unknown.progress.exercises.a).toEqual({ ...entry(true), solvedFirstTime: "yes" });
  });

  test("a merge keeps it with the solve time it keeps: the earlier solve's, from either side", () => {
    const merged = (current: Progress, imported: Progress) => {
      const { solvedAt, solvedFirstTry } = mergeProgress(current, imported).exercises.a!;
      return { solvedAt, solvedFirstTry };
    };
    const early = { solvedAt: t0.toISOString() };
    // Solved first time early on one side, after a miss later on the other: the early solve's, both ways.
    expect(merged(solvedAs(t0, true), solvedAs(later, false))).toEqual({ ...early, solvedFirstTry: true });
    expect(merged(solvedAs(later, false), solvedAs(t0, true))).toEqual({ ...early, solvedFirstTry: true });
    expect(merged(solvedAs(t0, false), solvedAs(later, true))).toEqual({ ...early, solvedFirstTry: false });
    expect(merged(solvedAs(later, true), solvedAs(t0, false))).toEqual({ ...early, solvedFirstTry: false });
    // Not read again from the merged counts, which hold the later solve's wrong answer too.
    expect(mergeProgress(solvedAs(t0, true), solvedAs(later, false)).exercises.a!.parts.x!.attempts).toBe(2);
  });

  test("a merge keeps each part's mark with the part solve it belongs to", () => {
    const partsOf = (current: Progress, imported: Progress) => {
      const { x, y } = mergeProgress(current, imported).exercises.a!.parts;
      return { x: x!.firstTry, y: y!.firstTry };
    };
    // The earlier solve's marks, from either side: x after a miss early, first time later.
    expect(partsOf(solvedAs(t0, false), solvedAs(later, true))).toEqual({ x: false, y: true });
    expect(partsOf(solvedAs(later, true), solvedAs(t0, false))).toEqual({ x: false, y: true });
    expect(partsOf(solvedAs(t0, true), solvedAs(later, false))).toEqual({ x: true, y: true });
    expect(partsOf(solvedAs(later, false), solvedAs(t0, true))).toEqual({ x: true, y: true });
    // A part solved on one side only: that side's, as the page's held changes over its storage.
    const xOnly = emptyProgress();
    check(xOnly, "x", "2", true);
    check(xOnly, "x", "8", false, t0, 42);
    const yOnly = emptyProgress();
    check(yOnly, "y", "1", false);
    check(yOnly, "y", "3", true);
    expect(partsOf(xOnly, yOnly)).toEqual({ x: true, y: false });
    expect(partsOf(yOnly, xOnly)).toEqual({ x: true, y: false });
    // Solved before the reveal on one side, only after it on the other: the one before it.
    const seen = emptyProgress();
    seen.exercises.a = { parts: {}, hints: 0, revealed: true };
    check(seen, "x", "9", false);
    check(seen, "x", "2", true);
    expect(mergeProgress(seen, xOnly).exercises.a!.parts.x).toMatchObject({ firstTry: true });
    expect(mergeProgress(xOnly, seen).exercises.a!.parts.x).toMatchObject({ firstTry: true });
    expect(mergeProgress(seen, emptyProgress()).exercises.a!.parts.x).not.toHaveProperty("firstTry");
    // The earlier solve saved without marks: the later solve's do not describe it, so there are none.
    const older = solvedAs(t0, true);
    for (const part of parts) delete older.exercises.a!.parts[part]!.firstTry;
    delete older.exercises.a!.solvedFirstTry;
    expect(partsOf(solvedAs(later, true), older)).toEqual({ x: undefined, y: undefined });
    expect(partsOf(older, solvedAs(later, true))).toEqual({ x: undefined, y: undefined });
    // The same solve held by one side without them (an older page's write): the other side's.
    expect(partsOf(older, solvedAs(t0, false))).toEqual({ x: false, y: true });
  });

  test("never lost: a side with no solve, or none recorded for the same solve, leaves it; a solve without one brings none", () => {
    const nothing = emptyProgress();
    for (const firstTry of [true, false]) {
      expect(mergeProgress(solvedAs(t0, firstTry), nothing).exercises.a!.solvedFirstTry).toBe(firstTry);
      expect(mergeProgress(nothing, solvedAs(t0, firstTry)).exercises.a!.solvedFirstTry).toBe(firstTry);
      // The same solve, held by one side without it (an older page's write): the other side's.
      const unsaid = solvedAs(t0, firstTry);
      delete unsaid.exercises.a!.solvedFirstTry;
      expect(mergeProgress(unsaid, solvedAs(t0, firstTry)).exercises.a!.solvedFirstTry).toBe(firstTry);
      expect(mergeProgress(solvedAs(t0, firstTry), unsaid).exercises.a!.solvedFirstTry).toBe(firstTry);
      // The earlier solve saved without it: the later solve's does not describe it, so there is none.
      expect(mergeProgress(solvedAs(later, firstTry), unsaid).exercises.a).not.toHaveProperty("solvedFirstTry");
      expect(mergeProgress(unsaid, solvedAs(later, firstTry)).exercises.a).not.toHaveProperty("solvedFirstTry");
    }
  });
});

describe("importing a file with fields of the wrong type", () => {
  test("the wrong fields read as nothing done; an entry left with nothing is not imported, and the message says which", () => {
    const file = JSON.stringify({
      version: 1,
      exercises: {
        a: { parts: { x: { attempts: "3", solved: "true" } }, hints: "2", revealed: 1 },
        b: "solved",
        "cell-router": { parts: { code: { attempts: 2, solved: true } }, hints: 1, revealed: false },
        "shuffle-shard-16-workers": { parts: { fixed: { attempts: 1, solved: "yes" } }, hints: 0, revealed: false },
        "no-such-exercise": 7,
      },
    });
    const result = importProgress(file, emptyProgress(), known, "page", importedAt);
    expect(result).toMatchObject({
      ok: true,
      imported: ["cell-router", "shuffle-shard-16-workers"],
      empty: ["a"],
      unread: ["a", "b", "shuffle-shard-16-workers"],
    });
    if (!result.ok) return;
    // Read in part, an entry keeps what could be read (the attempt); read as nothing, it is not kept.
    expect(result.progress.exercises["shuffle-shard-16-workers"]).toEqual({
      parts: { fixed: { attempts: 1, solved: false } },
      hints: 0,
      revealed: false,
    });
    expect(Object.keys(result.progress.exercises)).toEqual(["cell-router", "shuffle-shard-16-workers"]);
    expect(describeImport(result)).toBe(
      "Imported progress for 2 exercises, merged with what was here. 3 entries could not be read whole (a, b, shuffle-shard-16-workers): a field of the wrong type counts as nothing done, which left nothing of a, b to import. Left out 1 entry for exercises this course does not have (no-such-exercise).",
    );
  });

  // Audit: a file whose one entry could not be read said "Imported progress for 1 exercise",
  // though the entry counted as nothing done, and the import turned "Not started" into "Started".
  test("a file whose every entry reads as nothing imports nothing, and says so", () => {
    const current = emptyProgress();
    current.exercises.b = { parts: { y: { attempts: 2, solved: true } }, hints: 0, revealed: false };
    const file = JSON.stringify({ version: 1, exercises: { a: { parts: { untouched: { solved: "yes" } } } } });
    const result = importProgress(file, current, known, "page", importedAt);
    expect(result).toMatchObject({ ok: true, imported: [], empty: ["a"], unread: ["a"] });
    if (!result.ok) return;
    expect(result.progress).toEqual(current);
    expect(exerciseStatus(result.progress, "a", ["untouched"])).toBe("Not started");
    expect(describeImport(result)).toBe(
      "Nothing usable was imported, so nothing changed. 1 entry could not be read whole (a): a field of the wrong type counts as nothing done, which left nothing to import.",
    );
    // An entry read whole with nothing done in it (attempts of 0, no hint) is left out too, and named.
    const idle = JSON.stringify({
      version: 1,
      exercises: { a: { parts: { x: { attempts: 0, solved: false } }, hints: 0, revealed: false }, b: { parts: {} } },
    });
    const quiet = importProgress(idle, current, known, "page", importedAt);
    expect(quiet).toMatchObject({ ok: true, imported: [], empty: ["a", "b"], unread: [] });
    if (quiet.ok) {
      expect(quiet.progress).toEqual(current);
      expect(describeImport(quiet)).toBe(
        "Nothing usable was imported, so nothing changed. Left out 2 entries with nothing done in them (a, b).",
      );
    }
  });

  test("an entry counts as imported when it holds anything done, or brings a review card", () => {
    const base = { parts: {}, hints: 0, revealed: false };
    const holding = [
      { ...base, hints: 1 },
      { ...base, revealed: true },
      { ...base, solvedAt: "2026-12-01T10:00:00.000Z" },
      { ...base, parts: { x: { attempts: 1, solved: false } } },
      { ...base, parts: { x: { attempts: 0, solved: true } } },
    ];
    for (const entry of holding) {
      expect(entryHoldsProgress(entry), JSON.stringify(entry)).toBe(true);
      const result = importProgress(
        JSON.stringify({ version: 1, exercises: { a: entry } }),
        emptyProgress(),
        known,
        "page",
        importedAt,
      );
      expect(result, JSON.stringify(entry)).toMatchObject({ ok: true, imported: ["a"], empty: [] });
    }
    expect(entryHoldsProgress({ ...base, parts: { x: { attempts: 0, solved: false, last: "0123abcd:1" } } })).toBe(
      false,
    );
    // A review card alone is merged into the schedule: it is imported.
    const card = enrol(
      { version: 1, exercises: { a: { parts: { x: { attempts: 1, solved: true } }, hints: 0, revealed: false } } },
      [{ id: "a", chapter: "c", parts: ["x"] }],
      new Date("2026-12-01T10:00:00Z"),
    ).review!.a!;
    const cardOnly = importProgress(
      JSON.stringify({ version: 1, exercises: { a: base }, review: { a: card } }),
      emptyProgress(),
      known,
      "page",
      importedAt,
    );
    expect(cardOnly).toMatchObject({ ok: true, imported: ["a"], empty: [] });
    if (cardOnly.ok) {
      expect(cardOnly.progress.review).toEqual({ a: card });
      expect(describeImport(cardOnly)).toBe("Imported progress for 1 exercise, merged with what was here.");
    }
  });

  test("a well-formed file, and one from before a field existed, read whole", () => {
    const p = emptyProgress();
    partEntry(p, "a", "x").solved = true;
    const result = importProgress(exportProgress(p), emptyProgress(), known, "page", importedAt);
    expect(result).toMatchObject({ ok: true, unread: [] });
    const older = JSON.stringify({ version: 1, exercises: { a: { parts: { x: { solved: true } } } } });
    expect(importProgress(older, emptyProgress(), known, "page", importedAt)).toMatchObject({
      ok: true,
      imported: ["a"],
      unread: [],
    });
  });
});

describe("review cards: only what ts-fsrs can write is read", () => {
  const reviewed = new Date("2026-12-01T09:00:00.000Z");
  const solvedA = () => {
    const p = emptyProgress();
    partEntry(p, "a", "x").solved = true;
    return p;
  };
  /** A card as the course writes it when an exercise is first solved. */
  const written = () => enrol(solvedA(), [{ id: "a", chapter: "c", parts: ["x"] }], reviewed).review!.a!;

  test("every card the scheduler writes reads whole, at the edges of ts-fsrs's ranges too", () => {
    const card = written();
    const blank: ReviewCard = {
      due: reviewed.toISOString(),
      stability: 0,
      difficulty: 0,
      elapsed_days: 0,
      scheduled_days: 0,
      learning_steps: 0,
      reps: 0,
      lapses: 0,
      state: 0,
    };
    const edges: ReviewCard[] = [
      card,
      blank,
      { ...card, stability: S_MIN, difficulty: 1 },
      // Each better grade's interval a day longer than the worse one's, after each is capped.
      { ...card, stability: S_MAX, difficulty: 10, scheduled_days: default_maximum_interval + 3 },
    ];
    for (const c of edges) expect(sanitizeReviewCard(c)).toEqual(c);
    // Reviewed "easy" each time it comes back, a card reaches ts-fsrs's largest stability and an
    // interval past its maximum_interval ("easy" is kept a day longer than "good", which is kept a
    // day longer than "hard"), and still reads whole.
    let p = enrol(solvedA(), [{ id: "a", chapter: "c", parts: ["x"] }], reviewed);
    for (let i = 0; i < 30; i++) p = recordReview(p, "a", "easy", new Date(p.review!.a!.due));
    const mature = p.review!.a!;
    expect(mature).toMatchObject({ stability: S_MAX, scheduled_days: default_maximum_interval + 2 });
    expect(sanitizeReviewCard(mature)).toEqual(mature);
  });

  test("numbers no FSRS card can have are refused", () => {
    const card = written();
    const impossible: Record<string, unknown>[] = [
      // The QA's file: /review/ froze on it (its recall holds past the last date JavaScript can name).
      { ...card, stability: 999_999_999 },
      { ...card, stability: 1.2e8 },
      { ...card, stability: S_MAX * 1.001 },
      { ...card, stability: S_MIN / 2 },
      { ...card, difficulty: 10.5 },
      { ...card, difficulty: 0.5 },
      // One of the pair blank: ts-fsrs refuses to schedule it ("Invalid memory state").
      { ...card, stability: 0 },
      { ...card, difficulty: 0 },
      { ...card, scheduled_days: default_maximum_interval + 4 },
      // Reviewed (not new), yet never reviewed: ts-fsrs cannot tell its recall ("Invalid date").
      { ...card, last_review: undefined },
    ];
    for (const c of impossible) expect(sanitizeReviewCard(c)).toBeUndefined();
  });

  test("an imported card with such a number is dropped and named; the rest of the file is kept", () => {
    const p = solvedA();
    p.exercises.b = { parts: { y: { attempts: 2, solved: true } }, hints: 3, revealed: false };
    p.review = { a: { ...written(), stability: 999_999_999 }, b: written() };
    const file = JSON.parse(exportProgress(p));
    // An entry whose exercise fields are damaged too is named once.
    file.progress.exercises["cell-router"] = { parts: {}, hints: "2", revealed: false };
    file.progress.review["cell-router"] = { ...written(), difficulty: 11 };
    const result = importProgress(JSON.stringify(file), emptyProgress(), known, "page", importedAt);
    // cell-router's entry and card both read as nothing: it is left out, and not counted.
    expect(result).toMatchObject({
      ok: true,
      imported: ["a", "b"],
      empty: ["cell-router"],
      unread: ["cell-router", "a"],
    });
    if (!result.ok) return;
    expect(result.progress.exercises.a).toEqual(p.exercises.a);
    expect(result.progress.exercises.b).toEqual(p.exercises.b);
    expect(result.progress.review).toEqual({ b: written() });
    expect(describeImport(result)).toBe(
      "Imported progress for 2 exercises, merged with what was here. 2 entries could not be read whole (cell-router, a): a field of the wrong type counts as nothing done, which left nothing of cell-router to import.",
    );
    // Stored progress reads the same way: the card goes, the exercise stays.
    const stored = readProgressText(JSON.stringify(p));
    expect(stored.ok && stored.progress.review).toEqual({ b: written() });
    expect(stored.ok && stored.progress.exercises.a).toEqual(p.exercises.a);
  });
});

describe("Check pressed again on the same answer is one attempt", () => {
  const numeric = (text: string) => answerFingerprint({ kind: "numeric", text }, null);

  test("the same answer again is not counted; a different one is, and so is the first again after it", () => {
    const p = emptyProgress();
    expect(recordAttempt(p, "a", "x", numeric("1/1820"))).toBe(true);
    expect(recordAttempt(p, "a", "x", numeric("  1/1820 "))).toBe(false);
    expect(p.exercises.a!.parts.x!.attempts).toBe(1);
    expect(recordAttempt(p, "a", "x", numeric("1/1821"))).toBe(true);
    expect(recordAttempt(p, "a", "x", numeric("1/1820"))).toBe(true);
    expect(p.exercises.a!.parts.x!.attempts).toBe(3);
    // Each part keeps its own last answer.
    expect(recordAttempt(p, "a", "y", numeric("1/1820"))).toBe(true);
  });

  test("an answer is the same whatever its spacing or order of choices, and not for other numbers", () => {
    expect(numeric("1 in  1820")).toBe(numeric("1 in 1820"));
    expect(numeric("1 in 1820")).not.toBe(numeric("1in1820"));
    const choice = (picked: string[]) => answerFingerprint({ kind: "choice", picked }, 3);
    expect(choice(["b", "a"])).toBe(choice(["a", "b"]));
    expect(choice(["a"])).not.toBe(choice(["a", "b"]));
    const match = (chosen: Record<string, string>) => answerFingerprint({ kind: "match", chosen }, null);
    expect(match({ x: "1", y: "2" })).toBe(match({ y: "2", x: "1" }));
    expect(match({ x: "1", y: "2" })).not.toBe(match({ x: "2", y: "1" }));
    expect(answerFingerprint({ kind: "numeric", text: "5" }, 1)).not.toBe(
      answerFingerprint({ kind: "numeric", text: "5" }, 2),
    );
    expect(answerFingerprint({ kind: "numeric", text: "5" }, null)).not.toBe(
      answerFingerprint({ kind: "numeric", text: "5" }, 0),
    );
    const code = (source: string) => answerFingerprint({ kind: "code", source }, null);
    expect(code("export const x = 1;\n")).toBe(code("export const x = 1;\n"));
    expect(code("export const x = 1;\n")).not.toBe(code("export const x  = 1;\n"));
  });

  test("a long answer is kept as a short fingerprint, not as itself", () => {
    const source = "x".repeat(100_000);
    const p = emptyProgress();
    recordAttempt(p, "a", "code", answerFingerprint({ kind: "code", source }, null));
    expect(JSON.stringify(p).length).toBeLessThan(200);
  });

  test("the fingerprint survives storage, export and import; files without one, or with a bad one, still read", () => {
    const p = emptyProgress();
    recordAttempt(p, "a", "x", numeric("7"));
    const back = importProgress(exportProgress(p), emptyProgress(), known, "page", importedAt);
    if (!back.ok) throw new Error(back.message);
    expect(back.unread).toEqual([]);
    expect(recordAttempt(back.progress, "a", "x", numeric("7"))).toBe(false);
    expect(back.progress.exercises.a!.parts.x!.attempts).toBe(1);

    const older = JSON.stringify({ version: 1, exercises: { a: { parts: { x: { attempts: 2, solved: false } } } } });
    const read = readProgressText(older);
    if (!read.ok) throw new Error(read.message);
    expect(read.lossy).toEqual([]);
    expect(read.progress.exercises.a!.parts.x).toEqual({ attempts: 2, solved: false });
    expect(recordAttempt(read.progress, "a", "x", numeric("7"))).toBe(true);

    const bad = {
      version: 1,
      exercises: { a: { parts: { x: { attempts: 2, solved: false, last: { answer: "7" } } } } },
    };
    const lossy: string[] = [];
    expect(sanitizeProgress(bad, lossy)?.exercises.a?.parts.x).toEqual({ attempts: 2, solved: false });
    expect(lossy).toEqual(["a"]);
  });

  test("a merge keeps the last answer of the side whose attempts it keeps (this side's on a tie)", () => {
    const here = emptyProgress();
    recordAttempt(here, "a", "x", numeric("1"));
    recordAttempt(here, "a", "z", numeric("1"));
    const there = emptyProgress();
    recordAttempt(there, "a", "x", numeric("2"));
    recordAttempt(there, "a", "y", numeric("3"));
    recordAttempt(there, "a", "z", numeric("4"));
    recordAttempt(there, "a", "z", numeric("5"));
    const merged = mergeProgress(here, there);
    expect(merged.exercises.a!.parts.x!.last).toBe(numeric("1"));
    expect(merged.exercises.a!.parts.y!.last).toBe(numeric("3"));
    expect(merged.exercises.a!.parts.z).toMatchObject({ attempts: 2, last: numeric("5") });
  });
});

describe("what this version does not know, and what is not progress at all (audit, session 55)", () => {
  test("fields this version does not know are kept through a read-change-write, at every level", () => {
    const card = enrol(
      { version: 1, exercises: { a: { parts: { x: { attempts: 1, solved: true } }, hints: 0, revealed: false } } },
      [{ id: "a", chapter: "c", parts: ["x"] }],
      new Date("2026-12-01T09:00:00Z"),
    ).review!.a!;
    const stored = {
      version: 1,
      notes: "mine",
      exercises: {
        a: { parts: { x: { attempts: 1, solved: false, extra: 1 } }, hints: 0, revealed: false, mynote: "x" },
      },
      review: { a: { ...card, flag: [1, 2] } },
    };
    const storage = memoryStorage({ [progressKey]: JSON.stringify(stored) });
    // The page's store: a hint opened, written back with every field it did not know.
    updateProgress((p) => void (p.exercises.a!.hints = 1), storage);
    const written = JSON.parse(storage.getItem(progressKey)!);
    expect(written).toEqual({ ...stored, exercises: { a: { ...stored.exercises.a, hints: 1 } } });
    // Read whole: nothing is kept aside, nothing is named as lost.
    expect(unreadableProgress(storage)).toEqual([]);
    expect(readProgressText(JSON.stringify(stored))).toMatchObject({ ok: true, lossy: [], strange: [] });
    // A name that would change what the object is, not what it holds, is the one left out.
    const odd = readProgressText('{"version":1,"exercises":{},"__proto__":{"polluted":true}}');
    expect(odd.ok && Object.getPrototypeOf(odd.progress)).toBe(Object.prototype);
  });

  test("text too long to be progress is not read, so it is kept aside rather than written back", () => {
    const huge = JSON.stringify({ version: 1, exercises: {}, junk: "x".repeat(maxProgressFileLength) });
    const read = readProgressText(huge);
    expect(read).toMatchObject({ ok: false, reason: "not-progress" });
    expect(huge.length).toBeGreaterThan(maxProgressFileLength);
    expect(!read.ok && read.message).toBe(
      `it is too large to be course progress: it is ${grouped(huge.length)} characters long, more than progress ever is (${grouped(maxProgressFileLength)} at most)`,
    );
    const storage = memoryStorage({ [progressKey]: huge });
    expect(readProgress(storage)).toEqual(emptyProgress());
    expect(storage.getItem(unreadableKey)).toBe(huge);
  });

  test("the terminal's other files are named, never taken for progress of a newer course", () => {
    const sessions = JSON.stringify({ version: 2, reviews: { a: { seed: 3, wrong: 0, right: [] } } });
    const oldSession = JSON.stringify({ id: "a", seed: 3, wrong: 0, right: [] });
    const variants = JSON.stringify({ version: 1, variants: { a: { seed: 2, right: ["x"] } } });
    for (const [text, file] of [
      [sessions, "review-session.json"],
      [oldSession, "review-session.json"],
      [variants, "variants.json"],
    ] as const) {
      expect(readProgressText(text)).toMatchObject({ ok: false, reason: "not-progress", file });
      const page = importProgress(text, emptyProgress(), known, "page", importedAt);
      const terminal = importProgress(text, emptyProgress(), known, "terminal", importedAt);
      expect(page.ok || page.message).toMatch(new RegExp(`^That file is the terminal's ${file} \\(`));
      expect(page.ok || page.message).toContain("which holds no progress. Import the terminal's progress.json");
      expect(terminal.ok || terminal.message).toContain(
        "which holds no progress: yours is in progress.json. Import an export from the page's /progress/",
      );
      for (const result of [page, terminal]) expect(result.ok || result.message).not.toMatch(/newer/);
    }
    // Newer only when a newer version would write it: a whole version above 1, with exercises.
    expect(readProgressText('{"version":1.5,"exercises":{}}')).toMatchObject({
      ok: false,
      reason: "not-progress",
      why: 'its "version" is 1.5, not 1: progress is { "version": 1, "exercises": { ... } }',
    });
    expect(readProgressText('{"version":2}')).toMatchObject({ ok: false, reason: "not-progress" });
    // The words of the place: "this site" on the page only.
    const newer = '{"version":2,"exercises":{}}';
    const page = importProgress(newer, emptyProgress(), known, "page", importedAt);
    const terminal = importProgress(newer, emptyProgress(), known, "terminal", importedAt);
    expect(page.ok || page.message).toContain("(progress version 2; this site reads version 1)");
    expect(terminal.ok || terminal.message).toBe(
      "That file comes from a newer version of the course (progress version 2; this copy of the course reads version 1). Open it where it was made, or bring this copy up to date (git pull) and import it again. Nothing was changed.",
    );
  });
});

describe("importing: a card dated ahead, and fields this version does not know (audit, session 58)", () => {
  const schedule = [{ id: "a", chapter: "c", parts: ["x"] }];
  const solved = (): Progress => ({
    version: 1,
    exercises: { a: { parts: { x: { attempts: 1, solved: true } }, hints: 0, revealed: false } },
  });
  /** The card this side has: reviewed a week before the import, as the course writes it. */
  const here = () => enrol(solved(), schedule, new Date(importedAt.getTime() - 7 * 86_400_000));
  /** A file whose card for "a" was last reviewed `ahead` ms after the import, due three days later. */
  const fileAhead = (ahead: number, p = solved()) => {
    const reviewed = new Date(importedAt.getTime() + ahead);
    const card = { ...here().review!.a!, last_review: reviewed.toISOString() };
    card.due = new Date(reviewed.getTime() + 3 * 86_400_000).toISOString();
    return JSON.stringify({ ...p, review: { a: card } });
  };

  test("a card reviewed after the import's time (past a day's skew) is left out, named, and never wins", () => {
    const current = here();
    const result = importProgress(fileAhead(365 * 86_400_000), current, known, "page", importedAt);
    expect(result).toMatchObject({ ok: true, imported: ["a"], unread: ["a"], misdated: ["a"] });
    if (!result.ok) return;
    expect(result.progress.review).toEqual(current.review);
    expect(describeImport(result)).toBe(
      "Imported progress for 1 exercise, merged with what was here. 1 entry could not be read whole (a): a review card dated in the future or due before its last review counts as nothing done.",
    );
    // A card alone, with no entry: nothing of it is left to import.
    const cardOnly = importProgress(fileAhead(365 * 86_400_000, emptyProgress()), current, known, "page", importedAt);
    expect(cardOnly.ok && describeImport(cardOnly)).toBe(
      "Nothing usable was imported, so nothing changed. 1 entry could not be read whole (a): a review card dated in the future or due before its last review counts as nothing done, which left nothing to import.",
    );
    // Within the skew between clocks it is read, and wins as the later review; just past it, not.
    const near = importProgress(fileAhead(reviewClockSkewMs), current, known, "page", importedAt);
    expect(near).toMatchObject({ ok: true, unread: [], misdated: [] });
    expect(near.ok && near.progress.review!.a!.last_review).toBe(
      new Date(importedAt.getTime() + reviewClockSkewMs).toISOString(),
    );
    const past = importProgress(fileAhead(reviewClockSkewMs + 1), current, known, "page", importedAt);
    expect(past).toMatchObject({ ok: true, misdated: ["a"] });
    expect(past.ok && past.progress.review).toEqual(current.review);
  });

  test("a card due before its last review is left out too, and the merge never lets a misdated card win", () => {
    const current = here();
    const good = current.review!.a!;
    const backwards = { ...good, due: new Date(Date.parse(good.last_review!) - 1).toISOString() };
    const file = JSON.stringify({ ...solved(), review: { a: backwards } });
    const result = importProgress(file, emptyProgress(), known, "terminal", importedAt);
    expect(result).toMatchObject({ ok: true, unread: ["a"], misdated: ["a"] });
    expect(result.ok && result.progress.review).toBeUndefined();
    // In a merge: a misdated card imported never wins; one here gives way to a sound imported one.
    const ahead = { ...good, last_review: "2099-01-01T00:00:00.000Z", due: "2099-01-04T00:00:00.000Z" };
    const withCard = (card: ReviewCard): Progress => ({ ...solved(), review: { a: card } });
    expect(mergeProgress(current, withCard(ahead), importedAt).review!.a).toEqual(good);
    expect(mergeProgress(withCard(ahead), current, importedAt).review!.a).toEqual(good);
    // Without a time, only the order of its own dates can be judged.
    expect(mergeProgress(current, withCard(backwards)).review!.a).toEqual(good);
    expect(mergeProgress(withCard(backwards), current).review!.a).toEqual(good);
    expect(mergeProgress(current, withCard(ahead)).review!.a).toEqual(ahead);
  });

  test("an import carries the file's fields this version does not know, at every level", () => {
    // The audit's file: every unknown field was lost.
    const file = {
      version: 1,
      note: "mine",
      exercises: {
        a: { parts: { x: { attempts: 1, solved: true, future: 1 } }, hints: 0, revealed: false, newerField: "x" },
      },
    };
    const result = importProgress(JSON.stringify(file), emptyProgress(), known, "page", importedAt);
    expect(result).toMatchObject({ ok: true, imported: ["a"], unread: [] });
    expect(result.ok && result.progress).toEqual(file);
  });

  test("a merge keeps both sides' unknown fields; where both have one, this side's", () => {
    const card = here().review!.a!;
    const due = new Date(importedAt.getTime() + 3 * 86_400_000).toISOString();
    const later = { ...card, last_review: importedAt.toISOString(), due, reps: card.reps + 1 };
    const side = (say: string, c: ReviewCard, own: string): Progress =>
      JSON.parse(
        JSON.stringify({
          version: 1,
          note: say,
          [own]: say,
          exercises: {
            a: {
              parts: { x: { attempts: 1, solved: true, flag: say, [own]: say } },
              hints: 0,
              revealed: false,
              mine: say,
              [own]: say,
            },
          },
          review: { a: { ...c, flag: say, [own]: say } },
        }),
      );
    // The imported card is the later review, so it wins: with this side's unknown fields kept.
    const merged = mergeProgress(side("here", card, "onlyHere"), side("there", later, "onlyThere"), importedAt);
    expect(merged).toMatchObject({ note: "here", onlyHere: "here", onlyThere: "there" });
    expect(merged.exercises.a).toMatchObject({ mine: "here", onlyHere: "here", onlyThere: "there" });
    expect(merged.exercises.a!.parts.x).toMatchObject({ flag: "here", onlyHere: "here", onlyThere: "there" });
    expect(merged.review!.a).toEqual({ ...later, flag: "here", onlyHere: "here", onlyThere: "there" });
    // This side's card wins as the later review: the imported one's unknown fields come with it.
    const kept = mergeProgress(side("here", later, "onlyHere"), side("there", card, "onlyThere"), importedAt);
    expect(kept.review!.a).toEqual({ ...later, flag: "here", onlyHere: "here", onlyThere: "there" });
  });
});
