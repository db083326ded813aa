import { expect, test } from "vitest";
import { emptyProgress, type Progress } from "../../course/progress.ts";
import { dueCards, enrol, recordReview } from "../../course/review.ts";
import { reviewedToday } from "./today.ts";

const day = 86_400_000;
const reviewables = ["a", "b", "c"].map((id) => ({ id, chapter: "cells", parts: ["p"] }));
/** Three exercises solved ten days before `now`, so all three are due on it. */
function solvedLongAgo(now: Date): Progress {
  const p = emptyProgress();
  for (const { id } of reviewables)
    p.exercises[id] = { parts: { p: { attempts: 1, solved: true } }, hints: 0, revealed: false };
  return enrol(p, reviewables, new Date(now.getTime() - 10 * day));
}
const ids = (cards: { id: string }[]) => cards.map((c) => c.id);

test("the cards rated earlier on the day, in the order rated, with their reviews so far", () => {
  const now = new Date("2026-12-04T18:00:00.000Z");
  let p = solvedLongAgo(now);
  p = recordReview(p, "b", "good", new Date("2026-12-04T08:00:00.000Z"));
  p = recordReview(p, "a", "easy", new Date("2026-12-04T09:30:00.000Z"));
  const due = dueCards(p, reviewables, now);
  expect(ids(due)).toEqual(["c"]);
  const earlier = reviewedToday(p, reviewables, now, new Set(ids(due)));
  expect(earlier).toEqual([
    { id: "b", due: new Date(p.review!.b!.due), reps: 2 },
    { id: "a", due: new Date(p.review!.a!.due), reps: 2 },
  ]);
});

test("not a card rated the day before, one due again now, one only solved today, nor one no longer in the course", () => {
  const now = new Date("2026-12-04T00:30:00.000Z");
  let p = solvedLongAgo(now);
  // Yesterday in UTC, half an hour before.
  p = recordReview(p, "a", "good", new Date("2026-12-03T23:59:00.000Z"));
  // Forgotten a minute ago: due again within minutes, and due by then.
  p = recordReview(p, "b", "again", new Date("2026-12-04T00:29:00.000Z"));
  const later = new Date(p.review!.b!.due);
  expect(ids(dueCards(p, reviewables, later))).toContain("b");
  expect(ids(reviewedToday(p, reviewables, later, new Set(["b"])))).toEqual([]);
  // Before it is due again, it was reviewed today.
  expect(ids(reviewedToday(p, reviewables, now, new Set()))).toEqual(["b"]);
  // Only in the course's reviewables.
  expect(ids(reviewedToday(p, reviewables.slice(0, 1), now, new Set()))).toEqual([]);

  // Solved today: entered as reviewed when solved, one review so far, and that is no review.
  const fresh = emptyProgress();
  fresh.exercises.c = { parts: { p: { attempts: 1, solved: true } }, hints: 0, revealed: false };
  const enrolled = enrol(fresh, reviewables, new Date("2026-12-04T00:10:00.000Z"));
  expect(enrolled.review!.c!.last_review?.slice(0, 10)).toBe("2026-12-04");
  expect(reviewedToday(enrolled, reviewables, now, new Set())).toEqual([]);
});
