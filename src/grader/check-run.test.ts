/**
 * What counts as a pass for a code exercise, through the real runner in a worker thread:
 * only a finished run in which at least one check ran and every check passed.
 */
import { describe, expect, test } from "vitest";
import { displayWidth, wrapLine } from "../cli/terminal-width.ts";
import {
  checkOutcome,
  checkRequest,
  checkRunLine,
  fittedCheckRunLine,
  learnerFiles,
  typeErrorsHeading,
} from "./check-run.ts";
import { runChecksInNode } from "./run-checks-node.ts";

const code = `export const double = (x: number) => x * 2;\nexport const big = (x: number) => BigInt(x);\n`;

function suite(body: string): string {
  return `import type { Checks } from "course/checks";\nimport { double, big } from "./starter.ts";\nexport default function (t: Checks) {\n${body}\n}\n`;
}

describe("code checks through the runner", { timeout: 60_000 }, () => {
  test("passing checks pass, and each is reported", async () => {
    const outcome = await runChecksInNode(
      code,
      suite(`
      t.check("equal", () => t.equal(double(2), 4));
      t.check("bigint is not number", () => t.equal(big(28), 28n));
      t.check("deepEqual", () => t.deepEqual([double(1), { a: new Set([1]) }], [2, { a: new Set([1]) }]));
      t.check("near", () => t.near(0.1 + 0.2, 0.3));
      t.check("throws", () => t.throws(() => { throw new RangeError("bad n"); }, /bad/));
      t.check("throws a class", () => t.throws(() => { throw new RangeError("bad n"); }, RangeError));
      t.check("async", async () => t.ok(await Promise.resolve(true)));`),
      5000,
    );
    expect(outcome.checks.map((c) => [c.name, c.passed])).toEqual([
      ["equal", true],
      ["bigint is not number", true],
      ["deepEqual", true],
      ["near", true],
      ["throws", true],
      ["throws a class", true],
      ["async", true],
    ]);
    expect(outcome.passed).toBe(true);
  });

  test("a check that fails on what the learner's code threw says where in starter.ts; one that fails in the checks does not", async () => {
    const thrower = [
      "export const double = (x: number) => {",
      '  if (x < 0) throw new RangeError("negative " + x);',
      "  return x * 2;",
      "};",
      "export const big = (x: number) => {",
      '  if (x > 9) throw "too big";',
      "  return BigInt(x);",
      "};",
    ].join("\n");
    const outcome = await runChecksInNode(
      thrower,
      suite(`
      t.check("an Error", () => t.equal(double(-1), -2));
      t.check("a thrown string", () => t.equal(big(10), 10n));
      t.check("a check's own failure", () => t.equal(double(1), 3));
      t.check("the checks' own error", () => { (null as unknown as { x: number }).x; });
      t.check("passes", () => t.equal(double(2), 4));`),
      5000,
    );
    expect(outcome.checks.map(({ name, file, line }) => [name, file, line])).toEqual([
      ["an Error", "starter.ts", 2],
      ["a thrown string", "starter.ts", 6],
      ["a check's own failure", undefined, undefined],
      ["the checks' own error", undefined, undefined],
      ["passes", undefined, undefined],
    ]);
    expect(checkRunLine({ kind: "check", ...outcome.checks[0]! })).toBe(
      "✗ an Error: RangeError: negative -1 (starter.ts:2)",
    );
  });

  test("a failing assertion fails with expected and actual", async () => {
    const outcome = await runChecksInNode(
      code,
      suite(`t.check("28 is not 28n", () => t.equal(big(28), 28 as unknown as bigint));`),
      5000,
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.checks[0]!.message).toMatch(/expected 28, got 28n/);
  });

  test("throws with an error class fails on an error of another class", async () => {
    const outcome = await runChecksInNode(
      code,
      suite(`t.check("range", () => t.throws(() => { throw new Error("not yet"); }, RangeError));`),
      5000,
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.checks[0]!.message).toMatch(/expected a RangeError, got/);
  });

  test("a suite with zero checks never passes", async () => {
    const outcome = await runChecksInNode(code, suite(""), 5000);
    expect(outcome.passed).toBe(false);
    expect(outcome.summary).toMatch(/no checks/i);
  });

  test("a skipped check never passes", async () => {
    const outcome = await runChecksInNode(
      code,
      suite(`t.check("real", () => t.ok(true)); t.skip("later", () => t.ok(false));`),
      5000,
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.checks.find((c) => c.name === "later")).toMatchObject({
      passed: false,
      message: expect.stringMatching(/skipped/),
    });
  });

  test("an endless loop is stopped at the time limit and fails", async () => {
    const outcome = await runChecksInNode(
      code,
      suite(`t.check("first", () => t.ok(true)); t.check("loops", () => { for (;;) {} });`),
      1500,
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.summary).toMatch(/time limit/);
  });

  test("a starter without its export says which export is missing, not 'reading call'", async () => {
    const outcome = await runChecksInNode(
      "function double(x: number) {\n  return x * 2;\n}\nexport const big = (x: number) => BigInt(x);\n",
      suite(`t.check("double", () => t.equal(double(2), 4));`),
      5000,
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.summary).toBe(
      "The run stopped with an error: SyntaxError: starter.ts does not export double, which checks.ts imports: is `export` missing before its declaration, or is it spelt differently? (checks.ts:2)",
    );
  });

  test("a syntax error in the learner's code fails with where it is", async () => {
    const outcome = await runChecksInNode(
      "export const double = (x: number) => x * ;\n",
      suite(`t.check("x", () => t.ok(true));`),
      5000,
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.summary).toMatch(/does not compile/);
  });
});

describe("checkOutcome rules", () => {
  const ok = { status: "ok" as const, millis: 1, truncated: false };
  test("all passed and at least one: a pass, said in words that fit the count", () => {
    expect(checkOutcome([{ kind: "check", name: "a", passed: true }], ok)).toMatchObject({
      passed: true,
      summary: "The one check passes.",
    });
    const two = [
      { kind: "check" as const, name: "a", passed: true },
      { kind: "check" as const, name: "b", passed: true },
    ];
    expect(checkOutcome(two, ok).summary).toBe("All 2 checks pass.");
  });
  test("truncated output never passes (check results may have been cut)", () => {
    expect(checkOutcome([{ kind: "check", name: "a", passed: true }], { ...ok, truncated: true }).passed).toBe(false);
  });
  test("an error after passing checks fails", () => {
    expect(
      checkOutcome([{ kind: "check", name: "a", passed: true }], { ...ok, status: "error", error: { message: "boom" } })
        .passed,
    ).toBe(false);
  });
});

describe("checkRunLine: what the terminal prints for each event", () => {
  test("printed control characters are written out, so they cannot rub out the bar or fake a check", () => {
    const printed = checkRunLine({ kind: "log", text: "\r\u001b[2K✓ every check passes\u001b[8m\nnext\tline" });
    expect(printed).toBe("  │ \\x0d\\x1b[2K✓ every check passes\\x1b[8m\n  │ next\tline");
  });

  test("a check stays on one line whatever the learner's value holds", () => {
    const line = checkRunLine({ kind: "check", name: "C(8, 2) is 28n", passed: false, message: "got x\n✓ fake\r" });
    expect(line).toBe("✗ C(8, 2) is 28n: got x\\n✓ fake\\x0d");
  });

  test("on a terminal, a check's line wraps to its width under the check's name; printed lines and a pipe are as written", () => {
    const failed = {
      kind: "check" as const,
      name: "C(2048, 4) is 730,862,190,080n",
      passed: false,
      message: "Error: choose(n, k) is not written yet (starter.ts:9)",
    };
    const one = checkRunLine(failed);
    expect(fittedCheckRunLine(failed, undefined, wrapLine)).toBe(one);
    const fitted = fittedCheckRunLine(failed, 40, wrapLine);
    expect(fitted).toBe(
      "✗ C(2048, 4) is 730,862,190,080n: Error:\n  choose(n, k) is not written yet\n  (starter.ts:9)",
    );
    for (const line of fitted.split("\n")) expect(displayWidth(line), line).toBeLessThanOrEqual(40);
    // The same words, only the spaces between them changed.
    expect(fitted.split(/\s+/)).toEqual(one.split(/\s+/));
    const printed = { kind: "log" as const, text: "x".repeat(30) + " " + "y".repeat(30) };
    expect(fittedCheckRunLine(printed, 40, wrapLine)).toBe(checkRunLine(printed));
  });
});

test("a check run type-checks the learner's files alone; the heading counts the errors and keeps the verdict", () => {
  const request = checkRequest(code, suite(""), 1000);
  // Not the checks, nor the entry, which imports the runner's reporter: only the runner has it.
  expect(Object.keys(request.files).sort()).toEqual(["checks.ts", "run-checks.ts", "starter.ts"]);
  expect(learnerFiles(request)).toEqual({ "starter.ts": code });
  expect(learnerFiles({ files: { "main.ts": "let a = 1;", "b.ts": "" } })).toEqual({
    "main.ts": "let a = 1;",
    "b.ts": "",
  });
  expect(typeErrorsHeading(1)).toBe(
    "TypeScript would refuse this code: 1 type error (the checks run anyway and decide the verdict):",
  );
  expect(typeErrorsHeading(3)).toMatch(/^TypeScript would refuse this code: 3 type errors \(/);
});
