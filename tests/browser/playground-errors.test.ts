/**
 * What a learner sees when a program goes wrong in the page (issue 13: errors with no output
 * before them, unhandled rejections, a huge line, a missing export) and what a share link
 * does to the reader's own edit.
 */
import { beforeAll, expect, test } from "vitest";
import type { Locator, Page } from "playwright-core";
import { describeInBrowser } from "../support/browser-suite.ts";
import { editorMarks } from "../support/editor-marks.ts";

/** Replace the code in `box`'s editor with `code`, as a reader types it. */
async function typeInto(page: Page, box: Locator, code: string): Promise<void> {
  await box.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(code);
}

describeInBrowser("playground errors and share links in Chromium", (browser) => {
  const { site } = browser;
  const chapter = `${site}/shuffle-sharding/`;
  let page: Page;
  let box: Locator;

  const note = () => box.locator("[data-note]");
  const editorText = () =>
    box
      .locator(".cm-content")
      .evaluate((el) =>
        (
          el as unknown as { cmTile: { root: { view: { state: { doc: { toString(): string } } } } } }
        ).cmTile.root.view.state.doc.toString(),
      );

  /** Each line the editor marks as an error (1-based), with the code its mark underlines. */
  const marks = () => editorMarks(box);

  const typeCode = (code: string) => typeInto(page, box, code);
  async function run(code: string) {
    await typeCode(code);
    await page.keyboard.press("ControlOrMeta+Enter");
    await page.waitForFunction(
      (root) => !["running", "", null].includes(root!.querySelector("[data-status]")!.getAttribute("data-state")),
      await box.elementHandle(),
      { timeout: 15_000 },
    );
  }

  beforeAll(async () => {
    page = browser.page;
    await page.goto(chapter);
    box = page.locator("#playground-shuffle-shard");
    await box.getByRole("button", { name: "Run" }).click();
    await box.locator("[data-status][data-state='ok']").waitFor({ timeout: 15_000 });
    await box.locator(".cm-editor").waitFor();
  });

  // A refused fetch or document reaches the page's runner with its message in attacks.test.ts
  // (the "network" and "document" attacks, through the chunk this widget runs with); the note
  // shows a run's message as these cases show theirs: a top-level await rejecting (as
  // `await fetch()` does) and a synchronous throw (as reading `document` does). A time-out's note
  // is checked in playground.test.ts ("an endless loop is stopped at 5 s"): a note shows whatever
  // ended the run, and with nothing printed the output region shows as it does for these.
  // The status compares each with the run before (these run in order): the first with the
  // chapter's output, the next two with a run that also printed nothing and failed, with another
  // error, which is no "same output".
  test.each([
    [
      "a rejected top-level await",
      'await Promise.reject(new Error("nope"));\n',
      /^Error: nope \(line 1\)$/,
      /^Failed after \d+ ms · \d+ lines gone since the last run$/,
    ],
    [
      "a name the course does not export",
      'import { mulberyr32 } from "course";\nconsole.log(mulberyr32);\n',
      /^SyntaxError: "course" does not export mulberyr32, which main.ts imports: did you mean mulberry32\? \(line 1\)$/,
      /^Failed after \d+ ms · a different error from the last run$/,
    ],
    [
      "deep recursion",
      "const down = (n: number): number => down(n + 1) + 1;\ndown(0);\n",
      /^RangeError: Maximum call stack size exceeded \(line 1\)$/,
      /^Failed after \d+ ms · a different error from the last run$/,
    ],
  ])("%s with nothing printed before shows its message", async (_what, code, message, status) => {
    await run(code);
    await expect(box.locator("[data-output]").textContent()).resolves.toBe("");
    await expect(note().isVisible()).resolves.toBe(true);
    await expect(note().textContent()).resolves.toMatch(message);
    await expect(box.locator("[data-status]").textContent()).resolves.toMatch(status);
  });

  test("control and bidirectional characters are written out and HTML is shown as text, as the terminal prints them", async () => {
    await run(
      'console.log("a\\x1b[31mred\\rX\\x07");\nconsole.log("<b>bold</b> &amp;");\nconsole.log("a\\u202Eb c\\u2067d\\u200f");\n',
    );
    // A bidirectional control (here a right-to-left override) would reverse the rest of the line.
    await expect(box.locator("[data-output]").textContent()).resolves.toBe(
      "a\\x1b[31mred\\x0dX\\x07\n<b>bold</b> &amp;\na\\u202eb c\\u2067d\\u200f\n",
    );
    await expect(box.locator("[data-output] b").count()).resolves.toBe(0);
  });

  test("the end of a run is announced once, with its error and how much was printed, each said once", async () => {
    await run('console.log("before");\nthrow new Error("boom");\n');
    await expect(box.locator("[data-announce]").getAttribute("aria-live")).resolves.toBe("polite");
    await expect(box.locator("[data-announce]").textContent()).resolves.toMatch(
      /^Failed after \d+ ms\. Error: boom \(line 2\)\. 1 line printed\.( .*)?$/,
    );
    // Neither the ticking status nor every printed line is a live region of its own.
    await expect(box.locator("[data-status]").getAttribute("aria-live")).resolves.toBeNull();
    await expect(box.locator("[data-output-region]").getAttribute("aria-live")).resolves.toBeNull();
    // A syntax error says so once (the runner's message names it), and counts no lines: nothing ran.
    await run("const n = ;\n");
    await expect(box.locator("[data-announce]").textContent()).resolves.toBe(
      "Did not run. Syntax error: Unexpected token (line 1, column 11).",
    );
    await expect(note().textContent()).resolves.toBe("syntax error: Unexpected token (line 1, column 11)");
  });

  test("the console's methods and a sleep on setTimeout type-check; typeof fetch evaluates", async () => {
    await run(
      [
        'console.group("G");',
        'console.log("x");',
        "console.groupEnd();",
        "console.count();",
        'console.assert(1 > 2, "m");',
        "await new Promise((r) => setTimeout(r, 50));",
        'const marker: number = "x";',
        "",
      ].join("\n"),
    );
    await expect(box.locator("[data-status]").getAttribute("data-state")).resolves.toBe("ok");
    await expect(box.locator("[data-output]").textContent()).resolves.toBe("G\n  x\ndefault: 1\nAssertion failed: m\n");
    // The one type error is the marker's: console.group and the rest, and setTimeout(r, 50), have none.
    const typeErrors = box.locator("[data-type-errors]");
    await typeErrors.waitFor({ timeout: 60_000 });
    await expect(typeErrors.textContent()).resolves.toBe(
      [
        "Type errors (the program ran anyway; TypeScript would refuse it):",
        "Type 'string' is not assignable to type 'number'. (line 7, column 7)",
      ].join("\n"),
    );
    // Feature detection reads a refused function's type; calling it is what refuses.
    await run(
      'console.log(typeof fetch, typeof XMLHttpRequest);\nif (typeof fetch === "function") await fetch("/");\n',
    );
    await expect(box.locator("[data-output]").textContent()).resolves.toBe("function function\n");
    await expect(note().textContent()).resolves.toBe(
      "Error: fetch: the playground has no network: programs run sandboxed and can only compute, print and plot (line 2)",
    );
  });

  test("unhandled rejections end the run as errors, with the learner's line", async () => {
    await run('async function f() {\n  throw new Error("async boom");\n}\nf();\nconsole.log("after");\n');
    await expect(box.locator("[data-status]").getAttribute("data-state")).resolves.toBe("error");
    await expect(note().textContent()).resolves.toBe("Error: async boom (line 2)");
    await run('new Promise((_, reject) => setTimeout(() => {\n  reject(new Error("late"));\n}, 20));\n');
    await expect(box.locator("[data-status]").getAttribute("data-state")).resolves.toBe("error");
    await expect(note().textContent()).resolves.toBe("Error: late (line 2)");
  });

  test("a runtime error's line is marked in the editor, as a syntax error's is, until an edit or the next run", async () => {
    const failing = 'console.log("one");\nconst a = [1, 2];\n\n  if (a.length > 1) throw new Error("too long");\n';
    await run(failing);
    await expect(note().textContent()).resolves.toBe("Error: too long (line 4)");
    await box.locator(".cm-lint-marker-error").waitFor();
    await expect(marks()).resolves.toEqual([{ line: 4, text: 'if (a.length > 1) throw new Error("too long");' }]);
    // An edit anywhere: the code is no longer what ran, and the mark goes (as in a code exercise).
    await box.locator(".cm-line").first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" ");
    await expect.poll(() => box.locator(".cm-lint-marker-error").count()).toBe(0);
    await expect(marks()).resolves.toEqual([]);
    // Marked again, then run with code that runs: the new run clears it.
    await run(failing);
    await box.locator(".cm-lint-marker-error").waitFor();
    await run('console.log("fine");\n');
    await expect(box.locator("[data-status]").getAttribute("data-state")).resolves.toBe("ok");
    await expect(marks()).resolves.toEqual([]);
    await expect(box.locator(".cm-lint-marker-error").count()).resolves.toBe(0);
  });

  test("a thrown string is named and marked at the line of the throw that threw it", async () => {
    await run('function check(n: number) {\n  if (n > 2) {\n    throw "boom";\n  }\n}\ncheck(3);\n');
    await expect(note().textContent()).resolves.toBe("Uncaught 'boom' (line 3)");
    await box.locator(".cm-lint-marker-error").waitFor();
    await expect(marks()).resolves.toEqual([{ line: 3, text: 'throw "boom";' }]);
  });

  test("a rejected string, which no throw statement threw, says its line is unknown and how to see it", async () => {
    await run('console.log("a");\nawait Promise.reject("late");\n');
    await expect(note().textContent()).resolves.toBe(
      "Uncaught 'late' (line unknown: only an Error records where it was made, so throw or reject with new Error(...))",
    );
    await expect(marks()).resolves.toEqual([]);
  });

  test("a 10-million-character line shows its first part and the truncation note", async () => {
    await run("console.log('x'.repeat(1e7));\n");
    const text = (await box.locator("[data-output]").textContent())!;
    expect(text).toBe(`${"x".repeat(199_999)}\n`);
    await expect(note().textContent()).resolves.toMatch(/^output truncated/);
  });

  test("a share link opens the shared code and keeps the reader's own edit one click away", async () => {
    await typeCode('console.log("shared");\n');
    await box.getByRole("button", { name: "Share" }).click();
    const link = await box.getByRole("textbox", { name: "Share link" }).inputValue();
    await typeCode('console.log("mine");\n');
    await page.waitForFunction(() => Object.values(localStorage).some((v) => v.includes('console.log(\\"mine\\")')));
    await page.goto("about:blank");
    await page.goto(link);
    box = page.locator("#playground-shuffle-shard");
    await box.locator(".cm-editor").waitFor();
    await expect(editorText()).resolves.toBe('console.log("shared");\n');
    const notice = box.locator("[data-notice]");
    await expect(notice.textContent()).resolves.toMatch(
      /shared link.*Your own edit from before the shared link is kept/,
    );
    await notice.getByRole("button", { name: "Open my edit" }).click();
    await expect(editorText()).resolves.toBe('console.log("mine");\n');
    await expect(notice.textContent()).resolves.toMatch(/Showing your own edit\. The shared code is kept/);
    await notice.getByRole("button", { name: "Open the shared code" }).click();
    await expect(editorText()).resolves.toBe('console.log("shared");\n');
  });

  test("a starter without its export says which export is missing", async () => {
    await page.goto(chapter);
    const exercise = page.locator('[data-exercise="choose-exact"]');
    await exercise.locator(".br-ex-code__static").click();
    await exercise.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText("function choose(n: number, k: number): bigint {\n  return 0n;\n}\n");
    await exercise.getByRole("button", { name: "Check", exact: true }).click();
    const feedback = exercise.locator('[data-part="code"] [data-feedback][data-verdict]');
    await feedback.waitFor({ timeout: 20_000 });
    await expect(feedback.textContent()).resolves.toMatch(
      /starter\.ts does not export choose, which checks\.ts imports: is `export` missing/,
    );
  });
});

describeInBrowser("the playground's type-checker without TypeScript's file", (browser) => {
  // The worker's chunk loads but TypeScript's own file (src/integrations/typescript-prebundle.ts)
  // does not, as when the connection drops between the two on a first use: the run stands, and
  // the check says the type-checker could not load, as it does when the worker itself cannot.
  test("an edited run still prints its output, then says the type-checker could not load", async () => {
    const { page, site } = browser;
    await page.route(/\/_astro\/typescript-[\w-]+\.js$/, (route) => route.abort("internetdisconnected"));
    const typeCheckerFiles: string[] = [];
    page.on("request", (request) => {
      if (/\/_astro\/(typecheck-worker|typescript)-[\w-]+\.js$/.test(request.url()))
        typeCheckerFiles.push(request.url());
    });
    await page.goto(`${site}/shuffle-sharding/`);
    const box = page.locator("#playground-shuffle-shard");
    // The chapter's own code runs unchecked (a reader's edit is what is checked), then the editor opens.
    await box.getByRole("button", { name: "Run" }).click();
    await box.locator("[data-status][data-state='ok']").waitFor({ timeout: 15_000 });
    // An edit that does not parse never starts: its syntax error is the thing to fix, and the
    // type-checker (4.7 MB on a first use) is not fetched for it.
    await typeInto(page, box, "const n = ;\n");
    await page.keyboard.press("ControlOrMeta+Enter");
    await box.locator("[data-status][data-state='syntax-error']").waitFor({ timeout: 15_000 });
    expect(typeCheckerFiles).toEqual([]);
    await typeInto(page, box, 'const n: number = "four";\nconsole.log(n);\n');
    await page.keyboard.press("ControlOrMeta+Enter");
    const typeErrors = box.locator("[data-type-errors]");
    await typeErrors.waitFor({ timeout: 30_000 });
    await expect(box.locator("[data-output]").textContent()).resolves.toBe("four\n");
    await expect(typeErrors.textContent()).resolves.toBe(
      "Type errors could not be checked (the type-checker could not load); the output above is the whole run.",
    );
    // The run that did start asked for the type-checker: the worker's chunk, then TypeScript's file.
    expect(typeCheckerFiles.map((url) => /\/_astro\/([a-z-]+)-/.exec(url)![1])).toEqual([
      "typecheck-worker",
      "typescript",
    ]);
  });
});
