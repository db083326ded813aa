/**
 * src/cli/terminal-width.ts: which width output is fitted to, and how prose, Markdown, usages and
 * tables are fitted. The commands' own output at 80, 60 and 40 columns is exercises-width.test.ts's.
 */
import { describe, expect, test } from "vitest";
import {
  displayWidth,
  errorWidth,
  fitMessage,
  fitTable,
  fitText,
  fitUsage,
  joinSoftBreaks,
  outputWidth,
  stackedTable,
  unbreakableWords,
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

describe("errorWidth", () => {
  test("stderr's own terminal, by outputWidth's rule: a file is never fitted, whatever stdout is", () => {
    expect(errorWidth({ stderrIsTTY: true, stderrColumns: 100, env: {} })).toBe(100);
    expect(errorWidth({ stderrIsTTY: true, stderrColumns: 100, env: { COLUMNS: "40" } })).toBe(40);
    for (const COLUMNS of ["0", "abc"])
      expect(errorWidth({ stderrIsTTY: true, stderrColumns: 100, env: { COLUMNS } }), COLUMNS).toBe(100);
    expect(errorWidth({ stderrIsTTY: false, stderrColumns: 100, env: { COLUMNS: "40" } })).toBeUndefined();
    expect(errorWidth({ env: { COLUMNS: "40" } })).toBeUndefined();
  });
});

test("fitMessage wraps an error or a warning under the text after its label; in a file, as written", () => {
  const message =
    'error: unknown simulation "nope"; use shuffle-shard, retry-storm or cells\n(run with --help for usage)\n';
  expect(fitMessage(message, 40)).toBe(
    'error: unknown simulation "nope"; use\n       shuffle-shard, retry-storm or\n       cells\n(run with --help for usage)\n',
  );
  expect(fitMessage("warning: breakerThreshold tunes the breaker defence, which is off", 40)).toBe(
    "warning: breakerThreshold tunes the\n         breaker defence, which is off",
  );
  expect(fitMessage(message, undefined)).toBe(message);
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

  test("a number with its unit, or written as a product or as odds, stays on one line", () => {
    expect(wrapLine("1 in 28 = 3.57 × 10⁻² of the time, after 11 min", 12)).toBe(
      "1 in 28 =\n3.57 × 10⁻²\nof the time,\nafter 11 min",
    );
    expect(unbreakableWords("exact 1.19 × 10⁻⁷⁷¹% (1 in 8.41 × 10⁷⁷² (773 digits)) in 2,500 ms")).toEqual([
      "exact",
      "1.19 × 10⁻⁷⁷¹%",
      "(1 in 8.41 × 10⁷⁷²",
      "(773",
      "digits))",
      "in",
      "2,500 ms",
    ]);
    // A word that merely starts like a unit is a word: "3 seeds" may break.
    expect(unbreakableWords("3 seeds")).toEqual(["3", "seeds"]);
  });

  test("a word wider than the room under a label, but not than the room two in, goes two in", () => {
    expect(wrapLine("  chapters: deploys-and-correlated-failure, cells", 40)).toBe(
      "  chapters:\n    deploys-and-correlated-failure,\n    cells",
    );
    // Wider than that too, it overflows under the label, as before.
    expect(wrapLine("  chapters: deploys-and-correlated-failure-and-more, cells", 40)).toBe(
      "  chapters:\n            deploys-and-correlated-failure-and-more,\n            cells",
    );
  });

  test("gapAt: a line of two columns apart by two spaces goes on under its second, or below its first", () => {
    const line = "  2 min 10 s  Eject a host from the load balancer: h07 takes effect";
    expect(wrapLine(line, 40, undefined, { gapAt: 14 })).toBe(
      "  2 min 10 s  Eject a host from the load\n              balancer: h07 takes effect",
    );
    const deep = "  tenant-minutes of failed or too-slow requests  3.5";
    expect(wrapLine(deep, 40, undefined, { gapAt: 49 })).toBe(
      "  tenant-minutes of failed or too-slow\n    requests\n    3.5",
    );
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

test("fitUsage runs a paragraph at the margin on to its blank line, but not a heading, a label or a list of names", () => {
  const usage = [
    "usage: npm run sim -- cells [--cells N] [--zones Z] [--json]",
    "",
    "Places customers in cells. Lands",
    "a fault; then rolls a release out",
    "(static stability).",
    "",
    "simulations:",
    "  shuffle-shard",
    "  cells",
    "exit codes: 0 ok, 2 usage",
    "progress: here",
  ].join("\n");
  expect(fitUsage(usage, 40)).toBe(
    [
      "usage: npm run sim -- cells [--cells N]",
      "       [--zones Z] [--json]",
      "",
      "Places customers in cells. Lands a",
      "fault; then rolls a release out (static",
      "stability).",
      "",
      "simulations:",
      "  shuffle-shard",
      "  cells",
      "exit codes: 0 ok, 2 usage",
      "progress: here",
    ].join("\n"),
  );
  expect(fitUsage(usage, undefined)).toBe(usage);
});

test("fitUsage: columns two spaces apart in indented lines; a synopsis option too wide for a line breaks at its spaces only", () => {
  const usage = ["  --set NAME=VALUE  change a parameter (repeatable)", "  --json            print JSON"].join("\n");
  expect(fitUsage(usage, 40)).toBe(
    [
      "  --set NAME=VALUE  change a parameter",
      "                    (repeatable)",
      "  --json            print JSON",
    ].join("\n"),
  );
  expect(fitUsage("usage: npm run sim -- storm [--defences aaaaaaaa,bbbbbbbb,cccccccc] [--seed N]", 30)).toBe(
    [
      "usage: npm run sim -- storm",
      "       [--defences",
      "       aaaaaaaa,bbbbbbbb,cccccccc]",
      "       [--seed N]",
    ].join("\n"),
  );
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

  test("stackedTable with a heading: the first header opens the records, which go in under it", () => {
    const outcomes = [
      ["of the other 9,999 customers", "count", "exact"],
      ["lose all 2 workers", "361", "3.57% (1 in 28)"],
      ["lose some", "4,373", "42.9%"],
    ];
    expect(stackedTable(outcomes, 30, { heading: true })).toBe(
      [
        "of the other 9,999 customers:",
        "  lose all 2 workers",
        "    count: 361",
        "    exact: 3.57% (1 in 28)",
        "  lose some",
        "    count: 4,373",
        "    exact: 42.9%",
      ].join("\n"),
    );
  });

  test("fitTable keeps a product, odds or a time whole, and a column no wider than its widest wrapped line", () => {
    const odds = [
      ["outcome", "exact"],
      ["lose all", "3.57 × 10⁻² (1 in 28)"],
      ["after", "at 11 min"],
    ];
    const fitted = fitTable(odds, 22)!;
    expect(fitted.lines.flat()).toEqual([
      "outcome   exact",
      "lose all  3.57 × 10⁻²",
      "          (1 in 28)",
      "after     at 11 min",
    ]);
    expect(fitted.widths).toEqual([8, 11]);
    // Shrunk in turn to 9 and 7 columns, "existing routed" and "new placed" wrap to lines of 8 and 6: no wider.
    const phases = fitTable(
      [
        ["phase", "existing routed", "new placed"],
        ["control-plane-down", "1,000", "0"],
      ],
      38,
    )!;
    expect(phases.widths).toEqual([18, 8, 6]);
    expect(phases.lines[0]).toEqual(["phase               existing  new", "                    routed    placed"]);
  });
});
