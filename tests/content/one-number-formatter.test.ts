/**
 * Numbers are written for people by src/format alone (issue 14, "one number formatter"): outside
 * it, no code calls `toLocaleString` on a number or makes its own `Intl.NumberFormat`, so a figure
 * cannot read one way in a chapter and another in the CLI. Dates are formatted where they are
 * shown (`new Date(…).toLocaleString(…)`, the reader's own locale on purpose); they are the one
 * receiver allowed. Calls are found by TypeScript's parser, so a word in a comment or a string is
 * not a call.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

const root = resolve(import.meta.dirname, "../..");

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|mts|astro)$/.test(name) && !/\.test\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** The script code of an Astro file (frontmatter and scripts), or a TypeScript file's text. */
function codeOf(file: string): string {
  const text = readFileSync(file, "utf8");
  if (!file.endsWith(".astro")) return text;
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [front, ...scripts].join("\n");
}

/** "file:line: what" for each call that formats a number outside src/format. */
function ownFormatting(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const isDate = (e: ts.Expression): boolean =>
    ts.isParenthesizedExpression(e)
      ? isDate(e.expression)
      : ts.isNewExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "Date";
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "toLocaleString" &&
      !isDate(node.expression.expression)
    )
      found.push(`${where(node)}: ${node.expression.getText(source)}(…)`);
    if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === "NumberFormat" &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "Intl"
    )
      found.push(`${where(node)}: Intl.NumberFormat`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test("the check finds a number's toLocaleString and Intl.NumberFormat, and lets a date's pass", () => {
  const code = [
    "const a = (1820).toLocaleString('en-US');",
    "const b = new Intl.NumberFormat('en').format(2);",
    "const c = new Date(0).toLocaleString(undefined, { dateStyle: 'medium' });",
    "// toLocaleString in a comment",
    "const d = 'Intl.NumberFormat in a string';",
  ].join("\n");
  expect(ownFormatting("x.ts", code)).toEqual(["x.ts:1: (1820).toLocaleString(…)", "x.ts:2: Intl.NumberFormat"]);
});

test("outside src/format, no code formats a number for people on its own", () => {
  const files = ["src", "content", "bench", "scripts", "tools"]
    .flatMap((dir) => walk(join(root, dir)))
    .filter((file) => !relative(root, file).startsWith(join("src", "format")));
  expect(files.length).toBeGreaterThan(100);
  expect(files.flatMap((file) => ownFormatting(relative(root, file), codeOf(file)))).toEqual([]);
});
