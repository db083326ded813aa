/**
 * A game day played from the keyboard, in Chromium: an action taken with Enter disables its own
 * button (the target is ejected, the retries already going off), and the focus it had must stay
 * in the game, on the action's target list or on the actions' heading, where Tab goes on from the
 * actions and the speed keys work; on the page's body they did nothing and Tab started again from
 * the top. A speed key, pressed with the focus anywhere, says what it did. Every wait is on the
 * page's state.
 */
import { expect, test } from "vitest";
import { times } from "../../src/format/number.ts";
import { clock } from "../../src/sim/gameday/report.ts";
import { describeInBrowser } from "../support/browser-suite.ts";

describeInBrowser("game day from the keyboard", (browser) => {
  const { site } = browser;
  const root = () => browser.page.locator("[data-gameday]");
  const logLength = (n: number) =>
    browser.page.waitForFunction(
      (n) => JSON.parse(document.querySelector<HTMLElement>("[data-gameday]")?.dataset.log ?? "[]").length === n,
      n,
      { timeout: 60_000 },
    );
  const focused = () => browser.page.evaluate(() => document.activeElement?.closest("[data-gameday] *") !== null);

  test("after an action that disables its own button, the focus stays in the game and a speed key says what it did", {
    timeout: 120_000,
  }, async () => {
    const { page } = browser;
    await page.goto(`${site}/gameday/gray-failure/`);
    await page.locator("[data-start]").click();
    await page.waitForSelector('[data-gameday][data-state="playing"]');
    await page.keyboard.press("0");
    // A key pressed with the focus anywhere says what it did, once, in the polite live region, at
    // the time the game stopped. Waited on that sentence, not on the pause button's pressed state:
    // the page is built with that button pressed, so before the game's first update reached the
    // page the wait passed at once and the live region was still empty (seen once in a clean
    // clone's run).
    const live = root().locator("[data-live]");
    const pauseSaid = async () => {
      const said = await live.textContent();
      const at = Number(await root().getAttribute("data-clock"));
      return said === `Paused at ${clock(at)}.` ? "said at the clock's time" : said;
    };
    await expect.poll(pauseSaid, { timeout: 30_000 }).toBe("said at the clock's time");
    await page.waitForSelector('[data-speed="0"][aria-pressed="true"]');

    // A targeted action: its button is disabled for the target just ejected; the focus goes to
    // the target list beside it, to choose another.
    const eject = root().locator('[data-offer="eject-host"]');
    await eject.locator("select").selectOption("h07");
    await eject.locator("select").focus();
    await page.keyboard.press("Tab");
    await expect(eject.locator("button").evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press("Enter");
    await logLength(1);
    await page.waitForFunction(
      () => document.querySelector<HTMLButtonElement>('[data-offer="eject-host"] button')?.disabled,
    );
    await expect(eject.locator("select").evaluate((s) => s === document.activeElement)).resolves.toBe(true);

    // An action without a target: the focus goes to the actions' heading, in the game.
    const off = root().locator('[data-offer="retries-off"] button');
    await off.focus();
    await page.keyboard.press("Enter");
    await logLength(2);
    await page.waitForFunction(
      () => document.querySelector<HTMLButtonElement>('[data-offer="retries-off"] button')?.disabled,
    );
    await expect(focused()).resolves.toBe(true);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Actions");
    await page.keyboard.press("5");
    await page.waitForSelector('[data-speed="5"][aria-pressed="true"]');
    await expect.poll(() => live.textContent()).toBe(`Running at ${times(5)} speed.`);
    await page.keyboard.press("0");
    await page.waitForSelector('[data-speed="0"][aria-pressed="true"]');
    // Tab goes on from the actions, not from the top of the page.
    await page.keyboard.press("Tab");
    await expect(
      page.evaluate(() => document.activeElement?.closest("[data-offer]")?.getAttribute("data-offer")),
    ).resolves.toBe("eject-host");
  });
});
