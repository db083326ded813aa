/** What the page and the terminal show of a run's text: the same characters, none that move or reorder the line. */
import { expect, test } from "vitest";
import { eventText, visibleText } from "./protocol.ts";

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
