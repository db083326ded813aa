/**
 * A code exercise's editor marks where the learner's code went wrong, as a playground's does: a
 * syntax error at its column, a runtime error (a throw, a TypeError, a thrown string) along its
 * line in the learner's file, also when a check fails on what the learner's function threw, and
 * the mark goes when the learner edits the code.
 */
import { beforeAll, expect, test } from "vitest";
import type { Locator, Page } from "playwright-core";
import { describeInBrowser } from "../support/browser-suite.ts";
import { editorMarks } from "../support/editor-marks.ts";

describeInBrowser("a code exercise's error marks", (browser) => {
  let page: Page;
  let exercise: Locator;
  const feedback = () => exercise.locator('[data-part="code"] [data-feedback]');
  const marks = () => editorMarks(exercise);
  const gutterMarks = () => exercise.locator(".cm-lint-marker-error").count();

  /** Type `code` over the editor's, press Check and wait for its verdict. */
  async function check(code: string) {
    await exercise.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText(code);
    await exercise.getByRole("button", { name: "Check", exact: true }).click();
    await page.waitForFunction(
      (box) => {
        const verdict = box?.querySelector("[data-feedback]")?.getAttribute("data-verdict");
        return verdict === "wrong" || verdict === "right" || verdict === "invalid";
      },
      await exercise.locator('[data-part="code"]').elementHandle(),
      { timeout: 20_000 },
    );
  }

  beforeAll(async () => {
    page = browser.page;
    await page.goto(`${browser.site}/shuffle-sharding/`);
    exercise = page.locator('[data-exercise="choose-exact"]');
    await exercise.getByRole("button", { name: "Check", exact: true }).click();
    await exercise.locator(".cm-editor").waitFor({ timeout: 20_000 });
  });

  test("a throw at the top level of the learner's file is marked at its line, and an edit clears the mark", async () => {
    await check(
      'export function choose(n: number, k: number): bigint {\n  return BigInt(n + k);\n}\nconst sizes = [8, 16];\n\n  if (sizes.length > 1) throw new Error("too many sizes");\n',
    );
    await expect(feedback().textContent()).resolves.toContain(
      "The run stopped with an error: Error: too many sizes (starter.ts:6)",
    );
    await exercise.locator(".cm-lint-marker-error").waitFor();
    await expect(marks()).resolves.toEqual([
      { line: 6, text: 'if (sizes.length > 1) throw new Error("too many sizes");' },
    ]);

    // An edit anywhere: the code is no longer what ran, and the mark goes.
    await exercise.locator(".cm-line").first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" ");
    await expect.poll(gutterMarks).toBe(0);
    await expect(marks()).resolves.toEqual([]);
    // The feedback stays, as the record of that Check.
    await expect(feedback().textContent()).resolves.toContain("too many sizes (starter.ts:6)");
  });

  test("a thrown string and a TypeError are marked at the learner's line", async () => {
    await check(
      'export function choose(n: number, k: number): bigint {\n  if (n > 2) {\n    throw "boom";\n  }\n  return 1n;\n}\nchoose(3, 1);\n',
    );
    await expect(feedback().textContent()).resolves.toContain("Uncaught 'boom' (starter.ts:3)");
    await exercise.locator(".cm-lint-marker-error").waitFor();
    await expect(marks()).resolves.toEqual([{ line: 3, text: 'throw "boom";' }]);

    await check(
      "export function choose(n: number, k: number): bigint {\n  return 1n;\n}\nconst sizes: { length: number } | undefined = undefined;\nconsole.log(sizes!.length);\n",
    );
    await expect(feedback().textContent()).resolves.toMatch(/TypeError: .* \(starter\.ts:5\)/);
    await expect.poll(marks).toEqual([{ line: 5, text: "console.log(sizes!.length);" }]);
  });

  test("a syntax error is marked at its column and goes with an edit too; a passing Check leaves no mark", async () => {
    await check("export function choose(n: number, k: number): bigint {\n  return 1n +;\n}\n");
    await expect(feedback().textContent()).resolves.toMatch(/Your code does not compile: .* \(starter\.ts:2\)/);
    await exercise.locator(".cm-lint-marker-error").waitFor();
    await expect(marks()).resolves.toEqual([{ line: 2, text: ";" }]);
    await exercise.locator(".cm-line").nth(1).click();
    await page.keyboard.press("End");
    await page.keyboard.press("Backspace");
    await expect.poll(gutterMarks).toBe(0);

    // Marked, then checked again with code that runs: the new Check clears the old mark.
    await check('export function choose(n: number, k: number): bigint {\n  throw new Error("no");\n}\nchoose(1, 1);\n');
    await expect.poll(marks).toEqual([{ line: 2, text: 'throw new Error("no");' }]);
    await check("export function choose(n: number, k: number): bigint {\n  return 1n;\n}\n");
    await expect(feedback().textContent()).resolves.toMatch(/✗ \d+ of \d+ checks pass/);
    await expect(gutterMarks()).resolves.toBe(0);
  });

  test("a check that fails on what the learner's function threw says where, and the line is marked", async () => {
    // Runs to the end: only the checks that call choose(5, 7) reach the throw.
    await check(
      'export function choose(n: number, k: number): bigint {\n  if (k > n) throw new RangeError("k is more than n");\n  return 1n;\n}\n',
    );
    await expect(feedback().textContent()).resolves.toMatch(/✗ \d+ of \d+ checks pass/);
    await expect(feedback().textContent()).resolves.toContain(
      "✗ choosing more than there are gives 0n: RangeError: k is more than n (starter.ts:2)",
    );
    await expect.poll(marks).toEqual([{ line: 2, text: 'if (k > n) throw new RangeError("k is more than n");' }]);
    // C(200, 100)'s 59 digits in its check's message wrap inside the panel on a phone.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 800 });
    const overflow = await feedback().evaluate((box) => [box.scrollWidth, box.clientWidth]);
    expect(overflow[0]).toBeLessThanOrEqual(overflow[1]!);
    if (viewport) await page.setViewportSize(viewport);
    // An edit clears it, as any mark.
    await exercise.locator(".cm-line").first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" ");
    await expect.poll(gutterMarks).toBe(0);
  });

  test("an error in the course's files (the checks) is not marked in the learner's", async () => {
    // choose is not exported: the checks' import of it fails, in checks.ts, not in the learner's file.
    await check("function choose(n: number, k: number): bigint {\n  return 1n;\n}\n");
    await expect(feedback().textContent()).resolves.toMatch(/starter\.ts does not export choose.*\(checks\.ts:\d+\)/);
    await expect(gutterMarks()).resolves.toBe(0);
    await expect(marks()).resolves.toEqual([]);
  });
});
