/** On a phone the sidebar waits behind its menu. (No page scrolls sideways: every-page.test.ts.) */
import { afterAll, beforeAll, describe, inject, test } from "vitest";
import { openBrowser, skipBrowser, type Session } from "../support/chromium.ts";

describe.skipIf(skipBrowser)("mobile layout (375 px)", () => {
  const site = inject("siteUrl");
  let browser: Session;
  beforeAll(async () => {
    browser = await openBrowser({ viewport: { width: 375, height: 740 } });
  });
  afterAll(async () => browser?.close());

  test("the sidebar opens from the menu button and leads to a chapter", async () => {
    const { page } = browser;
    // The landing page is a splash page without the sidebar; every chapter has it.
    await page.goto(`${site}/cells/`);
    await page.getByRole("button", { name: /menu/i }).first().click();
    await page.locator("nav.sidebar").getByRole("link", { name: "Shuffle sharding" }).first().click();
    await page.waitForURL(/\/shuffle-sharding\/$/);
  });
});
