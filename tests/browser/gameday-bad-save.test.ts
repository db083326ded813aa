/**
 * A shared run's replay of the retry storm, in a tab that kept a game whose log does not play: the
 * page offers to resume it, and Resume is refused. The message that says so takes the offer's
 * place and the room it took, at 1280 px and on a 390 px phone. It once gave the worker's reason
 * too and took two lines where the offer took one (five on the phone, where the offer took two
 * and its buttons): the page under it moved down 12 px (30 px on the phone). The reason, which a
 * learner cannot act on and a facilitator debugging the save needs, is folded away under it: the
 * page under it moves down by no more than that one folded line. Every wait is on the page's state.
 */
import { expect, test } from "vitest";
import { resumeGame } from "../../src/sim/gameday/game.ts";
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
    test(`at ${width} px, the message takes the offer's room, and the reason is folded under it for a facilitator`, {
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
      // needs it: under the message, folded away, and not part of what the alert reads out.
      expect(reason).toMatch(/^entry 2: at 100 s comes before the entry above it/);
      const details = root.locator("[data-error] + details");
      await expect(details.isVisible()).resolves.toBe(true);
      // The message keeps to the offer's room: what is under it moves by the folded line at most.
      const folded = await details.evaluate((d) => d.getBoundingClientRect().height);
      expect(folded).toBeGreaterThan(0);
      expect(await below()).toBeGreaterThanOrEqual(offered - 0.5);
      expect(await below()).toBeLessThanOrEqual(offered + folded);
      await expect(details.evaluate((d: HTMLDetailsElement) => d.open)).resolves.toBe(false);
      const summary = details.locator("summary");
      await expect(summary.textContent()).resolves.toBe("Details for a facilitator");
      const said = details.locator("p");
      await expect(said.isVisible()).resolves.toBe(false);
      // Opened from the keyboard, it says why.
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => said.isVisible()).toBe(true);
      await expect(said.textContent()).resolves.toBe(`The game's check of the saved game said: ${reason}.`);
    });
});
