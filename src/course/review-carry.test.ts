import { expect, test } from "vitest";
import { carryReview } from "./review-carry.ts";
import { mayDealReview, reviewDraw } from "./review-seed.ts";

const id = "retry-token-bucket";
const reps = 13;
/** The seed its thirteenth review dealt before reviews skipped the chapter's numbers (draw 0), and another draw of the same reps. */
const former = reviewDraw(id, reps, 0);
const dealt = reviewDraw(id, reps, 1);
/** A seed of the review before, rated since. */
const rated = reviewDraw(id, reps - 1, 0);

test("the seeds used here: two draws of the same reps, and one of the reps before that these reps do not deal", () => {
  expect(former).not.toBe(dealt);
  expect(mayDealReview(id, reps, former)).toBe(true);
  expect(mayDealReview(id, reps, rated)).toBe(false);
});

test("a record kept under the seed dealt is that review's: it comes back itself, whole", () => {
  const page = { seed: dealt, wrong: 2, hints: 1, gaveUp: false, answers: { part: "kept" } };
  expect(carryReview(id, reps, dealt, page)).toBe(page);
  const terminal = { seed: dealt, wrong: 3, right: ["drain"] };
  expect(carryReview(id, reps, dealt, terminal)).toBe(terminal);
});

test("a record kept under another seed of the same reps moves to the seed dealt with its counts, and nothing else", () => {
  // The page's format: wrong answers, hints and giving up carry over; the answers do not.
  const page = { seed: former, wrong: 2, hints: 1, gaveUp: true, answers: { part: "to other numbers" } };
  const carried = carryReview(id, reps, dealt, page);
  expect(carried).toEqual({ seed: dealt, wrong: 2, hints: 1, gaveUp: true });
  expect(carried).not.toBe(page);
  // The record kept is left as it was.
  expect(page.seed).toBe(former);
  // The terminal's format, which counts hints in `wrong` and keeps no giving up: its count carries,
  // the parts answered right do not.
  expect(carryReview(id, reps, dealt, { seed: former, wrong: 4, right: ["drain"] })).toEqual({
    seed: dealt,
    wrong: 4,
    hints: 0,
    gaveUp: false,
  });
});

test("a record kept under a seed of other reps is a rated review's, and none carries; nor with no record", () => {
  expect(carryReview(id, reps, dealt, { seed: rated, wrong: 5, hints: 2, gaveUp: true })).toBeUndefined();
  expect(carryReview(id, reps, dealt, undefined)).toBeUndefined();
});
