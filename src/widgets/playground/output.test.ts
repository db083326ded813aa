import { describe, expect, it } from "vitest";
import {
  errorText,
  type RunError,
  type RunResult,
  stalledMessage,
  timeoutMessage,
  truncationNote,
  typeCheckPendingText,
} from "../../playground/protocol.ts";
import { transpileAll } from "../../playground/transpile.ts";
import { describeRunError, endSaid, endedText, typeErrorsSaid, typeErrorsSaidInFull } from "./output.ts";
import { typeCheckPendingLine } from "./type-check-clock.ts";

describe("what a screen reader hears of a run's type errors", () => {
  const described = (n: number) =>
    Array.from({ length: n }, (_, i) => `Type 'string' is not assignable (line ${i + 1})`);

  it("reads one, or a few, in full", () => {
    expect(typeErrorsSaid(described(1))).toBe(
      "1 type error: Type 'string' is not assignable (line 1). The program ran anyway.",
    );
    const few = typeErrorsSaid(described(typeErrorsSaidInFull));
    expect(few).toContain(`(line ${typeErrorsSaidInFull}). The program`);
    expect(few).not.toContain("more");
  });

  it("reads the first few of many and counts the rest, instead of all 200", () => {
    const said = typeErrorsSaid(described(200));
    expect(said).toMatch(/^200 type errors: Type 'string' is not assignable \(line 1\); /);
    expect(said).toContain(
      `(line ${typeErrorsSaidInFull}); ${200 - typeErrorsSaidInFull} more listed after the output.`,
    );
    expect(said).not.toContain(`(line ${typeErrorsSaidInFull + 1})`);
    expect(said.length).toBeLessThan(300);
  });
});

describe("the line shown while a type check is still out", () => {
  it("says how long the check has taken, so a slow one is seen to be under way", () => {
    expect(typeCheckPendingLine(5_260)).toBe(`${typeCheckPendingText} 5.3 s`);
    expect(typeCheckPendingLine(7_340)).not.toBe(typeCheckPendingLine(5_260));
  });
});

describe("what a screen reader hears when a run ends: each thing once", () => {
  const parsed = transpileAll({ "main.ts": "const n = ;\n" });
  if (parsed.ok) throw new Error("the syntax error's program parsed");
  const thrown: RunError = { message: "Error: boom", file: "main.ts", line: 2 };
  // One of each way the runner ends a run (RunResult's statuses), with the runner's own message for it.
  const endings: Record<RunResult["status"], { error?: RunError; lines: number; said: string }> = {
    ok: { lines: 3, said: "Finished in 12 ms. 3 lines printed." },
    "syntax-error": {
      error: parsed.error,
      lines: 0,
      said: "Did not run. Syntax error: Unexpected token (line 1, column 11).",
    },
    error: { error: thrown, lines: 1, said: "Failed after 12 ms. Error: boom (line 2). 1 line printed." },
    timeout: {
      error: { message: timeoutMessage(5000) },
      lines: 2,
      said: "Stopped after 5 s: the program did not finish (an endless loop?). 2 lines printed.",
    },
  };

  it.each(Object.entries(endings))("%s", (status, { error, lines, said }) => {
    const result = { status: status as RunResult["status"], millis: 12, truncated: false };
    const text = endSaid(result, error && describeRunError(error), lines, "");
    expect(text).toBe(said);
    // No word of how it ended is said twice ("syntax error", "stopped", "failed", "finished").
    const ending = endedText(result).toLowerCase();
    for (const word of ["syntax error", "stopped", "failed", "finished"])
      if (ending.includes(word)) expect(text.toLowerCase().split(word).length - 1).toBe(1);
  });

  it("a run that waits forever, and the timeout the host reports without a message, say how they ended", () => {
    expect(endSaid({ status: "error", millis: 3, truncated: false }, stalledMessage, 0, "")).toBe(
      `Failed after 3 ms. ${stalledMessage[0]!.toUpperCase()}${stalledMessage.slice(1)}. 0 lines printed.`,
    );
    expect(endSaid({ status: "timeout", millis: 5000, truncated: false }, undefined, 4, "")).toBe(
      "Stopped at the time limit. 4 lines printed.",
    );
  });

  it("output cut at the cap: the cap is said once, before the error, and what changed last", () => {
    const note = truncationNote();
    expect(
      endSaid(
        { status: "ok", millis: 1250, truncated: true },
        undefined,
        1000,
        "1 line new or changed since the last run",
      ),
    ).toBe(
      `Finished in 1.25 s. ${note[0]!.toUpperCase()}${note.slice(1)}. 1,000 lines printed. 1 line new or changed since the last run.`,
    );
    const cutAndThrown = endSaid({ status: "error", millis: 40, truncated: true }, describeRunError(thrown), 1000, "");
    expect(cutAndThrown).toMatch(
      /^Failed after 40 ms\. Output truncated: .*\. Error: boom \(line 2\)\. 1,000 lines printed\.$/,
    );
  });

  it("an error in another file names it; a message with its own full stop gets no second one", () => {
    expect(describeRunError({ message: "x", file: "starter.ts", line: 4, column: 2 })).toBe(
      "x (starter.ts, line 4, column 2)",
    );
    // In the playground's own file, its only one: the line and column, as the terminal writes a one-file run's.
    const syntax = { message: "SyntaxError: Unexpected token", file: "main.ts", line: 1, column: 11 };
    expect(describeRunError(syntax)).toBe("SyntaxError: Unexpected token (line 1, column 11)");
    expect(describeRunError(syntax)).toBe(errorText({ ...syntax, file: "broken.ts" }, ["broken.ts"]));
    expect(describeRunError({ message: "boom", line: 3 })).toBe("boom (line 3)");
    expect(endSaid({ status: "error", millis: 5, truncated: false }, "Uncaught 'done.'.", 0, "")).toBe(
      "Failed after 5 ms. Uncaught 'done.'. 0 lines printed.",
    );
  });
});
