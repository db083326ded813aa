/**
 * src/cli/terminal-width.ts: which width output is fitted to, and how prose, Markdown, usages and
 * tables are fitted. The commands' own output at 80, 60 and 40 columns is exercises-width.test.ts's.
 */
import { describe, expect, test } from "vitest";
import {
  displayWidth,
  fitTable,
  fitText,
  fitUsage,
  joinSoftBreaks,
  outputWidth,
  stackedTable,
  wrapLine,
} from "./terminal-width.ts";

const widest = (text: string) => Math.max(...text.split("\n").map(displayWidth));

describe("outputWidth", () => {
  test("a pipe or a file is never fitted, whatever the width said", () => {
    expect(outputWidth({ isTTY: false, columns: 80, env: { COLUMNS: "80" } })).toBeUndefined();
    expect(outputWidth({ columns: 80, env: {} })).toBeUndefined();
  });

  test("a terminal: COLUMNS when it is a whole number, else the terminal's own width", () => {
    expect(outputWidth({ isTTY: true, columns: 100, env: {} })).toBe(100);
    expect(outputWidth({ isTTY: true, columns: 100, env: { COLUMNS: "60" } })).toBe(60);
    expect(outputWidth({ isTTY: true, env: { COLUMNS: " 72 " } })).toBe(72);
    for (const COLUMNS of ["", "0", "-5", "80.5", "wide"])
      expect(outputWidth({ isTTY: true, columns: 100, env: { COLUMNS } }), COLUMNS).toBe(100);
    expect(outputWidth({ isTTY: true, env: {} })).toBeUndefined();
    // A sliver of a window is fitted as twenty columns: no layout is narrower.
    expect(outputWidth({ isTTY: true, columns: 8, env: {} })).toBe(20);
  });
});

test("displayWidth counts what a terminal shows: characters, not UTF-16 units or bold and italic escapes", () => {
  expect(displayWidth("★★★")).toBe(3);
  expect(displayWidth("2⁵³ ≈ 9.0 × 10¹⁵")).toBe(16);
  expect(displayWidth("\x1b[1mFixed\x1b[22m \x1b[3mgroups\x1b[23m")).toBe(12);
  expect(displayWidth("𝑥")).toBe(1);
});

describe("wrapLine", () => {
  test("a line that fits is left as it is, spaces and all", () => {
    expect(wrapLine("  again  back tomorrow   ", 40)).toBe("  again  back tomorrow   ");
  });

  test("at spaces, each line as full as it can be, continuation lines under the text after a label", () => {
    expect(wrapLine("[kind] Match each symptom to its failure kind, one of nine.", 30)).toBe(
      "[kind] Match each symptom to\n       its failure kind, one\n       of nine.",
    );
    expect(wrapLine("    power-supply: A second power supply in each server", 40)).toBe(
      "    power-supply: A second power supply\n                  in each server",
    );
    expect(wrapLine("1. Name its failure kind: one of the nine.", 26)).toBe(
      "1. Name its failure kind:\n   one of the nine.",
    );
    // At the margin, "Word: " opens a sentence, not a label: the paragraph wraps back to the margin.
    expect(wrapLine("Stuck: npm run exercises -- hint x  (it counts)", 30)).toBe(
      "Stuck:\nnpm run exercises -- hint x\n(it counts)",
    );
  });

  test("a two-column line goes on under its second column, or, too narrow for it, below its first", () => {
    const line = "  list          every exercise in course order, with your status";
    expect(wrapLine(line, 50)).toBe(
      "  list          every exercise in course order,\n                with your status",
    );
    expect(wrapLine(line, 30)).toBe("  list\n    every exercise in course\n    order, with your status");
  });

  test("a command to type and text in backticks stay on one line; a word is never cut", () => {
    expect(wrapLine("Answer with: npm run exercises -- answer daily-disk-failures <answer>", 40)).toBe(
      "Answer with:\nnpm run exercises -- answer daily-disk-failures <answer>",
    );
    expect(wrapLine("It needs no guard: `Math.min(cap, Infinity)` is the cap.", 30)).toBe(
      "It needs no guard:\n`Math.min(cap, Infinity)` is\nthe cap.",
    );
    expect(wrapLine("edit exercises/blast-radius-reachability/starter.ts now", 20)).toBe(
      "edit\nexercises/blast-radius-reachability/starter.ts\nnow",
    );
    // A number's thousands separator is not a place to break, even in a word too long for the line.
    expect(wrapLine("about 1,234,567,890,123,456,789 disks", 20)).toBe("about\n1,234,567,890,123,456,789\ndisks");
  });

  test("a word longer than any line breaks after a comma before a letter, and only there", () => {
    expect(wrapLine("    answer with: waiting=...,flood=...,flag=...,upload=...", 30)).toBe(
      "    answer with: waiting=...,\n    flood=...,flag=...,\n    upload=...",
    );
  });

  test("bold and italic escapes take no room", () => {
    const bold = (text: string) => `\x1b[1m${text}\x1b[22m`;
    const line = `${bold("Fixed groups.")} Four workers each, fixed in advance.`;
    expect(wrapLine(line, 30)).toBe(`${bold("Fixed groups.")} Four workers\neach, fixed in advance.`);
  });
});

describe("fitText", () => {
  const rendered =
    "A paragraph of prose that runs on past the edge.\n    const kept = 'code as written, however long it is';";

  test("prose wraps; code and display math, indented four spaces, stay as written", () => {
    expect(fitText(rendered, 30)).toBe(
      "A paragraph of prose that runs\non past the edge.\n    const kept = 'code as written, however long it is';",
    );
    expect(fitText("Solve it. The rest is yours to find.", 24, { prefix: "Hint 1 of 2: " })).toBe(
      "Hint 1 of 2: Solve it.\nThe rest is yours to\nfind.",
    );
    // A situation's drawing is indented two spaces, or marked with ">".
    const drawn = /^(?: |> )/;
    expect(fitText("Requests failing, last five minutes:\n> storefront   68", 20, { asWritten: drawn })).toBe(
      "Requests failing,\nlast five minutes:\n> storefront   68",
    );
  });

  test("in a pipe (no width), exactly the prefix and the text", () => {
    expect(fitText(rendered, undefined, { prefix: "[a] " })).toBe(`[a] ${rendered}`);
  });
});

test("joinSoftBreaks makes each paragraph and list item one line, and leaves code, headings and lists' starts", () => {
  const markdown = [
    "# Heading",
    "A paragraph written",
    "over three lines,",
    "  with an indent.",
    "",
    "- an item",
    "  that goes on",
    "- another",
    "1. first",
    "```ts",
    "const a = 1;",
    "const b = 2;",
    "```",
    "A hard break  ",
    "after it.",
    "$$",
    "x = y",
    "$$",
  ].join("\n");
  expect(joinSoftBreaks(markdown)).toBe(
    [
      "# Heading",
      "A paragraph written over three lines, with an indent.",
      "",
      "- an item that goes on",
      "- another",
      "1. first",
      "```ts",
      "const a = 1;",
      "const b = 2;",
      "```",
      "A hard break  ",
      "after it. $$ x = y $$",
    ].join("\n"),
  );
});

test("fitUsage runs a description's lines together under its column, but not past a full stop or a label", () => {
  const usage = [
    "commands:",
    "  show <id>     the prompt; --seed N deals",
    "                a variant (new numbers)",
    "  answer <id> [--part p] [--seed N] <answer>",
    "                grade an answer ...",
    "                choice: a choice id",
    "                an answer that starts with a minus sign goes after --",
  ].join("\n");
  expect(fitUsage(usage, 60)).toBe(
    [
      "commands:",
      "  show <id>     the prompt; --seed N deals a variant (new",
      "                numbers)",
      "  answer <id> [--part p] [--seed N] <answer>",
      "                grade an answer ...",
      "                choice: a choice id",
      "                an answer that starts with a minus sign goes",
      "                after --",
    ].join("\n"),
  );
  // Too narrow for the column: each description below its command, and a long command goes on further in.
  expect(fitUsage(usage, 30).split("\n").slice(1, 6)).toEqual([
    "  show <id>",
    "    the prompt; --seed N deals",
    "    a variant (new numbers)",
    "  answer <id> [--part p]",
    "      [--seed N] <answer>",
  ]);
  expect(fitUsage(usage, undefined)).toBe(usage);
});

describe("tables", () => {
  const rows = [
    ["id", "kind", "title"],
    ["daily-disk-failures", "numeric", "How often does a disk die?"],
    ["blast-radius-reachability", "code", "Who fails when a shared resource saturates?"],
  ];

  test("fitTable wraps the cells of the columns with room to give, and never below a column's longest word", () => {
    const fitted = fitTable(rows, 50)!;
    expect(fitted.widths).toEqual([25, 7, 14]);
    expect(fitted.lines[2]).toEqual([
      "blast-radius-reachability  code     Who fails when",
      "                                    a shared",
      "                                    resource",
      "                                    saturates?",
    ]);
    for (const line of fitted.lines.flat()) expect(displayWidth(line)).toBeLessThanOrEqual(50);
    // A floor keeps a column from getting too narrow to read: then the table does not fit.
    expect(fitTable(rows, 50, [0, 0, 20])).toBeUndefined();
    expect(fitTable(rows, 40)).toBeUndefined();
  });

  test("stackedTable writes each row as a record, its first cell above the others' headers and values", () => {
    expect(stackedTable(rows, 30)).toBe(
      [
        "daily-disk-failures",
        "  kind: numeric",
        "  title: How often does a disk",
        "         die?",
        "blast-radius-reachability",
        "  kind: code",
        "  title: Who fails when a",
        "         shared resource",
        "         saturates?",
      ].join("\n"),
    );
    expect(widest(stackedTable(rows, 30))).toBeLessThanOrEqual(30);
  });
});
