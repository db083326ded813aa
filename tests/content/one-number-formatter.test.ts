/**
 * Numbers are written for people by src/format alone (issue 14, "one number formatter"): outside
 * it, no code calls `toLocaleString` on a number or makes its own `Intl.NumberFormat`, and none
 * makes its own percentage (a share times 100 written with "%", or rounded with `toFixed` or
 * `toPrecision`), so a figure cannot read one way in a chapter and another in the CLI. Dates are
 * formatted where they are shown (`new Date(…).toLocaleString(…)`, the reader's own locale on
 * purpose); they are the one receiver allowed. A percentage that is a CSS length (`width:…%`, an
 * element's `style.width`, a function named `css…`) is for the browser, not for people.
 *
 * Rounding lives in src/format too: outside it, no code calls `toFixed` or `toPrecision` at all,
 * whatever the number is for (a sentence, a log line, an SVG coordinate, a CSS width, a slider's
 * step, a grader's comparison); each goes through the named function in src/format that says
 * which rounding it means (`fixed`, `svgCoordinate`, `cssPercent`, `roundToDecimals`,
 * `roundToFigures`, …). That covers a chapter's numbers.ts, whose figures come from src/format whole.
 *
 * Tests (`*.test.ts`) are left out: they compute the old expressions to compare with. The
 * playgrounds (`*.play.ts`) are the learner's programs, whole and runnable as shown, and print
 * with their own code (a percentage excepted: they take the course's `percent`, the last test); so are a code exercise's `starter.ts` and its worked solution. An
 * exercise's situation (the tables and logs a diagnosis exercise shows) and a generated
 * exercise's solution (its variants' numbers and worked figures) are the course's own code, and
 * are read.
 *
 * In TypeScript, an Astro file's frontmatter and scripts, and an MDX file's imports, calls are
 * found by TypeScript's parser, so a word in a comment or a string is not a call; in an Astro
 * file's template and an MDX file's text, where `{…}` expressions are code too, by their text
 * once code shown to the reader (fenced blocks, inline code) and comments are left out.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";
import { blank, sourceFiles, splitSource } from "../support/source-files.ts";

const root = resolve(import.meta.dirname, "../..");

/** A template or MDX text with code shown to the reader (fenced blocks, inline code) and comments blanked. */
function templateCode(template: string): string {
  return template
    .replace(/^(```|~~~)[\s\S]*?^\1/gm, blank) // code shown to the reader
    .replace(/`[^`\n]*`/g, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, blank);
}

/** "file:line: what" for each number formatted in a template's or MDX text's expressions. */
function templateFormatting(file: string, template: string): string[] {
  const text = templateCode(template);
  const found: string[] = [];
  for (const m of text.matchAll(/\.toLocaleString\s*\(|\bIntl\s*\.\s*NumberFormat\b/g)) {
    const before = text.slice(0, m.index);
    if (m[0].startsWith(".toLocaleString") && /new Date\([^()]*\)\s*$/.test(before)) continue;
    found.push(`${file}:${before.split("\n").length}: ${m[0].replace(/\s+/g, "")}`);
  }
  // An expression that scales by 100 is a percentage made in the template; so is one that scales
  // by a larger power of ten and divides back down (x * 1000 / 10), as the TypeScript rule finds.
  for (const m of text.matchAll(/\{([^{}]*)\}/g)) {
    if (/\*\s*100\b|\b100\s*\*|\*\s*10{3,}\b.*\/\s*10+\b|\b10{3,}\s*\*.*\/\s*10+\b/.test(m[1] ?? ""))
      found.push(`${file}:${text.slice(0, m.index).split("\n").length}: ${m[0]}`);
  }
  return found;
}

/** 100, or a larger power of ten that a later division brings back to a percentage (x * 1000 / 10). */
const isHundred = (e: ts.Expression): boolean =>
  ts.isParenthesizedExpression(e)
    ? isHundred(e.expression)
    : ts.isNumericLiteral(e) && /^10{2,}$/.test(String(Number(e.text)));

/**
 * Whether `e` makes a percentage's number from a share: a product with 100 (or a quotient of
 * one: 100 x part / whole), rounded or not (Math's rounding, `Number(…)`, `String(…)`, `toFixed`,
 * `toPrecision`).
 */
function scaledToPercent(e: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(e)) return scaledToPercent(e.expression);
  if (ts.isBinaryExpression(e)) {
    if (e.operatorToken.kind === ts.SyntaxKind.AsteriskToken)
      return isHundred(e.left) || isHundred(e.right) || scaledToPercent(e.left) || scaledToPercent(e.right);
    if (e.operatorToken.kind === ts.SyntaxKind.SlashToken) return scaledToPercent(e.left);
    return false;
  }
  if (ts.isCallExpression(e)) {
    const callee = e.expression;
    if (ts.isPropertyAccessExpression(callee) && ["toFixed", "toPrecision"].includes(callee.name.text))
      return scaledToPercent(callee.expression);
    // Padded for a column, it is still the percentage it was.
    if (ts.isPropertyAccessExpression(callee) && ["padStart", "padEnd"].includes(callee.name.text))
      return scaledToPercent(callee.expression);
    if (
      ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      callee.expression.text === "Math"
    )
      return e.arguments.some(scaledToPercent);
    if (ts.isIdentifier(callee) && ["Number", "String"].includes(callee.text)) return e.arguments.some(scaledToPercent);
  }
  return false;
}

/**
 * A template literal that is a CSS length: its text before ends "width:", it is assigned to an
 * element's style, or it is made by a function named for it (`cssWidth`).
 */
function isCssLength(template: ts.TemplateExpression, textBefore: string): boolean {
  if (/(?:width|height|left|right|top|bottom)\s*:\s*$/.test(textBefore)) return true;
  for (let node: ts.Node = template; node.parent; node = node.parent)
    if (
      (ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node)) &&
      node.name &&
      /^css[A-Z]/.test(node.name.getText())
    )
      return true;
  const parent = template.parent;
  return (
    ts.isBinaryExpression(parent) &&
    parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    ts.isPropertyAccessExpression(parent.left) &&
    ts.isPropertyAccessExpression(parent.left.expression) &&
    parent.left.expression.name.text === "style"
  );
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
    // A share times 100 written with "%" in a template literal.
    if (ts.isTemplateExpression(node))
      node.templateSpans.forEach((span, i) => {
        const before = i === 0 ? node.head.text : (node.templateSpans[i - 1]?.literal.text ?? "");
        if (scaledToPercent(span.expression) && span.literal.text.startsWith("%") && !isCssLength(node, before))
          found.push(`${where(span)}: ${span.expression.getText(source)}%`);
      });
    // A share times 100 rounded for showing anywhere else (in a template literal, the rule above judges it).
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ["toFixed", "toPrecision"].includes(node.expression.name.text) &&
      scaledToPercent(node.expression.expression)
    ) {
      let parent: ts.Node = node.parent;
      while (
        ts.isParenthesizedExpression(parent) ||
        (ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && parent.expression.text === "Number")
      )
        parent = parent.parent;
      if (!ts.isTemplateSpan(parent)) found.push(`${where(node)}: ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const rounders = ["toFixed", "toPrecision"];

/**
 * "file:line: what" for each use of `toFixed` or `toPrecision` in code (a call, `x["toFixed"]`,
 * or the method taken to call later), and in a template's or MDX text's expressions.
 */
function ownRounding(file: string, code: string, template = ""): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    const named =
      (ts.isPropertyAccessExpression(node) && rounders.includes(node.name.text)) ||
      (ts.isElementAccessExpression(node) &&
        ts.isStringLiteralLike(node.argumentExpression) &&
        rounders.includes(node.argumentExpression.text));
    if (named) {
      // The call when it is one, so the message shows the digits asked for.
      const call = ts.isCallExpression(node.parent) && node.parent.expression === node ? node.parent : node;
      found.push(`${where(node)}: ${call.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const text = templateCode(template);
  for (const m of text.matchAll(/\.\s*(toFixed|toPrecision)\b/g))
    found.push(`${file}:${text.slice(0, m.index).split("\n").length}: .${m[1]}`);
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

test("the check finds a percentage made by hand, and lets a CSS length pass", () => {
  // Source code as text, for the check to parse (each \` and \${ is the code's own).
  const code = `const a = \`\${share * 100}%\`;
const b = \`\${Math.round((100 * hits) / lookups)}% hits\`;
const c = \`\${Number((share * 100).toFixed(2))}%\`;
const d = (share * 100).toFixed(1);
const e = \`<span style="width:\${(share * 100).toFixed(1)}%"></span>\`;
bar.style.width = \`\${Math.round(share * 100)}%\`;
const f = \`\${share * 100} points\`;
const g = \`\${(share * 10).toFixed(1)}%\`;
const h = \`\${Math.round(share * 1000) / 10}%\`;
const i = \`\${String(p * 100).padStart(3)}%\`;
const cssWidth = (share: number) => \`\${Math.round(share * 10000) / 100}%\`;`;
  expect(ownFormatting("x.ts", code)).toEqual([
    "x.ts:1: share * 100%",
    "x.ts:2: Math.round((100 * hits) / lookups)%",
    "x.ts:3: Number((share * 100).toFixed(2))%",
    "x.ts:4: (share * 100).toFixed(1)",
    "x.ts:9: Math.round(share * 1000) / 10%",
    "x.ts:10: String(p * 100).padStart(3)%",
  ]);
  const template =
    "At least {containedAtLeast * 100}% of it, {percent(share)} and {x + 100}; {Math.round(share * 1000) / 10}%, {seconds * 1000} ms.";
  expect(templateFormatting("x.mdx", template)).toEqual([
    "x.mdx:1: {containedAtLeast * 100}",
    "x.mdx:1: {Math.round(share * 1000) / 10}",
  ]);
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

test("the check finds every toFixed and toPrecision, and not the words in comments, strings or code shown to the reader", () => {
  const code = [
    "const a = x.toFixed(1);",
    "const b = Number((max * f).toPrecision(3));",
    "const c = (1820).toFixed();",
    'const d = share["toFixed"](2);',
    "const e = Number.prototype.toPrecision.call(x, 2);",
    "// x.toFixed(1) in a comment",
    "const f = 'x.toPrecision(3) in a string';",
    "const g = fixed(x, 1);",
  ].join("\n");
  expect(ownRounding("x.ts", code)).toEqual([
    "x.ts:1: x.toFixed(1)",
    "x.ts:2: (max * f).toPrecision(3)",
    "x.ts:3: (1820).toFixed()",
    'x.ts:4: share["toFixed"](2)',
    "x.ts:5: Number.prototype.toPrecision",
  ]);
  const mdx = [
    "import { fleet } from './numbers.ts';",
    "With {fleet.share.toFixed(1)} customers.",
    "Prose that names `n.toFixed(2)` in inline code.",
    "```ts",
    "console.log((5).toPrecision(2));",
    "```",
    "{/* n.toFixed(1) in a comment */}",
    "{(2).toPrecision(1)}",
  ].join("\n");
  const { code: esm, template } = splitSource("x.mdx", mdx);
  expect(ownRounding("x.mdx", esm, template)).toEqual(["x.mdx:2: .toFixed", "x.mdx:8: .toPrecision"]);
});

/** A learner's program: a playground, a code exercise's starter, or that exercise's worked solution. */
function learnersProgram(file: string): boolean {
  if (file.endsWith(".play.ts") || file.endsWith("/starter.ts")) return true;
  const solution = /\/solutions\/([^/]+)\/solution\.ts$/.exec(file);
  return solution !== null && existsSync(join(root, "exercises", solution[1]!, "starter.ts"));
}

/** The files the rule reads: source outside src/format, tests and learners' programs left out. */
const checkedFiles = () =>
  ["src", "content", "exercises", "solutions", "bench", "scripts", "tools"]
    .flatMap((dir) => sourceFiles(join(root, dir)))
    .filter((file) => !file.endsWith(".test.ts") && !learnersProgram(file))
    .filter((file) => !relative(root, file).startsWith(join("src", "format")));

// Each of the two whole-tree checks parses some 700 files with TypeScript's parser: about 1 s
// alone here, and past vitest's 5 s default on a machine busy with the build beside it.
const wholeTree = { timeout: 30_000 };

test("outside src/format, no code formats a number for people on its own", wholeTree, () => {
  const files = checkedFiles();
  expect(files.length).toBeGreaterThan(100);
  expect(files.some((file) => file.endsWith(".mdx"))).toBe(true);
  expect(
    files.flatMap((file) => {
      const { code, template } = splitSource(file, readFileSync(file, "utf8"));
      return [...ownFormatting(relative(root, file), code), ...templateFormatting(relative(root, file), template)];
    }),
  ).toEqual([]);
});

test("outside src/format, no code rounds a number with toFixed or toPrecision", wholeTree, () => {
  const files = checkedFiles();
  // Among them every chapter's numbers.ts: even a plain toFixed there would skip the grouping of thousands.
  expect(files.filter((file) => file.endsWith("/numbers.ts")).length).toBeGreaterThan(10);
  expect(files.some((file) => file.startsWith(join(root, "bench")))).toBe(true);
  // Situations and generated solutions are read; a code exercise's starter and its solution are not.
  expect(files.some((file) => file.endsWith("/situation.ts"))).toBe(true);
  expect(files.some((file) => file.endsWith("/solution.ts"))).toBe(true);
  expect(files.some((file) => file.endsWith("/starter.ts"))).toBe(false);
  expect(files.filter((file) => file.startsWith(join(root, "solutions")) && file.endsWith("/solution.ts")).length).toBe(
    sourceFiles(join(root, "solutions")).filter((file) => file.endsWith("/solution.ts")).length -
      sourceFiles(join(root, "exercises")).filter((file) => file.endsWith("/starter.ts")).length,
  );
  expect(
    files.flatMap((file) => {
      const { code, template } = splitSource(file, readFileSync(file, "utf8"));
      return ownRounding(relative(root, file), code, template);
    }),
  ).toEqual([]);
});

test("a playground writes its percentages with the course's own percent, as the pages do", () => {
  // A learner's program prints with its own code, but a percentage is the course's: `percent`
  // comes from the "course" module, so a playground's 45.0% reads as the chapter's 45.0% does.
  const playgrounds = ["content"].flatMap((dir) => sourceFiles(join(root, dir))).filter((f) => f.endsWith(".play.ts"));
  expect(playgrounds.length).toBeGreaterThan(10);
  expect(playgrounds.flatMap((file) => ownFormatting(relative(root, file), readFileSync(file, "utf8")))).toEqual([]);
});
