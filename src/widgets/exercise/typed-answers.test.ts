import { expect, test, vi } from "vitest";
import {
  type Kept,
  keepTypedAnswers,
  keptText,
  numbersName,
  readKept,
  typedAnswersKey,
  withPart,
} from "./typed-answers.ts";

test("kept under the exercise's own versioned key, beside its code's", () => {
  expect(typedAnswersKey("cells-blast-radius")).toBe("blast-radius:exercise-answers:v1:cells-blast-radius");
});

test("each part's answer is kept for the numbers it was typed for, and an emptied one is forgotten", () => {
  let kept: Kept = {};
  kept = withPart(kept, numbersName(null), "share", [["answer", "0.9"]]);
  kept = withPart(kept, numbersName(null), "cells", [["answer", "50"]]);
  kept = withPart(kept, numbersName(42), "share", [["answer", "1/20"]]);
  expect(kept).toEqual({
    chapter: { share: [["answer", "0.9"]], cells: [["answer", "50"]] },
    "variant 42": { share: [["answer", "1/20"]] },
  });
  // Typed for variant 42, it is not the chapter's answer, nor variant 7's.
  expect(kept[numbersName(7)]).toBeUndefined();
  // An emptied field, an unticked choice, a match with nothing picked: the part is forgotten.
  kept = withPart(kept, "chapter", "cells", [["answer", ""]]);
  expect(kept.chapter).toEqual({ share: [["answer", "0.9"]] });
  kept = withPart(kept, "variant 42", "share", []);
  expect(kept).toEqual({ chapter: { share: [["answer", "0.9"]] } });
  kept = withPart(kept, "chapter", "share", [
    ["m1", ""],
    ["m2", ""],
  ]);
  // Nothing kept: the key itself is forgotten, as a code exercise's is once its code is the starter.
  expect(keptText(kept)).toBeNull();
});

test("only the last variant typed in is kept beside the chapter's numbers", () => {
  let kept = withPart({}, "chapter", "share", [["answer", "0.9"]]);
  kept = withPart(kept, "variant 42", "share", [["answer", "1/20"]]);
  kept = withPart(kept, "variant 7", "share", [["answer", "2%"]]);
  expect(Object.keys(kept)).toEqual(["chapter", "variant 7"]);
  // Typing for the chapter's numbers forgets no variant.
  kept = withPart(kept, "chapter", "cells", [["answer", "5"]]);
  expect(Object.keys(kept)).toEqual(["chapter", "variant 7"]);
});

test("a choice's ticks and a match's picks are kept field by field, the empty ones left out", () => {
  const kept = withPart({}, "chapter", "kind", [
    ["waiting", "slow"],
    ["flood", ""],
    ["crash", "crash"],
  ]);
  expect(readKept(keptText(kept))).toEqual({
    chapter: {
      kind: [
        ["waiting", "slow"],
        ["crash", "crash"],
      ],
    },
  });
});

test("a stored value is read for what it holds: anything else counts as nothing kept", () => {
  expect(readKept(null)).toEqual({});
  expect(readKept("not json")).toEqual({});
  expect(readKept("[1,2]")).toEqual({});
  expect(
    readKept(
      JSON.stringify({
        chapter: { share: [["answer", "0.9"]], bad: "0.9", odd: [["answer", 5]], empty: [["answer", ""]] },
        "variant 3": [],
        long: { share: [["answer", "9".repeat(1001)]] },
      }),
    ),
  ).toEqual({ chapter: { share: [["answer", "0.9"]] } });
});

test("where storage is refused, or on /review/, nothing is read, kept or listened to", () => {
  const root = { dataset: {} as DOMStringMap, addEventListener: vi.fn(), querySelectorAll: vi.fn(() => []) };
  keepTypedAnswers(root as unknown as HTMLElement, "cells-blast-radius", null);
  expect(root.addEventListener).not.toHaveBeenCalled();
  expect(root.querySelectorAll).not.toHaveBeenCalled();
  const storage = { getItem: vi.fn(() => null), setItem: vi.fn(), removeItem: vi.fn() };
  root.dataset.inReview = "";
  keepTypedAnswers(root as unknown as HTMLElement, "cells-blast-radius", storage);
  expect(storage.getItem).not.toHaveBeenCalled();
  expect(root.addEventListener).not.toHaveBeenCalled();
  // On a chapter page, what is kept is read, and each edit is listened to.
  delete root.dataset.inReview;
  keepTypedAnswers(root as unknown as HTMLElement, "cells-blast-radius", storage);
  expect(storage.getItem).toHaveBeenCalledWith(typedAnswersKey("cells-blast-radius"));
  expect(root.addEventListener.mock.calls.map(([type]) => type)).toEqual(["input", "change"]);
});
