/** Every page reflows to a phone's width: nothing wider than the screen, sidebar behind its menu. */
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { openBrowser, skipBrowser, type Session } from "../support/chromium.ts";
import { loadBuiltSite } from "../support/built-site.ts";

const pages = loadBuiltSite()
  .map((p) => p.path)
  .filter((p) => p.endsWith("/"));

describe.skipIf(skipBrowser)("mobile layout (375 px)", () => {
  const site = inject("siteUrl");
  let browser: Session;
  beforeAll(async () => {
    browser = await openBrowser({ viewport: { width: 375, height: 740 } });
  });
  afterAll(async () => browser?.close());

  test("no page scrolls sideways", async () => {
    const { page } = browser;
    const wide: string[] = [];
    for (const path of pages) {
      await page.goto(`${site}${path}`, { waitUntil: "networkidle" });
      const overflow = await page.evaluate(() => {
        const doc = document.documentElement;
        if (doc.scrollWidth <= doc.clientWidth + 1) return null;
        // Name the widest offender, so the failure says where to look.
        let worst = "";
        let right = doc.clientWidth;
        for (const el of document.querySelectorAll("body *")) {
          const r = el.getBoundingClientRect();
          if (r.right > right + 1 && getComputedStyle(el).position !== "fixed") {
            right = r.right;
            worst = `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.className && typeof el.className === "string" ? "." + el.className.split(" ").join(".") : ""}`;
          }
        }
        return `${doc.scrollWidth}px wide (${worst})`;
      });
      if (overflow) wide.push(`${path}: ${overflow}`);
    }
    expect(wide).toEqual([]);
  }, 240_000);

  test("the sidebar opens from the menu button and leads to a chapter", async () => {
    const { page } = browser;
    // The landing page is a splash page without the sidebar; every chapter has it.
    await page.goto(`${site}/cells/`);
    await page.getByRole("button", { name: /menu/i }).first().click();
    await page.locator("nav.sidebar").getByRole("link", { name: "Shuffle sharding" }).first().click();
    await page.waitForURL(/\/shuffle-sharding\/$/);
  });
});
