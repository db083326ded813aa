/**
 * The retry-storm presenter page's tool bar, as a room reads it on a projector: the chart picker
 * names the chart shown in the tool bar's own type, not in a form control's small default.
 */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";

describeInBrowser("retry-storm presenter tools", (browser) => {
  const { site } = browser;

  test("the chart picker is set in its label's type, and still fits a phone", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${site}/present/retry-storm/`);
    const size = (selector: string) =>
      page.locator(selector).evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    const picker = await size("[data-chart-pick]");
    expect(picker).toBe(await size(".present-tools__toggle:has([data-chart-pick])"));
    expect(picker).toBeGreaterThanOrEqual(16);
    // Its longest chart name still fits a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = await page.locator("[data-chart-pick]").boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
