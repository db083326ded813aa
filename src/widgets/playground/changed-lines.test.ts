import { describe, expect, test } from "vitest";
import { changedLines, changeSummary } from "./changed-lines.ts";

const lines = (text: string) => text.split(" ");

describe("changedLines", () => {
  test("marks only the lines the new output does not share with the old", () => {
    expect([...changedLines(lines("a b c d"), lines("a b c d"))]).toEqual([]);
    expect([...changedLines(lines("a b c d"), lines("a x c d"))]).toEqual([1]);
    // A line added at the top marks that line, not every line below it.
    expect([...changedLines(lines("a b c d"), lines("z a b c d"))]).toEqual([0]);
    expect([...changedLines(lines("a b c d"), lines("a d"))]).toEqual([]);
    expect([...changedLines([], lines("a b"))]).toEqual([0, 1]);
  });
});

describe("changeSummary", () => {
  test("says nothing without a run before, and counts new, changed and gone lines otherwise", () => {
    expect(changeSummary(null, lines("a b"), 2)).toBe("");
    expect(changeSummary(lines("a b"), lines("a b"), 0)).toBe("same output as the last run");
    expect(changeSummary(lines("a b c d"), lines("a x c d"), 1)).toBe("1 line new or changed since the last run");
    expect(changeSummary(lines("a b c d"), lines("a d"), 0)).toBe("2 lines gone since the last run");
    expect(changeSummary(lines("a b"), lines("x y z"), 3)).toBe("3 lines new or changed since the last run");
    expect(changeSummary(lines("a b c"), lines("x"), 1)).toBe("1 line new or changed, 2 lines gone since the last run");
  });
});
