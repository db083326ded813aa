/**
 * Numbers are written for people by src/format alone (issue 14, "one number formatter"): outside
 * it, no code calls `toLocaleString` on a number or makes its own `Intl.NumberFormat`, so a figure
 * cannot read one way in a chapter and another in the CLI. Dates are formatted where they are
 * shown (`new Date(…).toLocaleString(…)`, the reader's own locale on purpose); they are the one
 * receiver allowed. In TypeScript, an Astro file's frontmatter and scripts, and an MDX file's
 * imports, calls are found by TypeScript's parser, so a word in a comment or a string is not a
 * call; in an Astro file's template and an MDX file's text, where `{…}` expressions are code too,
 * by their text once code shown to the reader (fenced blocks, inline code) and comments are left
 * out.
 */
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";
import { blank, sourceFiles, splitSource } from "../support/source-files.ts";

const root = resolve(import.meta.dirname, "../..");

/** "file:line: what" for each number formatted in a template's or MDX text's expressions. */
function templateFormatting(file: string, template: string): string[] {
  const text = template
    .replace(/^(```|~~~)[\s\S]*?^\1/gm, blank) // code shown to the reader
    .replace(/`[^`\n]*`/g, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, blank);
  const found: string[] = [];
  for (const m of text.matchAll(/\.toLocaleString\s*\(|\bIntl\s*\.\s*NumberFormat\b/g)) {
    const before = text.slice(0, m.index);
    if (m[0].startsWith(".toLocaleString") && /new Date\([^()]*\)\s*$/.test(before)) continue;
    found.push(`${file}:${before.split("\n").length}: ${m[0].replace(/\s+/g, "")}`);
  }
  return found;
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

test("the check finds them in an MDX file's expressions and an Astro template's, and not in code shown to the reader", () => {
  const mdx = [
    "import { fleet } from './numbers.ts';",
    "With {fleet.perCell.toLocaleString('en-US')} customers.",
    "Prose that names `n.toLocaleString()` in inline code.",
    "```ts",
    "console.log((5).toLocaleString());",
    "```",
    "{/* n.toLocaleString() in a comment */}",
    "Seen {new Date(0).toLocaleString()}, a date.",
    "{new Intl.NumberFormat('en').format(3)}",
  ].join("\n");
  expect(templateFormatting("x.mdx", splitSource("x.mdx", mdx).template)).toEqual([
    "x.mdx:2: .toLocaleString(",
    "x.mdx:9: Intl.NumberFormat",
  ]);
});

test("outside src/format, no code formats a number for people on its own", () => {
  const files = ["src", "content", "bench", "scripts", "tools"]
    .flatMap((dir) => sourceFiles(join(root, dir)))
    .filter((file) => !file.endsWith(".test.ts"))
    .filter((file) => !relative(root, file).startsWith(join("src", "format")));
  expect(files.length).toBeGreaterThan(100);
  expect(files.some((file) => file.endsWith(".mdx"))).toBe(true);
  expect(
    files.flatMap((file) => {
      const { code, template } = splitSource(file, readFileSync(file, "utf8"));
      return [...ownFormatting(relative(root, file), code), ...templateFormatting(relative(root, file), template)];
    }),
  ).toEqual([]);
});
