/**
 * The rule the chapter page and the terminal share for when every part on show is answered right
 * (Show a hint goes; `hint` opens none): the record for the chapter's numbers, the parts answered
 * for them alone for new numbers.
 */
import { expect, test } from "vitest";
import { allAnsweredOnShow } from "./on-show.ts";
import { emptyProgress, markSolved, type Progress } from "./progress.ts";
import { markSeen } from "./solution-offer.ts";

const id = "shuffle-shard-16-workers";
const parts = ["shuffle", "fixed"];
const now = new Date("2026-12-01T09:00:00.000Z");
const solve = (p: Progress, part: string) => markSolved(p, id, part, { parts, now });

test("the chapter's numbers: every part answered in the record, solved or after seeing the solution", () => {
  const progress = emptyProgress();
  expect(allAnsweredOnShow(progress, id, parts)).toBe(false);
  solve(progress, "shuffle");
  expect(allAnsweredOnShow(progress, id, parts)).toBe(false);
  markSeen(progress, id);
  solve(progress, "fixed");
  expect(progress.exercises[id]?.parts.fixed?.afterReveal).toBe(true);
  expect(allAnsweredOnShow(progress, id, parts)).toBe(true);
});

test("new numbers: the parts answered right for them alone, whatever the record holds", () => {
  const solved = emptyProgress();
  for (const part of parts) solve(solved, part);
  expect(allAnsweredOnShow(solved, id, parts)).toBe(true);
  expect(allAnsweredOnShow(solved, id, parts, { answered: ["fixed"] })).toBe(false);
  expect(allAnsweredOnShow(emptyProgress(), id, parts, { answered: ["fixed", "shuffle"] })).toBe(true);
});
