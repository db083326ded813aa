import { expect, test } from "vitest";
import { answeredNote, dealtNote } from "./status.ts";

test("while the review is worked on, the note on its numbers names no variant", () => {
  expect(dealtNote(2, 0, 0)).toBe("New numbers are in: work it out again.");
  expect(dealtNote(2, 1, 0)).toBe("Back to this review as you left it, with your answers to 1 of 2 parts.");
  expect(dealtNote(3, 1, 1)).toBe(
    "Back to this review as you left it, with your answers to 1 of 3 parts, and text typed and not checked yet in 1 part.",
  );
  expect(dealtNote(2, 0, 2)).toBe(
    "Back to this review as you left it, with text typed and not checked yet in 2 of 2 parts.",
  );
  for (const note of [dealtNote(2, 0, 0), dealtNote(2, 1, 1), dealtNote(2, 0, 1)])
    expect(note).not.toMatch(/variant|\d{4}/i);
});

test("answered or given up, the rating step names the variant", () => {
  expect(answeredNote(false, 968768893)).toBe("Answered (variant 968768893). Rate the review to schedule it.");
  expect(answeredNote(true, 968768893)).toBe("Answers shown (variant 968768893). Rate the review to schedule it.");
});
