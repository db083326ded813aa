/**
 * A reader whose browser refuses this site any storage (Safari's "Block all cookies", Chrome's
 * "Don't allow sites to save data"): merely reading `localStorage` throws a SecurityError there.
 * The widgets go through src/widgets/site-storage.ts: they work, keep nothing, and never say
 * they kept something. (Starlight's own theme and sidebar scripts still throw on such a page;
 * that is upstream, and the page reads and works without them.)
 */
import { beforeAll, expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";

/** Waiting on the widgets' code, which loads on the first touch: seconds on a busy machine. */
const loading = { timeout: 20_000 };

describeInBrowser("storage refused", (browser) => {
  const { site } = browser;
  /** Errors thrown by this site's own modules (Starlight's inline scripts are set aside above). */
  const ownErrors: string[] = [];

  beforeAll(async () => {
    await browser.context.addInitScript(() => {
      for (const name of ["localStorage", "sessionStorage"])
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException("The operation is insecure.", "SecurityError");
          },
        });
    });
    browser.page.on("pageerror", (error) => {
      if (error.stack?.includes("/_astro/")) ownErrors.push(`${error.message}\n${error.stack}`);
    });
  });

  test("the mock interview runs and debriefs, and says its attempt could not be saved", async () => {
    const { page } = browser;
    await page.goto(`${site}/interview-playbook/`);
    const mock = page.getByRole("region", { name: "Mock interview" });
    await mock.getByRole("button", { name: "Start the interview" }).click();
    await expect.poll(() => mock.getByRole("timer").isVisible(), loading).toBe(true);
    await mock.getByLabel(/Your answer/).fill("Cells, each with its own blast radius.");
    await mock.getByRole("button", { name: /debrief me/ }).click();
    await mock.getByRole("button", { name: "Save to my history" }).click();
    await expect.poll(() => mock.getByRole("status").textContent()).toMatch(/^Could not save: /);
    await expect(mock.getByRole("button", { name: "Saved" }).count()).resolves.toBe(0);
    expect(ownErrors).toEqual([]);
  });

  test("the landing page does not say progress is kept", async () => {
    const { page } = browser;
    await page.goto(`${site}/`);
    const summary = page.locator("[data-progress-summary]");
    await expect.poll(() => summary.textContent(), loading).toMatch(/so your progress is not kept between visits\.$/);
    expect(await summary.textContent()).not.toContain("is kept in this browser");
  });

  test("the progress page says nothing is kept, and offers no export, import or reset", async () => {
    const { page } = browser;
    await page.goto(`${site}/progress/`);
    await expect.poll(() => page.locator("[data-storage-refused]").isVisible(), loading).toBe(true);
    for (const name of ["Export progress (JSON)", "Reset progress…"])
      await expect(page.getByRole("button", { name }).isDisabled()).resolves.toBe(true);
    await expect(page.locator('input[data-action="import"]').isDisabled()).resolves.toBe(true);
    expect(ownErrors).toEqual([]);
  });

  test("a game day plays to its results and its result code", async () => {
    const { page } = browser;
    await page.goto(`${site}/gameday/retry-storm/`);
    await page.locator("[data-start]").click();
    await page.waitForSelector('[data-gameday][data-state="playing"]', { timeout: 60_000 });
    await page.locator("[data-end]").click();
    await page.waitForSelector('[data-gameday][data-state="over"]', { timeout: 60_000 });
    await expect
      .poll(() => page.locator("[data-gameday]").getAttribute("data-result-code"), loading)
      .toMatch(/^GD1-rs-1-/);
    expect(ownErrors).toEqual([]);
  });
});
