import { describe, expect, test } from "vitest";
import { transpileAll } from "../../playground/transpile.ts";
import { type ErrorMark, errorMark, errorMarks } from "./error-marks.ts";

/** An editor that records what it was asked to mark, in order. */
function recorder() {
  const calls: (ErrorMark | readonly ErrorMark[] | null)[] = [];
  return {
    calls,
    editor: Promise.resolve({ markError: (mark: ErrorMark | readonly ErrorMark[] | null) => void calls.push(mark) }),
  };
}

/** Let the promise callbacks queued so far run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe("errorMark", () => {
  test("a runtime error in the editor's file is marked along its line, with its message", () => {
    expect(errorMark({ message: "Error: boom", file: "starter.ts", line: 12 }, "starter.ts")).toEqual({
      line: 12,
      column: undefined,
      message: "Error: boom",
    });
  });

  test("a syntax error keeps its column", () => {
    const transpiled = transpileAll({ "main.ts": "const a = 1;\nconst b = ;\n" });
    if (transpiled.ok) throw new Error("expected a syntax error");
    expect(errorMark(transpiled.error, "main.ts")).toEqual({
      line: 2,
      column: transpiled.error.column,
      message: transpiled.error.message,
    });
    expect(transpiled.error.column).toBeGreaterThan(0);
  });

  test("an error in another file of the run, or with no line, is not marked", () => {
    expect(errorMark({ message: "SyntaxError: ...", file: "checks.ts", line: 2 }, "starter.ts")).toBeNull();
    expect(errorMark({ message: "Uncaught 'late' (line unknown: ...)" }, "starter.ts")).toBeNull();
    expect(errorMark(undefined, "main.ts")).toBeNull();
  });

  test("an error with a line and no file is the editor's (a run of one file)", () => {
    expect(errorMark({ message: "Error: x", line: 3 }, "main.ts")).toEqual({
      line: 3,
      column: undefined,
      message: "Error: x",
    });
  });
});

describe("errorMarks", () => {
  const boom = { message: "Error: boom", file: "starter.ts", line: 4 };

  test("a run's error is marked, and the next run's start clears it", async () => {
    const { calls, editor } = recorder();
    const marks = errorMarks(editor);
    marks.start()(boom, "starter.ts");
    await settle();
    expect(calls).toEqual([{ line: 4, column: undefined, message: "Error: boom" }]);
    marks.start()(undefined, "starter.ts");
    await settle();
    expect(calls).toEqual([{ line: 4, column: undefined, message: "Error: boom" }, null]);
  });

  test("a clear (an edit, Reset) after a run started keeps that run from marking when it ends", async () => {
    const { calls, editor } = recorder();
    const marks = errorMarks(editor);
    const mark = marks.start();
    marks.clear();
    mark(boom, "starter.ts");
    await settle();
    expect(calls).toEqual([]);
  });

  test("a clear while the editor is still loading stops a mark already on its way", async () => {
    let ready!: (editor: { markError(mark: ErrorMark | null): void }) => void;
    const calls: (ErrorMark | null)[] = [];
    const marks = errorMarks(new Promise((resolve) => (ready = resolve)));
    marks.start()(boom, "starter.ts");
    marks.clear();
    ready({ markError: (mark) => void calls.push(mark) });
    await settle();
    expect(calls).toEqual([]);
  });

  test("an older run ending after a newer one started does not mark", async () => {
    const { calls, editor } = recorder();
    const marks = errorMarks(editor);
    const older = marks.start();
    const newer = marks.start();
    newer({ ...boom, line: 7 }, "starter.ts");
    older(boom, "starter.ts");
    await settle();
    expect(calls).toEqual([{ line: 7, column: undefined, message: "Error: boom" }]);
  });

  test("clearing with nothing marked leaves the editor alone (an edit does not dispatch each keystroke)", async () => {
    const { calls, editor } = recorder();
    const marks = errorMarks(editor);
    marks.clear();
    marks.clear();
    marks.start()(undefined, "starter.ts");
    await settle();
    expect(calls).toEqual([]);
  });

  test("an error in a file the editor does not show is not marked", async () => {
    const { calls, editor } = recorder();
    errorMarks(editor).start()({ ...boom, file: "checks.ts" }, "starter.ts");
    await settle();
    expect(calls).toEqual([]);
  });

  test("a run's type errors, when they come, are marked at their columns beside its error, in the editor's file only", async () => {
    const { calls, editor } = recorder();
    const mark = errorMarks(editor).start();
    const typeErrors = [
      { file: "main.ts", line: 2, column: 7, message: "Type 'string' is not assignable to type 'number'." },
      { file: "other.ts", line: 1, column: 1, message: "elsewhere" },
    ];
    const thrown = { message: "TypeError: n.toFixed is not a function", file: "main.ts", line: 3 };
    mark(thrown, "main.ts");
    mark(thrown, "main.ts", typeErrors);
    await settle();
    expect(calls).toEqual([
      { line: 3, column: undefined, message: thrown.message },
      [
        { line: 3, column: undefined, message: thrown.message },
        { line: 2, column: 7, message: "Type 'string' is not assignable to type 'number'." },
      ],
    ]);
  });
});
