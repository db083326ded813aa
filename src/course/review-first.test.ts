import { describe, expect, test } from "vitest";
import { mulberry32 } from "../sim/random.ts";
import {
  answerFingerprint,
  type CheckedAnswer,
  emptyProgress,
  markSolved,
  type Progress,
  progressSummary,
  recordAttempt,
  exportProgress,
} from "./progress.ts";
import { importProgress } from "./progress-import.ts";
import { dueCards, enrol, type Reviewable, whenText } from "./review.ts";
import { type FirstRating, firstCard, firstRating, unenrolled, withFirstReviews } from "./review-first.ts";
import { firstComeback } from "./first-comeback.ts";

const day = 86_400_000;
/** When these tests import: after every date they write, so no review card is dated ahead of it. */
const importedAt = new Date("2026-12-10T00:00:00.000Z");
const reviewables: Reviewable[] = [
  { id: "cells-blast-radius", chapter: "cells", parts: ["untouched", "canary"] },
  { id: "canary-exposure", chapter: "deploys-and-correlated-failure", parts: ["users"] },
  { id: "cell-router", chapter: "cells", parts: ["a"] },
];

/**
 * Progress with each of `solves` solved at its date, right first time (undefined: solved before
 * solve times were kept, so with neither a solve time nor how the solve or its parts went).
 */
function solvedAt(solves: Record<string, Date | undefined>): Progress {
  const p = emptyProgress();
  for (const r of reviewables) {
    const when = solves[r.id];
    if (!(r.id in solves)) continue;
    for (const part of r.parts) markSolved(p, r.id, part, { parts: r.parts, now: when ?? new Date(0) });
    if (when === undefined) {
      const entry = p.exercises[r.id]!;
      delete entry.solvedAt;
      delete entry.solvedFirstTry;
      for (const part of Object.values(entry.parts)) delete part.firstTry;
    }
  }
  return p;
}

/**
 * `p` with `id`'s record as the page and the terminal leave it after `hints` hints, opened first,
 * and the answers `checked`, each to a part, right or not, and on the chapter's numbers or on new
 * ones (a seed), recorded as they record one (recordAttempt, then markSolved when right): an
 * answer is its text, a code part's its source.
 */
function answered(
  p: Progress,
  id: string,
  parts: string[],
  checked: [part: string, answer: string, right: boolean, seed?: number][],
  { hints = 0, now = new Date("2026-12-01T09:00:00.000Z") } = {},
): Progress {
  if (hints > 0) (p.exercises[id] ??= { parts: {}, hints: 0, revealed: false }).hints = hints;
  for (const [part, text, right, seed] of checked) {
    const answer: CheckedAnswer = part === "code" ? { kind: "code", source: text } : { kind: "numeric", text };
    recordAttempt(p, id, part, answerFingerprint(answer, seed ?? null));
    if (right) markSolved(p, id, part, { parts, now });
  }
  return p;
}

describe("how a solve counts as its first review (firstRating)", () => {
  const id = "cells-blast-radius";
  const parts = ["untouched", "canary"];
  const rated = (checked: [string, string, boolean, number?][], options?: { hints?: number }) =>
    firstRating(answered(emptyProgress(), id, parts, checked, options), id, parts);

  test("every part right first time with no hint is good", () => {
    expect(
      rated([
        ["untouched", "90%", true],
        ["canary", "500", true],
      ]),
    ).toBe("good");
    // The same right answer checked again is not another attempt.
    expect(
      rated([
        ["untouched", "90%", true],
        ["untouched", "90%", true],
        ["canary", "500", true],
      ]),
    ).toBe("good");
  });

  test("a wrong answer to any part, or any hint, is hard", () => {
    expect(
      rated([
        ["untouched", "90%", true],
        ["canary", "400", false],
        ["canary", "500", true],
      ]),
    ).toBe("hard");
    expect(
      rated(
        [
          ["untouched", "90%", true],
          ["canary", "500", true],
        ],
        { hints: 1 },
      ),
    ).toBe("hard");
  });

  test("many wrong answers and every hint are hard too, never again: a solve is recall that worked", () => {
    const misses: [string, string, boolean][] = [1, 2, 3, 4, 5, 6].map((n) => ["canary", String(n), false]);
    const p = answered(
      emptyProgress(),
      id,
      parts,
      [...misses, ["canary", "500", true], ["untouched", "10%", false], ["untouched", "90%", true]],
      { hints: 3 },
    );
    expect(p.exercises[id]!.parts.canary!.attempts).toBe(7);
    expect(firstRating(p, id, parts)).toBe("hard");
  });

  test("a part with no attempt counted (a record merged or written by hand) is taken as right first time", () => {
    const p = emptyProgress();
    for (const part of parts) markSolved(p, id, part, { parts, now: new Date(0) });
    expect(p.exercises[id]!.parts.canary!.attempts).toBe(0);
    expect(firstRating(p, id, parts)).toBe("good");
  });

  test("the solution seen after the solve changes nothing; attempts of parts the exercise does not have count nowhere", () => {
    const p = answered(emptyProgress(), id, parts, [
      ["untouched", "90%", true],
      ["canary", "500", true],
    ]);
    p.exercises[id]!.revealed = true;
    expect(firstRating(p, id, parts)).toBe("good");
    p.exercises[id]!.parts.retired = { attempts: 4, solved: false };
    expect(firstRating(p, id, parts)).toBe("good");
  });

  test("a code exercise: code that passed on its first run is good, a failing run first makes it hard", () => {
    const code = "choose-exact";
    const runs = (sources: [string, boolean][]) =>
      firstRating(
        answered(
          emptyProgress(),
          code,
          ["code"],
          sources.map(([source, passed]) => ["code", source, passed]),
        ),
        code,
        ["code"],
      );
    expect(runs([["export const f = () => 1;", true]])).toBe("good");
    expect(
      runs([
        ["export const f = () => 0;", false],
        ["export const f = () => 1;", true],
      ]),
    ).toBe("hard");
    // The same failing code run twice counts once, and is still a miss.
    expect(
      runs([
        ["export const f = () => 0;", false],
        ["export const f = () => 0;", false],
        ["export const f = () => 1;", true],
      ]),
    ).toBe("hard");
  });
});

describe("a solve is rated by how it went, as recorded when it was solved, not by what came after", () => {
  const id = "cells-blast-radius";
  const parts = ["untouched", "canary"];
  const solved = new Date("2026-12-01T09:00:00.000Z");
  const opened = new Date("2026-12-09T09:00:00.000Z");
  /** Each part right first time on the chapter's numbers. */
  const clean: [string, string, boolean][] = [
    ["untouched", "90%", true],
    ["canary", "500", true],
  ];
  /** New numbers dealt twice since, each part answered on them, wrong then right, and right. */
  const practice: [string, string, boolean, number][] = [
    ["untouched", "70%", false, 42],
    ["untouched", "80%", true, 42],
    ["canary", "300", true, 42],
    ["untouched", "60%", true, 43],
    ["canary", "200", true, 43],
  ];

  test("right first time, then practised on new numbers, right and wrong: still good, and enrolled as good", () => {
    const p = answered(emptyProgress(), id, parts, clean);
    answered(p, id, parts, practice);
    expect(p.exercises[id]!.parts.untouched!.attempts).toBe(4);
    expect(firstRating(p, id, parts)).toBe("good");
    // /review/ opened a week later: the card is the one of a solve right first time, on its solve date.
    const card = firstCard(solved, "good");
    expect(enrol(p, reviewables, opened).review![id]).toEqual(card);
    expect(withFirstReviews(p, reviewables, opened).review![id]).toEqual(card);
  });

  test("right first time, then a hint opened since: still good", () => {
    const p = answered(emptyProgress(), id, parts, clean);
    p.exercises[id]!.hints = 1;
    expect(firstRating(p, id, parts)).toBe("good");
  });

  test("after a wrong answer or a hint, hard, however clean the practice since", () => {
    const cleanPractice = practice.filter(([, , right]) => right);
    const missed = answered(emptyProgress(), id, parts, [["canary", "400", false], ...clean]);
    const hinted = answered(emptyProgress(), id, parts, clean, { hints: 1 });
    for (const p of [missed, hinted]) {
      answered(p, id, parts, cleanPractice);
      expect(firstRating(p, id, parts)).toBe("hard");
      expect(enrol(p, reviewables, opened).review![id]).toEqual(firstCard(solved, "hard"));
    }
  });

  test("progress saved before solves were recorded so is read from its counts: good only with no answer beyond the first and no hint", () => {
    for (const withTime of [true, false]) {
      const old = (checked: [string, string, boolean, number?][], hints = 0) => {
        const p = answered(emptyProgress(), id, parts, checked);
        // Saved before either the solve's or its parts' marks were recorded.
        delete p.exercises[id]!.solvedFirstTry;
        for (const part of Object.values(p.exercises[id]!.parts)) delete part.firstTry;
        if (!withTime) delete p.exercises[id]!.solvedAt;
        p.exercises[id]!.hints = hints;
        return firstRating(p, id, parts);
      };
      expect(old(clean)).toBe("good");
      expect(old(clean, 1)).toBe("hard");
      expect(old([["canary", "400", false], ...clean])).toBe("hard");
      // Practice after the solve cannot be told from a miss before it in such a record, nor
      // practice on a part solved before the other was: rated as before parts were judged alone.
      expect(old([...clean, ...practice])).toBe("hard");
      expect(old([clean[0]!, practice[0]!, clean[1]!])).toBe("hard");
    }
  });

  test("practice on a part solved, before the other part is, is no miss: good, and enrolled as good", () => {
    // The untouched part right first time, practised on new numbers (wrong, then right), then the
    // canary part right first time: the solve is right first time on every part.
    const p = answered(emptyProgress(), id, parts, [clean[0]!, practice[0]!, practice[1]!]);
    expect(p.exercises[id]!.solvedAt).toBeUndefined();
    answered(p, id, parts, [clean[1]!], { now: solved });
    expect(p.exercises[id]!.parts.untouched!.attempts).toBe(3);
    expect(firstRating(p, id, parts)).toBe("good");
    expect(enrol(p, reviewables, opened).review![id]).toEqual(firstCard(solved, "good"));
    // A part answered wrong then right is no first try, however the other part went.
    const missed = answered(emptyProgress(), id, parts, [["untouched", "70%", false], ...clean]);
    expect(firstRating(missed, id, parts)).toBe("hard");
    // A hint opened before the whole solve counts against it, even after a part was solved.
    const hinted = answered(emptyProgress(), id, parts, [clean[0]!]);
    hinted.exercises[id]!.hints = 1;
    answered(hinted, id, parts, [clean[1]!]);
    expect(firstRating(hinted, id, parts)).toBe("hard");
  });

  test("kept through export, import and a merge: the page's solve of one part and the terminal's of the other", () => {
    // The page: the untouched part right first time, then practised. The terminal: the canary part.
    const page = answered(emptyProgress(), id, parts, [clean[0]!, practice[0]!, practice[1]!]);
    const terminal = answered(emptyProgress(), id, parts, [clean[1]!]);
    const known = new Set(reviewables.map((r) => r.id));
    for (const [here, there] of [
      [page, terminal],
      [terminal, page],
    ] as const) {
      const imported = importProgress(exportProgress(there), here, known, "terminal", importedAt);
      if (!imported.ok) throw new Error(imported.message);
      // Solved by the merge, at no known time: rated from each part's mark as its solve recorded it.
      expect(imported.progress.exercises[id]!.solvedFirstTry).toBeUndefined();
      expect(imported.progress.exercises[id]!.parts.untouched).toMatchObject({ attempts: 3, firstTry: true });
      expect(firstRating(imported.progress, id, parts)).toBe("good");
    }
    // A whole solve, with practice on a part before it, exported and imported keeps its marks and rating.
    const whole = answered(emptyProgress(), id, parts, [clean[0]!, practice[0]!, clean[1]!]);
    const round = importProgress(exportProgress(whole), emptyProgress(), known, "page", importedAt);
    if (!round.ok) throw new Error(round.message);
    expect(round.progress.exercises[id]).toEqual(whole.exercises[id]);
    expect(firstRating(round.progress, id, parts)).toBe("good");
  });
});

/**
 * A record rated `rating` by firstRating: each part first time, or one part after a wrong answer
 * (or a hint): its counts, and, where the record says how its solve went (solvedFirstTry, which
 * markSolved wrote for a solve right first time), a solve not right first time. Progress saved
 * before that was recorded is rated from the counts alone.
 */
function ratedRecord(p: Progress, r: Reviewable, rating: FirstRating, hint: boolean): void {
  const entry = p.exercises[r.id]!;
  if (rating === "good") return;
  if (hint) entry.hints = 1;
  else {
    const part = entry.parts[r.parts[0]!]!;
    part.attempts = 2;
    if (part.firstTry !== undefined) part.firstTry = false;
  }
  if (entry.solvedFirstTry !== undefined) entry.solvedFirstTry = false;
}

describe("a solved exercise's first review card, without ts-fsrs", () => {
  test("is the card enrol stores, for each rating, solve dates and clocks over four centuries, a solve time ahead of the clock, and none", () => {
    const rand = mulberry32(52);
    // From 1900 to 2300: DST changes, leap days and years, any millisecond of the day.
    const span = Date.parse("2300-01-01T00:00:00Z") - Date.parse("1900-01-01T00:00:00Z");
    const from = Date.parse("1900-01-01T00:00:00Z");
    let due = 0;
    const ratings = new Map<string, number>();
    for (let i = 0; i < 600; i++) {
      const now = new Date(from + Math.floor(rand() * span));
      const solves: Record<string, Date | undefined> = {
        "cells-blast-radius": new Date(now.getTime() - Math.floor(rand() * 10 * day)),
        // A clock that ran ahead where it was solved.
        "canary-exposure": new Date(now.getTime() + 1 + Math.floor(rand() * 3 * day)),
      };
      if (i % 2 === 0) solves["cell-router"] = undefined;
      const p = solvedAt(solves);
      for (const r of reviewables.filter((r) => r.id in solves)) {
        const rating: FirstRating = rand() < 0.5 ? "good" : "hard";
        ratedRecord(p, r, rating, rand() < 0.5);
        expect(firstRating(p, r.id, r.parts)).toBe(rating);
        ratings.set(rating, (ratings.get(rating) ?? 0) + 1);
      }
      const byFsrs = enrol(p, reviewables, now);
      expect(withFirstReviews(p, reviewables, now)).toEqual(byFsrs);
      if (dueCards(byFsrs, reviewables, now).length > 0) due++;
    }
    // Both ratings were compared, many times each.
    expect(ratings.get("good")).toBeGreaterThan(300);
    expect(ratings.get("hard")).toBeGreaterThan(300);
    // Both sides of the due date were compared: cards due at the clock and cards not yet due.
    expect(due).toBeGreaterThan(50);
    expect(due).toBeLessThan(550);
  });

  test.each(["good", "hard"] as const)("rated %s, is due exactly when enrol's is, to the millisecond", (rating) => {
    const solved = new Date("2026-12-01T09:00:00.000Z");
    const p = solvedAt({ "cells-blast-radius": solved });
    ratedRecord(p, reviewables[0]!, rating, false);
    const card = enrol(p, reviewables, new Date("2027-01-01T00:00:00.000Z")).review!["cells-blast-radius"]!;
    expect(firstCard(solved, rating)).toEqual(card);
    const at = Date.parse(card.due);
    const dueAt = (ms: number) => dueCards(withFirstReviews(p, reviewables, new Date(ms)), reviewables, new Date(ms));
    expect(dueAt(at - 1)).toEqual([]);
    expect(dueAt(at).map((c) => c.id)).toEqual(["cells-blast-radius"]);
  });

  test("a hard solve comes back sooner than a good one, and the sentence the pages say it in gives both days", () => {
    const solved = new Date("2026-12-01T09:00:00.000Z");
    const comesBack = (rating: FirstRating) => whenText(new Date(firstCard(solved, rating).due), solved);
    expect(Date.parse(firstCard(solved, "hard").due)).toBeLessThan(Date.parse(firstCard(solved, "good").due));
    expect([comesBack("good"), comesBack("hard")]).toEqual(["in 3 days (2026-12-04)", "in 2 days (2026-12-03)"]);
    expect(firstComeback).toBe("in 3 days, or in 2 days if you answered a part wrong or took a hint");
  });

  test("a card already in the schedule stays as it was rated, whatever the record says now", () => {
    const now = new Date("2026-12-04T09:00:00.000Z");
    const p = solvedAt({ "cells-blast-radius": new Date("2026-12-01T00:00:00.000Z") });
    const enrolled = enrol(p, reviewables, now);
    // Entered as good; a record that now rates the solve hard (merged with another solve's, or
    // edited: practice since changes nothing, see above) does not rewrite it.
    ratedRecord(enrolled, reviewables[0]!, "hard", false);
    enrolled.exercises["cells-blast-radius"]!.hints = 2;
    expect(firstRating(enrolled, "cells-blast-radius", reviewables[0]!.parts)).toBe("hard");
    expect(enrol(enrolled, reviewables, now)).toBe(enrolled);
    expect(withFirstReviews(enrolled, reviewables, now)).toBe(enrolled);
    expect(enrolled.review!["cells-blast-radius"]).toEqual(firstCard(new Date("2026-12-01T00:00:00.000Z"), "good"));
  });

  test("cards already in the schedule stay as they are, and unsolved exercises stay out", () => {
    const now = new Date("2026-12-04T09:00:00.000Z");
    const p = solvedAt({ "cells-blast-radius": new Date("2026-11-01T00:00:00.000Z") });
    const enrolled = enrol(p, reviewables, now);
    expect(withFirstReviews(enrolled, reviewables, now)).toBe(enrolled);
    expect(unenrolled(enrolled, reviewables)).toEqual([]);
    expect(unenrolled(p, reviewables).map((r) => r.id)).toEqual(["cells-blast-radius"]);
    const partly = emptyProgress();
    markSolved(partly, "cells-blast-radius", "canary", { parts: reviewables[0]!.parts, now });
    expect(withFirstReviews(partly, reviewables, now)).toBe(partly);
  });

  test("the /progress/ summary given them says what /review/ would show due", () => {
    const now = new Date("2026-12-04T09:00:00.000Z");
    const p = solvedAt({
      "cells-blast-radius": new Date("2026-11-01T00:00:00.000Z"),
      "canary-exposure": new Date("2026-12-03T00:00:00.000Z"),
    });
    const catalog = [
      {
        slug: "cells",
        title: "Cells",
        exercises: reviewables.filter((r) => r.chapter === "cells").map((r) => ({ ...r, title: r.id })),
      },
      {
        slug: "deploys-and-correlated-failure",
        title: "Deploys",
        exercises: [{ ...reviewables[1]!, title: "canary" }],
      },
    ];
    const onReview = dueCards(enrol(p, reviewables, now), reviewables, now).length;
    expect(onReview).toBe(1);
    expect(progressSummary(p, catalog, now.getTime())).not.toContain("daily review");
    expect(progressSummary(withFirstReviews(p, reviewables, now), catalog, now.getTime())).toContain(
      `2 exercises are in your daily review, ${onReview} due now.`,
    );
    // Solved two days ago after a wrong answer: due now, where a solve right first time would not be.
    const missed = solvedAt({
      "cells-blast-radius": new Date("2026-11-01T00:00:00.000Z"),
      "canary-exposure": new Date("2026-12-02T09:00:00.000Z"),
    });
    const asGood = dueCards(enrol(missed, reviewables, now), reviewables, now).length;
    ratedRecord(missed, reviewables[1]!, "hard", false);
    const asHard = dueCards(enrol(missed, reviewables, now), reviewables, now).length;
    expect([asGood, asHard]).toEqual([1, 2]);
    expect(progressSummary(withFirstReviews(missed, reviewables, now), catalog, now.getTime())).toContain(
      "2 exercises are in your daily review, 2 due now.",
    );
  });
});
