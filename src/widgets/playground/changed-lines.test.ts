import { describe, expect, test } from "vitest";
import { changedLines, changeSummary, RunComparison, type RunEnding, type RunShown } from "./changed-lines.ts";

const lines = (text: string) => (text ? text.split(" ") : []);
const finished: RunEnding = { status: "ok", truncated: false };
const failed = (error: string): RunEnding => ({ status: "error", error, truncated: false });
const timedOut: RunEnding = {
  status: "timeout",
  error: "stopped after 5 s: the program did not finish (an endless loop?)",
  truncated: false,
};
const syntaxError: RunEnding = { status: "syntax-error", error: "syntax error: Unexpected token", truncated: false };
const shown = (text: string, ending = finished): RunShown => ({ lines: lines(text), ending });
/** The summary of `after` against `before`, with the changed lines counted as the panel counts them. */
const summary = (before: RunShown | null, after: RunShown) =>
  changeSummary(before, after, changedLines(before?.lines ?? [], after.lines).size);

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
    expect(changeSummary(null, shown("a b"), 2)).toBe("");
    expect(changeSummary(shown("a b"), shown("a b"), 0)).toBe("same output as the last run");
    expect(changeSummary(shown("a b c d"), shown("a x c d"), 1)).toBe("1 line new or changed since the last run");
    expect(changeSummary(shown("a b c d"), shown("a d"), 0)).toBe("2 lines gone since the last run");
    expect(changeSummary(shown("a b"), shown("x y z"), 3)).toBe("3 lines new or changed since the last run");
    expect(changeSummary(shown("a b c"), shown("x"), 1)).toBe("1 line new or changed, 2 lines gone since the last run");
  });

  test("says the same output only when the outcome and the error are the same too", () => {
    // Same error, same lines: all the panel shows is the same.
    expect(summary(shown("a", failed("Error: boom (line 2)")), shown("a", failed("Error: boom (line 2)")))).toBe(
      "same output as the last run",
    );
    expect(summary(shown("", timedOut), shown("", timedOut))).toBe("same output as the last run");
    // Nothing printed, an outcome of its own (the audit's runs): the status says the outcome, nothing to add.
    expect(summary(shown("", syntaxError), shown("", timedOut))).toBe("");
    expect(summary(shown("", timedOut), shown("", failed("Error: boom (line 1)")))).toBe("");
    expect(summary(shown("", failed("Error: boom (line 1)")), shown(""))).toBe("");
    // The same lines, ended otherwise: the lines are the same, the output is not.
    expect(summary(shown("a b", failed("Error: boom (line 3)")), shown("a b"))).toBe("same lines as the last run");
    expect(summary(shown("a b"), shown("a b", timedOut))).toBe("same lines as the last run");
    // A failure reads "Failed after" both times: another error is said.
    expect(summary(shown("", failed("Error: boom (line 1)")), shown("", failed("Error: bang (line 1)")))).toBe(
      "a different error from the last run",
    );
    expect(summary(shown("a", failed("Error: boom (line 2)")), shown("a", failed("Error: boom (line 3)")))).toBe(
      "same lines, a different error from the last run",
    );
    expect(summary(shown("a b", failed("Error: boom (line 3)")), shown("a x", failed("Error: bang (line 3)")))).toBe(
      "1 line new or changed, a different error since the last run",
    );
    // Lines that changed are counted whatever the outcome; the same error is not mentioned.
    expect(summary(shown("a b", failed("Error: boom (line 3)")), shown("a x", failed("Error: boom (line 3)")))).toBe(
      "1 line new or changed since the last run",
    );
    expect(summary(shown("", syntaxError), shown("a b"))).toBe("2 lines new or changed since the last run");
    // Cut short once and not the other time: the lines shown may match, the output did not.
    expect(summary(shown("a b", { status: "ok", truncated: true }), shown("a b"))).toBe("same lines as the last run");
  });
});

describe("RunComparison", () => {
  const runs = new RunComparison();
  const run = (printed: string, ending = finished) => {
    runs.start().push(...lines(printed));
    return runs.finish(ending).summary;
  };

  test("compares each run with the last run started, even one that did not run or printed nothing", () => {
    expect(run("a b c")).toBe("");
    expect(run("a b x")).toBe("1 line new or changed since the last run");
    // A syntax error: nothing ran, nothing to say of it; but it is the last run from here on.
    expect(run("", syntaxError)).toBe("");
    expect(run("a b x")).toBe("3 lines new or changed since the last run");
    // A run that printed nothing is the last run too.
    expect(run("")).toBe("3 lines gone since the last run");
    expect(run("")).toBe("same output as the last run");
  });

  test("the audit's runs: a syntax error, an endless loop, a throw; none is the same output as the one before", () => {
    const audit = new RunComparison();
    audit.start();
    expect(audit.finish(syntaxError).summary).toBe("");
    audit.start();
    expect(audit.finish(timedOut).summary).toBe("");
    audit.start();
    expect(audit.finish(failed("Error: boom (line 1)")).summary).toBe("");
    audit.start();
    expect(audit.finish(failed("Error: boom (line 1)")).summary).toBe("same output as the last run");
  });

  test("a run stopped before it ended (by the next run) is the last run of the next, compared by its lines", () => {
    const stopped = new RunComparison();
    stopped.start().push("a", "b");
    stopped.finish(finished);
    stopped.start().push("a"); // stopped: never finished
    stopped.start().push("a", "b");
    expect(stopped.finish(finished).summary).toBe("1 line new or changed since the last run");
    stopped.start().push("a", "b"); // stopped with the same lines: how it would have ended was never shown
    stopped.start().push("a", "b");
    expect(stopped.finish(finished).summary).toBe("same lines as the last run");
  });
});
