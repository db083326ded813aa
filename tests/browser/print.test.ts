/** Print preview: chapters print as documents, without the site's chrome and with widgets at rest. */
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import { describeInBrowser } from "../support/browser-suite.ts";

/** Every chapter of the course, whoever wrote it, must print cleanly. */
const slugs = loadChapters().map((c) => c.slug);

// The site's CSS as a reader's browser applies it, blocks far below the screen left unrendered
// until needed (test contexts otherwise render every block: tools/chromium.ts): paper must show them.
describeInBrowser("printing", { offScreenBlocks: "auto" }, (browser) => {
  const { site } = browser;

  const chrome = [
    ".sidebar-pane",
    ".page > header",
    "site-search button",
    "starlight-theme-select select",
    ".pagination-links",
    ".right-sidebar-container",
    "mobile-starlight-toc",
  ];

  test("the course has chapters to print", () => {
    expect(slugs).toContain("interview-playbook");
    expect(slugs).toContain("workshop-kit");
  });

  for (const slug of slugs) {
    test(`${slug} prints without sidebar, header, search, theme select or pagination`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.emulateMedia({ media: "screen" });
      await page.goto(`${site}/${slug}/`);
      for (const selector of chrome.slice(0, 5)) {
        await expect(
          page.locator(selector).first().isVisible(),
          `${selector} is on screen at desktop width`,
        ).resolves.toBe(true);
      }
      // A4 portrait with 14 mm margins is about 690 CSS pixels wide.
      await page.setViewportSize({ width: 690, height: 1000 });
      await page.emulateMedia({ media: "print" });
      for (const selector of chrome) {
        const visible = await page
          .locator(selector)
          .evaluateAll((els) =>
            els.some(
              (el) =>
                (el as HTMLElement).offsetParent !== null ||
                (getComputedStyle(el).display !== "none" && el.getClientRects().length > 0),
            ),
          );
        expect(visible, `${selector} must not print`).toBe(false);
      }
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading.isVisible()).resolves.toBe(true);
      // The content takes the page's width instead of sitting beside an empty sidebar column.
      const box = await heading.boundingBox();
      expect(box!.x).toBeLessThan(60);
      // Nothing runs off the right edge (code wraps, tables fit or wrap).
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll("main *")]
          .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > width + 1)
          .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
        return { by: document.documentElement.scrollWidth - width, wide: [...new Set(wide)].slice(0, 5) };
      });
      expect(overflow, `wider than the paper: ${overflow.wide.join(", ")}`).toEqual({ by: 0, wide: [] });
      // Paper shows every block, even those the screen leaves unrendered while far below it.
      const unrendered = await page.evaluate(() =>
        [...document.querySelectorAll(".sl-markdown-content > *")]
          .filter((el) => getComputedStyle(el).contentVisibility !== "visible")
          .map((el) => el.tagName.toLowerCase()),
      );
      expect(unrendered).toEqual([]);
      // Buttons mean nothing on paper.
      const buttons = await page
        .locator("main button")
        .evaluateAll((els) => els.filter((el) => el.getClientRects().length > 0).length);
      expect(buttons).toBe(0);
      await page.emulateMedia({ media: "screen" });
      await page.setViewportSize({ width: 1280, height: 900 });
    });
  }

  test("collapsed model answers print open, external links print their address, the mock interview prints its state", async () => {
    const { page } = browser;
    await page.emulateMedia({ media: "print" });
    // The question bank's pages (the chapter lists the questions and links there).
    await page.goto(`${site}/interview-playbook/questions/blast-radius/`);
    await expect(page.locator("#q-partition-key details h3").first().isVisible()).resolves.toBe(true);
    await page.goto(`${site}/interview-playbook/`);
    const after = await page
      .locator(".further-reading a[href^='http']")
      .first()
      .evaluate((a) => getComputedStyle(a, "::after").content);
    expect(after).toContain("https://");
    const mock = page.getByRole("region", { name: "Mock interview" });
    await expect(mock.locator("[data-field=chosen]").isVisible()).resolves.toBe(true);
    await expect(mock.locator("select").first().isVisible()).resolves.toBe(false);
    await expect(mock.locator(".mock__history").isVisible()).resolves.toBe(false);
    await page.emulateMedia({ media: "screen" });
    await expect(mock.locator("select").first().isVisible()).resolves.toBe(true);
  });
});
