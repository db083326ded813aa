/**
 * A shared run's replay of the retry storm, in a tab that kept a game whose log does not play: the
 * page offers to resume it, and Resume is refused. The message that says so takes the offer's
 * place and the room it took, so nothing below it moves, at 1280 px and on a 390 px phone. It
 * once gave the worker's reason too and took two lines where the offer took one (five on the
 * phone, where the offer took two and its buttons): the page under it moved down 12 px (30 px on
 * the phone). Every wait is on the page's state.
 */
import { expect, test } from "vitest";
import { savedGameKey, type SavedGame } from "../../src/sim/gameday/saved.ts";
import { findScenario } from "../../src/sim/gameday/scenarios.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { earnedCode } from "../support/earned-code.ts";

describeInBrowser("game day: a saved game refused during a replay", (browser) => {
  const storm = findScenario("retry-storm")!;
  const log = [{ at: 120, action: "retries-off" as const }];
  const code = earnedCode(storm, 1, "Ada", log);
  // Out of time order: the worker refuses to play it.
  const broken: SavedGame = {
    seed: 7,
    clock: 300,
    log: [
      { at: 200, action: "retries-off" },
      { at: 100, action: "shed-queue" },
    ],
  };

  for (const width of [1280, 390])
    test(`at ${width} px, the message takes the offer's room: nothing below it moves`, {
      timeout: 120_000,
    }, async () => {
      const { page } = await browser.open({ viewport: { width, height: 900 } });
      await page.goto(`${browser.site}/`);
      await page.evaluate(([k, v]) => sessionStorage.setItem(k!, v!), [savedGameKey(storm.id), JSON.stringify(broken)]);
      await page.goto(`${browser.site}/gameday/retry-storm/#code=${encodeURIComponent(code)}`);
      await page.waitForSelector('[data-gameday][data-mode="replay"][data-state="playing"]', { timeout: 60_000 });
      const root = page.locator("[data-gameday]");
      const offer = root.locator("[data-resume-offer]");
      const error = root.locator("[data-error]");
      /** How far below the top of the game day the line under the offer (the keys) sits. */
      const below = () =>
        root.evaluate(
          (el) => el.querySelector(".gd-help")!.getBoundingClientRect().top - el.getBoundingClientRect().top,
        );
      await expect(offer.isVisible()).resolves.toBe(true);
      const offered = await below();

      await offer.getByRole("button", { name: "Resume it" }).click();
      await error.waitFor({ timeout: 60_000 });
      await expect(error.textContent()).resolves.toBe(
        "The saved game could not be resumed, so it was dropped. The replay under way goes on.",
      );
      await expect(offer.isVisible()).resolves.toBe(false);
      await expect(root.getAttribute("data-mode")).resolves.toBe("replay");
      expect(await below()).toBeCloseTo(offered, 0);
    });
});
