/**
 * The workshop kit as a facilitator uses it: the run sheets (one printed page each, links that
 * open the presenter views in each step's state, the figures those views show), the worksheet
 * on paper, and the example system opening in the map builder.
 */
import { expect, onTestFinished, test } from "vitest";
import type { Page } from "playwright-core";
import { agendas } from "../../src/course/workshop/agenda.ts";
import { explorerSteps, preparedStep, replaySteps } from "../../src/widgets/present/steps.ts";
import { listNames } from "../../src/format/words.ts";
import { toQuery as explorerQuery, limits as explorerLimits } from "../../src/widgets/shuffle-explorer/state.ts";
import {
  answerKey,
  exampleAnswerMap,
  exampleHandoutMap,
  exampleMap,
  exampleSystemMap,
  exampleSystemName,
} from "../../src/course/workshop/example-system.ts";
import { failureMapExamples } from "../../src/sim/failure-map/index.ts";
import { encodeShareHash } from "../../src/course/map-share.ts";
import { mapRow, skippedNote } from "../../src/widgets/room-board/board.ts";
import { clearQuestion, pastedLines, refusedText, syncText } from "../../src/widgets/room-board/kept.ts";
import { refuseStorage } from "../support/refuse-storage.ts";
import { countOf } from "../../src/format/number.ts";
import { keyMoments } from "../../src/widgets/replay/present.ts";
import { disks, ladder } from "../../src/course/opening.ts";
import { buildView } from "../../src/widgets/map-builder/view.ts";
import { skippedNotice } from "../../src/widgets/map-builder/present.ts";
import type { RetryStormSummary } from "../../src/sim/retry-storm/index.ts";
import { workshopExerciseBlocks } from "../../src/course/workshop-exercises.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { layoutShift } from "../support/layout-shift.ts";
import { textContrast } from "../support/contrast.ts";
import { keepUnitWithNumber } from "../../src/format/units.ts";

/** Pages in a PDF produced by Chromium. */
const pdfPages = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;

/** The layout shift a presenter view has had since it loaded, once its script has written its status line. */
async function presenterShift(page: Page): Promise<number> {
  await expect.poll(() => page.locator("[data-reveal-status]").innerText(), { timeout: 20_000 }).not.toBe("");
  return layoutShift(page);
}

async function printedPages(page: Page): Promise<{ A4: number; Letter: number }> {
  await page.emulateMedia({ media: "print" });
  const a4 = pdfPages(await page.pdf({ format: "A4" }));
  const letter = pdfPages(await page.pdf({ format: "Letter" }));
  await page.emulateMedia({ media: "screen" });
  return { A4: a4, Letter: letter };
}

const mm = 96 / 25.4;

describeInBrowser("workshop kit", (browser) => {
  const { site } = browser;

  // The kit's contents list (plain headings) and its links to both run sheets are read from the
  // build: tests/site/pages.test.ts.

  for (const agenda of agendas) {
    test(`the ${agenda.id} run sheet prints on one page, A4 and Letter, with every block and prepared link`, async () => {
      const { page } = browser;
      await page.goto(`${site}/run-sheet/${agenda.id}/`);
      await expect(page.locator(".runsheet__table tbody tr").count()).resolves.toBe(agenda.blocks.length);
      const steps = agenda.blocks.flatMap((b) => b.steps);
      await expect(page.locator(".runsheet [data-step] a").count()).resolves.toBe(steps.length);
      // From the sheet on screen, the rest of the kit a facilitator needs is one link away.
      for (const path of ["workshop-kit/", "worksheet/", "answer-key/", "room-board/"])
        await expect(page.locator(`.runsheet a[href="${browser.base}${path}"]`).count(), path).resolves.toBeGreaterThan(
          0,
        );
      // Each block's title is ended once: "Who notices, and how many?" takes no full stop after it.
      const titles = await page.locator(".runsheet__table tbody tr > td:nth-child(2) > strong").allInnerTexts();
      expect(titles).toHaveLength(agenda.blocks.length);
      for (const t of titles) expect(t, t).toMatch(/[^.?!][.?!]$/);
      await expect(printedPages(page)).resolves.toEqual({ A4: 1, Letter: 1 });
      // Links and figures stay on the paper: nothing wider than the page.
      await page.emulateMedia({ media: "print" });
      await page.setViewportSize({ width: 718, height: 1000 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.emulateMedia({ media: "screen" });
      // On a phone the table keeps its columns: the time and the block as wide as the sheet sets them.
      await page.setViewportSize({ width: 390, height: 844 });
      const columns = await page
        .locator(".runsheet__table thead th")
        .evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().width));
      const rem = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
      expect(columns[0]!, "time column at 390 px").toBeGreaterThanOrEqual(3 * rem);
      expect(columns[1]! / columns.reduce((a, b) => a + b, 0), "block column's share at 390 px").toBeGreaterThanOrEqual(
        0.35,
      );
      // Each block's length stays on one line: QA found "15 min" broken inside its word ("15 mi", "n").
      const lengthLines = await page.locator(".runsheet__len").evaluateAll((spans) =>
        spans.map((span) => {
          const range = document.createRange();
          range.selectNodeContents(span);
          return `${span.textContent}: ${new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size}`;
        }),
      );
      expect(lengthLines).toEqual(agenda.blocks.map((b) => `${b.minutes}\u00a0min: 1`));
      await page.setViewportSize({ width: 1280, height: 900 });
    });
  }

  test("the worksheet prints on two pages, its decisions table as wide as the page with rows to write in", async () => {
    const { page } = browser;
    await page.goto(`${site}/worksheet/`);
    await expect(page.locator(".worksheet__intro").innerText()).resolves.toContain("two pages");
    // QA: section 3's table was narrower on screen than the others: its rows shrank to its short
    // headings. Each table's columns take the sheet's whole width, on screen and on paper.
    const columnsSpan = () =>
      page.locator(".worksheet__table").evaluateAll((tables) =>
        tables.map((table) => {
          const heads = [...table.querySelectorAll("thead th")].map((th) => th.getBoundingClientRect());
          // To a hundredth: a collapsed border's half pixel apart.
          const span = (heads.at(-1)!.right - heads[0]!.left) / table.closest(".worksheet")!.clientWidth;
          return Math.round(span * 100) / 100;
        }),
      );
    expect(await columnsSpan(), "screen").toEqual([1, 1, 1, 1]);
    await expect(printedPages(page)).resolves.toEqual({ A4: 2, Letter: 2 });
    // Paper shows the sheet alone, even from a desktop's window: no sidebar, no button to print it.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator("nav.sidebar").isVisible()).resolves.toBe(false);
    await expect(page.getByRole("button", { name: "Print the worksheet" }).isVisible()).resolves.toBe(false);
    // A4 portrait with Chromium's default margins: about 718 CSS px of width for the content.
    await page.setViewportSize({ width: 718, height: 1000 });
    const table = page.locator(".worksheet__table--decisions");
    const geometry = await table.evaluate((el) => {
      const content = el.closest(".worksheet")!.getBoundingClientRect().width;
      const cells = [...el.querySelectorAll("tbody tr:first-child td")].map((td) => td.getBoundingClientRect());
      const head = [...el.querySelectorAll("thead th")].map((th) => th.textContent!.trim());
      return {
        width: el.getBoundingClientRect().width,
        content,
        cells: cells.map((c) => ({ w: c.width, h: c.height })),
        head,
      };
    });
    expect(geometry.width / geometry.content).toBeGreaterThanOrEqual(0.99);
    expect(await columnsSpan(), "print").toEqual([1, 1, 1, 1]);
    for (const cell of geometry.cells) expect(cell.h / mm, "row height in mm").toBeGreaterThanOrEqual(10);
    const owner = geometry.cells[geometry.head.indexOf("Owner")]!;
    const byWhen = geometry.cells[geometry.head.indexOf("By when")]!;
    expect(owner.w / mm, "Owner column in mm").toBeGreaterThanOrEqual(25);
    expect(byWhen.w / mm, "By-when column in mm").toBeGreaterThanOrEqual(25);
    await page.emulateMedia({ media: "screen" });
    // On screen at 320 px (WCAG's reflow width) the labels wrap rather than widen the page.
    await page.setViewportSize({ width: 320, height: 800 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test("the exercises' answer key prints on four pages or fewer, with every workshop exercise's answers from its solution", async () => {
    const { page } = browser;
    await page.goto(`${site}/answer-key/`);
    const ids = [...new Set(Object.values(workshopExerciseBlocks).flatMap((b) => [...b.short, ...b.halfDay]))];
    const shown = await page
      .locator("[data-key-exercise]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-key-exercise")));
    expect(new Set(shown)).toEqual(new Set(ids));
    // The figure for the chapter's numbers is the one the chapter's worked example gives: 1 in 1,820.
    await expect(
      page.locator('[data-key-exercise="shuffle-shard-16-workers"] [data-part="shuffle"] .key__answer').innerText(),
    ).resolves.toContain("1 in 1,820");
    await expect(
      page.locator('[data-key-exercise="shuffle-shard-16-workers"] .key__seeds tbody tr').count(),
    ).resolves.toBe(8);
    const pages = await printedPages(page);
    // Ten exercises, the matching ones item by item, and eight seeds for each with variants: four pages at most.
    expect(pages.A4).toBeLessThanOrEqual(4);
    expect(pages.Letter).toBeLessThanOrEqual(4);
    await page.setViewportSize({ width: 718, height: 1000 });
    await page.emulateMedia({ media: "print" });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "nothing wider than the paper").toBeLessThanOrEqual(0);
    await page.emulateMedia({ media: "screen" });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test("the example system opens in the map builder, and its answer key prints apart from the handout", async () => {
    const { page } = browser;
    await page.goto(`${site}/worksheet/example/`);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toContain(exampleSystemName);
    await expect(page.locator(".worksheet--filled td").first().innerText()).resolves.not.toBe("");
    // Kit audit L1: the link carries the answer key's map, its decisions with it (the room board
    // reads them: "the room board reads the example's two links" below); the notes' link, the notes.
    const open = page.getByRole("link", { name: "Open the example system in the map builder" });
    await expect(open.getAttribute("href")).resolves.toBe(
      `${browser.base}failure-domains/${await encodeShareHash(exampleAnswerMap())}`,
    );
    await expect(
      page.getByRole("link", { name: "Start from these notes in the map builder" }).getAttribute("href"),
    ).resolves.toBe(`${browser.base}failure-domains/${await encodeShareHash(exampleHandoutMap())}`);
    await open.click();
    await page.waitForURL(/\/failure-domains\/#map=/);
    const builder = page.locator("[data-map-builder]").first();
    await expect
      .poll(() => builder.locator("textarea").inputValue(), { timeout: 30_000 })
      .toContain(`title ${exampleSystemName}`);
    // The builder is brought into view with the shared map in it.
    await expect
      .poll(() => builder.evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 200), { timeout: 10_000 })
      .toBe(true);
  });

  // QA 31: the handout's first half held the whole map, shared resources annotated, and the page
  // printed only whole.
  test("the example system's handout prints alone, without the map's shared resources, and the whole page prints the key too", async () => {
    const { page } = browser;
    const resources = exampleMap().resources.map((r) => r.name);
    await page.goto(`${site}/worksheet/example/`);
    const handout = await page.locator(".example__brief").innerText();
    for (const name of resources) expect(handout, name).not.toMatch(new RegExp(`\\b${name}\\b`));
    // The whole page on paper: the handout, then the key.
    await page.emulateMedia({ media: "print" });
    const whole = pdfPages(await page.pdf({ format: "A4" }));
    await expect(page.locator(".example__key").first().isVisible()).resolves.toBe(true);
    await page.emulateMedia({ media: "screen" });
    // The button prints the handout alone (the print dialog itself stubbed: headless has none).
    await page.evaluate(() => {
      window.print = () => document.documentElement.setAttribute("data-printed", "");
    });
    const printHandout = async (format: "A4" | "Letter") => {
      await page.emulateMedia({ media: "screen" });
      await page.getByRole("button", { name: "Print the handout" }).click();
      await page.emulateMedia({ media: "print" });
      await expect(page.locator(".example__key").first().isVisible()).resolves.toBe(false);
      await expect(page.locator(".example__intro").isVisible()).resolves.toBe(false);
      await expect(page.getByRole("button", { name: "Print the handout" }).isVisible()).resolves.toBe(false);
      await expect(page.locator(".example__brief").isVisible()).resolves.toBe(true);
      const printed = await page.locator("main").innerText();
      for (const name of resources) expect(printed, name).not.toMatch(new RegExp(`\\b${name}\\b`));
      return pdfPages(await page.pdf({ format }));
    };
    // The next tests read the screen, whatever happens here.
    onTestFinished(() => page.emulateMedia({ media: "screen" }));
    const alone = await printHandout("A4");
    await expect(page.locator("html").getAttribute("data-printed")).resolves.toBe("");
    expect(alone).toBe(1);
    expect(whole).toBeGreaterThan(alone);
    // Once printed (the browser's afterprint), the page prints whole again.
    await expect(page.locator(".example__key").first().isVisible()).resolves.toBe(true);
    expect(pdfPages(await page.pdf({ format: "A4" }))).toBe(whole);
    await expect(printHandout("Letter")).resolves.toBe(1);
    await page.emulateMedia({ media: "screen" });
  });

  test("presenter views follow the site's theme, take the course's colours, and size worker chips for a projector", async () => {
    const { page } = browser;
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const accent = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--sl-color-accent").trim());
    const themes: Record<string, { accent: string; background: string }> = {};
    // Loaded at Lighthouse's phone width: the status line written after load must push nothing down
    // (CLS 0.043 here, and on the map builder's, before its room was kept).
    await page.setViewportSize({ width: 412, height: 823 });
    for (const theme of ["light", "dark"]) {
      // The theme a reader picked on the site is stored by Starlight; the presenter view reads it.
      // Stored from the site's page the browser is on (the test above left it there), then a chapter loaded with it.
      expect(page.url().startsWith(`${site}/`)).toBe(true);
      await page.evaluate((t) => localStorage.setItem("starlight-theme", t), theme);
      await page.goto(`${site}/shuffle-sharding/`);
      await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe(theme);
      const chapterAccent = await accent();
      await page.goto(`${site}/present/explorer/`);
      expect(await presenterShift(page), `${theme}: layout shift of the explorer at 412 px`).toBeLessThanOrEqual(0.02);
      await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe(theme);
      expect(await accent(), `${theme}: the course's accent`).toBe(chapterAccent);
      themes[theme] = { accent: await accent(), background: await background() };
    }
    expect(themes.light!.background).not.toBe(themes.dark!.background);
    expect(themes.light!.accent).not.toBe(themes.dark!.accent);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const chips = await page
        .locator(".sx--present .sx-w")
        .evaluateAll((els) =>
          els.map((el) => Math.min(el.getBoundingClientRect().width, el.getBoundingClientRect().height)),
        );
      expect(chips.length).toBeGreaterThan(0);
      expect(Math.min(...chips), `worker chips at ${width} px`).toBeGreaterThanOrEqual(48);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(`${site}/present/map-builder/`);
    expect(await presenterShift(page), "layout shift of the map builder at 412 px").toBeLessThanOrEqual(0.02);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => localStorage.removeItem("starlight-theme"));
  });

  test("the room board compares several groups' links, commitments and progress files, riskiest first, and keeps them across a reload", async () => {
    const { page } = browser;
    const after = failureMapExamples.find((e) => e.id === "after-bulkheads")!.text;
    // The example system's group decided about one flagged resource, without a date yet.
    const decided = `${exampleSystemMap}\ndecide main-db split: a pool per service; owner Priya`;
    const lines = [
      `${site}/failure-domains/${await encodeShareHash(after)}`,
      `${site}/failure-domains/${await encodeShareHash(decided)}`,
      "a line that is not a link",
    ];
    await page.goto(`${site}/room-board/`);
    await page.locator("[data-room-board][data-ready]").waitFor();
    await page.getByLabel("Map share links, one per line").fill(lines.join("\n"));
    const progress = JSON.stringify({
      version: 1,
      exercises: { "bulkhead-sizing": { parts: { mean: { attempts: 2, solved: false } }, hints: 0, revealed: false } },
    });
    await page
      .locator('[data-room-board] input[type="file"]')
      .setInputFiles([{ name: "pair-1.json", mimeType: "application/json", buffer: Buffer.from(progress) }]);
    await page.getByRole("button", { name: "Compare" }).click();
    await expect
      .poll(() => page.locator("[data-board-status]").innerText(), { timeout: 20_000 })
      .toMatch(/^Compared 2 maps and 1 progress file; 1 could not be read/);
    const rows = page.locator("[data-board-map-table] tbody tr");
    await expect(rows.count()).resolves.toBe(3);
    // Riskiest first: the example system loses more at its riskiest resource than the platform after bulkheads.
    const example = mapRow("x", exampleSystemMap);
    const split = mapRow("y", after);
    expect(example.ok && split.ok && example.riskiest!.share > split.riskiest!.share).toBe(true);
    await expect(rows.nth(0).innerText()).resolves.toContain(exampleSystemName);
    await expect(rows.nth(0).innerText()).resolves.toContain(example.ok ? example.riskiest!.shareText : "?");
    await expect(rows.nth(2).getAttribute("data-bad")).resolves.not.toBeNull();
    // Every cell is labelled for a phone's stacked rows, the unread link's too (its Rank was a bare "–").
    await expect(page.locator("[data-board-map-table] tbody td:not([data-label])").count()).resolves.toBe(0);
    // The file that could not be read is said in red, readable: 4.5:1 or more on the light theme's
    // white (its plain red was 3.6:1).
    for (const cell of await rows.nth(2).locator("td").all())
      expect(await textContrast(cell), `"${await cell.textContent()}"`).toBeGreaterThanOrEqual(4.5);
    await expect(page.locator("[data-board-standing]").innerText()).resolves.toMatch(
      /Size the pricing bulkhead[\s\S]*\b0\b[\s\S]*\b1\b/,
    );
    // The commitments: the one decision, its missing date called out, the example's other flagged resources open.
    const commitment = page.locator("[data-board-commitments-table] tbody tr");
    await expect(commitment.count()).resolves.toBe(1);
    await expect(commitment.innerText()).resolves.toMatch(/main-db\s+split\s+a pool per service\s+Priya\s+no date yet/);
    const notes = await page.locator("[data-board-commitments-notes]").innerText();
    expect(notes).toContain("1 commitment from 2 maps; 1 without an owner or a date");
    const decidedRow = mapRow("x", decided);
    expect(decidedRow.ok && decidedRow.undecided.length).toBeGreaterThan(0);
    if (decidedRow.ok) expect(notes).toContain(`flagged but not decided yet: ${decidedRow.undecided.join(", ")}.`);
    // A reload keeps the pasted links and the chosen file, and the board shows again without a click.
    await page.reload();
    await page.locator("[data-room-board][data-ready]").waitFor();
    await expect(page.getByLabel("Map share links, one per line").inputValue()).resolves.toBe(lines.join("\n"));
    await expect(page.locator("[data-board-files]").innerText()).resolves.toContain("pair-1.json");
    await expect(page.locator("[data-board-status]").innerText()).resolves.toMatch(
      /^Compared 2 maps and 1 progress file/,
    );
    await expect(commitment.count()).resolves.toBe(1);
    // Kit audit D2: with the board open in a second tab, a link added in this tab and then one
    // character typed in the other used to leave the other tab's stale text stored, this tab's link gone.
    const box = page.getByLabel("Map share links, one per line");
    const second = await browser.context.newPage();
    onTestFinished(() => second.close());
    await second.goto(`${site}/room-board/`);
    await second.locator("[data-room-board][data-ready]").waitFor();
    const secondBox = second.getByLabel("Map share links, one per line");
    await expect(secondBox.inputValue()).resolves.toBe(lines.join("\n"));
    await box.fill([...lines, "TAB-A-EXTRA"].join("\n"));
    await expect.poll(() => secondBox.inputValue(), { timeout: 10_000 }).toBe([...lines, "TAB-A-EXTRA"].join("\n"));
    await expect
      .poll(() => second.locator("[data-board-status]").innerText(), { timeout: 20_000 })
      .toBe(
        `${syncText("links", { list: [], outcome: "followed", kept: true })} Compared 2 maps and 1 progress file; 2 could not be read (listed in red).`,
      );
    await secondBox.press("Control+End");
    await secondBox.pressSequentially("x");
    const both = [...lines, "TAB-A-EXTRAx"].join("\n");
    await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toBe(both);
    await page.reload();
    await page.locator("[data-room-board][data-ready]").waitFor();
    await expect(box.inputValue()).resolves.toBe(both);
    // Kit audit D4: clearing asks first, saying what goes; Escape (and the focused answer) keeps the board.
    const clear = page.getByRole("button", { name: "Clear the board" });
    const asked = page.getByRole("group", { name: /^Clear the board\?/ });
    await clear.click();
    await expect(asked.locator("p").innerText()).resolves.toBe(clearQuestion(pastedLines(both), ["pair-1.json"]));
    await expect(
      asked.getByRole("button", { name: "Keep the board" }).evaluate((b) => b === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press("Escape");
    await expect(asked.isHidden()).resolves.toBe(true);
    await expect(clear.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await expect(box.inputValue()).resolves.toBe(both);
    await expect(page.locator("[data-board-files]").innerText()).resolves.toContain("pair-1.json");
    // Clearing empties the board for the next room, reload or not, and the other tab follows.
    await clear.click();
    await asked.getByRole("button", { name: "Clear it" }).click();
    await expect(page.locator("[data-board-status]").innerText()).resolves.toBe("The board is empty.");
    await expect.poll(() => secondBox.inputValue(), { timeout: 10_000 }).toBe("");
    await expect.poll(() => second.locator("[data-board-files]").innerText()).toBe("");
    await page.reload();
    await page.locator("[data-room-board][data-ready]").waitFor();
    await expect(page.locator("[data-board-files]").innerText()).resolves.toBe("");
    await expect(page.getByLabel("Map share links, one per line").inputValue()).resolves.toBe("");
  });

  // QA 31: a group's link pasted twice counted as two groups; an untitled map read "Link 2 / Link 2";
  // a change typed without spaces pushed the Owner and By columns off the page. Then an owner and a
  // date typed without spaces (60 characters each) still pushed the commitments off a phone's screen.
  test("the room board flags a map sent twice and counts it once, names an untitled map once, and wraps a long resource name, change, owner and date", async () => {
    const { page } = browser;
    const before = failureMapExamples.find((e) => e.id === "before-bulkheads")!.text;
    const untitled = before.replace(/^title .*\n/m, "");
    expect(untitled).not.toMatch(/^title /m);
    const change = "a-pool-per-service-with-its-own-connection-limit-and-queue-".repeat(3);
    const word = "x".repeat(60);
    // And a resource named without spaces (60 characters), which the map table and the commitments name.
    const resource = `main-db-${"x".repeat(52)}`;
    const decided = `${exampleSystemMap.replace(/\bmain-db\b/g, resource)}\ndecide ${resource} split: ${change}; owner ${word}; by ${word}`;
    const same = `${site}/failure-domains/${await encodeShareHash(decided)}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site}/room-board/`);
    await page.locator("[data-room-board][data-ready]").waitFor();
    await page
      .getByLabel("Map share links, one per line")
      .fill([same, `${site}/failure-domains/${await encodeShareHash(untitled)}`, same].join("\n"));
    await page.getByRole("button", { name: "Compare" }).click();
    await expect
      .poll(() => page.locator("[data-board-status]").innerText(), { timeout: 20_000 })
      .toBe("Compared 2 maps and 0 progress files; 1 the same as an earlier map, counted once.");
    const rows = page.locator("[data-board-map-table] tbody tr");
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.nth(2).innerText()).resolves.toContain("Link 3 is the same map as Link 1: counted once.");
    await expect(rows.nth(2).getAttribute("data-bad")).resolves.toBeNull();
    await expect(page.locator("[data-board-map-table] tbody th").allInnerTexts()).resolves.toEqual([
      `${exampleMap().title}\nLink 1`,
      "Link 2",
      "Link 3",
    ]);
    await expect(page.locator("[data-board-commitments-table] tbody tr").count()).resolves.toBe(1);
    await expect(page.locator("[data-board-commitments-notes]").innerText()).resolves.toContain(
      "1 commitment from 2 maps",
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const fit = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>(".board__scroll, [data-board-commitments-table] td")].map((el) => ({
          what: el.dataset.label ?? el.className,
          over: el.scrollWidth - el.clientWidth,
        })),
      );
      for (const f of fit) expect(f.over, `${f.what} at ${width} px`).toBeLessThanOrEqual(0);
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, `the page at ${width} px`).toBeLessThanOrEqual(0);
    }
    await expect(
      page.locator('[data-board-commitments-table] :is([data-label="Owner"], [data-label="By when"])').allInnerTexts(),
    ).resolves.toEqual([word, word]);
    // The long resource is the riskiest one on the map table's first row, and the commitment's.
    await expect(rows.nth(0).innerText()).resolves.toContain(resource);
    await expect(page.locator("[data-board-commitments-table] tbody tr").innerText()).resolves.toContain(resource);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Clear the board" }).click();
    await page.getByRole("button", { name: "Clear it" }).click();
  });

  // QA: one typo in a group's decide line cost it its whole map at the readout.
  test("the room board reads a map with a faulty decide line without that line, and names the group, the line and why", async () => {
    const { page } = browser;
    const decided = `${exampleSystemMap}\ndecide main-db split; owner Priya; by May\ndecide main-dbb accept`;
    const row = mapRow("Link 1", decided);
    if (!row.ok) throw new Error("the map should be read");
    expect(row.skipped).toHaveLength(1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site}/room-board/`);
    await page.locator("[data-room-board][data-ready]").waitFor();
    await page
      .getByLabel("Map share links, one per line")
      .fill(`${site}/failure-domains/${await encodeShareHash(decided)}`);
    await page.getByRole("button", { name: "Compare" }).click();
    await expect
      .poll(() => page.locator("[data-board-status]").innerText(), { timeout: 20_000 })
      .toBe(
        "Compared 1 map and 0 progress files; 1 decide line with errors skipped in 1 map (named under Commitments).",
      );
    await expect(page.locator("[data-board-map-table] tbody th").innerText()).resolves.toBe(
      `${row.name}\nLink 1\n1 decide line skipped (see Commitments)`,
    );
    await expect(page.locator("[data-board-commitments-notes]").innerText()).resolves.toContain(skippedNote(row)!);
    // The map's good decide line is on the board.
    const commitment = page.locator("[data-board-commitments-table] tbody tr");
    await expect(commitment.count()).resolves.toBe(1);
    await expect(commitment.innerText()).resolves.toMatch(/main-db\s+split\s+–\s+Priya\s+May/);

    // QA: with no map that could be read, the board said "Compared 0 maps" under "Maps, riskiest
    // first" and a ranking's caption, and each row began with a bare "–" on a phone.
    const link = `${site}/failure-domains/${await encodeShareHash(exampleSystemMap)}`;
    await page
      .getByLabel("Map share links, one per line")
      .fill(["not a link", link.slice(0, -12), `${site}/failure-domains/#map=`].join("\n"));
    await page.getByRole("button", { name: "Compare" }).click();
    await expect
      .poll(() => page.locator("[data-board-status]").innerText(), { timeout: 20_000 })
      .toBe("Nothing compared: 3 could not be read (listed in red).");
    const maps = page.locator("[data-board-maps]");
    await expect(maps.getByRole("heading").innerText()).resolves.toBe("No map could be read");
    const table = page.locator("[data-board-map-table]");
    await expect(table.locator("caption").innerText()).resolves.toBe("What is wrong with each");
    await expect(table.locator("thead th").allInnerTexts()).resolves.toEqual(["Link or file", "What is wrong"]);
    await expect(table.locator("tbody th").allInnerTexts()).resolves.toEqual(["Link 1", "Link 2", "Link 3"]);
    await expect(table.locator("tbody tr[data-bad]").count()).resolves.toBe(3);
    for (const why of await table.locator("tbody td").allInnerTexts()) expect(why).toMatch(/^Could not read it: \S/);
    await expect(table.locator("tbody td:not([data-label])").count()).resolves.toBe(0);
    await expect(page.locator("[data-board-commitments]").isHidden()).resolves.toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    // Stacked on a phone, each reason opens with its label, never a bare dash.
    await expect(
      table
        .locator("tbody td")
        .first()
        .evaluate((td) => getComputedStyle(td, "::before").content),
    ).resolves.toBe('"What is wrong"');
    await page.setViewportSize({ width: 1280, height: 900 });
    // Good maps back on the board: the ranking and its title return. They are the example page's
    // two links (kit audit L1): the answer key's map with its decisions, and the notes, apart by name.
    await page
      .getByLabel("Map share links, one per line")
      .fill(
        [
          `${site}/failure-domains/${await encodeShareHash(exampleAnswerMap())}`,
          `${site}/failure-domains/${await encodeShareHash(exampleHandoutMap())}`,
        ].join("\n"),
      );
    await page.getByRole("button", { name: "Compare" }).click();
    await expect
      .poll(() => page.locator("[data-board-status]").innerText(), { timeout: 20_000 })
      .toBe("Compared 2 maps and 0 progress files.");
    await expect(maps.getByRole("heading").innerText()).resolves.toBe("Maps, riskiest first");
    await expect(table.locator("thead th").first().innerText()).resolves.toBe("Rank");
    const answer = mapRow("Link 1", exampleAnswerMap());
    const handout = mapRow("Link 2", exampleHandoutMap());
    if (!answer.ok || !handout.ok) throw new Error("the example's maps should be read");
    expect(answer.name).not.toBe(handout.name);
    await expect(table.locator("tbody th").allInnerTexts()).resolves.toEqual([
      `${answer.name}\nLink 1`,
      `${handout.name}\nLink 2`,
    ]);
    const decisions = answerKey().decisions;
    await expect(page.locator("[data-board-commitments-table] tbody tr").count()).resolves.toBe(decisions.length);
    await expect(
      page.locator('[data-board-commitments-table] tbody td[data-label="Decision"]').allInnerTexts(),
    ).resolves.toEqual(decisions.map((d) => d.decision));
    await expect(page.locator("[data-board-commitments-notes]").innerText()).resolves.toBe(
      `${countOf(decisions.length, "commitment")} from 2 maps; ${decisions.length} without an owner or a date: settle them before the room leaves.`,
    );
    await page.getByRole("button", { name: "Clear the board" }).click();
    await page.getByRole("button", { name: "Clear it" }).click();
  });

  test("the presenter map builder names a damaged link's fault in one sentence, without nested brackets", async () => {
    const { page } = browser;
    const good = await encodeShareHash(exampleSystemMap);
    await page.goto(`${site}/present/map-builder/${good.slice(0, -12)}`);
    await page.locator("[data-present-map][data-ready]").waitFor();
    await expect(page.locator("[data-map-title]").innerText()).resolves.toBe(
      "Could not load the map from the link: this map link is damaged (was it cut short when it was copied?). Showing the example system.",
    );
  });

  test("the room board says when its files cannot be kept in this browser, and refuses a file too large for it", async () => {
    const other = await browser.open();
    // This browser's storage is full for the board's files (the large thing it keeps), as a
    // browser with little room answers: the write throws.
    await other.context.addInitScript(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key.includes("room-board:files"))
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        setItem.call(this, key, value);
      };
    });
    const { page } = other;
    await page.goto(`${site}/room-board/`);
    await page.locator("[data-room-board][data-ready]").waitFor();
    // Two files chosen at once, one of them over the board's 5 MB (made in the page: sending 5 MB
    // through DevTools took seconds).
    await page.locator('[data-room-board] input[type="file"]').evaluate((input: HTMLInputElement) => {
      const chosen = new DataTransfer();
      chosen.items.add(new File([JSON.stringify({ version: 1, exercises: {} })], "pair-1.json"));
      chosen.items.add(new File([new Uint8Array(5_000_001)], "huge.json"));
      input.files = chosen.files;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await expect
      .poll(() => page.locator("[data-board-files]").innerText(), { timeout: 10_000 })
      .toBe(
        "Files on the board (1): pair-1.json. They are too large to keep in this browser: a reload loses them. Too large for the board: huge.json.",
      );
    // The board still compares what it holds; a reload loses the file, as it said.
    await page.getByRole("button", { name: "Compare" }).click();
    await expect
      .poll(() => page.locator("[data-board-status]").innerText(), { timeout: 20_000 })
      .toBe("Compared 0 maps and 1 progress file.");
    await page.reload();
    await page.locator("[data-room-board][data-ready]").waitFor();
    await expect(page.locator("[data-board-files]").innerText()).resolves.toBe("");
    await other.close();

    // Kit audit D3: where the browser refuses the site any storage, the page said the links stay
    // across a reload, and a reload emptied the board without a word.
    const refused = await browser.open();
    await refuseStorage(refused.context);
    const board = refused.page;
    await board.goto(`${site}/room-board/`);
    await board.locator("[data-room-board][data-ready]").waitFor();
    await expect(board.locator("[data-board-keeping]").innerText()).resolves.toBe(refusedText);
    await expect(board.getByText("stay on the board").count()).resolves.toBe(0);
    await board
      .locator('[data-room-board] input[type="file"]')
      .setInputFiles([
        { name: "pair-1.json", mimeType: "application/json", buffer: Buffer.from('{"version":1,"exercises":{}}') },
      ]);
    await expect
      .poll(() => board.locator("[data-board-files]").innerText(), { timeout: 10_000 })
      .toBe("Files on the board (1): pair-1.json. This browser keeps nothing for this site: a reload loses them.");
    await refused.close();
  });

  test("a run sheet's replay link opens the presenter view with exactly that step's defences, hiding what comes next until revealed, and a clicker jumps between key moments", async () => {
    const { page } = browser;
    await page.goto(`${site}/run-sheet/ninety-minutes/`);
    // What the sheet says the room will see: the unrelated services' success, then tries per request.
    const sheet = await page.locator('[data-step="replay-bulkhead"] .runsheet__num').allInnerTexts();
    await page.locator('[data-step="replay-bulkhead"] a').click();
    // The replay reads the link's state once its code has loaded (a link with state loads it at once).
    await page.locator('[data-retry-storm][data-state="ready"]').waitFor({ timeout: 60_000 });
    const checked = await page
      .locator('.rs--present input[type="checkbox"][name^="defence-"]')
      .evaluateAll((els) =>
        (els as HTMLInputElement[]).filter((e) => e.checked).map((e) => e.name.replace("defence-", "")),
      );
    expect(checked).toEqual(replaySteps["replay-bulkhead"].defences);
    const summary = page.locator('[data-side="defended"] [data-summary]');
    await expect(summary.isVisible()).resolves.toBe(false);
    const moments = page.locator("[data-moments] button");
    await expect.poll(() => moments.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    const naive = JSON.parse(
      (await page.locator("[data-retry-storm]").getAttribute("data-naive-summary"))!,
    ) as RetryStormSummary;
    const expected = keyMoments(naive);
    await expect(moments.allInnerTexts()).resolves.toEqual(expected.map((m) => m.label));
    // A clicker's Page Down: the next key moment after the playhead (0 s).
    const next = expected.find((m) => Math.floor(m.time) > 0)!;
    await page.locator("body").press("PageDown");
    await expect
      .poll(() => page.locator("[data-time]").innerText(), { timeout: 10_000 })
      .toBe(keepUnitWithNumber(`${Math.floor(next.time)} s`));
    // The curves ahead of the playhead are veiled, exactly from the playhead on.
    // On a 1280 x 720 projector: one chart a side, filling the screen without scrolling, its title and legend in 24 px type.
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight), {
        timeout: 10_000,
      })
      .toBeLessThanOrEqual(0);
    const fit = await projectorFit(
      page,
      ".rs-chart:not([data-off]) figcaption, .rs-chart:not([data-off]) .u-legend th",
    );
    expect(fit.count).toBeGreaterThan(2);
    expect(fit.smallest, "chart titles and legends in px").toBeGreaterThanOrEqual(24);
    await page.setViewportSize({ width: 1280, height: 900 });
    const veil = await page
      .locator(".rs-veil")
      .first()
      .evaluate((el) => ({
        left: (el as HTMLElement).style.left,
        head: (el.parentElement!.querySelector(".rs-playhead") as HTMLElement).style.left,
        shown: getComputedStyle(el).display !== "none",
      }));
    expect(veil.shown).toBe(true);
    expect(veil.left).toBe(veil.head);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole("button", { name: "Reveal all" }).click();
    await expect(summary.isVisible()).resolves.toBe(true);
    // Revealed, the summaries are projector text and the screen still does not scroll.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight), {
        timeout: 10_000,
      })
      .toBeLessThanOrEqual(0);
    // The figures the sheet said, as the screen writes them: "100%" is every request served, not "100.0%".
    const said = (await summary.innerText()).replaceAll("\u00a0", " ");
    expect(said).toContain(`services that never call pricing succeed ${sheet[0]} of the time;`);
    expect(said).toContain(`; ${sheet.at(-1)} tries per request.`);
    const revealed = await projectorFit(page, ".rs--present [data-summary]");
    expect(revealed.count).toBe(2);
    expect(revealed.smallest, "summaries in px").toBeGreaterThanOrEqual(24);
    await page.setViewportSize({ width: 1280, height: 900 });
    // A new scenario is a new prediction: hidden again.
    await page.locator('.rs--present input[name="defence-breaker"]').check();
    await expect.poll(() => summary.isVisible(), { timeout: 10_000 }).toBe(false);
  });

  test("the run sheet's pauses are where a clicker stops the replay, and at the end the clicker reveals, even from a ticked box", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${site}/run-sheet/ninety-minutes/`);
    const sheet = await page.locator('[data-step="replay-off"] .runsheet__moments').innerText();
    // A sentence's list: its last stop after "and".
    const off = preparedStep("replay-off").moments.map((m) => `${m.value} (${m.short})`);
    // Kit audit L2: whose moments they are (the naive run's, on the left, in every step), and that
    // each stop is the whole second its events fall in (82 s for a first refusal at 82.7 s).
    const whose = "at the moments of the naive run (the left side), on the whole second each falls in:";
    expect(sheet.replaceAll("\u00a0", " ").trim()).toBe(`Pause ${whose} ${listNames(off)}.`);
    const defended = await page.locator('[data-step="replay-bulkhead"] .runsheet__moments').innerText();
    expect(defended.replaceAll("\u00a0", " ").trim()).toBe(`Pause, every step, ${whose} ${listNames(off)}.`);
    const stops = [...sheet.matchAll(/(\d+)\s+s \(([^)]+)\)/g)].map((m) => ({ label: m[2]!, second: m[1]! }));
    expect(stops.length, sheet).toBeGreaterThan(3);
    expect(stops.map((s) => s.label)).toContain("pricing recovers");
    // The sheet says each event's time as the model gives it where the clicker stops on a whole second before it.
    expect(stops.map((s) => s.label)).toContainEqual(expect.stringMatching(/^first refusal at \d+\.\d\s+s$/));
    await page.locator('[data-step="replay-off"] a').click();
    await page.locator('[data-retry-storm][data-state="ready"]').waitFor({ timeout: 60_000 });
    const clock = page.locator("[data-time]");
    // The view opens on the first stop; each Page Down lands on the next the sheet lists.
    await expect.poll(() => clock.innerText(), { timeout: 10_000 }).toBe(keepUnitWithNumber(`${stops[0]!.second} s`));
    // The naive run, whose moments the sheet lists, is the left side.
    const left = async (side: string) => (await page.locator(`[data-side="${side}"]`).boundingBox())!.x;
    expect(await left("naive")).toBeLessThan(await left("defended"));
    const moment = page.locator("[data-retry-storm] [data-moment]");
    for (const stop of stops.slice(1)) {
      await page.keyboard.press("PageDown");
      await expect.poll(() => clock.innerText(), { timeout: 10_000 }).toBe(keepUnitWithNumber(`${stop.second} s`));
      // The stop is the second its event falls in: the screen's line is that second, and the
      // event's own time, where the sheet gives one ("first refusal at 82.7 s"), is inside it.
      const second = Number(stop.second);
      await expect
        .poll(async () => (await moment.innerText()).replaceAll("\u00a0", " "), { timeout: 10_000 })
        .toMatch(new RegExp(`^From ${second} s to ${second + 1} s:`));
      for (const at of stop.label.matchAll(/ at (\d+(?:\.\d+)?)\s+s/g)) {
        expect(Number(at[1]), stop.label).toBeGreaterThanOrEqual(second);
        expect(Number(at[1]), stop.label).toBeLessThan(second + 1);
      }
    }
    // Past the last stop, the end of the run, which reveals it.
    const summary = page.locator('[data-side="defended"] [data-summary]');
    await page.keyboard.press("PageDown");
    await expect.poll(() => summary.isVisible(), { timeout: 10_000 }).toBe(true);
    // The presenter asks the room to predict again (the switch off and on): the clicker, pressed
    // with the focus on that switch and the playhead at the end, reveals again.
    const predict = page.locator("[data-predict]");
    await predict.click();
    await predict.click();
    await expect.poll(() => summary.isVisible(), { timeout: 10_000 }).toBe(false);
    await page.keyboard.press("PageDown");
    await expect.poll(() => summary.isVisible(), { timeout: 10_000 }).toBe(true);
    // Predicting off, everything shows: the six moments, the status and the summaries still fit the projector.
    await predict.click();
    await expect.poll(() => page.locator("[data-reveal-status]").innerText()).toBe("Everything shows.");
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight), {
        timeout: 10_000,
      })
      .toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test("the presenter replay opened plainly gives nothing away, before its code loads and after", async () => {
    const { page } = browser;
    await page.goto(`${site}/present/retry-storm/`);
    const root = page.locator("[data-retry-storm]");
    // Untouched, the replay's code has not loaded: these are the static charts the page was built with.
    await expect(root.getAttribute("data-state")).resolves.toBeNull();
    await expect(page.locator("[data-summary]").first().isVisible()).resolves.toBe(false);
    // Each shown chart's veil covers its plot from the 0 s tick (the playhead) to the right edge,
    // and a pixel past the top and bottom, where a curve at 0 or 100% is drawn half outside.
    const staticCover = await page.locator(".rs-chart:not([data-off]) .rs-static").evaluateAll((charts) =>
      charts.map((chart) => {
        const plot = chart.querySelector(".rs-svg")!.getBoundingClientRect();
        const veil = chart.querySelector(".rs-ahead");
        const tick = [...chart.querySelectorAll(".rs-static-x text")].find((t) => t.textContent === "0 s");
        if (!veil || !tick || getComputedStyle(veil).display === "none") return "no veil shown";
        const v = veil.getBoundingClientRect();
        const t = tick.getBoundingClientRect();
        const zero = t.left + t.width / 2;
        return v.left <= zero + 1 && v.right >= plot.right + 1 && v.top <= plot.top - 1 && v.bottom >= plot.bottom + 1
          ? "covered"
          : `veil ${Math.round(v.left)}..${Math.round(v.right)} x ${Math.round(v.top)}..${Math.round(v.bottom)}, plot from ${Math.round(zero)} to ${Math.round(plot.right)} x ${Math.round(plot.top)}..${Math.round(plot.bottom)}`;
      }),
    );
    expect(staticCover).toEqual(["covered", "covered"]);
    // Touched, the live charts (sized to the screen as they load): the same cover, exactly from the playhead on.
    await page.locator("[data-scrub]").focus();
    await page.locator('[data-retry-storm][data-state="ready"]').waitFor();
    await expect.poll(() => page.locator(".rs-chart:not([data-off]) .rs-veil").count(), { timeout: 10_000 }).toBe(2);
    const liveCover = await page.locator(".rs-chart:not([data-off]) .rs-veil").evaluateAll((veils) =>
      veils.map((veil) => {
        const over = veil.parentElement!.getBoundingClientRect();
        const head = veil.parentElement!.querySelector(".rs-playhead")!.getBoundingClientRect();
        const v = veil.getBoundingClientRect();
        return getComputedStyle(veil).display !== "none" &&
          Math.abs(v.left - head.left) <= 1 &&
          v.right >= over.right + 1 &&
          v.top <= over.top - 1 &&
          v.bottom >= over.bottom + 1
          ? "covered"
          : `veil ${Math.round(v.left)}..${Math.round(v.right)} x ${Math.round(v.top)}..${Math.round(v.bottom)}, plot from ${Math.round(head.left)} to ${Math.round(over.right)} x ${Math.round(over.top)}..${Math.round(over.bottom)}`;
      }),
    );
    expect(liveCover).toEqual(["covered", "covered"]);
  });

  test("the presenter explorer shows the workers and hides the shares until revealed, on one 1280 x 720 screen", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${site}/present/explorer/`);
    const fixed = page.locator('[data-figure="blast-fixed"]');
    await expect(page.locator(".sx--present .sx-w").first().isVisible()).resolves.toBe(true);
    await expect(fixed.isVisible()).resolves.toBe(false);
    const reveal = page.getByRole("button", { name: "Reveal the numbers" });
    await reveal.focus();
    await page.keyboard.press("Enter");
    await expect(fixed.isVisible()).resolves.toBe(true);
    // Done, it says so and keeps the presenter's focus (a disabled button dropped it to the body).
    await expect(reveal.getAttribute("aria-disabled")).resolves.toBe("true");
    await expect(reveal.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    const fit = await projectorFit(page, ".sx--present .sx-blast td");
    expect(fit.overflowY, "no scrolling, revealed").toBeLessThanOrEqual(0);
    expect(fit.overflowX).toBeLessThanOrEqual(0);
    expect(fit.smallest, "the blast radius figures in px").toBeGreaterThanOrEqual(20);
    // The explorer's own type, which the rest of its text takes unless it says otherwise.
    const type = await projectorFit(page, ".sx--present");
    expect(type.count).toBe(1);
    expect(type.smallest, "the explorer's type in px").toBeGreaterThanOrEqual(20);
    await page.setViewportSize({ width: 1280, height: 900 });
    const workers = page.locator('.sx--present input[name="workers"]');
    await workers.fill("12");
    await workers.dispatchEvent("change");
    await expect.poll(() => fixed.isVisible(), { timeout: 10_000 }).toBe(false);
    // A presenter who has just ticked a box (failover off: a new prediction) reveals with the
    // clicker, the focus still on the box.
    await workers.press("Enter");
    await page.locator('.sx--present input[name="failover"]').click();
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement).name)).resolves.toBe("failover");
    await expect.poll(() => fixed.isVisible(), { timeout: 10_000 }).toBe(false);
    await page.keyboard.press("PageDown");
    await expect.poll(() => fixed.isVisible(), { timeout: 10_000 }).toBe(true);
  });

  // QA: with failover on, the larger fleet's blast radius ran some 60 px below a 1280 x 720 screen,
  // and 128 px below a 1024 x 768 one while predicting (101 px revealed; the default fleet 13 px).
  test("the presenter explorer fits one 1024 x 768 and one 1280 x 720 screen in every run sheet step, failover on and off, predicting and revealed", async () => {
    const { page } = browser;
    for (const step of Object.values(explorerSteps))
      for (const failover of [true, false]) {
        const query = explorerQuery({ ...step.state, failover }).toString();
        await page.setViewportSize({ width: 1024, height: 768 });
        await page.goto(`${site}/present/explorer/?${query}`);
        // Predicting, with the step's figures drawn and the status line's longest words written.
        await page.locator(".sx--present [data-output]:not([data-stale])").waitFor();
        await expect
          .poll(() => page.locator("[data-reveal-status]").innerText(), { timeout: 20_000 })
          .toMatch(/hidden/);
        // 960 px wide is the tighter layout's lower bound (60rem): it fits there too, in 1280 x 720's
        // type (the larger fleet with failover on was 73 px over predicting, 53 px revealed).
        let bodyAt1280 = 0;
        for (const [width, height] of [
          [1280, 720],
          [1024, 768],
          [960, 768],
        ] as const) {
          await page.setViewportSize({ width, height });
          const predicting = await projectorFit(page, ".sx--present");
          expect(
            predicting.overflowY,
            `no scrolling at ${width} x ${height}, predicting, ${query}`,
          ).toBeLessThanOrEqual(0);
          expect(predicting.overflowX, `${width} x ${height}, predicting, ${query}`).toBeLessThanOrEqual(0);
          expect(
            predicting.smallest,
            `the explorer's type in px at ${width} x ${height}, ${query}`,
          ).toBeGreaterThanOrEqual(20);
          // The same type as at 1280 x 720 (1.35rem).
          bodyAt1280 ||= predicting.smallest;
          expect(predicting.smallest, `the explorer's type at ${width} x ${height} against 1280 x 720, ${query}`).toBe(
            bodyAt1280,
          );
          // Both boxes as large as the room's type asks, never squeezed by the words beside them
          // (QA: at 1024 px the failover box was 13 px wide, 19 px tall, and drawn 13 px square).
          const boxes = await page
            .locator('.present-tools input[type="checkbox"], .sx--present input[type="checkbox"]')
            .evaluateAll((els) =>
              els.map((el) => {
                const r = el.getBoundingClientRect();
                return `${el.getAttribute("name") ?? "predict"}: ${Math.round(Math.min(r.width, r.height))} px square`;
              }),
            );
          expect(boxes, `${width} x ${height}, ${query}`).toEqual(["predict: 20 px square", "failover: 20 px square"]);
        }
        await page.getByRole("button", { name: "Reveal the numbers" }).click();
        const fixed = page.locator('[data-figure="blast-fixed"]');
        await expect.poll(() => fixed.isVisible(), { timeout: 10_000 }).toBe(true);
        await expect(page.locator('.sx--present input[name="failover"]').isChecked()).resolves.toBe(failover);
        // Both ends of the tighter layout (60rem up to 80rem), between them, and just past it.
        for (const [width, height] of [
          [960, 768],
          [1024, 768],
          [1100, 768],
          [1279, 720],
          [1280, 720],
          [1366, 768],
        ] as const) {
          await page.setViewportSize({ width, height });
          const fit = await projectorFit(page, ".sx--present .sx-blast td, .sx--present .sx-blast th");
          expect(fit.overflowY, `no scrolling at ${width} x ${height}, ${query}`).toBeLessThanOrEqual(0);
          expect(fit.overflowX, `${width} x ${height}, ${query}`).toBeLessThanOrEqual(0);
          expect(fit.smallest, `the blast radius rows in px at ${width} x ${height}, ${query}`).toBeGreaterThanOrEqual(
            20,
          );
        }
        // A phone still shows it all without sideways scrolling, the page or a table in its panel
        // (QA: at 390 px the overlap and blast radius tables scrolled inside theirs, the blast
        // radius's share in scientific form cut at the panel's edge).
        await page.setViewportSize({ width: 390, height: 844 });
        const phone = await projectorFit(page, ".sx--present .sx-blast td");
        expect(phone.overflowX, `390 px, ${query}`).toBeLessThanOrEqual(0);
        const panels = await page
          .locator(".sx--present .sx-wide")
          .evaluateAll((els) =>
            els.map((el) => `${el.getAttribute("aria-label")}: ${el.scrollWidth - el.clientWidth} px over`),
          );
        expect(panels, `390 px, ${query}`).toEqual(["Overlap: 0 px over", "Blast radius: 0 px over"]);
      }
    // The tighter controls at 1024 px (and 960) still show the largest counts whole, as at 1280 and
    // 1920 px, the seed's ten digits too (a seven-digit box cut 40 px of them at 1024 and 1280).
    await page.setViewportSize({ width: 1024, height: 768 });
    for (const name of ["workers", "customers", "groups", "seed"] as const)
      await page.locator(`.sx--present input[name="${name}"]`).fill(String(explorerLimits[name].max));
    for (const [width, height] of [
      [960, 768],
      [1024, 768],
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      const cut = await page
        .locator(".sx--present .sx-field input[type='number']")
        .evaluateAll((inputs) =>
          inputs
            .filter((i) => i.scrollWidth > i.clientWidth)
            .map((i) => `${i.getAttribute("name")}: ${i.scrollWidth - i.clientWidth} px`),
        );
      expect(cut, `number boxes that cut their value at ${width} x ${height}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  /** On a projector's screen: nothing to scroll, and the smallest text the room must read, in CSS px. */
  const projectorFit = (page: Page, selector: string) =>
    page.evaluate((sel) => {
      const de = document.documentElement;
      const texts = [...document.querySelectorAll(sel)].filter(
        (el) => (el as HTMLElement).offsetParent !== null && getComputedStyle(el).visibility !== "hidden",
      );
      return {
        overflowX: de.scrollWidth - de.clientWidth,
        overflowY: de.scrollHeight - de.clientHeight,
        smallest: Math.min(...texts.map((el) => Number.parseFloat(getComputedStyle(el).fontSize))),
        count: texts.length,
      };
    }, selector);

  // QA 31: at 1280 x 720 the fixed "Back to the chapter" link lay over the explorer's last line.
  test("the presenter views' back link covers no text at 1280 x 720, at the top or scrolled to the end", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 720 });
    const underLink = () =>
      page.evaluate(() => {
        const back = document.querySelector(".back")!.getBoundingClientRect();
        const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
        const covered: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || node.parentElement?.closest(".back")) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects())
            if (r.width > 0 && r.left < back.right && r.right > back.left && r.top < back.bottom && r.bottom > back.top)
              covered.push(node.textContent.trim());
        }
        return covered;
      });
    for (const url of [
      "/present/explorer/?n=100&k=5&c=10000&g=20&seed=7&failover=1",
      "/present/explorer/",
      "/present/retry-storm/",
    ]) {
      await page.goto(`${site}${url}`);
      await expect.poll(() => page.locator("[data-reveal-status]").innerText(), { timeout: 20_000 }).not.toBe("");
      const reveal = page.getByRole("button", { name: /^Reveal (the numbers|all)$/ });
      await reveal.click();
      await expect.poll(underLink, { timeout: 10_000, message: url }).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(underLink, { timeout: 10_000, message: `${url}, scrolled` }).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test("the presenter opening steps through its slides with a clicker, each answer held back until its step, on a 1280 x 720 screen", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${site}/present/opening/`);
    const visible = page.locator("[data-slide]:not([hidden])");
    await expect(visible.locator("h2").innerText()).resolves.toContain("who notices");
    await page.locator("body").press("PageDown");
    // The fleet slide: its question shows, its answers wait.
    await expect(visible.innerText()).resolves.toContain(`${disks.total} disks`);
    const answers = visible.locator(".deck__answer");
    await expect(answers.evaluateAll((els) => els.map((e) => getComputedStyle(e).visibility))).resolves.toEqual([
      "hidden",
      "hidden",
    ]);
    await page.locator("body").press("PageDown");
    await expect(answers.first().isVisible()).resolves.toBe(true);
    await expect(answers.first().innerText()).resolves.toContain(`${disks.perDay} a day`);
    await expect(answers.nth(1).isVisible()).resolves.toBe(false);
    // Page Up steps back; the Next button steps as the key does.
    await page.locator("body").press("PageUp");
    await expect(answers.first().isVisible()).resolves.toBe(false);
    // To the last slide: the ladder's shares come one row at a time.
    for (let i = 0; i < 20; i++) await page.locator("body").press("ArrowRight");
    const cells = page.locator("[data-slide]:not([hidden]) tbody td:first-of-type");
    await expect(cells.allInnerTexts()).resolves.toEqual(ladder.map((s) => s.hit));
    await expect(page.getByRole("button", { name: "Next" }).isDisabled()).resolves.toBe(true);
    const fit = await projectorFit(page, ".deck h2, .deck p, .deck th, .deck td");
    expect(fit.overflowX, "no sideways scrolling").toBeLessThanOrEqual(0);
    expect(fit.overflowY, "no scrolling").toBeLessThanOrEqual(0);
    expect(fit.smallest, "slide text in px").toBeGreaterThanOrEqual(24);
    // QA: on a phone the ladder's table ran 29 px past a 390 px screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await projectorFit(page, ".deck th, .deck td");
    expect(phone.overflowX, "no sideways scrolling at 390 px").toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test("the presenter map builder steps through a group's shared map, one saturated resource at a time, answer last", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 720 });
    const text = failureMapExamples.find((e) => e.id === "before-bulkheads")!.text;
    const built = buildView(text);
    if (!built.ok) throw new Error("example does not parse");
    const { analysis, map } = built.view;
    await page.goto(`${site}/present/map-builder/${await encodeShareHash(text)}`);
    await page.locator("[data-present-map][data-ready]").waitFor();
    await expect(page.locator("[data-map-title]").innerText()).resolves.toBe(map.title);
    const stage = page.locator("[data-map-stage]:not([hidden])");
    // The bare map gives nothing away.
    await expect(stage.locator(".is-failing, .is-flagged, .is-saturated").count()).resolves.toBe(0);
    await expect(stage.locator(".pm-chip--service").count()).resolves.toBe(map.services.length);
    await page.locator("body").press("PageDown");
    const first = analysis.impacts[0]!;
    await expect(stage.locator(".pm-chip--resource.is-saturated").innerText()).resolves.toContain(first.resource);
    await expect(stage.locator(".pm-chip--service.is-failing").count()).resolves.toBe(first.failing.length);
    const fit = await projectorFit(page, ".pm-caption p, .pm-chip__name, .pm-chip__note");
    expect(fit.overflowY, "no scrolling at 1280 x 720").toBeLessThanOrEqual(0);
    expect(fit.overflowX).toBeLessThanOrEqual(0);
    expect(fit.smallest, "chip and caption text in px").toBeGreaterThanOrEqual(24);
    await page.getByRole("button", { name: "Show the answer" }).click();
    await expect(stage.locator(".pm-chip--resource.is-flagged").count()).resolves.toBe(analysis.flagged.length);
    await expect(stage.locator(".pm-caption").innerText()).resolves.toContain("Largest blast radius");
    // The drawing is one switch away, with the same answer.
    await page.getByLabel("The drawing").check();
    await expect(stage.locator("svg .mb-resource.is-flagged").count()).resolves.toBe(analysis.flagged.length);
    // The next group's link, its #map= part typed over this one's in the address bar: the view
    // shows that map, from its bare first stage (the page is not loaded anew for a new hash).
    const next = failureMapExamples.find((e) => e.id === "after-bulkheads")!.text;
    const nextBuilt = buildView(next);
    if (!nextBuilt.ok) throw new Error("example does not parse");
    await page.goto(`${site}/present/map-builder/${await encodeShareHash(next)}`);
    await expect
      .poll(() => page.locator("[data-map-title]").innerText(), { timeout: 10_000 })
      .toBe(nextBuilt.view.map.title);
    await page.locator("[data-present-map][data-ready]").waitFor();
    await expect(page.locator("[data-present-map]").getAttribute("data-stage")).resolves.toBe("0");
    await expect(stage.locator(".pm-chip--service").count()).resolves.toBe(nextBuilt.view.map.services.length);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  // QA: at 390 px the drawing, fitted to the width, had labels some 4 px high.
  test("on a phone the presenter map builder's drawing keeps readable labels and scrolls sideways in a labelled box the keyboard reaches", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site}/present/map-builder/`);
    await page.getByLabel("The drawing").check();
    const drawing = page.getByRole("group", { name: "Map drawing (scrolls on a narrow screen)" });
    await expect(drawing.isVisible()).resolves.toBe(true);
    const smallest = await drawing
      .locator("svg text")
      .evaluateAll((texts) => Math.min(...texts.map((t) => t.getBoundingClientRect().height).filter((h) => h > 0)));
    expect(smallest, "the drawing's smallest label, px high").toBeGreaterThanOrEqual(9);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    // Focused, it takes the left and right arrows (it scrolls, the view stays on its stage); a clicker's Page Down still steps.
    const stage = () => page.locator("[data-present-map]").getAttribute("data-stage");
    const before = await stage();
    await drawing.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => drawing.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect(stage()).resolves.toBe(before);
    await page.keyboard.press("PageDown");
    await expect.poll(stage).toBe(String(Number(before) + 1));
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  // QA: a group's link with a typo in one decide line showed the example system in its place.
  test("the presenter map builder shows a group's map without its faulty decide line, and says which line and why", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 720 });
    const text = `${failureMapExamples.find((e) => e.id === "before-bulkheads")!.text}\ndecide nowhere split; owner Sam`;
    const built = buildView(text, undefined, "skip-bad-decisions");
    if (!built.ok) throw new Error("the map should be read");
    expect(buildView(text).ok).toBe(false);
    await page.goto(`${site}/present/map-builder/${await encodeShareHash(text)}`);
    await page.locator("[data-present-map][data-ready]").waitFor();
    await expect(page.locator("[data-map-title]").innerText()).resolves.toBe(built.view.map.title);
    const notice = page.locator("[data-map-skipped]");
    await expect(notice.innerText()).resolves.toBe(skippedNotice(built.skipped));
    const stage = page.locator("[data-map-stage]:not([hidden])");
    await expect(stage.locator(".pm-chip--service").count()).resolves.toBe(built.view.map.services.length);
    await page.locator("body").press("PageDown");
    await expect(stage.locator(".pm-chip--resource.is-saturated").innerText()).resolves.toContain(
      built.view.analysis.impacts[0]!.resource,
    );
    const fit = await projectorFit(page, ".pm-caption p, .pm-chip__name, .pm-chip__note");
    expect(fit.overflowY, "no scrolling at 1280 x 720").toBeLessThanOrEqual(0);
    expect(fit.overflowX).toBeLessThanOrEqual(0);
    // A clean map says nothing of skipped lines (a new hash: the view loads anew).
    await page.goto(`${site}/present/map-builder/${await encodeShareHash(exampleSystemMap)}`);
    await expect.poll(() => page.locator("[data-map-title]").innerText(), { timeout: 10_000 }).toBe(exampleMap().title);
    await expect(notice.isVisible()).resolves.toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
