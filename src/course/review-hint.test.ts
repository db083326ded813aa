/**
 * What asking for a hint on a due review's numbers does, the /review/ page's rule and the
 * terminal's: counted while the review is under way, each hint once; nothing once it is answered.
 */
import { expect, test } from "vitest";
import { reviewHintAsked } from "./review-hint.ts";

test("under way: each hint an ask opens counts once; an ask that opens none (every hint open) counts nothing", () => {
  // A two-hint exercise asked three times, as the terminal asks (the next one, up to the last).
  let hints = 0;
  let wrong = 0;
  for (let ask = 0; ask < 3; ask++) {
    const asked = reviewHintAsked({ hints, answered: false }, Math.min(2, hints + 1));
    wrong += asked.counted;
    hints = asked.shown;
  }
  expect({ hints, wrong }).toEqual({ hints: 2, wrong: 2 });
  // As the page asks (the hints its exercise shows after the press): the same.
  expect(reviewHintAsked({ hints: 1, answered: false }, 2)).toEqual({ shown: 2, counted: 1 });
  expect(reviewHintAsked({ hints: 2, answered: false }, 2)).toEqual({ shown: 2, counted: 0 });
});

test("answered: an ask counts nothing and opens nothing more; the hints the review counted are the ones on show", () => {
  expect(reviewHintAsked({ hints: 1, answered: true }, 2)).toEqual({ shown: 1, counted: 0 });
  expect(reviewHintAsked({ hints: 0, answered: true }, 1)).toEqual({ shown: 0, counted: 0 });
  // Not the chapter's rule, where every hint is shown to learn from once every part on show is right.
  expect(reviewHintAsked({ hints: 0, answered: true }, 2).shown).toBe(0);
});
