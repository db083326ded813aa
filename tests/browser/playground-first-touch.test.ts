/**
 * A playground before its editor loads, and the moment it loads: the highlighted code is one
 * Tab stop with a name (not an unnamed scrollable region reached twice), and the editor that
 * replaces it takes its place to the pixel, line numbers included, at desktop and phone widths,
 * in the same colours. A code exercise's starter does the same.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test } from "vitest";
import type { Locator, Page } from "playwright-core";
import { describeInBrowser } from "../support/browser-suite.ts";
import { holdRequests } from "../support/hold-requests.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const title = "Retry amplification and expected attempts";
/** What that playground's program prints. */
const golden = readFileSync(
  new URL("../../content/chapters/timeouts-retries-backoff/amplification.golden.txt", import.meta.url),
  "utf8",
);
/** Where the editor must load in place: a desktop's window and a phone's. */
const viewports = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/**
 * Where the code's first line is drawn, relative to the code box: its first character's box,
 * line number 1's box, and the box's height. Before the editor loads the code is shiki's
 * <pre> and the gutter beside it; after, CodeMirror's lines and gutter.
 */
function layoutOf(codeBox: Locator) {
  return codeBox.evaluate((box) => {
    const outer = box.getBoundingClientRect();
    const code = box.querySelector(".cm-content") ?? box.querySelector("pre code")!;
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    let text: Node | null = walker.nextNode();
    while (text && !/\S/.test(text.textContent ?? "")) text = walker.nextNode();
    if (!text) throw new Error("the code box shows no code");
    const at = (text.textContent ?? "").search(/\S/);
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + 1);
    const char = range.getBoundingClientRect();
    const one = [...box.querySelectorAll(".cm-lineNumbers .cm-gutterElement, .editor-gutter > *")].find(
      (n) => n.textContent === "1",
    );
    if (!one) throw new Error("the code box shows no line number 1");
    const number = one.getBoundingClientRect();
    return {
      codeLeft: char.left - outer.left,
      codeTop: char.top - outer.top,
      numberRight: number.right - outer.left,
      numberTop: number.top - outer.top,
      height: outer.height,
    };
  });
}

/**
 * Waits for the editor in `codeBox` to draw its gutter (CodeMirror measures and draws it in the
 * frames after it is made), then until its first line, line number 1 and height are where the
 * static code's were (`before`), each within 1 px.
 */
async function expectLaidOutAsBefore(codeBox: Locator, before: Awaited<ReturnType<typeof layoutOf>>) {
  await codeBox.locator(".cm-editor").waitFor();
  await codeBox
    .page()
    .waitForFunction(
      (el) => [...el!.querySelectorAll(".cm-lineNumbers .cm-gutterElement")].some((n) => n.textContent === "1"),
      await codeBox.elementHandle(),
    );
  await expect
    .poll(async () => {
      const after = await layoutOf(codeBox);
      return Object.fromEntries(
        Object.entries(after).map(([key, value]) => [key, Math.abs(value - before[key as keyof typeof before]) <= 1]),
      );
    })
    .toEqual({ codeLeft: true, codeTop: true, numberRight: true, numberTop: true, height: true });
}

/**
 * The colour the code is drawn in where each needle first starts in it, in the light theme and
 * the dark: shiki's spans before the editor loads, CodeMirror's after.
 */
function coloursOf(codeBox: Locator, needles: readonly string[]) {
  return codeBox.evaluate((box, needles) => {
    const code = box.querySelector(".cm-content") ?? box.querySelector("pre code")!;
    const texts: { node: Text; start: number }[] = [];
    let all = "";
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      texts.push({ node: node as Text, start: all.length });
      all += (node as Text).data;
    }
    const root = document.documentElement;
    const shown = root.dataset.theme;
    const colours: Record<string, string> = {};
    for (const theme of ["light", "dark"]) {
      root.dataset.theme = theme;
      for (const needle of needles) {
        const at = all.indexOf(needle);
        const hit = at < 0 ? undefined : texts.findLast((t) => t.start <= at);
        colours[`${theme} ${needle}`] = hit ? getComputedStyle(hit.node.parentElement!).color : "not found";
      }
    }
    if (shown) root.dataset.theme = shown;
    return colours;
  }, needles);
}

describeInBrowser("a playground before and as its editor loads", (browser) => {
  const chapter = () => `${browser.site}/timeouts-retries-backoff/`;
  const playground = (page: Page) => page.locator("[data-playground]").filter({ hasText: title }).first();

  test("before the editor loads, the code is one Tab stop, a region named for the playground, and passes axe at 390 px; Ctrl+Enter on it runs it", async () => {
    const phone = await browser.open({ viewport: { width: 390, height: 844 } });
    const page = phone.page;
    await page.goto(chapter());
    const box = playground(page);
    const codeBox = box.locator("[data-code]");
    const stops = await codeBox.evaluate((el) =>
      [el, ...el.querySelectorAll("*")].filter((e) => (e as HTMLElement).tabIndex >= 0).map((e) => e.tagName),
    );
    expect(stops).toEqual(["PRE"]);
    const region = box.getByRole("region", { name: `Code: ${title}` });
    await expect(region.evaluate((el) => el.tagName)).resolves.toBe("PRE");
    // At this width its lines are wider than the box: a scrolling region, which the keyboard must reach.
    await expect(region.evaluate((el) => el.scrollWidth > el.clientWidth)).resolves.toBe(true);
    await page.evaluate(axeSource);
    const violations = (await page.evaluate(`axe
      .run({ include: [["[data-playground] [data-code]"]] }, {
        runOnly: ["scrollable-region-focusable", "aria-allowed-role", "aria-allowed-attr", "aria-prohibited-attr", "landmark-unique", "nested-interactive"],
        resultTypes: ["violations"],
      })
      .then((r) => r.violations.map((v) => v.id + ": " + v.nodes.map((n) => n.target.join(" ")).join(", ")))`)) as string[];
    expect(violations).toEqual([]);
    await expect(box.locator(".cm-editor").count()).resolves.toBe(0);
    // Ctrl/Cmd+Enter on the code runs it as Run does, from before any of the playground's code has
    // arrived (a press on Run, shown waiting meanwhile) until its editor, which has the key, is there.
    const run = box.getByRole("button", { name: "Run" });
    const status = box.locator("[data-status]");
    const releaseWidget = await holdRequests(page, /\/_astro\/mount\.[\w-]+\.js$/);
    const releaseEditor = await holdRequests(page, /\/_astro\/editor\.[\w-]+\.js$/);
    await region.focus();
    await page.keyboard.press("ControlOrMeta+Enter");
    await expect(run.getAttribute("data-early-wait")).resolves.toBe("");
    releaseWidget();
    await expect.poll(() => status.getAttribute("data-state"), { timeout: 15_000 }).toBe("ok");
    await expect(box.locator("[data-output]").textContent()).resolves.toBe(golden);
    await expect(run.getAttribute("data-early-wait")).resolves.toBeNull();
    // s58: once the widget had mounted, the key did nothing until its editor arrived. Its state
    // taken off the status, only a second run puts it back.
    await status.evaluate((s) => s.removeAttribute("data-state"));
    await page.keyboard.press("ControlOrMeta+Enter");
    await expect.poll(() => status.getAttribute("data-state"), { timeout: 15_000 }).toBe("ok");
    await expect(box.locator(".cm-editor").count()).resolves.toBe(0);
    releaseEditor();
  });

  test("Tab from Share reaches the code once; the editor that loads keeps the focus, and Escape then Tab leaves it", async () => {
    const page = browser.page;
    await page.goto(chapter());
    const box = playground(page);
    await box.getByRole("button", { name: "Share" }).focus();
    await page.keyboard.press("Tab");
    await box.locator(".cm-editor").waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains("cm-content"));
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe(
      `Code: ${title}`,
    );
    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    // Out of the code box at once: no second stop on the way.
    await expect(
      box
        .locator("[data-code]")
        .evaluate((el) => !el.contains(document.activeElement) && document.activeElement !== document.body),
    ).resolves.toBe(true);
  });

  test.each(viewports)(
    "at $width px the editor loads where the code was: first line, line number 1 and height within 1 px",
    async (viewport) => {
      const session = await browser.open({ viewport });
      const page = session.page;
      await page.goto(chapter());
      const box = playground(page);
      const codeBox = box.locator("[data-code]");
      await codeBox.evaluate((el) => el.scrollIntoView({ block: "start" }));
      const before = await layoutOf(codeBox);
      await codeBox.locator("pre").focus();
      await expectLaidOutAsBefore(codeBox, before);
    },
  );

  test("the editor keeps the code's colours: keywords, operators, strings, numbers, calls and comments, in both themes", async () => {
    const page = browser.page;
    await page.goto(chapter());
    const codeBox = playground(page).locator("[data-code]");
    // Each needle starts a token both shiki and CodeMirror classify the same way.
    const needles = ["// How much", "import {", '"course"', "const attempts", "= 4", "4;", "for (", "log(", "grouped("];
    const before = await coloursOf(codeBox, needles);
    expect(Object.values(before)).not.toContain("not found");
    // Not all one colour: the code is highlighted.
    expect(new Set(Object.values(before)).size).toBeGreaterThan(6);
    await codeBox.locator("pre").focus();
    await playground(page).locator(".cm-editor").waitFor();
    await expect.poll(() => coloursOf(codeBox, needles)).toEqual(before);
  });
});

describeInBrowser("a code exercise's starter before and as its editor loads", (browser) => {
  const exercise = (page: Page) => page.locator('[data-exercise="circuit-breaker-states"]');
  // Each needle starts a token both shiki and CodeMirror classify the same way (not `constructor`,
  // a keyword to shiki and a method's name to CodeMirror).
  const needles = [
    "export type",
    "BreakerState =",
    '"closed"',
    "number;",
    "/** A consecutive",
    "private readonly",
    "options:",
    "state()",
    "throw new",
  ];

  test.each(viewports)(
    "at $width px the editor loads where the starter was, in its colours: first line, line number 1 and height within 1 px",
    async (viewport) => {
      const session = await browser.open({ viewport });
      const page = session.page;
      await page.goto(`${browser.site}/circuit-breakers/`);
      const codeBox = exercise(page).locator("[data-editor]");
      await codeBox.evaluate((el) => el.scrollIntoView({ block: "start" }));
      const before = await layoutOf(codeBox);
      const colours = await coloursOf(codeBox, needles);
      expect(Object.values(colours)).not.toContain("not found");
      expect(new Set(Object.values(colours)).size).toBeGreaterThan(6);
      await codeBox.locator(".br-ex-code__static").focus();
      await expectLaidOutAsBefore(codeBox, before);
      await expect.poll(() => coloursOf(codeBox, needles)).toEqual(colours);
    },
  );
});
