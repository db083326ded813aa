/**
 * On a phone the sidebar waits behind its menu, and what a page's script adds after load does
 * not push the page about. (No page scrolls sideways: every-page.test.ts.)
 */
import { expect, test } from "vitest";
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

  test("a facilitator view (the longest address) fills in its address and QR code without shifting the page (CLS <= 0.02)", async () => {
    const { page } = browser;
    await page.goto(`${site}/gameday/facilitator/thundering-herd/`);
    // The script's work is done: the full address (with the host) and the drawn code.
    await page.locator("[data-room-url]", { hasText: /^http/ }).waitFor();
    await page.locator("[data-room-qr] svg").waitFor();
    // Lighthouse's measure: the layout shifts not caused by input, summed (all land in one window here).
    // Lighthouse's measure: the layout shifts not caused by input, summed (one window here). A
    // buffered observer holds every shift so far as soon as it observes, so takeRecords has them.
    const shift = await page.evaluate(() => {
      const observer = new PerformanceObserver(() => {});
      observer.observe({ type: "layout-shift", buffered: true });
      const entries = observer.takeRecords() as unknown as { value: number; hadRecentInput: boolean }[];
      observer.disconnect();
      return entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0);
    });
    expect(shift).toBeLessThanOrEqual(0.02);
  });
});
