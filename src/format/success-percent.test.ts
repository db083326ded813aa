/**
 * A success rate is written by one function, successPercent (src/format/number.ts), wherever a
 * reader sees one: the replay, the presenter's run sheets, the chapters, the game day's rows, its
 * cache row and the tabletop cards. The rule once lived under three names (the replay's
 * successShare, the game day's dashboardPercent, percentTrimmedIfExact(x, 1) in two chapters),
 * and the cards wrote the dashboard's "54.0%" as "54%" with another rule. What each caller writes
 * is tested beside it (replay.test.ts, steps.test.ts, text.test.ts, cards.test.ts, fleet.test.ts,
 * the chapters' numbers tests); this file checks that each takes the one function, and that no
 * code outside src/format spells the rule out again.
 */
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";
import { sourceFiles, splitSource } from "../../tests/support/source-files.ts";

const root = resolve(import.meta.dirname, "../..");

/** The files that write a success rate for a reader. */
const writers = [
  "src/widgets/replay/view.ts",
  "src/widgets/present/steps.ts",
  "src/widgets/gameday/text.ts",
  "src/sim/gameday/cards.ts",
  "src/sim/gameday/fleet.ts",
  "content/chapters/retry-storm/numbers.ts",
  "content/chapters/bulkheads/numbers.ts",
  "content/chapters/circuit-breakers/numbers.ts",
];

/** The calls in `code` to a function named `name`, each with its arguments' text. */
function callsTo(code: string, name: string): string[][] {
  const source = ts.createSourceFile("x.ts", code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[][] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name)
      found.push(node.arguments.map((a) => a.getText(source)));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Whether `code` imports `name` from src/format/number.ts. */
function importsFromNumber(code: string, name: string): boolean {
  const source = ts.createSourceFile("x.ts", code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return source.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      /\/format\/number\.ts$/.test(s.moduleSpecifier.text) &&
      s.importClause?.namedBindings !== undefined &&
      ts.isNamedImports(s.importClause.namedBindings) &&
      s.importClause.namedBindings.elements.some((e) => e.name.text === name),
  );
}

/** The calls to percentTrimmedIfExact at one decimal (its default, or 1 given): the success rule spelled out. */
const oneDecimal = (code: string) =>
  callsTo(code, "percentTrimmedIfExact").filter((args) => args.length === 1 || args[1]?.trim() === "1");

test("the check finds percentTrimmedIfExact at one decimal, and lets another number of decimals pass", () => {
  const code = [
    "const a = percentTrimmedIfExact(share, 1);",
    "const b = percentTrimmedIfExact(rate(x));",
    "const c = percentTrimmedIfExact(share, 2);",
    "// percentTrimmedIfExact(share, 1) in a comment",
    "const d = 'percentTrimmedIfExact(share)';",
  ].join("\n");
  expect(oneDecimal(code)).toEqual([["share", "1"], ["rate(x)"]]);
  expect(importsFromNumber('import { grouped, successPercent } from "../../format/number.ts";', "successPercent")).toBe(
    true,
  );
  expect(importsFromNumber('import { successPercent } from "./elsewhere.ts";', "successPercent")).toBe(false);
});

test("every page, sheet and card that writes a success rate calls successPercent", () => {
  for (const file of writers) {
    const code = readFileSync(resolve(root, file), "utf8");
    expect(importsFromNumber(code, "successPercent"), file).toBe(true);
    expect(callsTo(code, "successPercent").length, file).toBeGreaterThan(0);
  }
});

test("no code outside src/format writes the success rule by hand (percentTrimmedIfExact at one decimal)", () => {
  const found: string[] = [];
  for (const dir of ["src", "content"])
    for (const path of sourceFiles(resolve(root, dir))) {
      const file = relative(root, path);
      if (file.startsWith("src/format/") || /\.test\.ts$/.test(file)) continue;
      const text = readFileSync(path, "utf8");
      // Parsed only where the name appears at all: parsing every file takes seconds.
      if (!text.includes("percentTrimmedIfExact")) continue;
      const { code, template } = splitSource(file, text);
      for (const args of oneDecimal(code)) found.push(`${file}: percentTrimmedIfExact(${args.join(", ")})`);
      // An Astro template's or an MDX text's `{…}` expressions are code too: any call there is found.
      if (/\bpercentTrimmedIfExact\s*\(/.test(template)) found.push(`${file}: percentTrimmedIfExact in its template`);
    }
  expect(found).toEqual([]);
});
