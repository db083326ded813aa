/**
 * review-session.json's format, read without the command: each due review's record by exercise
 * id, the old one-review file read as that review's, anything else refused with the reason.
 * (The command's use of it: exercises-review.test.ts.)
 */
import { describe, expect, test } from "vitest";
import { emptyProgress } from "../course/progress.ts";
import { enrol, recordReview } from "../course/review.ts";
import { readSessionsText, stillCurrent } from "./review-session.ts";
import { reviewSeedOf } from "../../tests/support/review-seeds.ts";

const id = "cells-blast-radius";
const t0 = new Date("2026-12-01T09:00:00.000Z");
const solved = {
  ...emptyProgress(),
  exercises: { [id]: { parts: { a: { attempts: 1, solved: true } }, hints: 0, revealed: false } },
};
const enrolled = enrol(solved, [{ id, chapter: "cells", parts: ["a"] }], t0);
const card = enrolled.review![id]!;
const rated = recordReview(enrolled, id, "hard", new Date("2026-12-04T09:00:00.000Z")).review![id]!;

describe("readSessionsText", () => {
  test("the current format: every record by exercise id", () => {
    const text = JSON.stringify({
      version: 2,
      reviews: {
        [id]: {
          seed: 7,
          wrong: 2,
          hints: 1,
          right: ["canary"],
          lastWrong: { canary: "0badf00d:7" },
          toldAnswer: true,
        },
        other: {
          seed: 8,
          wrong: 0,
          right: [],
          rated: { outcome: "good", allowed: ["again", "good"], at: t0.toISOString(), before: card, after: rated },
        },
      },
    });
    const result = readSessionsText(text);
    expect(result.ok && [...result.sessions.keys()]).toEqual([id, "other"]);
    expect(result.ok && result.sessions.get(id)).toEqual({
      seed: 7,
      wrong: 2,
      hints: 1,
      right: ["canary"],
      lastWrong: { canary: "0badf00d:7" },
      toldAnswer: true,
    });
    expect(result.ok && result.lossy).toEqual([]);
  });

  test("the old format (one review, no version) is that review's record", () => {
    const result = readSessionsText(JSON.stringify({ id, seed: 7, wrong: 1, right: [] }));
    expect(result.ok && Object.fromEntries(result.sessions)).toEqual({ [id]: { seed: 7, wrong: 1, right: [] } });
  });

  test("a record with a field of the wrong kind is dropped alone and named", () => {
    const text = JSON.stringify({
      version: 2,
      reviews: {
        [id]: { seed: 7, wrong: 0, right: [] },
        broken: { seed: 7, wrong: 0, right: [], rated: { outcome: "easy", allowed: ["again"], at: "x" } },
      },
    });
    const result = readSessionsText(text);
    expect(result.ok && [...result.sessions.keys()]).toEqual([id]);
    expect(result.ok && result.lossy).toEqual(["broken"]);
    // A key that is no exercise id is dropped too (JSON.parse makes "__proto__" an own key, not the prototype).
    const proto = readSessionsText(`{"version":2,"reviews":{"__proto__":{"seed":7,"wrong":0,"right":[]}}}`);
    expect(proto.ok && [...proto.sessions.keys()]).toEqual([]);
    expect(proto.ok && proto.lossy).toEqual(["__proto__"]);
    const told = readSessionsText(
      JSON.stringify({ version: 2, reviews: { [id]: { seed: 7, wrong: 1, right: [], toldAnswer: "yes" } } }),
    );
    expect(told.ok && told.lossy).toEqual([id]);
    // The hints a review opened are among its wrong answers and hints: more of them is no record.
    const hints = (count: unknown) =>
      readSessionsText(
        JSON.stringify({ version: 2, reviews: { [id]: { seed: 7, wrong: 1, hints: count, right: [] } } }),
      );
    expect(
      [1, 2, -1, "1"].map((count) => {
        const r = hints(count);
        return r.ok && r.lossy;
      }),
    ).toEqual([[], [id], [id], [id]]);
    const old = readSessionsText(JSON.stringify({ id, seed: "7", wrong: 0, right: [] }));
    expect(old.ok && old.lossy).toEqual([id]);
  });

  test("anything else is refused, with the reason", () => {
    expect(readSessionsText("{")).toEqual({ ok: false, message: "it is not valid JSON" });
    expect(readSessionsText(JSON.stringify({ version: 3, reviews: {} }))).toMatchObject({
      ok: false,
      message: expect.stringContaining("saved by a newer version of the course (version 3"),
    });
    expect(readSessionsText("[]")).toMatchObject({
      ok: false,
      message: "it is JSON, but not the reviews under way in the terminal",
    });
  });
});

test("a record lasts while it is its card's: under way while the card deals its seed, rated until the card moves on", () => {
  const underWay = { seed: reviewSeedOf(id, card.reps), wrong: 1, right: [] };
  expect(stillCurrent(id, underWay, card)).toBe(true);
  // Rated elsewhere (the page): the card deals another seed now.
  expect(stillCurrent(id, underWay, rated)).toBe(false);
  expect(stillCurrent(id, underWay, undefined)).toBe(false);
  const done = {
    ...underWay,
    rated: {
      outcome: "hard" as const,
      allowed: ["again" as const, "hard" as const],
      at: t0.toISOString(),
      before: card,
      after: rated,
    },
  };
  expect(stillCurrent(id, done, rated)).toBe(true);
  expect(
    stillCurrent(
      id,
      done,
      recordReview({ ...enrolled, review: { [id]: rated } }, id, "good", new Date("2027-01-01")).review![id],
    ),
  ).toBe(false);
});
