/** What the page and the terminal show of a run's text: the same characters, none that move or reorder the line. */
import { expect, test } from "vitest";
import { errorText, eventText, locationText, typeDiagnosticText, visibleText } from "./protocol.ts";

test("control characters but tab and newline are written out", () => {
  expect(visibleText("a\x1b[31mred\rX\x07\tb\u009bc\nd\x7f")).toBe("a\\x1b[31mred\\x0dX\\x07\tb\\x9bc\nd\\x7f");
});

test("bidirectional controls are written out, so they cannot reverse the rest of the line", () => {
  const bidi = [
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200e",
    "\u200f",
    "\u061c",
  ];
  for (const c of bidi)
    expect(visibleText(`a${c}b c d`)).toBe(`a\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}b c d`);
  expect(eventText({ kind: "log", text: "a\u202Eb c d" })).toBe("a\\u202eb c d");
  expect(eventText({ kind: "check", name: "x\u2067y", passed: false, message: "m\u200fn" })).toBe(
    "✗ x\\u2067y: m\\u200fn",
  );
  // Right-to-left text itself, and the characters next to the controls, stay as they are.
  expect(visibleText("שלום عربي \u200d\u2028 ok")).toBe("שלום عربي \u200d\u2028 ok");
});

// s55: the page wrote "(line 1, column 11)", the terminal "(main.ts, line 1, column 11)", and "?"
// for a file not known. One function words a place for both: the file named when the run has more than one.
test("a place in a run's files: its line and column, after its file unless that is the run's only file", () => {
  const place = { file: "helper.ts", line: 2, column: 11 };
  expect(locationText(place, ["helper.ts"])).toBe("line 2, column 11");
  expect(locationText(place, ["main.ts", "helper.ts"])).toBe("helper.ts, line 2, column 11");
  // An error in a file the run did not list (the course module), or files not known: named.
  expect(locationText(place, ["main.ts"])).toBe("helper.ts, line 2, column 11");
  expect(locationText(place, [])).toBe("helper.ts, line 2, column 11");
  // No column, no file known, no line.
  expect(locationText({ file: "main.ts", line: 4 }, ["main.ts"])).toBe("line 4");
  expect(locationText({ line: 4, column: 1 }, ["main.ts", "helper.ts"])).toBe("line 4, column 1");
  expect(locationText({ file: "main.ts" }, ["main.ts"])).toBe("");
  // A message with its place, or alone; a type error in the same words.
  expect(
    errorText({ message: "SyntaxError: Unexpected token", file: "main.ts", line: 1, column: 11 }, ["main.ts"]),
  ).toBe("SyntaxError: Unexpected token (line 1, column 11)");
  expect(errorText({ message: "boom" }, ["main.ts"])).toBe("boom");
  const diagnostic = {
    file: "typed.ts",
    line: 3,
    column: 7,
    message: "Type 'string' is not assignable to type 'number'.",
  };
  expect(typeDiagnosticText(diagnostic, ["typed.ts"])).toBe(
    "Type 'string' is not assignable to type 'number'. (line 3, column 7)",
  );
  expect(typeDiagnosticText(diagnostic)).toBe(
    "Type 'string' is not assignable to type 'number'. (typed.ts, line 3, column 7)",
  );
  for (const files of [[], ["main.ts"], ["a.ts", "b.ts"]]) expect(locationText({ line: 1 }, files)).not.toContain("?");
});
