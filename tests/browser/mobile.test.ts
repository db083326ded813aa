/**
 * On a phone the sidebar waits behind its menu, and what a page's script adds after load does
 * not push the page about. (No page scrolls sideways: every-page.test.ts.)
 */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { layoutShift } from "../support/layout-shift.ts";

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
    // Lighthouse's measure (tests/support/layout-shift.ts).
    const shift = await layoutShift(page);
    expect(shift).toBeLessThanOrEqual(0.02);
  });
});
