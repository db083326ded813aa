/**
 * On a phone the sidebar waits behind its menu, a long chapter renders only what is near the
 * screen, what a page's script adds after load does not push the page about, and the game day's
 * components, one card each, keep their numbers in columns. (No page scrolls sideways:
 * every-page.test.ts.)
 */
import { expect, test } from "vitest";
import { scenarios } from "../../src/sim/gameday/scenarios.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { layoutShift } from "../support/layout-shift.ts";

describeInBrowser("mobile layout (375 px)", { viewport: { width: 375, height: 740 } }, (browser) => {
  const { site } = browser;

  test("the sidebar opens from the menu button, which says whether it is open, and leads to a chapter; a chapter's checkboxes and radio buttons are at least 20 px square", async () => {
    const { page } = browser;
    // The landing page is a splash page without the sidebar; every chapter has it.
    await page.goto(`${site}/cells/`);
    // s58: the exercises' "tick every one" boxes were the browser's 13 px, the widget's switches
    // 17.6 px, small and faint on a phone in the dark theme: each is at least 20 px square.
    const ticks = await page
      .locator('input:is([type="checkbox"], [type="radio"])')
      .evaluateAll((all) =>
        all
          .filter((box) => box.checkVisibility())
          .map((box) => Math.min(box.getBoundingClientRect().width, box.getBoundingClientRect().height)),
      );
    expect(ticks.length).toBeGreaterThan(2);
    // Radio buttons among them (a "pick one" part), the browser's 13 px before.
    expect(await page.locator('input[type="radio"]').count()).toBeGreaterThan(0);
    expect(Math.min(...ticks)).toBeGreaterThanOrEqual(20);
    const menu = page.getByRole("button", { name: /menu/i }).first();
    // A screen reader reads the button's own state: it said "collapsed" with the menu open
    // (Starlight set the state on its element alone; src/components/overrides/MobileMenuToggle.astro).
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("false");
    await menu.click();
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");
    await expect(page.locator("nav.sidebar").first().isVisible()).resolves.toBe(false);
    await menu.click();
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("true");
    await page.locator("nav.sidebar").getByRole("link", { name: "Shuffle sharding" }).first().click();
    await page.waitForURL(/\/shuffle-sharding\/$/);
  });

  test("a long chapter leaves the blocks far below unrendered until the reader nears them; a link into one shows it", async () => {
    // Lighthouse's phone is 412 x 823; the longest chapter (2,350 elements); the site's CSS as a
    // reader's browser applies it (test contexts otherwise render every block: tools/chromium.ts).
    const { page } = await browser.open({ viewport: { width: 412, height: 823 }, offScreenBlocks: "auto" });
    const chapter = `${site}/timeouts-retries-backoff/`;
    await page.goto(chapter);
    const blocks = () =>
      page.evaluate(() =>
        [...document.querySelectorAll(".sl-markdown-content > *")].map((el) => {
          const style = getComputedStyle(el);
          const inside = el.querySelector("*");
          return {
            tag: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}`,
            top: el.getBoundingClientRect().top,
            bottom: el.getBoundingClientRect().bottom,
            auto: style.contentVisibility === "auto",
            clipMargin: Number.parseFloat(style.overflowClipMargin) || 0,
            // A block's contents are skipped while it is far from the screen.
            rendered: inside === null || inside.checkVisibility({ contentVisibilityAuto: true }),
          };
        }),
      );
    const atLoad = await blocks();
    const skippable = atLoad.filter((b) => b.auto);
    // The widgets, figures, code and tables: most of the page.
    expect(skippable.map((b) => b.tag)).toEqual(expect.arrayContaining(["section#ex-diagnose-timeout"]));
    expect(skippable.length).toBeGreaterThan(10);
    // Everything on the first screen is drawn; nothing three screens down is.
    expect(atLoad.filter((b) => b.top < 823 && !b.rendered)).toEqual([]);
    const farBelow = skippable.filter((b) => b.top > 3 * 823);
    expect(farBelow.length).toBeGreaterThan(5);
    expect(farBelow.filter((b) => b.rendered)).toEqual([]);
    // Each skippable block leaves room to paint a focus ring (2px outline, 2px offset) at its edge,
    // and only a browser that has that margin skips blocks: the rule sits inside a feature query.
    expect(skippable.filter((b) => b.clipMargin < 4)).toEqual([]);
    const conditions = await page.evaluate(() =>
      [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules]
          .filter((rule): rule is CSSSupportsRule => rule instanceof CSSSupportsRule)
          .filter((rule) =>
            [...rule.cssRules].some(
              (inner) => inner instanceof CSSStyleRule && inner.style.contentVisibility === "auto",
            ),
          )
          .map((rule) => rule.conditionText),
      ),
    );
    expect(conditions).toHaveLength(1);
    expect(conditions[0]).toMatch(/^\(overflow-clip-margin: 0?\.5rem\)$/);
    // A link to an exercise far down the page lands on it, drawn.
    await page.goto(`${chapter}#ex-diagnose-timeout`);
    const target = (await blocks()).find((b) => b.tag === "section#ex-diagnose-timeout")!;
    expect(target.rendered).toBe(true);
    expect(target.top).toBeGreaterThanOrEqual(0);
    expect(target.top).toBeLessThan(823);
  });

  test("every facilitator view fills in its address and QR code without shifting the page (CLS <= 0.02)", async () => {
    // As a reader's browser renders it, off-screen blocks skipped (test contexts render them all).
    const { page } = await browser.open({ viewport: { width: 375, height: 812 }, offScreenBlocks: "auto" });
    // Each scenario's projector view, thundering herd's the longest address; every-page.test.ts
    // checks they do not scroll sideways at this width.
    expect(scenarios.map((s) => s.id)).toContain("thundering-herd");
    const shifts: Record<string, number> = {};
    for (const { id } of scenarios) {
      await page.goto(`${site}/gameday/facilitator/${id}/`);
      // The script's work is done: the full address (with the host) and the drawn code.
      await page.locator("[data-room-url]", { hasText: /^http/ }).waitFor();
      await page.locator("[data-room-qr] svg").waitFor();
      // Lighthouse's measure (tests/support/layout-shift.ts).
      shifts[id] = await layoutShift(page);
    }
    expect(Object.entries(shifts).filter(([, shift]) => shift > 0.02)).toEqual([]);
  });

  test("the pages that are one widget draw it at once: no layout shift as their script fills them in (CLS <= 0.02)", async () => {
    // The progress page is held to no shift at all, at this size, by the test after this one.
    const { page } = await browser.open({ viewport: { width: 412, height: 823 }, offScreenBlocks: "auto" });
    const shifts: Record<string, number> = {};
    for (const [path, filled] of [
      ["review/", "[data-review-status]:not(:has-text('needs JavaScript'))"],
      ["room-board/", ".board"],
    ] as const) {
      await page.goto(`${site}/${path}`, { waitUntil: "load" });
      await page.locator(filled).first().waitFor();
      shifts[path] = await layoutShift(page);
    }
    expect(Object.entries(shifts).filter(([, shift]) => shift > 0.02)).toEqual([]);
  });

  test("the progress page is built with what a new reader's browser writes into it, so filling it in moves nothing", async () => {
    // Its summary was once built shorter than the script's sentence and grew by a line on
    // Lighthouse's phone, a shift of 0.020 (issue 13).
    const built = await (await fetch(`${site}/progress/`)).text();
    const { page } = await browser.open({ viewport: { width: 412, height: 823 }, offScreenBlocks: "auto" });
    await page.goto(`${site}/progress/`, { waitUntil: "load" });
    const filled = page.locator("[data-progress-page] [data-progress-summary]");
    await expect.poll(() => filled.textContent()).toMatch(/^You have solved 0 of \d+ exercises/);
    const summary = await filled.textContent();
    expect(built.match(/data-progress-summary[^>]*>([^<]*)</)?.[1]).toBe(summary);
    const cells = await page.locator("[data-exercise-status]").allTextContents();
    expect(new Set(cells)).toEqual(new Set(["Not started"]));
    expect(built.match(/data-exercise-status="[^"]+"[^>]*>Not started</g)?.length).toBe(cells.length);
    expect(await layoutShift(page)).toBe(0);
    // A page parsed in pieces lays out what it has: with only the first table's heading row (the
    // page cut after its </thead>) the Status column must already be where the rows put it, or it
    // moves when they come (a shift seen about one load in 25 on a busy machine).
    const statusColumn = () =>
      page
        .locator(".br-progress__table th:last-child")
        .first()
        .evaluate((th) => `${th.getBoundingClientRect().left} ${th.getBoundingClientRect().width}`);
    const whole = await statusColumn();
    const cut = built.slice(0, built.indexOf("</thead>") + "</thead>".length);
    await page.route(`${site}/progress/`, (route) => route.fulfill({ body: cut, contentType: "text/html" }));
    await page.goto(`${site}/progress/`, { waitUntil: "load" });
    expect(await statusColumn()).toBe(whole);
  });

  test("the game day's components, a card each on a phone, keep one set of columns whatever their numbers", async () => {
    const { page } = browser;
    await page.goto(`${site}/gameday/gray-failure/`);
    const columns = await page.locator(".gd-components tbody").evaluate((body) => {
      // One host's numbers as wide as a game makes them (a slow host: p99 in seconds, a long queue).
      const slow = body.querySelectorAll("tr")[6]!;
      slow.querySelector("[data-success]")!.textContent = "100%";
      slow.querySelector("[data-p99]")!.textContent = "158.1 s";
      slow.querySelector("[data-queue]")!.textContent = "4865";
      return [...body.querySelectorAll("tr")].map((row) =>
        [...row.querySelectorAll("td[data-label]")].map((td) => Math.round(td.getBoundingClientRect().left)).join(" "),
      );
    });
    expect(columns.length).toBe(10);
    expect(new Set(columns).size, columns.join(" | ")).toBe(1);
  });

  test("the static-stability widgets' tables (outage phases, headroom) fit a phone's screen without scrolling sideways", async () => {
    // QA: at 390 px the phase table scrolled by 32 px and the headroom table by 18 px, a column's last word cut.
    const { page } = browser;
    await page.goto(`${site}/static-stability/`);
    const tables = page.locator(":is([data-cells-widget], [data-headroom-widget]) table.cw-table");
    await tables.nth(1).waitFor();
    for (const width of [375, 390]) {
      await page.setViewportSize({ width, height: 740 });
      const over = await tables.evaluateAll((all) =>
        all.map((t) => `${t.className} ${t.scrollWidth - (t.parentElement as HTMLElement).clientWidth}`),
      );
      expect(over.length, `at ${width} px`).toBeGreaterThanOrEqual(2);
      for (const o of over) expect(Number(o.split(" ").at(-1)), `${o} at ${width} px`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 375, height: 740 });
  });

  test("the first chapter's table of compartments fits a phone's screen without scrolling sideways", async () => {
    // QA: at 390 px it scrolled by 19 px, its last heading cut to "untouche"; Starlight's 2rem between columns.
    const { page } = browser;
    await page.goto(`${site}/something-is-always-broken/`);
    const table = page.locator(".sl-markdown-content table").filter({ hasText: "Share untouched" });
    await table.scrollIntoViewIfNeeded(); // rendered: this file keeps the site's off-screen skipping
    for (const width of [375, 390]) {
      await page.setViewportSize({ width, height: 740 });
      const over = await table.evaluate((t) => t.scrollWidth - t.clientWidth);
      expect(over, `at ${width} px`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 375, height: 740 });
  });

  test("a numeric answer's unit stays on its box's line, not beside Check, from 320 to 390 px", async () => {
    // QA: at 390 px "disks a day" went to the next line beside Check, where it read as its label.
    const { page } = browser;
    await page.goto(`${site}/retry-budgets/`);
    const rows = page.locator("form.br-ex-part .br-ex-part__row:has(.br-ex-part__unit)");
    // Three units: "disks a day"-sized ones and "queries per second", which wraps inside itself at 320 px.
    expect(await rows.count()).toBeGreaterThan(2);
    for (const width of [320, 375, 390]) {
      await page.setViewportSize({ width, height: 740 });
      const apart = await rows.evaluateAll((all) =>
        all.flatMap((row) => {
          const box = row.querySelector("input")!.getBoundingClientRect();
          const unit = row.querySelector(".br-ex-part__unit")!;
          const middle = unit.getBoundingClientRect().top + unit.getBoundingClientRect().height / 2;
          return middle > box.top && middle < box.bottom ? [] : [`"${unit.textContent}"`];
        }),
      );
      expect(apart, `at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 375, height: 740 });
  });
});
