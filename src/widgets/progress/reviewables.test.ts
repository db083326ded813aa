import { expect, test } from "vitest";
import { type Catalog, emptyProgress, markSolved } from "../../course/progress.ts";
import { dueCards, enrol } from "../../course/review.ts";
import { schedulableIn, summaryWithReviews } from "./reviewables.ts";

const day = 86_400_000;
const catalog: Catalog = [
  {
    slug: "cells",
    title: "Cells",
    exercises: [
      { id: "cells-blast-radius", title: "One bad cell", parts: ["untouched", "canary"] },
      { id: "cell-router", title: "Route by cell", parts: ["code"] },
    ],
  },
  { slug: "bulkheads", title: "Bulkheads", exercises: [{ id: "pool-size", title: "Pool size", parts: ["a"] }] },
];

test("the schedulable exercises are those of the catalog the embedded list names, in course order", () => {
  expect(schedulableIn(catalog, '["pool-size","cells-blast-radius","not-an-exercise"]').map((e) => e.id)).toEqual([
    "cells-blast-radius",
    "pool-size",
  ]);
  expect(schedulableIn(catalog, "[]")).toEqual([]);
});

test("a list that cannot be read names none", () => {
  for (const json of [null, undefined, "", "{", '{"pool-size":true}', "42"])
    expect(schedulableIn(catalog, json)).toEqual([]);
});

test("the summary counts a solve not yet in the schedule as /review/ will enter it, and only a schedulable one", () => {
  const now = new Date("2026-12-04T09:00:00.000Z");
  const solved = emptyProgress();
  const parts = catalog[0]!.exercises[0]!.parts;
  for (const part of parts)
    markSolved(solved, "cells-blast-radius", part, { parts, now: new Date(now.getTime() - 3 * day) });
  markSolved(solved, "pool-size", "a", { parts: ["a"], now });
  const schedulable = schedulableIn(catalog, '["cells-blast-radius"]');
  // What /review/ shows when it opens now: enrolled, and due.
  const entered = enrol(solved, [{ id: "cells-blast-radius", chapter: "cells", parts }], now);
  const due = dueCards(entered, [{ id: "cells-blast-radius", chapter: "cells", parts }], now).length;
  expect(due).toBe(1);
  expect(summaryWithReviews(solved, catalog, schedulable, now)).toBe(
    `You have solved 2 of 3 exercises and finished 1 of 2 chapters. 1 exercise is in your daily review, ${due} due now.`,
  );
  // Read from the stored schedule alone (the landing page's old summary), the solve counted nothing.
  expect(summaryWithReviews(solved, catalog, [], now)).not.toContain("daily review");
});
