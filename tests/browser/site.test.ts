/** The foundation, as a reader meets it: landing page, sidebar, search, theme. */
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { openBrowser, skipBrowser, type Session } from "../support/chromium.ts";

describe.skipIf(skipBrowser)("course site in Chromium", () => {
  const site = inject("siteUrl");
  let browser: Session;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => browser?.close());

  test("landing page shows the course map and the three ways in", async () => {
    const { page } = browser;
    await page.goto(`${site}/`);
    await expect(page.title()).resolves.toContain("Blast Radius");
    const map = page.getByRole("region", { name: "Course map" });
    for (const part of [
      "Thinking in failure domains",
      "Containing the blast",
      "Architecture for a small blast radius",
    ]) {
      await expect(map.getByRole("heading", { name: new RegExp(part) }).count()).resolves.toBe(1);
    }
    await expect(map.getByRole("link", { name: "Shuffle sharding" }).count()).resolves.toBe(1);
    const paths = page.getByRole("region", { name: "Where to start" });
    for (const audience of ["Self-study", "Interview prep in a week", "90-minute team workshop"]) {
      await expect(paths.getByRole("heading", { name: audience }).count()).resolves.toBe(1);
    }
  });

  test("a chapter is reached through the sidebar, with prev/next links", async () => {
    const { page } = browser;
    await page.goto(`${site}/`);
    await page.locator("nav.sidebar").getByRole("link", { name: "Shuffle sharding" }).first().click();
    await page.waitForURL(/\/shuffle-sharding\/$/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Shuffle sharding");
    await expect(page.locator(".pagination-links a").count()).resolves.toBeGreaterThan(0);
  });

  test("search finds the shuffle-sharding chapter", async () => {
    const { page } = browser;
    await page.goto(`${site}/`);
    await page.locator("site-search button[data-open-modal]").first().click();
    await page.locator("#starlight__search input").fill("shuffle");
    const result = page.locator("#starlight__search .pagefind-ui__result-link").first();
    await result.waitFor({ timeout: 10_000 });
    await expect(result.getAttribute("href")).resolves.toMatch(/shuffle-sharding/);
  });

  test("search loads only when reached for, and Ctrl+K alone opens it with the cursor in the field", async () => {
    const { page } = browser;
    const pagefind: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (/pagefind/.test(request.url())) pagefind.push(request.url());
    };
    page.on("request", onRequest);
    await page.goto(`${site}/failure-modes/`);
    await page.waitForLoadState("networkidle");
    expect(pagefind).toEqual([]);
    await page.keyboard.press("Control+k");
    const input = page.locator("#starlight__search input");
    await input.waitFor();
    await expect(input.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.type("bulkhead");
    await page.locator("#starlight__search .pagefind-ui__result-link").first().waitFor({ timeout: 10_000 });
    page.off("request", onRequest);
    expect(pagefind.length).toBeGreaterThan(0);
  });

  test("every chapter's further reading reads “Title, Source” with no space before the comma", async () => {
    const { page } = browser;
    await page.goto(`${site}/cells/`);
    const items = await page.locator(".further-reading li").allInnerTexts();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item).toMatch(/\S, \S/);
    expect(items.filter((item) => / ,/.test(item))).toEqual([]);
  });

  test("an unknown address answers 404 with a page that leads home, on a phone too", async () => {
    const phone = await openBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const response = await phone.page.goto(`${site}/no-such-page/`);
      expect(response?.status()).toBe(404);
      const home = phone.page.getByRole("link", { name: "Go to the course home" });
      await expect(home.isVisible()).resolves.toBe(true);
      const box = await home.boundingBox();
      expect(box!.y + box!.height, "the way home is on the first screen").toBeLessThanOrEqual(844);
      await home.click();
      await phone.page.waitForURL(`${site}/`);
    } finally {
      await phone.close();
    }
  });

  test("the theme switches between dark and light and is remembered", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    const select = page.locator("starlight-theme-select select").first();
    await select.selectOption("light");
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("light");
    await select.selectOption("dark");
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
    await page.reload();
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
  });
});
