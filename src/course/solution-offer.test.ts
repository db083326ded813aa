import { describe, expect, test } from "vitest";
import {
  type Catalog,
  chapterDone,
  emptyProgress,
  exerciseStatus,
  isSolved,
  markSolved,
  type Progress,
  partEarned,
  readProgressText,
  recordAttempt,
  solvedStatus,
  totals,
} from "./progress.ts";
import { enrol } from "./review.ts";
import {
  keepTrying,
  markSeen,
  notNow,
  revealQuestion,
  seenQuestion,
  solutionOffer,
  solvedQuestion,
  statusLine,
} from "./solution-offer.ts";

const id = "shuffle-shard-16-workers";
const parts = ["shuffle", "fixed"];
const catalog: Catalog = [
  { slug: "shuffle-sharding", title: "Shuffle sharding", exercises: [{ id, title: "", parts }] },
];

/** A right answer to a part, checked in the page (mount.ts record). */
const answerRight = (p: Progress, part: string, text: string) => {
  recordAttempt(p, id, part, `0000000${text.length}:${text.length}`);
  markSolved(p, id, part, { parts, now: new Date("2026-12-01T09:00:00.000Z") });
};
const solved = () => {
  const p = emptyProgress();
  answerRight(p, "shuffle", "1");
  answerRight(p, "fixed", "22");
  return p;
};
const copy = (p: Progress): Progress => JSON.parse(JSON.stringify(p));

describe("Show solution's confirmation says what seeing the solution changes", () => {
  test('solved first: it stays solved in every count, and its status only adds "solution seen"', () => {
    const before = solved();
    expect(solutionOffer(before, id, parts, true)).toEqual({ question: solvedQuestion, decline: notNow });
    const after = copy(before);
    markSeen(after, id);

    expect(isSolved(after, id, parts)).toBe(true);
    expect(totals(after, catalog)).toEqual(totals(before, catalog));
    expect(chapterDone(after, catalog[0]!)).toBe(true);
    // The review schedule takes it in as it would have (it enters once solved).
    const now = new Date("2026-12-07T00:00:00Z");
    const reviewables = [{ id, chapter: "shuffle-sharding", parts }];
    expect(enrol(after, reviewables, now).review).toEqual(enrol(before, reviewables, now).review);
    expect(enrol(after, reviewables, now).review?.[id]).toBeDefined();
    // Every part keeps its solve: none is marked answered after the solution.
    expect(parts.every((part) => partEarned(after.exercises[id]!.parts[part]))).toBe(true);

    // What the status adds, beside the exercise and on the progress page, is the words the question names.
    const added = /"(.+)"/.exec(solvedQuestion)?.[1];
    expect(added).toBe("solution seen");
    expect(statusLine(before, id, parts).text).toBe("✓ Solved");
    expect(statusLine(after, id, parts)).toEqual({ text: `✓ Solved · ${added}`, unearned: false });
    expect(exerciseStatus(before, id, parts)).toBe("✓ Solved");
    // One wording, from one function, on the chapter page, on /progress/ and in the terminal's list.
    expect(exerciseStatus(after, id, parts)).toBe(`✓ Solved · ${added}`);
    expect(exerciseStatus(after, id, parts)).toBe(statusLine(after, id, parts).text);
    expect(solvedStatus(true)).toBe(exerciseStatus(after, id, parts));
  });

  test("not solved: the attempts and a part solved are kept; a part answered after is answered, not solved", () => {
    const p = emptyProgress();
    recordAttempt(p, id, "fixed", "00000001:1");
    answerRight(p, "shuffle", "1");
    expect(solutionOffer(p, id, parts, false)).toEqual({ question: revealQuestion, decline: keepTrying });
    expect(solutionOffer(emptyProgress(), id, parts, false).question).toBe(revealQuestion);
    const attempts = (q: Progress) => parts.map((part) => q.exercises[id]!.parts[part]!.attempts);
    const tried = attempts(p);

    markSeen(p, id);
    expect(attempts(p)).toEqual(tried);
    expect(partEarned(p.exercises[id]!.parts.shuffle)).toBe(true);
    answerRight(p, "fixed", "22");
    expect(p.exercises[id]!.parts.fixed).toMatchObject({ solved: true, afterReveal: true });
    expect(isSolved(p, id, parts)).toBe(false);
    expect(totals(p, catalog)).toMatchObject({ solved: 0, answeredAfterReveal: 1 });
    expect(statusLine(p, id, parts)).toEqual({ text: "Answered after seeing the solution", unearned: true });
  });

  test("seen before and offered again (new numbers hid it): nothing in the record changes", () => {
    const p = emptyProgress();
    recordAttempt(p, id, "fixed", "00000001:1");
    markSeen(p, id);
    expect(solutionOffer(p, id, parts, false)).toEqual({ question: seenQuestion, decline: keepTrying });
    const done = solved();
    markSeen(done, id);
    expect(solutionOffer(done, id, parts, true)).toEqual({ question: seenQuestion, decline: notNow });
    for (const q of [p, done]) {
      const again = copy(q);
      markSeen(again, id);
      expect(again).toEqual(q);
    }
  });

  test("the other button offers to keep trying until every part on show is answered, and says Not now after (as /review/ does: compareDecline is notNow)", () => {
    expect(solutionOffer(solved(), id, parts, false).decline).toBe(keepTrying);
    expect(solutionOffer(emptyProgress(), id, parts, true).decline).toBe(notNow);
  });
});

describe("the status line beside a chapter exercise", () => {
  test("says what the record holds, the unearned ones apart", () => {
    const p = emptyProgress();
    expect(statusLine(p, id, parts)).toEqual({ text: "", unearned: false });
    recordAttempt(p, id, "fixed", "00000001:1");
    expect(statusLine(p, id, parts)).toEqual({ text: "", unearned: false });
    markSeen(p, id);
    expect(statusLine(p, id, parts)).toEqual({ text: "Solution seen", unearned: true });
    const one = emptyProgress();
    answerRight(one, "shuffle", "1");
    expect(statusLine(one, id, parts)).toEqual({ text: "1 of 2 parts solved", unearned: false });
    markSeen(one, id);
    expect(statusLine(one, id, parts)).toEqual({ text: "1 of 2 parts solved · solution seen", unearned: false });
  });

  test("progress saved before answers after the solution were marked reads solved, the solution seen: the order is not known", () => {
    const read = readProgressText(
      JSON.stringify({
        version: 1,
        exercises: {
          [id]: {
            parts: { shuffle: { attempts: 1, solved: true }, fixed: { attempts: 2, solved: true } },
            hints: 0,
            revealed: true,
          },
        },
      }),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(statusLine(read.progress, id, parts)).toEqual({ text: "✓ Solved · solution seen", unearned: false });
    expect(solutionOffer(read.progress, id, parts, true).question).toBe(seenQuestion);
  });
});

// Audit (session 51): a card on /review/ for an exercise solved before, dealt new numbers, said
// "✓ Solved · variant 832262073: 0 of 3 parts answered right", all in the solved colour: solved
// and not solved at once. The chapter page after New numbers said it the same way (one function).
describe("the status line with new numbers on show", () => {
  const seed = 832262073;
  test("solved before: the tick is on what was solved, and these numbers say how far they are answered", () => {
    const line = (answered: number) => statusLine(solved(), id, parts, { seed, answered });
    expect(line(0)).toEqual({
      text: `✓ Solved before · these numbers (variant ${seed}): 0 of 2 parts answered right so far`,
      unearned: true,
    });
    expect(line(1)).toEqual({
      text: `✓ Solved before · these numbers (variant ${seed}): 1 of 2 parts answered right so far`,
      unearned: true,
    });
    // Every part of these numbers answered right: nothing left "so far", and the solved colour.
    expect(line(2)).toEqual({
      text: `✓ Solved before · these numbers (variant ${seed}): 2 of 2 parts answered right`,
      unearned: false,
    });
    // One tick, on "Solved before", never beside a count of these numbers' parts.
    for (const answered of [0, 1, 2]) {
      const { text } = line(answered);
      expect(text.match(/✓/g)?.length, text).toBe(1);
      expect(text.indexOf("✓ Solved before ·"), text).toBe(0);
    }
  });

  test("every record reads as what was done before, and no record reads as these numbers answered", () => {
    const numbers = `these numbers (variant ${seed}): 0 of 2 parts answered right so far`;
    const fresh = emptyProgress();
    expect(statusLine(fresh, id, parts, { seed, answered: 0 })).toEqual({
      text: `These numbers (variant ${seed}): 0 of 2 parts answered right so far`,
      unearned: true,
    });
    const one = emptyProgress();
    answerRight(one, "shuffle", "1");
    expect(statusLine(one, id, parts, { seed, answered: 0 }).text).toBe(`1 of 2 parts solved before · ${numbers}`);
    markSeen(one, id);
    expect(statusLine(one, id, parts, { seed, answered: 0 }).text).toBe(
      `1 of 2 parts solved before · solution seen · ${numbers}`,
    );
    const seen = solved();
    markSeen(seen, id);
    expect(statusLine(seen, id, parts, { seed, answered: 0 }).text).toBe(
      `✓ Solved before · solution seen · ${numbers}`,
    );
    const after = emptyProgress();
    markSeen(after, id);
    answerRight(after, "shuffle", "1");
    answerRight(after, "fixed", "22");
    // Answered only after the solution: never the solved colour, these numbers all answered or not.
    expect(statusLine(after, id, parts, { seed, answered: 2 })).toEqual({
      text: `Answered before, after seeing the solution · these numbers (variant ${seed}): 2 of 2 parts answered right`,
      unearned: true,
    });
    // The chapter's numbers on show: the record alone, as before.
    expect(statusLine(solved(), id, parts)).toEqual({ text: "✓ Solved", unearned: false });
  });
});
