/** On a phone the sidebar waits behind its menu. (No page scrolls sideways: every-page.test.ts.) */
import { test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";

describeInBrowser("mobile layout (375 px)", { viewport: { width: 375, height: 740 } }, (browser) => {
  const { site } = browser;

  test("the sidebar opens from the menu button and leads to a chapter", async () => {
    const { page } = browser;
    // The landing page is a splash page without the sidebar; every chapter has it.
    await page.goto(`${site}/cells/`);
    await page.getByRole("button", { name: /menu/i }).first().click();
    await page.locator("nav.sidebar").getByRole("link", { name: "Shuffle sharding" }).first().click();
    await page.waitForURL(/\/shuffle-sharding\/$/);
  });
});
