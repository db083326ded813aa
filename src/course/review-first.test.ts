import { describe, expect, test } from "vitest";
import { mulberry32 } from "../sim/random.ts";
import { emptyProgress, markSolved, type Progress, progressSummary } from "./progress.ts";
import { dueCards, enrol, type Reviewable } from "./review.ts";
import { firstCard, unenrolled, withFirstReviews } from "./review-first.ts";

const day = 86_400_000;
const reviewables: Reviewable[] = [
  { id: "cells-blast-radius", chapter: "cells", parts: ["untouched", "canary"] },
  { id: "canary-exposure", chapter: "deploys-and-correlated-failure", parts: ["users"] },
  { id: "cell-router", chapter: "cells", parts: ["a"] },
];

/** Progress with each of `solves` solved at its date (undefined: solved before solve times were kept). */
function solvedAt(solves: Record<string, Date | undefined>): Progress {
  const p = emptyProgress();
  for (const r of reviewables) {
    const when = solves[r.id];
    if (!(r.id in solves)) continue;
    for (const part of r.parts) markSolved(p, r.id, part, { parts: r.parts, now: when ?? new Date(0) });
    if (when === undefined) delete p.exercises[r.id]!.solvedAt;
  }
  return p;
}

describe("a solved exercise's first review card, without ts-fsrs", () => {
  test("is the card enrol stores, for solve dates and clocks over four centuries, a solve time ahead of the clock, and none", () => {
    const rand = mulberry32(52);
    // From 1900 to 2300: DST changes, leap days and years, any millisecond of the day.
    const span = Date.parse("2300-01-01T00:00:00Z") - Date.parse("1900-01-01T00:00:00Z");
    const from = Date.parse("1900-01-01T00:00:00Z");
    let due = 0;
    for (let i = 0; i < 600; i++) {
      const now = new Date(from + Math.floor(rand() * span));
      const solves: Record<string, Date | undefined> = {
        "cells-blast-radius": new Date(now.getTime() - Math.floor(rand() * 10 * day)),
        // A clock that ran ahead where it was solved.
        "canary-exposure": new Date(now.getTime() + 1 + Math.floor(rand() * 3 * day)),
      };
      if (i % 2 === 0) solves["cell-router"] = undefined;
      const p = solvedAt(solves);
      const byFsrs = enrol(p, reviewables, now);
      expect(withFirstReviews(p, reviewables, now)).toEqual(byFsrs);
      if (dueCards(byFsrs, reviewables, now).length > 0) due++;
    }
    // Both sides of the due date were compared: cards due at the clock and cards not yet due.
    expect(due).toBeGreaterThan(50);
    expect(due).toBeLessThan(550);
  });

  test("is due exactly when enrol's is, to the millisecond", () => {
    const solved = new Date("2026-12-01T09:00:00.000Z");
    const p = solvedAt({ "cells-blast-radius": solved });
    const card = enrol(p, reviewables, new Date("2027-01-01T00:00:00.000Z")).review!["cells-blast-radius"]!;
    expect(firstCard(solved)).toEqual(card);
    const at = Date.parse(card.due);
    const dueAt = (ms: number) => dueCards(withFirstReviews(p, reviewables, new Date(ms)), reviewables, new Date(ms));
    expect(dueAt(at - 1)).toEqual([]);
    expect(dueAt(at).map((c) => c.id)).toEqual(["cells-blast-radius"]);
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
  });
});
