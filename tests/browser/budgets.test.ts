/** What every page costs before the reader touches anything, held to tests/support/budgets.ts. */
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { openBrowser, skipBrowser, type Session } from "../support/chromium.ts";
import { loadBuiltSite } from "../support/built-site.ts";
import { weighPage } from "../support/page-weight.ts";
import { budgets } from "../support/budgets.ts";
import { loadChapters } from "../../src/course/catalog.ts";

const pages = loadBuiltSite()
  .map((p) => p.path)
  .filter((p) => p.endsWith("/"));
const chapters = new Set(loadChapters().map((c) => `/${c.slug}/`));

describe.skipIf(skipBrowser)("performance budgets", () => {
  const site = inject("siteUrl");
  let browser: Session;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => browser?.close());

  test(`every page: JS <= ${budgets.jsBeforeInteractionKB} KB gz and CSS <= ${budgets.cssKB} KB gz before interaction; chapters <= ${budgets.chapterTotalKB} KB gz in all`, async () => {
    const over: string[] = [];
    for (const path of pages) {
      // A fresh page each time, so nothing is served from the previous page's memory cache.
      const page = await browser.context.newPage();
      const w = await weighPage(page, `${site}${path}`);
      await page.close();
      const kb = (bytes: number) => bytes / 1024;
      if (kb(w.jsGzipBytes) > budgets.jsBeforeInteractionKB)
        over.push(`${path}: JS ${kb(w.jsGzipBytes).toFixed(1)} KB (${w.scripts.join(", ")})`);
      if (kb(w.cssGzipBytes) > budgets.cssKB) over.push(`${path}: CSS ${kb(w.cssGzipBytes).toFixed(1)} KB`);
      if (chapters.has(path) && kb(w.totalGzipBytes) > budgets.chapterTotalKB)
        over.push(`${path}: total ${kb(w.totalGzipBytes).toFixed(1)} KB`);
    }
    expect(over).toEqual([]);
  });
});
