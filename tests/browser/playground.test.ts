/**
 * The shuffle-shard playground, as a learner uses it, in Chromium; and every other playground
 * of the course, run on that page by the runner its Run button loads.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { beforeAll, expect, test } from "vitest";
import type { Locator, Page, Route } from "playwright-core";
import { defaultTimeoutMs, eventText, type RunEvent } from "../../src/playground/protocol.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { holdRequests } from "../support/hold-requests.ts";
import { boxesOf, expectHeld, expectMadeAgain, expectSameBoxes, openWithScriptsHeld } from "../support/early-press.ts";

const golden = readFileSync(
  new URL("../../content/chapters/shuffle-sharding/shuffle-shard.golden.txt", import.meta.url),
  "utf8",
);
const original = readFileSync(
  new URL("../../content/chapters/shuffle-sharding/shuffle-shard.play.ts", import.meta.url),
  "utf8",
);

const chapters = new URL("../../content/chapters/", import.meta.url).pathname;
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** Every playground a chapter shows: its `<name>.play.ts` beside the chapter that names it. */
const playgrounds = readdirSync(chapters)
  .flatMap((slug) =>
    existsSync(`${chapters}${slug}/index.mdx`)
      ? readdirSync(`${chapters}${slug}`)
          .filter((f) => f.endsWith(".play.ts"))
          .map((f) => ({ slug, name: f.replace(/\.play\.ts$/, "") }))
      : [],
  )
  .filter(({ slug, name }) => readFileSync(`${chapters}${slug}/index.mdx`, "utf8").includes(`name="${name}"`));
/** The one this file runs with its Run button. */
const clicked = (p: { slug: string; name: string }) => p.slug === "shuffle-sharding" && p.name === "shuffle-shard";

/**
 * The editor's whole text. CodeMirror draws only the lines in view, so read its document
 * through the view that EditorView.findFromDOM would return (the same lookup, by hand).
 */
const linesOf = (el: Element) =>
  (
    el as Element & { cmTile: { root: { view: { state: { doc: { toString(): string } } } } } }
  ).cmTile.root.view.state.doc.toString();

describeInBrowser("playground in Chromium", (browser) => {
  const { site } = browser;
  const chapter = `${site}/shuffle-sharding/`;
  let page: Page;
  let box: Locator;

  const output = () => box.locator("[data-output]").textContent();
  const status = () => box.locator("[data-status]").textContent();
  const note = () => box.locator("[data-note]");
  const editorText = () => box.locator(".cm-content").evaluate(linesOf);

  /** Replace the editor's text as a reader would: click in, select all, type. */
  async function typeCode(code: string) {
    await box.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText(code);
  }
  async function runAndWait() {
    await page.keyboard.press("ControlOrMeta+Enter");
    await page.waitForFunction(
      (root) => root!.querySelector("[data-status]")!.getAttribute("data-state") !== "running",
      await box.elementHandle(),
      { timeout: 15_000 },
    );
  }

  beforeAll(async () => {
    page = browser.page;
  });

  test("before interaction: highlighted code and a Run button, no editor; a Run held for code that cannot load says so", async () => {
    const release = await openWithScriptsHeld(page, chapter);
    box = page.locator("#playground-shuffle-shard");
    await expect(box.locator("pre.astro-code").count()).resolves.toBe(1);
    const run = box.getByRole("button", { name: "Run" });
    await expect(run.isVisible()).resolves.toBe(true);
    await expect(box.locator(".cm-editor").count()).resolves.toBe(0);
    const announce = box.locator("[data-announce]");
    await expect(announce.getAttribute("aria-live")).resolves.toBe("polite");
    // s57: Run pressed before the page's scripts arrived, for a playground whose code then could
    // not load (the network dropped), read "Running…" for ever and nothing was said. The status
    // says so, read out, and Run waits no more; pressed again, it loads and runs (next test).
    // Every widget's code is a mount.*.js: only the playground's is asked for here.
    const playgroundCode = /\/_astro\/mount\.[\w-]+\.js$/;
    const offline = (route: Route) => route.abort("internetdisconnected");
    await page.route(playgroundCode, offline);
    // s58: held, Run grew by its busy label ("Running…", 49 px wider), pushing Reset and Share on a
    // phone. It keeps its box, and its name.
    const buttons = () => boxesOf(run, box.getByRole("button", { name: "Reset" }));
    const atRest = await buttons();
    await run.click();
    await expectHeld(run, box, "Running…");
    expectSameBoxes(await buttons(), atRest);
    await expect(box.getByRole("button", { name: "Run", exact: true }).count()).resolves.toBe(1);
    release();
    await expect
      .poll(status)
      .toBe("The playground could not load: check your connection, then press Run to try again.");
    await expect(announce.textContent()).resolves.toBe(await status());
    await expect(run.getAttribute("data-early-wait")).resolves.toBeNull();
    await expect(box.locator(".cm-editor").count()).resolves.toBe(0);
    await page.unroute(playgroundCode, offline);
  });

  test("Run prints exactly the golden output", async () => {
    const codeBox = box.locator("[data-code]");
    const codeHeight = () => codeBox.evaluate((el) => el.getBoundingClientRect().height);
    const staticHeight = await codeHeight();
    await box.getByRole("button", { name: "Run" }).click();
    await box.locator("[data-status][data-state='ok']").waitFor({ timeout: 15_000 });
    await expect(output()).resolves.toBe(golden);
    // Its status is the run's: the failed load's words (the test before) are gone.
    await expect(status()).resolves.toMatch(/^Finished in \d+ ms$/);
    await box.locator(".cm-editor").waitFor();
    await expect(editorText()).resolves.toBe(original);
    // The editor takes the static code's room, line for line (its last lines measured once in view).
    await codeBox.evaluate((el) => el.scrollIntoView({ block: "end" }));
    await expect.poll(codeHeight).toBeCloseTo(staticHeight, 0);
  });

  // QA: in the light theme the editor's first colours (One Light's) were below 4.5:1 on the page's
  // white, where the static code before it passes: functions 4.0, definitions 4.2, strings and
  // types 3.2, and numbers and comments 4.4 on the line being edited.
  test("the editor's code colours keep 4.5:1 contrast in both themes, on the line being edited too", async () => {
    await box.locator(".cm-content").click({ position: { x: 4, y: 4 } });
    await box.locator(".cm-activeLine").waitFor();
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
    const findings: string[] = [];
    for (const theme of ["light", "dark"]) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      const found = (await page.evaluate(`axe
        .run({ include: [["#playground-shuffle-shard .cm-content"]] }, { runOnly: ["color-contrast"], resultTypes: ["violations"] })
        .then((r) => r.violations.flatMap((v) => v.nodes.map((n) => n.any[0]?.message ?? n.target.join(" "))))`)) as string[];
      findings.push(...found.map((f) => `${theme}: ${f}`));
    }
    await page.evaluate(() => {
      document.documentElement.dataset.theme = "light";
    });
    expect(findings).toEqual([]);
  });

  // Every other playground runs on this page, not on its own chapter's: each chapter's section is
  // read from its page as mount.ts reads it (the code in its template, its time limit) and run by
  // the runner module this page's Run button just loaded (so the same worker script, with the
  // course library built into it), its events printed as the output region prints them. What differs from a
  // chapter's own Run is the page around it, and tests/site/playgrounds.test.ts holds that the same:
  // every page with a playground loads the same playground script under the same policy, and shows
  // each program as its .play.ts file.
  test("every other playground in the course prints its golden output in the page, with its chapter's code and time limit", async () => {
    const others = playgrounds.filter((p) => !clicked(p));
    expect(playgrounds.filter(clicked)).toHaveLength(1);
    // cells.test.ts leaves the Part III playgrounds' golden output to this list.
    expect(others).toEqual(
      expect.arrayContaining([
        { slug: "cells", name: "cells" },
        { slug: "deploys-and-correlated-failure", name: "rollout" },
      ]),
    );
    const host = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .find((u) => /\/_astro\/browser-host\.[\w-]+\.js$/.test(u)),
    );
    expect(host).toBeTruthy();
    const wanted = others.map((p) => ({ ...p, url: `${site}/${p.slug}/` }));
    // A string, not a function: vitest would rewrite import() in a function's source.
    const args = JSON.stringify({ host, wanted, fallback: defaultTimeoutMs });
    const runs = (await page.evaluate(`(async ({ host, wanted, fallback }) => {
      const { runInPage } = await import(host);
      const pages = new Map();
      const runs = [];
      for (const { url, name } of wanted) {
        if (!pages.has(url)) {
          const html = await (await fetch(url)).text();
          pages.set(url, new DOMParser().parseFromString(html, "text/html"));
        }
        const root = pages.get(url).querySelector("#playground-" + name);
        if (!root) {
          runs.push({ missing: true, events: [] });
          continue;
        }
        const code = root.querySelector("template[data-original]").content.textContent ?? "";
        const timeoutMs = Number(root.dataset.timeout) || fallback;
        const events = [];
        const request = { files: { "main.ts": code }, entry: "main.ts", timeoutMs };
        const result = await runInPage(request, (event) => events.push(event)).result;
        runs.push({ status: result.status, error: result.error, truncated: result.truncated, events });
      }
      return runs;
    })(${args})`)) as { missing?: true; status: string; error?: unknown; truncated: boolean; events: RunEvent[] }[];
    expect(
      runs.map(({ events, ...run }, i) => ({
        playground: `${others[i]!.slug}/${others[i]!.name}`,
        ...run,
        output: events.map((e) => `${eventText(e)}\n`).join(""),
      })),
    ).toEqual(
      others.map(({ slug, name }) => ({
        playground: `${slug}/${name}`,
        status: "ok",
        truncated: false,
        output: readFileSync(`${chapters}${slug}/${name}.golden.txt`, "utf8"),
      })),
    );
  }, 120_000);

  test("type a change and run again with Ctrl+Enter", async () => {
    await typeCode(
      'import { choose } from "course";\nconsole.log("pairs of 8:", choose(8, 2), new Map([["a", 1]]));\n',
    );
    // The page's first run of edited code loads the type-checker: held back here until the output
    // says a check is under way, and for how long, counting on while it is (a slow check is not a
    // line left over); then let through, and with no type error the line goes.
    const typeChecker = /\/_astro\/typecheck-worker-[\w-]+\.js$/;
    const release = await holdRequests(page, typeChecker);
    await runAndWait();
    await expect(output()).resolves.toBe("pairs of 8: 28n Map(1) { 'a' => 1 }\n");
    const pending = box.locator("[data-type-check-pending]");
    await pending.waitFor();
    const waiting = (await pending.textContent())!;
    expect(waiting).toMatch(/^Checking types… \d+\.\d s$/);
    await expect.poll(() => pending.textContent()).not.toBe(waiting);
    release();
    await pending.waitFor({ state: "detached", timeout: 60_000 });
    await page.unroute(typeChecker);
    await expect(box.locator("[data-type-errors]").count()).resolves.toBe(0);
    // The run says what changed since the last one (the golden output's lines) and marks the new line.
    const before = golden.trimEnd().split("\n").length;
    await expect(status()).resolves.toMatch(
      new RegExp(`^Finished in \\d+ ms · 1 line new or changed, ${before - 1} lines gone since the last run$`),
    );
    await expect(box.locator(".playground__line--changed").count()).resolves.toBe(1);
    await runAndWait();
    await expect(status()).resolves.toMatch(/^Finished in \d+ ms · same output as the last run$/);
    await expect(box.locator(".playground__line--changed").count()).resolves.toBe(0);
  });

  test("an edit says it is saved in this browser", async () => {
    await expect
      .poll(() => box.locator("[data-notice]").textContent())
      .toBe("Your edit is saved in this browser and comes back when you return. Reset restores the original.");
  });

  test("an edit made just before leaving the page is kept", async () => {
    const other = await browser.open();
    try {
      // A fake clock: the save 200 ms after the last keystroke never comes on its own.
      await other.page.clock.install();
      await other.page.goto(chapter);
      const otherBox = other.page.locator("#playground-shuffle-shard");
      await otherBox.locator("[data-code]").click();
      await otherBox.locator(".cm-content").click();
      await other.page.keyboard.press("ControlOrMeta+a");
      await other.page.keyboard.insertText('console.log("typed just before leaving");\n');
      await other.page.goto(chapter);
      await otherBox.locator(".cm-editor").waitFor();
      await expect(otherBox.locator(".cm-content").evaluate(linesOf)).resolves.toBe(
        'console.log("typed just before leaving");\n',
      );
    } finally {
      await other.close();
    }
  });

  test("reload keeps the edit and says so", async () => {
    // Edits are saved 200 ms after the last keystroke: wait for the saved copy, not the clock.
    await page.waitForFunction(() =>
      Object.keys(localStorage).some(
        (k) => k.startsWith("blast-radius:playground:") && (localStorage.getItem(k) ?? "").includes("pairs of 8"),
      ),
    );
    await page.reload();
    box = page.locator("#playground-shuffle-shard");
    await box.locator(".cm-editor").waitFor();
    await expect(editorText()).resolves.toContain('console.log("pairs of 8:"');
    await expect(box.locator("[data-notice]").textContent()).resolves.toMatch(/your edited version/);
  });

  test("the share link restores the code in a fresh browser", async () => {
    await box.getByRole("button", { name: "Share" }).click();
    const link = await box.getByRole("textbox", { name: "Share link" }).inputValue();
    expect(link).toMatch(/#play-shuffle-shard=[\w-]+$/);
    const other = await browser.open();
    try {
      await other.page.goto(link);
      const otherBox = other.page.locator("#playground-shuffle-shard");
      await otherBox.locator(".cm-editor").waitFor();
      const text = await otherBox.locator(".cm-content").evaluate(linesOf);
      expect(text).toContain('console.log("pairs of 8:"');
      await expect(otherBox.locator("[data-notice]").textContent()).resolves.toMatch(/shared link/);
    } finally {
      await other.close();
    }
  });

  // QA: Close on the share link's notice took away the button that had focus, and focus fell to
  // the page's body: a keyboard reader's next Tab started again from the top of the page.
  test("closing the share link's notice leaves focus on Share, not on the page", async () => {
    const share = box.getByRole("button", { name: "Share" });
    // An earlier test's notice may still be open, with a Close of its own: this click's notice
    // replaces it once its link is made (asynchronously), so wait for that one, not the old one.
    await box.locator("[data-notice]").evaluate((notice) => {
      for (const el of notice.querySelectorAll("*")) el.setAttribute("data-before", "");
    });
    await share.click();
    await box.locator('[data-notice] input[aria-label="Share link"]:not([data-before])').waitFor();
    await box.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Enter");
    await expect(box.locator("[data-notice]").isHidden()).resolves.toBe(true);
    await expect(share.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
  });

  // QA's reproduction: a real link cut short when pasted into chat. The playground opened at the
  // top of the page with the chapter's code and no word, so the reader took it for the shared code.
  test("a cut-short share link says its code could not be read, scrolls to the playground and is announced", async () => {
    await box.getByRole("button", { name: "Share" }).click();
    const link = await box.getByRole("textbox", { name: "Share link" }).inputValue();
    const other = await browser.open();
    try {
      await other.page.goto(link.slice(0, link.indexOf("=") + 13));
      const otherBox = other.page.locator("#playground-shuffle-shard");
      await otherBox.locator(".cm-editor").waitFor();
      await expect(otherBox.locator(".cm-content").evaluate(linesOf)).resolves.toBe(original);
      const notice = otherBox.locator("[data-notice]");
      const said =
        "This link's code could not be read: it is damaged, perhaps cut short when it was copied; showing the chapter's code.";
      await expect(notice.isVisible()).resolves.toBe(true);
      await expect(notice.textContent()).resolves.toBe(said);
      await expect(otherBox.locator("[data-announce]").textContent()).resolves.toBe(said);
      // In view, as a good link's playground is: its top at the top of the window, below the header.
      const top = await otherBox.evaluate((el) => el.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(200);
      await expect(other.page.evaluate(() => window.scrollY)).resolves.toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  test("a syntax error shows its line and column and marks the line", async () => {
    await typeCode("const a = 1;\nconst b = ;\n");
    await runAndWait();
    await expect(note().textContent()).resolves.toBe("syntax error: Unexpected token (line 2, column 11)");
    await box.locator(".cm-lint-marker-error").waitFor();
    await expect(box.locator(".cm-lintRange-error").count()).resolves.toBeGreaterThan(0);
  });

  test("a runtime error shows its message and the learner's line", async () => {
    await typeCode(
      'import { randomShard, mulberry32 } from "course";\nconsole.log("before");\nrandomShard(3, 5, mulberry32(1));\n',
    );
    await runAndWait();
    await expect(output()).resolves.toBe("before\n");
    await expect(note().textContent()).resolves.toBe(
      "RangeError: shard size must be a whole number from 1 to 3, got 5 (line 3)",
    );
  });

  test("edited code with a type error still runs, then its type errors are shown, said and marked at their columns", async () => {
    await typeCode('import { grouped } from "course";\nconst n: number = "12";\nconsole.log("n is", grouped(n));\n');
    await runAndWait();
    await expect(output()).resolves.toBe("n is 12\n");
    const typeErrors = box.locator("[data-type-errors]");
    await typeErrors.waitFor({ timeout: 60_000 });
    await expect(typeErrors.textContent()).resolves.toBe(
      [
        "Type errors (the program ran anyway; TypeScript would refuse it):",
        "Type 'string' is not assignable to type 'number'. (line 2, column 7)",
      ].join("\n"),
    );
    await expect(box.locator("[data-announce]").textContent()).resolves.toBe(
      "1 type error: Type 'string' is not assignable to type 'number'. (line 2, column 7). The program ran anyway.",
    );
    await expect(box.locator(".cm-lintRange-error").textContent()).resolves.toBe("n");
  });

  test("the sandbox has no storage, network, DOM or code from strings", async () => {
    await page.evaluate(() => localStorage.setItem("secret", "page data"));
    await typeCode(
      [
        "const attempts: [string, () => unknown][] = [",
        '  ["localStorage", () => localStorage.getItem("secret")],',
        '  ["indexedDB", () => indexedDB.open("x")],',
        '  ["fetch", () => fetch("/")],',
        '  ["XMLHttpRequest", () => new XMLHttpRequest()],',
        '  ["WebSocket", () => new WebSocket("ws://127.0.0.1:1")],',
        '  ["importScripts", () => importScripts("/x.js")],',
        '  ["import", () => import("https://example.com/x.js")],',
        '  ["Function", () => new Function("return 1")()],',
        '  ["constructor", () => (async () => {}).constructor("return import(\'/x.js\')")()],',
        '  ["document", () => (globalThis as any).document.cookie],',
        '  ["file system", () => (globalThis as any).webkitRequestFileSystem(0, 1, () => {})],',
        '  ["storage manager", () => (navigator as any).storage.getDirectory()],',
        "];",
        "for (const [name, attempt] of attempts) {",
        "  try {",
        "    const value = await attempt();",
        "    console.log(name, 'REACHED', value);",
        "  } catch (error) {",
        "    console.log(name, 'refused');",
        "  }",
        "}",
        "",
      ].join("\n"),
    );
    await runAndWait();
    const lines = (await output())!.trim().split("\n");
    expect(lines).toEqual(
      [
        "localStorage",
        "indexedDB",
        "fetch",
        "XMLHttpRequest",
        "WebSocket",
        "importScripts",
        "import",
        "Function",
        "constructor",
        "document",
        "file system",
        "storage manager",
      ].map((n) => `${n} refused`),
    );
  });

  test("plot draws a chart under the output and prints its one-line stand-in", async () => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await typeCode(
      'import { plot } from "course";\nplot({ x: [1, 2, 3, 4], series: { lost: [8, 4, 2, 1] }, title: "halving", kind: "bar" });\n',
    );
    await runAndWait();
    await expect(output()).resolves.toBe('[bar chart "halving": lost over 4 points]\n');
    const chart = box.locator("[data-plots] figure[role='img']");
    await chart.locator("canvas").waitFor();
    await expect(chart.getAttribute("aria-label")).resolves.toBe('[bar chart "halving": lost over 4 points]');
    expect(violations).toEqual([]);
  });

  test("an output flood is capped with a visible note", async () => {
    await typeCode('for (let i = 0; i < 100000; i++) console.log("line", i);\n');
    await runAndWait();
    const text = (await output())!;
    expect(text.split("\n").length - 1).toBe(1000);
    expect(text.endsWith("line 999\n")).toBe(true);
    await expect(note().textContent()).resolves.toMatch(/^output truncated/);
  });

  test("an endless loop is stopped at 5 s while the page keeps responding", async () => {
    await typeCode('let spins = 0;\nconsole.log("spinning");\nwhile (true) spins++;\n');
    // The click below is timed while the worker spins, with no other browser test running: the
    // lock is taken before the run starts, so waiting for it cannot use up the 5 s the loop has.
    await browser.alone();
    await page.keyboard.press("ControlOrMeta+Enter");
    await box.locator("[data-status][data-state='running']").waitFor();
    // The line printed before the loop says the worker is spinning now.
    await box.locator("[data-output]", { hasText: "spinning" }).waitFor();
    // Screen readers heard the start once; the status's clock ticks without being announced.
    await expect(box.locator("[data-announce]").textContent()).resolves.toBe("Running");
    // A click elsewhere is handled promptly: measure from the input event to its handler.
    await page.evaluate(() => {
      document.addEventListener(
        "click",
        (e) => ((window as unknown as { lag: number }).lag = performance.now() - e.timeStamp),
        { once: true },
      );
    });
    await page.locator("h1").click();
    const lag = await page.evaluate(() => (window as unknown as { lag: number }).lag);
    expect(lag).toBeLessThan(200);
    // Measured while the loop still spun.
    await expect(box.locator("[data-status]").getAttribute("data-state")).resolves.toBe("running");
    // The rest is not timed: the other file's tests may run while the loop spins out its 5 s.
    await browser.together();
    await box.locator("[data-status][data-state='timeout']").waitFor({ timeout: 10_000 });
    await expect(note().textContent()).resolves.toBe(
      "stopped after 5 s: the program did not finish (an endless loop?)",
    );
    // And it runs again at once.
    await typeCode('console.log("again");\n');
    await runAndWait();
    await expect(output()).resolves.toBe("again\n");
  });

  test("Reset restores the original and stops a running program", async () => {
    await typeCode("while (true) {}\n");
    await page.keyboard.press("ControlOrMeta+Enter");
    await box.locator("[data-status][data-state='running']").waitFor();
    await box.getByRole("button", { name: "Reset" }).click();
    await expect(status()).resolves.toBe("Reset: the original code is back");
    await expect(editorText()).resolves.toBe(original);
    await expect(note().count()).resolves.toBe(0);
    await expect(
      page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("blast-radius:playground:"))),
    ).resolves.toEqual([]);
    // Edited again, the code is no longer the original, and the status stops saying it is.
    await box.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.insertText("// mine\n");
    await expect.poll(status).toBe("");
    // Reset again: it cancels the edit's pending save, so nothing lands in storage after this test.
    await box.getByRole("button", { name: "Reset" }).click();
    await expect(editorText()).resolves.toBe(original);
    await expect(
      page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("blast-radius:playground:"))),
    ).resolves.toEqual([]);
  });

  test("an edit saved for an older version of the code is offered, not silently restored", async () => {
    await page.evaluate(() => {
      const key =
        Object.keys(localStorage).find((k) => k.startsWith("blast-radius:playground:")) ??
        `blast-radius:playground:v1:${location.pathname}:shuffle-shard`;
      localStorage.setItem(key, JSON.stringify({ original: "000000000000", code: 'console.log("old edit");\n' }));
    });
    await page.reload();
    box = page.locator("#playground-shuffle-shard");
    await box.locator(".cm-editor").waitFor();
    await expect(editorText()).resolves.toBe(original);
    await expect(box.locator("[data-notice]").textContent()).resolves.toMatch(/earlier version/);
    await box.getByRole("button", { name: "Load my old edit" }).focus();
    await page.keyboard.press("Enter");
    await expect(editorText()).resolves.toBe('console.log("old edit");\n');
    // The notice and its button are gone; focus stays in the playground, where Tab goes on to the code.
    await expect(
      box.getByRole("button", { name: "Share" }).evaluate((b) => b === document.activeElement),
    ).resolves.toBe(true);
    await box.getByRole("button", { name: "Reset" }).click();
    await expect(editorText()).resolves.toBe(original);
  });

  // s57: Run pressed before the page's scripts had arrived (a slow network) did nothing, ever.
  test("the Run button shows on a 375 px phone, and runs when pressed before the page's scripts arrive; print shows the whole program and the last output, without the buttons", async () => {
    // every-page.test.ts checks that the chapter does not scroll sideways at 375 and 320 px.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.evaluate(() => localStorage.clear());
    const release = await openWithScriptsHeld(page, chapter);
    box = page.locator("#playground-shuffle-shard");
    const run = box.getByRole("button", { name: "Run" });
    await expect(run.isVisible()).resolves.toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    // Pressed before the scripts arrive: held, saying so, and run once they have.
    await run.click();
    await expectHeld(run, box, "Running…");
    release();
    await box.locator("[data-status][data-state='ok']").waitFor({ timeout: 15_000 });
    await expect(output()).resolves.toBe(golden);
    await expectMadeAgain(page, run, chapter);
    await box.locator(".cm-editor").waitFor();
    await page.emulateMedia({ media: "print" });
    try {
      await expect(box.locator(".playground__print").isVisible()).resolves.toBe(true);
      await expect(box.locator(".playground__print").textContent()).resolves.toBe(original);
      await expect(box.locator(".cm-editor").isVisible()).resolves.toBe(false);
      await expect(box.locator("[data-output]").isVisible()).resolves.toBe(true);
      await expect(box.getByRole("button", { name: "Run" }).isVisible()).resolves.toBe(false);
    } finally {
      await page.emulateMedia({ media: "screen" });
    }
    await expect(box.locator(".playground__print").isVisible()).resolves.toBe(false);
  });

  /** Whether the focus is on the editor's text. */
  const inEditor = () => page.evaluate(() => document.activeElement?.classList.contains("cm-content") ?? false);
  /** Whether the focus has moved on past the code, to what follows it on the page. */
  const pastTheCode = () =>
    box.locator("[data-code]").evaluate((code) => {
      const at = document.activeElement;
      return (
        at !== null &&
        at !== document.body &&
        !code.contains(at) &&
        (code.compareDocumentPosition(at) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
      );
    });

  /** The chapter as on a first visit: no edit of its playground saved (which would load the editor at once). */
  async function firstVisit() {
    await page.goto(chapter);
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.startsWith("blast-radius:playground:")) localStorage.removeItem(key);
    });
    await page.reload();
    box = page.locator("#playground-shuffle-shard");
  }

  test("keyboard: Tab from Share opens the editor, and Tab again passes over the code, leaving it as it was", async () => {
    await firstVisit();
    await box.getByRole("button", { name: "Share" }).focus();
    await page.keyboard.press("Tab");
    await box.locator(".cm-editor").waitFor();
    await expect.poll(inEditor).toBe(true);
    await page.keyboard.press("Tab");
    await expect.poll(pastTheCode).toBe(true);
    await expect(editorText()).resolves.toBe(original);
    await expect(box.locator("[data-notice]").isHidden()).resolves.toBe(true);
    // Back by Shift+Tab, it passes over the code again.
    await page.keyboard.press("Shift+Tab");
    await expect.poll(inEditor).toBe(true);
    await page.keyboard.press("Tab");
    await expect.poll(pastTheCode).toBe(true);
    await expect(editorText()).resolves.toBe(original);
    // The keys are said under the code, in a code exercise's words.
    await expect(box.locator(".playground__keys").innerText()).resolves.toBe(
      "Tab moves past the code until you click in it or start typing · while editing, Esc then Tab moves on · Ctrl/⌘+Enter runs",
    );
  });

  test("keyboard: Tab passes over the code until the reader types in it; then Tab indents, and Escape then Tab moves on", async () => {
    await firstVisit();
    await box.getByRole("button", { name: "Share" }).focus();
    await page.keyboard.press("Tab");
    await box.locator(".cm-editor").waitFor();
    await expect.poll(inEditor).toBe(true);
    // Moving the caret is not editing: Tab still passes over the code.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await expect.poll(pastTheCode).toBe(true);
    await expect(editorText()).resolves.toBe(original);
    await page.keyboard.press("Shift+Tab");
    await expect.poll(inEditor).toBe(true);
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("x");
    await page.keyboard.press("Tab");
    await expect(inEditor()).resolves.toBe(true);
    await expect.poll(editorText).toMatch(/\n[ \t]+x$/);
    const indented = await editorText();
    expect(indented.startsWith(original)).toBe(true);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    await expect.poll(pastTheCode).toBe(true);
    await expect(editorText()).resolves.toBe(indented);
    await box.getByRole("button", { name: "Reset" }).click();
    await expect(editorText()).resolves.toBe(original);
  });

  test("a click on the code before its editor loads is choosing to edit: Tab then indents, until the reader leaves and comes back by keyboard", async () => {
    await firstVisit();
    await box.locator("[data-code] pre").click({ position: { x: 40, y: 10 } });
    await box.locator(".cm-editor").waitFor();
    await expect.poll(inEditor).toBe(true);
    await page.keyboard.press("Tab");
    await expect.poll(editorText).not.toBe(original);
    await expect(inEditor()).resolves.toBe(true);
    const indented = await editorText();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    await expect.poll(pastTheCode).toBe(true);
    // Back by keyboard, the reader may be passing by again: Tab passes over the code, after a
    // move of the caret too (which ends the moment Escape gives).
    await page.keyboard.press("Shift+Tab");
    await expect.poll(inEditor).toBe(true);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await expect.poll(pastTheCode).toBe(true);
    await expect(editorText()).resolves.toBe(indented);
    await box.getByRole("button", { name: "Reset" }).click();
    await expect(editorText()).resolves.toBe(original);
  });

  test("at 390 px, in the dark, the keys show under the code only while it has the focus, in sight of the editor", async () => {
    const phone = await browser.open({ viewport: { width: 390, height: 844 } });
    await phone.page.emulateMedia({ colorScheme: "dark" });
    await phone.page.goto(chapter);
    const playground = phone.page.locator("#playground-shuffle-shard");
    const keys = playground.locator(".playground__keys");
    await expect(keys.isVisible()).resolves.toBe(false);
    await playground.getByRole("button", { name: "Share" }).focus();
    await phone.page.keyboard.press("Tab");
    await playground.locator(".cm-editor").waitFor();
    await phone.page.waitForFunction(() => document.activeElement?.classList.contains("cm-content"));
    // The code is taller than the window: the keys stick to its foot, over the code.
    const seen = await keys.evaluate((el) => {
      const code = el.parentElement!.querySelector("[data-code]")!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return { codeTaller: code.height > innerHeight, top: box.top, bottom: box.bottom, height: innerHeight };
    });
    expect(seen.codeTaller).toBe(true);
    expect(seen.top).toBeGreaterThanOrEqual(0);
    expect(seen.bottom).toBeLessThanOrEqual(seen.height);
    // What is in front at the keys' middle is the keys, not the code's gutter.
    await expect(
      keys.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.left + 4, (r.top + r.bottom) / 2));
      }),
    ).resolves.toBe(true);
    await phone.page.keyboard.press("Tab");
    await expect.poll(() => keys.isVisible()).toBe(false);
  });
});
