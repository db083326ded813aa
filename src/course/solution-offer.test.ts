import { describe, expect, test } from "vitest";
import {
  type Catalog,
  chapterDone,
  emptyProgress,
  exerciseEntry,
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
  answeredInRecord,
  keepTrying,
  markSeen,
  notNow,
  revealQuestion,
  seenQuestion,
  solutionOffer,
  solutionQuestion,
  solutionUnlocked,
  solvedIfSeen,
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
    // Said before anything is seen (the terminal's hint on a solved exercise), the same change, as what would follow.
    expect(/"(.+)"/.exec(solvedIfSeen)?.[1]).toBe(added);
    expect(solvedIfSeen).toMatch(/\bif you see its solution, it stays solved;/);
    expect(solutionQuestion(before, id, parts)).toBe(solvedQuestion);
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

describe("Show solution's lock", () => {
  test("opens once an answer to any part was checked, right or wrong, a code exercise's code too; not with hints", () => {
    const p = emptyProgress();
    expect(solutionUnlocked(p, id)).toBe(false);
    const hinted = emptyProgress();
    exerciseEntry(hinted, id).hints = 3;
    expect(solutionUnlocked(hinted, id)).toBe(false);
    recordAttempt(p, id, "fixed", "00000001:1");
    expect(solutionUnlocked(p, id)).toBe(true);
    expect(solutionUnlocked(solved(), id)).toBe(true);
    const code = emptyProgress();
    recordAttempt(code, "choose-exact", "code", "00000001:1");
    expect(solutionUnlocked(code, "choose-exact")).toBe(true);
    expect(solutionUnlocked(code, id)).toBe(false);
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
  test("a review under way names no seed: it would deal the review's worked solution elsewhere (audit, session 58)", () => {
    const line = statusLine(solved(), id, parts, { seed, answered: parts.slice(0, 1), before: parts, unnamed: true });
    expect(line.text).toBe("✓ Solved before · these numbers: 1 of 2 parts answered right so far");
    expect(line.text).not.toContain(String(seed));
  });
  test("solved before: the tick is on what was solved, and these numbers say how far they are answered", () => {
    const line = (answered: number) =>
      statusLine(solved(), id, parts, { seed, answered: parts.slice(0, answered), before: parts });
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
    /** These numbers as dealt on `record`, `answered` right on them. */
    const dealt = (record: Progress, answered: string[] = []) => ({
      seed,
      answered,
      before: answeredInRecord(record, id, parts),
    });
    expect(statusLine(fresh, id, parts, dealt(fresh))).toEqual({
      text: `These numbers (variant ${seed}): 0 of 2 parts answered right so far`,
      unearned: true,
    });
    const one = emptyProgress();
    answerRight(one, "shuffle", "1");
    expect(statusLine(one, id, parts, dealt(one)).text).toBe(`1 of 2 parts solved before · ${numbers}`);
    markSeen(one, id);
    expect(statusLine(one, id, parts, dealt(one)).text).toBe(`1 of 2 parts solved before · solution seen · ${numbers}`);
    const seen = solved();
    markSeen(seen, id);
    expect(statusLine(seen, id, parts, dealt(seen)).text).toBe(`✓ Solved before · solution seen · ${numbers}`);
    const after = emptyProgress();
    markSeen(after, id);
    answerRight(after, "shuffle", "1");
    answerRight(after, "fixed", "22");
    // Answered only after the solution: never the solved colour, these numbers all answered or not.
    expect(statusLine(after, id, parts, dealt(after, parts))).toEqual({
      text: `Answered before, after seeing the solution · these numbers (variant ${seed}): 2 of 2 parts answered right`,
      unearned: true,
    });
    // The chapter's numbers on show: the record alone, as before.
    expect(statusLine(solved(), id, parts)).toEqual({ text: "✓ Solved", unearned: false });
  });
});

// Session 52: a right answer on new numbers also solves its part in the record (markSolved), so on
// an exercise never solved, a first right answer on variant 3 made the line say "1 of 2 parts solved
// before" of a part solved just then, on these numbers. Every case, each sentence checked true.
describe("the status line with new numbers: before is only what the record held when they were dealt", () => {
  const seed = 3;
  const histories: Record<string, readonly string[]> = {
    "nothing before": [],
    "shuffle solved before": ["shuffle"],
    "both solved before": ["shuffle", "fixed"],
  };
  const seenWhen = ["never", "before the deal", "after the deal"] as const;
  const onTheseNumbers: readonly (readonly string[])[] = [[], ["shuffle"], ["fixed"], ["shuffle", "fixed"]];

  /** What happened, and the line said of it. */
  const play = (history: readonly string[], seen: (typeof seenWhen)[number], right: readonly string[]) => {
    const p = emptyProgress();
    for (const part of history) answerRight(p, part, part);
    if (seen === "before the deal") markSeen(p, id);
    const dealt = copy(p);
    const before = answeredInRecord(p, id, parts);
    if (seen === "after the deal") markSeen(p, id);
    for (const part of right) answerRight(p, part, `${part} ${seed}`);
    return { dealt, now: p, line: statusLine(p, id, parts, { seed, answered: right, before }) };
  };

  for (const [name, history] of Object.entries(histories))
    for (const seen of seenWhen)
      for (const right of onTheseNumbers)
        test(`${name}, solution seen ${seen}, answered right on these numbers: ${right.join(", ") || "none"}`, () => {
          const { dealt, now, line } = play(history, seen, right);
          const { text, unearned } = line;
          const earnedThen = parts.filter((p) => partEarned(dealt.exercises[id]?.parts[p]));
          const earnedNow = parts.filter((p) => partEarned(now.exercises[id]?.parts[p]));
          // The record before these numbers: said only of what it held then.
          const solvedBefore = /^(?:✓ Solved before|(\d) of 2 parts solved before)/.exec(text);
          if (earnedThen.length === parts.length) expect(solvedBefore?.[0], text).toBe("✓ Solved before");
          else if (earnedThen.length > 0) expect(solvedBefore?.[1], text).toBe(String(earnedThen.length));
          else expect(text, text).not.toMatch(/solved before|Solved before/);
          expect(text.includes("solution seen") || text.startsWith("Solution seen"), text).toBe(
            now.exercises[id]?.revealed === true,
          );
          // These numbers: how many parts are answered right for them, "so far" while any is left.
          expect(text, text).toMatch(
            new RegExp(
              `(?:^T|· t)hese numbers \\(variant ${seed}\\): ${right.length} of 2 parts answered right${right.length < 2 ? " so far" : ""}`,
            ),
          );
          // Solved in the record by these numbers: said as newly solved, and only then.
          const newly = earnedNow.filter((p) => !history.includes(p)).length;
          expect(/, (\d) newly solved$/.exec(text)?.[1], text).toBe(newly > 0 ? String(newly) : undefined);
          // One tick, on what was solved before; the solved colour once these numbers are all
          // answered right, on a record with something solved before the solution was seen.
          expect(text.match(/✓/g)?.length ?? 0, text).toBe(earnedThen.length === parts.length ? 1 : 0);
          const unearnedThen = earnedThen.length === 0 && seen !== "never";
          expect(unearned, text).toBe(right.length < parts.length || unearnedThen);
        });

  test("the sentences, as they read", () => {
    const line = (history: readonly string[], seen: (typeof seenWhen)[number], right: readonly string[]) =>
      play(history, seen, right).line.text;
    // The case the audit found: never solved, one part answered right on variant 3.
    expect(line([], "never", ["shuffle"])).toBe(
      "These numbers (variant 3): 1 of 2 parts answered right so far, 1 newly solved",
    );
    expect(line([], "never", ["shuffle", "fixed"])).toBe(
      "These numbers (variant 3): 2 of 2 parts answered right, 2 newly solved",
    );
    expect(line(["shuffle"], "never", ["shuffle"])).toBe(
      "1 of 2 parts solved before · these numbers (variant 3): 1 of 2 parts answered right so far",
    );
    expect(line(["shuffle"], "never", ["shuffle", "fixed"])).toBe(
      "1 of 2 parts solved before · these numbers (variant 3): 2 of 2 parts answered right, 1 newly solved",
    );
    expect(line(["shuffle", "fixed"], "never", ["fixed"])).toBe(
      "✓ Solved before · these numbers (variant 3): 1 of 2 parts answered right so far",
    );
    // Seen first, a right answer is answered, not solved: nothing is newly solved.
    expect(line([], "before the deal", ["shuffle"])).toBe(
      "Solution seen · these numbers (variant 3): 1 of 2 parts answered right so far",
    );
    expect(line(["shuffle"], "after the deal", ["fixed"])).toBe(
      "1 of 2 parts solved before · solution seen · these numbers (variant 3): 1 of 2 parts answered right so far",
    );
  });

  test("without a snapshot of the record, nothing is said to be before", () => {
    const p = emptyProgress();
    answerRight(p, "shuffle", "1");
    // No snapshot: the record as it stands, then these numbers.
    expect(statusLine(p, id, parts, { seed, answered: ["shuffle"] }).text).toBe(
      "1 of 2 parts solved · these numbers (variant 3): 1 of 2 parts answered right so far",
    );
  });
});
