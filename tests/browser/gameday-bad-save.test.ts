/**
 * A shared run's replay of the retry storm, in a tab that kept a game whose log does not play: the
 * page offers to resume it, and Resume is refused. The message that says so takes the offer's
 * place and the room it took, at 1280 px and on a 390 px phone. It once gave the worker's reason
 * too and took two lines where the offer took one (five on the phone, where the offer took two
 * and its buttons): the page under it moved down 12 px (30 px on the phone). The reason, which a
 * learner cannot act on and a facilitator debugging the save needs, was then folded away under it,
 * and that folded line still moved the page down 6.4 px at 1280 px. Now it is folded away beside
 * the message, where the offer's buttons were: the page under it does not move at all, and opened,
 * the reason goes under both while its button stays where it was pressed. Every wait is on the
 * page's state.
 */
import { expect, test } from "vitest";
import { resumeGame } from "../../src/sim/gameday/game.ts";
import { savedGameKey, type SavedGame } from "../../src/sim/gameday/saved.ts";
import { findScenario } from "../../src/sim/gameday/scenarios.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { earnedCode } from "../support/earned-code.ts";

describeInBrowser("game day: a saved game refused during a replay", { ownContext: false }, (browser) => {
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
  /** Why the game refuses it, in the game's own words ("entry 2: at 100 s comes before…"). */
  const reason = (() => {
    try {
      resumeGame(storm, broken);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error("the broken saved game resumed");
  })();

  for (const width of [1280, 390])
    test(`at ${width} px, the message takes the offer's room, and the reason is folded beside it for a facilitator`, {
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

      // Which entry the game refused is no help to a learner, but a facilitator debugging the save
      // needs it: folded away beside the message, outside what the alert reads out.
      expect(reason).toMatch(/^entry 2: at 100 s comes before the entry above it/);
      const more = root.getByRole("button", { name: "Details for a facilitator" });
      await expect(more.isVisible()).resolves.toBe(true);
      await expect(more.getAttribute("aria-expanded")).resolves.toBe("false");
      await expect(error.evaluate((el, button) => el.contains(button), await more.elementHandle())).resolves.toBe(
        false,
      );
      // The message and its folded details keep to the offer's room: what is under them does not move.
      expect(await below()).toBeCloseTo(offered, 1);
      const said = root.locator(`#${await more.getAttribute("aria-controls")}`);
      await expect(said.isVisible()).resolves.toBe(false);
      // Opened from the keyboard, it says why, under the message; the button stays where it was.
      await more.focus();
      const at = await more.boundingBox();
      await page.keyboard.press("Enter");
      await expect.poll(() => said.isVisible()).toBe(true);
      await expect(more.getAttribute("aria-expanded")).resolves.toBe("true");
      await expect(said.textContent()).resolves.toBe(`The game's check of the saved game said: ${reason}.`);
      expect(await more.boundingBox()).toEqual(at);
      const [message, why] = await Promise.all([error.boundingBox(), said.boundingBox()]);
      expect(why!.y).toBeGreaterThanOrEqual(message!.y + message!.height);
      // And folded again from the keyboard.
      await page.keyboard.press("Enter");
      await expect.poll(() => said.isVisible()).toBe(false);
      expect(await below()).toBeCloseTo(offered, 1);
    });
});
