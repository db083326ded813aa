/**
 * The first click on a widget counts, whatever it lands on and however early. The click here is
 * the page's very first touch (it is what starts loading the widget's code), lands on a label's
 * text, and the code is held back until the click is over: a mount that wrote its own starting
 * state over the controls, or missed a change made before it listened, fails.
 */
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { describeInBrowser } from "../support/browser-suite.ts";
import { holdRequests } from "../support/hold-requests.ts";

/** Holds every widget module (not the bootstraps) back until `release()`. */
const holdWidgetCode = (page: Page) => holdRequests(page, /\/_astro\/(cells-mount|mount-form|mount)\.[^/]+\.js$/);

describeInBrowser("the first click counts, before the widget's code has loaded", (browser) => {
  const { site } = browser;

  test("cells: a click on the text of 'The release is bad'", async () => {
    const { page } = browser;
    const release = await holdWidgetCode(page);
    await page.goto(`${site}/cells/`);
    const root = page.locator('[data-cells-widget="cells"]').first();
    const before = await root.locator("[data-live]").innerText();
    await root.getByText("The release is bad").click();
    await expect(root.getAttribute("data-ready")).resolves.toBeNull();
    release();
    await page.waitForSelector('[data-cells-widget="cells"][data-ready]', { state: "attached" });
    await expect(root.locator('input[name="releaseBad"]').isChecked()).resolves.toBe(false);
    await expect.poll(() => root.locator("[data-live]").innerText()).not.toBe(before);
    await page.unrouteAll();
  });

  test("shuffle explorer: a click on the text of the failover box", async () => {
    const { page } = browser;
    const release = await holdWidgetCode(page);
    await page.goto(`${site}/shuffle-sharding/`);
    const root = page.locator("[data-shuffle-explorer]").first();
    const before = await root.locator("[data-live]").innerText();
    await root.getByText("Clients fail over to surviving workers").click();
    await expect(root.getAttribute("data-ready")).resolves.toBeNull();
    release();
    await page.waitForSelector("[data-shuffle-explorer][data-ready]", { state: "attached" });
    await expect(root.locator('input[name="failover"]').isChecked()).resolves.toBe(false);
    await expect.poll(() => new URL(page.url()).searchParams.get("failover")).toBe("0");
    await expect.poll(() => root.locator("[data-live]").innerText()).not.toBe(before);
    await page.unrouteAll();
  });
});
