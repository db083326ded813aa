/**
 * The workshop kit's preparation in one sitting, as the facilitator reads it: for each agenda a
 * table whose minutes add up to the total it states, whose links land on the headings, exercises
 * and cards they name, and which fits a phone's screen and the printed page.
 */
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { loadChapters } from "../../src/course/catalog.ts";
import { agendas, lengthText } from "../../src/course/workshop/agenda.ts";
import { oneSitting } from "../../src/components/workshop/one-sitting.ts";
import { keepUnitWithNumber } from "../../src/format/units.ts";
import { describeInBrowser } from "../support/browser-suite.ts";

const catalog = loadChapters();

/** Elements inside `selector` whose right edge passes the window's width, by tag and class. */
function overflowing(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots) => {
    const width = document.documentElement.clientWidth;
    return roots.flatMap((root) =>
      [root, ...root.querySelectorAll("*")]
        .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > width + 1)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`),
    );
  });
}

describeInBrowser("workshop kit: preparing in one sitting", (browser) => {
  const { site } = browser;

  test("each agenda's table lists its preparation, and the minutes it shows add up to the total it states", async () => {
    const { page } = browser;
    await page.goto(`${site}/workshop-kit/`);
    for (const agenda of agendas) {
      const prep = oneSitting(agenda, catalog);
      const table = page.locator(`[data-prep="${agenda.id}"] table`);
      // As the page writes it: a number and its unit kept on one line (a no-break space between).
      await expect(table.locator("caption").innerText()).resolves.toBe(
        keepUnitWithNumber(`${agenda.title}, in one sitting: ${lengthText(prep.minutes)}`),
      );
      const shown = (await table.locator("tbody td.prep__min").allInnerTexts()).map(Number);
      // The notes' row and one row per item; every figure a whole number of minutes.
      expect(shown, agenda.id).toHaveLength(1 + prep.blocks.flatMap((b) => b.items).length);
      for (const minutes of shown) expect(Number.isInteger(minutes) && minutes > 0, agenda.id).toBe(true);
      const total = Number(await table.locator("tfoot [data-total]").innerText());
      expect(
        shown.reduce((sum, m) => sum + m, 0),
        agenda.id,
      ).toBe(total);
      expect(total, agenda.id).toBe(prep.minutes);
      // Each block's heading row says its share, which its rows add up to.
      for (const block of prep.blocks) {
        const group = table.locator(`tbody[data-prep-block="${block.anchor}"]`);
        await expect(group.locator("th").innerText(), block.title).resolves.toBe(
          keepUnitWithNumber(`${block.title} ${lengthText(block.minutes)}`),
        );
        const rows = (await group.locator("td.prep__min").allInnerTexts()).map(Number);
        expect(
          rows.reduce((sum, m) => sum + m, 0),
          block.title,
        ).toBe(block.minutes);
      }
      const footer = await table.locator("tfoot th").innerText();
      expect(footer).toBe(
        `Total: ${prep.byKind.read} reading, ${prep.byKind.click} clicking through, ${prep.byKind.try} trying exercises`,
      );
    }
  });

  test("every link in the tables lands on what it names: a chapter's heading, an exercise, a block's card, a prepared step", async () => {
    const { page, base } = browser;
    await page.goto(`${site}/workshop-kit/`);
    const hrefs = await page
      .locator("[data-prep] a")
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute("href")!));
    expect(hrefs.length).toBeGreaterThan(40);
    const presenter = hrefs.filter((href) => href.startsWith(`${base}present/`));
    const expected = agendas.flatMap((agenda) =>
      oneSitting(agenda, catalog).blocks.flatMap((b) =>
        b.items.filter((i) => i.href.startsWith("/present/")).map((i) => `${base}${i.href.slice(1)}`),
      ),
    );
    expect(presenter).toEqual(expected);
    // The rest are anchors on the site's pages: load each page once and look for every id on it.
    const byPage = new Map<string, Set<string>>();
    for (const href of hrefs.filter((h) => !presenter.includes(h))) {
      const [path, id] = href.startsWith("#") ? [`${base}workshop-kit/`, href.slice(1)] : href.split("#");
      expect(path!.startsWith(base), href).toBe(true);
      const ids = byPage.get(path!) ?? new Set<string>();
      ids.add(id ?? "_top");
      byPage.set(path!, ids);
    }
    expect(byPage.size).toBeGreaterThan(8);
    for (const [path, ids] of byPage) {
      await page.goto(`${site}/${path.slice(base.length)}`);
      await expect(page.locator("h1").count(), path).resolves.toBe(1);
      const missing = await page.evaluate(
        (wanted) => wanted.filter((id) => !document.getElementById(decodeURIComponent(id))),
        [...ids],
      );
      expect(missing, path).toEqual([]);
    }
  });

  test("the tables fit a 390 px phone in the dark theme, and print whole rows within the paper's width", async () => {
    const phone = await browser.open({ viewport: { width: 390, height: 844 } });
    await phone.page.addInitScript(() => localStorage.setItem("starlight-theme", "dark"));
    await phone.page.goto(`${site}/workshop-kit/`);
    await expect(phone.page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
    await expect(overflowing(phone.page, "[data-prep]")).resolves.toEqual([]);
    // A row's minutes sit on one line, at the right.
    const columns = await phone.page.locator("[data-prep] tbody td.prep__min").evaluateAll((cells) =>
      cells.map((cell) => {
        const row = cell.parentElement!.getBoundingClientRect();
        const box = cell.getBoundingClientRect();
        return { oneLine: cell.getClientRects().length === 1, atRight: Math.abs(row.right - box.right) < 1 };
      }),
    );
    expect(columns.every((c) => c.oneLine && c.atRight)).toBe(true);
    await phone.close();

    const { page } = browser;
    // A4 portrait with 14 mm margins is about 690 CSS pixels wide (as in print.test.ts).
    await page.setViewportSize({ width: 690, height: 1000 });
    await page.goto(`${site}/workshop-kit/`);
    await page.emulateMedia({ media: "print" });
    try {
      for (const agenda of agendas)
        await expect(page.locator(`[data-prep="${agenda.id}"]`).isVisible()).resolves.toBe(true);
      await expect(overflowing(page, "[data-prep]")).resolves.toEqual([]);
      const rows = await page
        .locator("[data-prep] tr")
        .evaluateAll((trs) => trs.map((tr) => getComputedStyle(tr).breakInside));
      expect(new Set(rows)).toEqual(new Set(["avoid"]));
      // Paper is black on white, whatever the theme on screen.
      const ink = await page
        .locator("[data-prep] caption")
        .first()
        .evaluate((el) => getComputedStyle(el).color);
      expect(ink).toBe("rgb(0, 0, 0)");
    } finally {
      await page.emulateMedia({ media: "screen" });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
