/** The cells and static-stability widgets, as a reader drives them. */
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import {
  bakeText,
  canarySummary,
  canaryView,
  defaultCanaryState,
  reachText,
  shareSummary,
} from "../../src/widgets/canary/render.ts";
import { bakeChoices } from "../../src/sim/canary-tradeoff.ts";
import {
  defaultHeadroomState,
  headroomLimits,
  headroomSummary,
  headroomView,
  provisionedSteps,
} from "../../src/widgets/headroom/render.ts";
import {
  cellSizeLimits,
  cellSizeSummary,
  cellSizeView,
  cellsText,
  defaultCellSizeState,
} from "../../src/widgets/cell-size/render.ts";
import { twoFrames } from "../../tools/frames.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { expectInvalidMark, fieldEdge } from "../support/field-edge.ts";
import { keepUnitWithNumber } from "../../src/format/units.ts";

const widget = (page: Page, kind: string) => page.locator(`[data-cells-widget="${kind}"]`).first();
const figure = (page: Page, kind: string, name: string) =>
  widget(page, kind).locator(`[data-figure="${name}"]`).first().innerText();

async function setNumber(page: Page, kind: string, name: string, value: string) {
  const field = widget(page, kind).locator(`input[name="${name}"]`);
  await field.fill(value);
  await field.dispatchEvent("change");
}

/**
 * The canary widget, on a page just loaded: drawn on the server; the first change (made with the
 * keyboard, before its code has loaded) counts; the figures are the model's
 * (src/sim/canary-tradeoff.ts).
 */
async function driveCanary(page: Page) {
  const root = page.locator("[data-canary-widget]");
  const live = root.locator("[data-live]");
  const view = canaryView(defaultCanaryState);
  await expect(live.innerText()).resolves.toBe(keepUnitWithNumber(canarySummary(view)));
  expect(await root.getAttribute("data-ready")).toBeNull();
  const share = root.locator('select[name="share"]');
  await share.focus();
  await page.keyboard.press("ArrowDown");
  const next = { ...defaultCanaryState, share: 0.02 };
  await expect.poll(() => live.innerText()).toBe(keepUnitWithNumber(canarySummary(canaryView(next))));
  expect(await root.locator("tr.ct-current th").innerText()).toBe("2%");
  const bake = root.locator('input[name="bake"]');
  await bake.focus();
  await page.keyboard.press("End");
  // The longest bake: long enough for every share to reach 95%, and the curve's axis goes there.
  const longest = { ...next, bakeMinutes: bakeChoices[bakeChoices.length - 1]! };
  const longestWords = bakeText(longest.bakeMinutes * 60);
  await expect.poll(() => live.innerText()).toBe(keepUnitWithNumber(canarySummary(canaryView(longest))));
  expect(await root.locator("output[data-slider-value]").innerText()).toBe(keepUnitWithNumber(longestWords));
  expect(await bake.getAttribute("aria-valuetext")).toBe(longestWords);
  expect(await root.locator("[data-reach]").innerText()).toBe(keepUnitWithNumber(reachText(canaryView(longest))));
  await root.locator('select[name="regressed"]').selectOption("0.01");
  await expect
    .poll(() => root.locator(".ct-trade").innerText())
    .toBe(keepUnitWithNumber(shareSummary(canaryView({ ...longest, regressedErrorRate: 0.01 }))));
}

describeInBrowser("cells widgets", (browser) => {
  const { site } = browser;

  test("cells: one bad cell of ten, drawn on the server, then recomputed as the controls move", async () => {
    const { page } = browser;
    await page.goto(`${site}/cells/`);
    await expect(figure(page, "cells", "cells-share")).resolves.toBe("10%");
    await expect(figure(page, "cells", "untouched")).resolves.toBe("90%");
    await expect(figure(page, "cells", "shared-share")).resolves.toBe("100%");
    await expect(figure(page, "cells", "exposed")).resolves.toBe("100");
    await expect(widget(page, "cells").getAttribute("data-ready")).resolves.toBeNull();

    await setNumber(page, "cells", "cells", "20");
    await expect.poll(() => figure(page, "cells", "cells-share")).toBe("5%");
    await expect(figure(page, "cells", "exposed")).resolves.toBe("50");
    await expect(widget(page, "cells").locator("[data-live]").innerText()).resolves.toContain("1 of 20 cells");

    // A lost zone takes every zonal cell in it: cells 0, 3, 6, ... of 20 over 3 zones is 7 cells.
    await widget(page, "cells").locator('select[name="fault"]').selectOption("lost-zone");
    await expect.poll(() => figure(page, "cells", "cells-share")).toBe("35%");
    await expect(widget(page, "cells").locator(".cw-cell--down").count()).resolves.toBe(7);

    // The cell-size widget on the same page: readable before its code loads (drawn on the server),
    // announced politely, and the first key press on its slider counts.
    const size = page.locator("[data-cell-size-widget]");
    const sizeLive = size.locator("[data-live]");
    expect(await sizeLive.getAttribute("aria-live")).toBe("polite");
    await expect(sizeLive.innerText()).resolves.toBe(
      keepUnitWithNumber(cellSizeSummary(cellSizeView(defaultCellSizeState))),
    );
    expect(await size.getAttribute("data-ready")).toBeNull();
    const slider = size.locator('input[name="cells"]');
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    const eleven = cellSizeView({ cells: 11 });
    await expect.poll(() => sizeLive.innerText()).toBe(keepUnitWithNumber(cellSizeSummary(eleven)));
    expect(await size.locator("output[data-slider-value]").innerText()).toBe(cellsText(eleven));
    expect(await slider.getAttribute("aria-valuetext")).toBe("11 cells of up to 91 customers");
    const stripHeight = () => size.locator(".cs-strip").evaluate((el) => el.getBoundingClientRect().height);
    const elevenCells = await stripHeight();
    // The move note, below the table: at 40 cells the tenant stops fitting and its wording grows.
    const noteHeight = () =>
      size
        .locator("p.cs-note")
        .last()
        .evaluate((el) => el.getBoundingClientRect().height);
    const elevenNote = await noteHeight();
    // The summary, above the strip: at 1 cell its wording is shorter (the room from its top to the
    // strip's, which holds on the old markup too).
    const summaryRoom = () =>
      size.evaluate(
        (el) =>
          el.querySelector(".cs-strip")!.getBoundingClientRect().top -
          el.querySelector("[data-live]")!.getBoundingClientRect().top,
      );
    const elevenSummary = await summaryRoom();
    await page.keyboard.press("End");
    await expect
      .poll(() => sizeLive.innerText())
      .toBe(keepUnitWithNumber(cellSizeSummary(cellSizeView({ cells: 50 }))));
    expect(await size.locator(".cs-cell").count()).toBe(50);
    // The strip keeps a place for every count, so moving the slider does not move the page below it.
    expect(await stripHeight()).toBe(elevenCells);
    expect(await noteHeight()).toBe(elevenNote);
    expect(await summaryRoom()).toBe(elevenSummary);
    expect(await size.locator('[data-figure="tenant"]').innerText()).toBe("125% of a cell");
    expect(await size.locator('[data-figure="move"]').innerText()).toContain("does not fit in a cell");
    await page.keyboard.press("Home");
    await expect.poll(() => sizeLive.innerText()).toBe(keepUnitWithNumber(cellSizeSummary(cellSizeView({ cells: 1 }))));
    expect(await summaryRoom()).toBe(elevenSummary);
    expect(await noteHeight()).toBe(elevenNote);
    // At 320 px the table's overhead row wrapped to one line more at 28 of the 50 counts (17 to 22,
    // 26 to 30, 32 to 44, 46 to 49) and the slider's words at every uneven count ("of up to"),
    // moving the page below: the table and the whole widget keep their heights at every count,
    // stepped in the page as a key press does (its value, then its input event), in one round trip.
    await page.setViewportSize({ width: 320, height: 740 });
    await twoFrames(page);
    const counts = Array.from({ length: cellSizeLimits.max }, (_, i) => i + 1);
    const stepped = await size.evaluate((el, values) => {
      const range = el.querySelector<HTMLInputElement>('input[name="cells"]')!;
      return values.map((value) => {
        range.value = String(value);
        range.dispatchEvent(new Event("input", { bubbles: true }));
        const heights = [el.querySelector(".cs-table")!, el].map((e) => e.getBoundingClientRect().height);
        return { said: el.querySelector("[data-live]")!.textContent, heights: heights.join(" and ") };
      });
    }, counts);
    const atOne = stepped[0]!.heights;
    const moved: string[] = [];
    for (const [i, { said, heights }] of stepped.entries()) {
      const cells = counts[i]!;
      expect(said).toBe(keepUnitWithNumber(cellSizeSummary(cellSizeView({ cells }))));
      if (heights !== atOne) moved.push(`${cells} cells: table and widget ${heights} px tall, not ${atOne}`);
    }
    expect(moved).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test("cells: on a phone every table of the chapter's widgets fits, or scrolls in a focusable region with a name; its sliders are a 24 px target", async () => {
    // QA: at 320 px the cells widget's blast-radius table scrolled inside itself by 5 px, out of the keyboard's reach.
    const { page } = browser;
    await page.goto(`${site}/cells/`);
    const tables = page.locator(":is([data-cells-widget], [data-cell-size-widget]) table.cw-table");
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 740 });
      await twoFrames(page);
      // Each table's caption and the nearest box that scrolls sideways to show it, if any.
      const scrollers = await tables.evaluateAll((all) =>
        all.map((t) => {
          const widget = t.closest(".cw");
          let scroller = "fits";
          for (let e: HTMLElement | null = t as HTMLElement; e && e !== widget?.parentElement; e = e.parentElement)
            if (e.scrollWidth > e.clientWidth && /auto|scroll/.test(getComputedStyle(e).overflowX)) {
              scroller = `${e.tagName} scrolls by ${e.scrollWidth - e.clientWidth} px, tabindex ${e.getAttribute("tabindex")}, named "${e.getAttribute("aria-label") ?? ""}"`;
              break;
            }
          return { caption: t.querySelector("caption")?.textContent, scroller };
        }),
      );
      expect(scrollers.length).toBe(3);
      for (const { caption, scroller } of scrollers)
        expect(scroller, `${caption} at ${width} px`).toMatch(
          /^(fits|SECTION scrolls by \d+ px, tabindex 0, named "\S.*)$/,
        );
      // The blast-radius table fits, and so does the move table.
      const blast = scrollers.find(({ caption }) => caption?.startsWith("Blast radius"));
      expect(blast?.scroller, `blast radius at ${width} px`).toBe("fits");
      // QA: at 320 px each step's sentence sat in the step column, one or two words a line, and
      // the table was 1,207 px tall and scrolled sideways. It reads under its row, across the table.
      const move = scrollers.find(({ caption }) => caption?.startsWith("Moving"));
      expect(move?.scroller, `move at ${width} px`).toBe("fits");
      const across = await page.locator('table[data-figure="move"]').evaluate((table) => {
        const wide = table.getBoundingClientRect().width;
        const steps = [...table.querySelectorAll("tbody tr")].filter((row) => !row.querySelector("th"));
        return steps.map(
          (row) =>
            `${row.textContent?.slice(0, 20)}: ${Math.round(wide - row.querySelector("td")!.getBoundingClientRect().width)} px short`,
        );
      });
      expect(across.length, `move at ${width} px`).toBeGreaterThan(0);
      for (const line of across) expect(line, `move at ${width} px`).toMatch(/: 0 px short$/);
    }
    // A slider was 16 px tall, under WCAG 2.5.8's 24 by 24 px target for a finger.
    const sliders = await page
      .locator('.cw-slider input[type="range"]')
      .evaluateAll((all) => all.map((s) => s.getBoundingClientRect().height));
    expect(sliders.length).toBeGreaterThan(0);
    for (const height of sliders) expect(height).toBeGreaterThanOrEqual(24);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test("cells: a canary check that misses lets the release reach everyone", async () => {
    const { page } = browser;
    await page.goto(`${site}/cells/`);
    await widget(page, "cells").locator('input[name="healthCheckCatches"]').click();
    await expect.poll(() => figure(page, "cells", "exposed-share")).toBe("100%");
    await setNumber(page, "cells", "waveSize", "3");
    await expect.poll(() => widget(page, "cells").locator('[data-figure="rollout"] li').count()).toBe(5);
    await widget(page, "cells").locator('select[name="strategy"]').selectOption("freeze");
    await expect.poll(() => figure(page, "cells", "move")).toContain("freeze writes");

    // QA: after Back, on a page the back/forward cache did not keep (this browser keeps none), the
    // browser put the reader's values back in the controls while both widgets drew the server's
    // defaults, until touched. Both kinds: number fields, a select and a box (cells), a slider (cell size).
    const size = page.locator("[data-cell-size-widget]");
    await size.locator('input[name="cells"]').focus();
    await page.keyboard.press("End");
    const fifty = cellSizeView({ cells: cellSizeLimits.max });
    await expect.poll(() => size.locator("[data-live]").innerText()).toBe(keepUnitWithNumber(cellSizeSummary(fifty)));
    const said = await widget(page, "cells").locator("[data-live]").innerText();
    await page.goto("about:blank");
    await page.goBack();
    await page.waitForSelector('[data-cells-widget="cells"][data-ready]', { state: "attached" });
    await expect(widget(page, "cells").locator('select[name="strategy"]').inputValue()).resolves.toBe("freeze");
    await expect(widget(page, "cells").locator("[data-live]").innerText()).resolves.toBe(said);
    await expect(figure(page, "cells", "exposed-share")).resolves.toBe("100%");
    await expect(widget(page, "cells").locator('[data-figure="rollout"] li').count()).resolves.toBe(5);
    await expect(figure(page, "cells", "move")).resolves.toContain("freeze writes");
    await page.waitForSelector("[data-cell-size-widget][data-ready]", { state: "attached" });
    await expect(size.locator("[data-live]").innerText()).resolves.toBe(keepUnitWithNumber(cellSizeSummary(fifty)));
    await expect(size.locator("output[data-slider-value]").innerText()).resolves.toBe(
      keepUnitWithNumber(cellsText(fifty)),
    );
    await expect(size.locator('input[name="cells"]').getAttribute("aria-valuetext")).resolves.toBe(cellsText(fifty));
    // Mounted, and given a value without an event (as the browser gives one), a page shown again draws it.
    await widget(page, "cells")
      .locator('select[name="strategy"]')
      .evaluate((select: HTMLSelectElement) => {
        select.value = "dual-write";
        window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }));
      });
    await expect.poll(() => figure(page, "cells", "move")).not.toContain("freeze writes");
  });

  test("cells: a value out of range is refused at its field, never clamped behind the reader's back", async () => {
    const { page } = browser;
    await page.goto(`${site}/cells/`);
    const cw = widget(page, "cells");
    const cells = cw.locator('input[name="cells"]');
    const validEdge = await fieldEdge(cells);
    expect(validEdge.width).toBe("1px");
    for (const typed of ["0", "1000"]) {
      await setNumber(page, "cells", "cells", typed);
      await expect.poll(() => cells.getAttribute("aria-invalid")).toBe("true");
      // Marked by a border twice as thick, in another colour, grown inward, kept in forced colours.
      await expectInvalidMark(page, cells, validEdge);
      await expect(cells.inputValue()).resolves.toBe(typed);
      const message = cw.locator('[data-error-for="cells"]');
      await expect(message.isVisible()).resolves.toBe(true);
      await expect(message.textContent()).resolves.toBe("Cells: a whole number from 1 to 48.");
      await expect(cw.locator("[data-stale-note]").isVisible()).resolves.toBe(true);
      await expect(cw.locator("[data-live]").innerText()).resolves.toContain("last valid settings");
      // Said once on the page: the live line announces the message but does not show it again.
      await expect(cw.locator("[data-live] .sr-only").count()).resolves.toBe(1);
      await expect(cw.getByText("Cells: a whole number from 1 to 48.", { exact: true }).count()).resolves.toBe(1);
      // The drawing still shows the last valid settings: 10 cells.
      await expect(figure(page, "cells", "cells-share")).resolves.toBe("10%");
    }
    await setNumber(page, "cells", "cells", "20");
    await expect.poll(() => figure(page, "cells", "cells-share")).toBe("5%");
    await expect(cells.getAttribute("aria-invalid")).resolves.toBeNull();
    await expect(cw.locator("[data-stale-note]").isVisible()).resolves.toBe(false);
  });

  // QA: with Zones and Cells both marked, the note said "correct the marked field".
  test("cells: the note over the last valid settings counts the marked fields", async () => {
    const { page } = browser;
    await page.goto(`${site}/cells/`);
    const cw = widget(page, "cells");
    const note = cw.locator("[data-stale-note]");
    await setNumber(page, "cells", "zones", "1");
    await expect.poll(() => cw.locator('input[name="zones"]').getAttribute("aria-invalid")).toBe("true");
    await expect(note.innerText()).resolves.toBe(
      "Showing the last valid settings: correct the marked field to redraw.",
    );
    await setNumber(page, "cells", "cells", "2.5");
    await expect.poll(() => cw.locator('input[name="cells"]').getAttribute("aria-invalid")).toBe("true");
    await expect(note.innerText()).resolves.toBe(
      "Showing the last valid settings: correct the marked fields to redraw.",
    );
    await setNumber(page, "cells", "zones", "3");
    await expect.poll(() => cw.locator('input[name="zones"]').getAttribute("aria-invalid")).toBeNull();
    await expect(note.innerText()).resolves.toBe(
      "Showing the last valid settings: correct the marked field to redraw.",
    );
  });

  test("cells: a field's message moves no other field", async () => {
    const { page } = browser;
    const cw = widget(page, "cells");
    /** Where each control sits. */
    const layout = () =>
      cw.locator(".cw-controls > *").evaluateAll((fields) =>
        fields.map((f) => {
          const box = f.getBoundingClientRect();
          return `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
        }),
      );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${site}/cells/`);
      await cw.locator('input[name="cells"]').focus();
      await page.locator('[data-cells-widget="cells"][data-ready]').first().waitFor();
      const before = await layout();
      await setNumber(page, "cells", "cells", "99");
      await expect.poll(() => cw.locator('[data-error-for="cells"]').isVisible()).toBe(true);
      expect(await layout(), `${width} px`).toEqual(before);
      await setNumber(page, "cells", "customers", "5");
      await setNumber(page, "cells", "zones", "7");
      await expect.poll(() => cw.locator('[data-error-for="zones"]').isVisible()).toBe(true);
      expect(await layout(), `${width} px, three messages`).toEqual(before);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test("cells: a typed number is drawn once it is finished, never half-typed", async () => {
    const { page } = browser;
    await page.goto(`${site}/cells/`);
    const cw = widget(page, "cells");
    const cells = cw.locator('input[name="cells"]');
    const drawn = cw.locator(".cw-cell");
    const stale = cw.locator("[data-stale-note]");
    await cells.focus();
    await page.locator('[data-cells-widget="cells"][data-ready]').first().waitFor();
    // On the way to 99: the 9 is not drawn, and the figures say they are the last drawn.
    await cells.fill("9");
    await expect
      .poll(() => stale.innerText())
      .toBe("Showing the last settings drawn: press Enter or leave the field to redraw.");
    expect(await drawn.count()).toBe(10);
    expect(await cw.locator("[data-output]").getAttribute("data-stale")).toBe("true");
    await cells.fill("99");
    await expect.poll(() => cells.getAttribute("aria-invalid")).toBe("true");
    expect(await drawn.count()).toBe(10);
    // Finished (Enter): drawn, and no longer marked.
    await cells.fill("12");
    await cells.press("Enter");
    await expect.poll(() => drawn.count()).toBe(12);
    await expect(stale.isVisible()).resolves.toBe(false);
  });

  test("cells: one customer reads as one, and a release that is not bad hurts nobody", async () => {
    const { page } = browser;
    await page.goto(`${site}/cells/`);
    const cw = widget(page, "cells");
    await setNumber(page, "cells", "cells", "1");
    await setNumber(page, "cells", "customers", "1");
    await expect.poll(() => cw.locator(".cw-cell__count").first().innerText()).toBe("1 customer");
    await expect(cw.locator("[data-live]").innerText()).resolves.toMatch(/: 1 customer \(100%\)/);
    await setNumber(page, "cells", "cells", "10");
    await setNumber(page, "cells", "customers", "1000");
    await cw.locator('input[name="releaseBad"]').uncheck();
    await expect
      .poll(() => cw.locator("[data-live]").innerText())
      .toBe(
        "A good release in cell 0 hurts nobody: no cell goes down, in either design, and the rollout reaches all 10 cells.",
      );
    await expect(cw.locator("[data-output]").innerText()).resolves.not.toContain("bad release");
  });

  test("static stability: both states, and the router that fails with the control plane", async () => {
    const { page } = browser;
    await page.goto(`${site}/static-stability/`);
    await expect(figure(page, "static-stability", "routed-control-plane-down")).resolves.toBe("1,200 of 1,200");
    await expect(figure(page, "static-stability", "waiting-control-plane-down")).resolves.toBe("40");
    await expect(figure(page, "static-stability", "placed-recovered")).resolves.toBe("40");
    await expect(figure(page, "static-stability", "provision-factor")).resolves.toBe("1.5×");

    // A choice the browser put back (after Back, on a page not kept whole) without an event, seen
    // at the page's pageshow: the widget mounts untouched and draws it.
    expect(await widget(page, "static-stability").getAttribute("data-ready")).toBeNull();
    await widget(page, "static-stability")
      .locator('select[name="routerMode"]')
      .evaluate((select: HTMLSelectElement) => {
        select.value = "asks-control-plane";
        window.dispatchEvent(new PageTransitionEvent("pageshow"));
      });
    await expect.poll(() => figure(page, "static-stability", "routed-control-plane-down")).toBe("0 of 1,200");
    expect(await widget(page, "static-stability").getAttribute("data-ready")).toBe("true");
    await expect(widget(page, "static-stability").locator("svg:visible").getAttribute("aria-label")).resolves.toContain(
      "cannot route",
    );

    await widget(page, "static-stability").locator('input[name="controlPlane"][value="up"]').check();
    await expect
      .poll(() => widget(page, "static-stability").locator("[data-live]").innerText())
      .toContain("Control plane back");
    await expect(widget(page, "static-stability").locator("tr.ss-current").getAttribute("data-phase")).resolves.toBe(
      "recovered",
    );

    await setNumber(page, "static-stability", "zones", "2");
    await expect.poll(() => figure(page, "static-stability", "provision-factor")).toBe("2×");
    // A refused value is said below the controls, as in the cells widget: no field moves.
    const ss = widget(page, "static-stability");
    const places = () =>
      ss
        .locator(".cw-controls > *")
        .evaluateAll((fields) =>
          fields.map((f) => `${Math.round(f.getBoundingClientRect().x)},${Math.round(f.getBoundingClientRect().y)}`),
        );
    const before = await places();
    await setNumber(page, "static-stability", "zones", "9");
    await expect.poll(() => ss.locator('[data-error-for="zones"]').isVisible()).toBe(true);
    expect(await places()).toEqual(before);
    await setNumber(page, "static-stability", "zones", "2");
    await expect.poll(() => ss.locator('[data-error-for="zones"]').isVisible()).toBe(false);

    // The headroom widget on the same page: drawn on the server, the first key press counts.
    const headroom = page.locator("[data-headroom-widget]");
    const live = headroom.locator("[data-live]");
    await expect(live.innerText()).resolves.toBe(
      keepUnitWithNumber(headroomSummary(headroomView(defaultHeadroomState))),
    );
    expect(await headroom.getAttribute("data-ready")).toBeNull();
    const slider = headroom.locator('input[name="provisioned"]');
    await slider.focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowRight");
    const enough = { zones: 3, provisioned: 1.5 };
    await expect.poll(() => live.innerText()).toBe(keepUnitWithNumber(headroomSummary(headroomView(enough))));
    expect(await headroom.locator("output[data-slider-value]").innerText()).toBe("1.5× the peak");
    expect(await headroom.locator("tr.hr-short").count()).toBe(1);
    await headroom.locator('select[name="zones"]').selectOption("6");
    await expect
      .poll(() => live.innerText())
      .toBe(keepUnitWithNumber(headroomSummary(headroomView({ zones: 6, provisioned: 1.5 }))));
    expect(await headroom.locator("tr.hr-short").count()).toBe(0);
    // At 320 px the summary took a line more or less as the slider moved (196, 171.5, 147 px at 3
    // zones), moving the page below. At every zone count (chosen in the select, which lays that
    // count's longest wordings) the widget keeps its height over the slider's whole range, and the
    // summary's place is that of its tallest wording at this count: stepped in the page as a key
    // press does (its value, then its input event), one round trip a count.
    await page.setViewportSize({ width: 320, height: 740 });
    const moved: string[] = [];
    let at = enough.provisioned;
    for (let zones = headroomLimits.zones.min; zones <= headroomLimits.zones.max; zones++) {
      await headroom.locator('select[name="zones"]').selectOption(String(zones));
      await expect
        .poll(() => live.innerText())
        .toBe(keepUnitWithNumber(headroomSummary(headroomView({ zones, provisioned: at }))));
      const stepped = await headroom.evaluate((el, values) => {
        const range = el.querySelector<HTMLInputElement>('input[name="provisioned"]')!;
        const said = el.querySelector<HTMLElement>("[data-live]")!;
        const { marginTop, marginBottom } = getComputedStyle(said);
        // Its own height, not stretched to its place (which its place's height does not depend on).
        said.style.alignSelf = "start";
        const steps = values.map((value) => {
          range.value = value;
          range.dispatchEvent(new Event("input", { bubbles: true }));
          // What the summary's place holds beyond the shown summary and its margins.
          const spare =
            said.parentElement!.getBoundingClientRect().height -
            said.getBoundingClientRect().height -
            Number.parseFloat(marginTop) -
            Number.parseFloat(marginBottom);
          return { said: said.textContent, height: el.getBoundingClientRect().height, spare };
        });
        said.style.removeProperty("align-self");
        return steps;
      }, provisionedSteps.map(String));
      for (const [i, { said, height }] of stepped.entries()) {
        const provisioned = provisionedSteps[i]!;
        expect(said).toBe(keepUnitWithNumber(headroomSummary(headroomView({ zones, provisioned }))));
        if (height !== stepped[0]!.height)
          moved.push(`${zones} zones at ${provisioned}×: ${height} px tall, not ${stepped[0]!.height}`);
      }
      // No taller than this count's tallest summary (the wordings laid are the new count's).
      const least = Math.min(...stepped.map((step) => step.spare));
      if (least !== 0) moved.push(`${zones} zones: the summary's place is ${least} px taller than its tallest`);
      at = provisionedSteps.at(-1)!;
    }
    expect(moved).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  // The Part III playgrounds (cells, rollout) print their golden output in the page's worker:
  // checked with every other playground's, each with its own page's code and time limit, by
  // playground.test.ts (whose list is held to contain them), so they are not run a second time here.
  test("the canary trade-off on the deploys chapter: drawn on the server, the first keyboard change counts", async () => {
    const { page } = browser;
    await page.goto(`${site}/deploys-and-correlated-failure/`);
    await driveCanary(page);
  });
});
