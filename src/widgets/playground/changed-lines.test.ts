import { describe, expect, test } from "vitest";
import { changedLines, changeSummary, RunComparison } from "./changed-lines.ts";

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

describe("RunComparison", () => {
  const runs = new RunComparison();
  const run = (printed: string, ran = true) => {
    runs.start().push(...(printed ? lines(printed) : []));
    return runs.finish(ran).summary;
  };

  test("compares each run with the last run started, even one that did not run or printed nothing", () => {
    expect(run("a b c")).toBe("");
    expect(run("a b x")).toBe("1 line new or changed since the last run");
    // A syntax error: nothing ran, nothing to say of it; but it is the last run from here on.
    expect(run("", false)).toBe("");
    expect(run("a b x")).toBe("3 lines new or changed since the last run");
    // A run that printed nothing is the last run too.
    expect(run("")).toBe("3 lines gone since the last run");
    expect(run("")).toBe("same output as the last run");
  });

  test("a run stopped before it ended (by the next run) is the last run of the next", () => {
    const stopped = new RunComparison();
    stopped.start().push("a", "b");
    stopped.finish(true);
    stopped.start().push("a"); // stopped: never finished
    stopped.start().push("a", "b");
    expect(stopped.finish(true).summary).toBe("1 line new or changed since the last run");
  });
});
