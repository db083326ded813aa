/**
 * Where the focus goes when an exercise's worked solution is shown. The learner's own press, from
 * the keyboard or the mouse, takes the focus on: Show solution to its confirmation ("Show it"),
 * and that to the solution, so a keyboard or screen-reader user lands on what they asked for. A
 * script's click moves nothing: the /review/ page shows the answers of a review given up before a
 * reload by clicking these itself, and there the focus stays where a page load leaves it
 * (tests/browser/review-reload.test.ts). The exercise tells the two apart by the event's isTrusted
 * (src/widgets/exercise/mount.ts).
 */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";

describeInBrowser("the focus when a worked solution is shown", (browser) => {
  test("the learner's press takes it to the confirmation, then to the solution; a script's click leaves it", async () => {
    const { page, site } = browser;
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.dataset.action ?? (el?.hasAttribute("data-solution") ? "the solution" : (el?.tagName ?? null));
      });
    const exercise = page.locator('[data-exercise="shuffle-shard-16-workers"]');
    const shuffle = exercise.locator('form[data-part="shuffle"]');
    const solution = exercise.locator("[data-solution]");
    /** A chapter page freshly loaded, the solution unlocked by a wrong answer checked. */
    const unlocked = async () => {
      await page.goto(`${site}/shuffle-sharding/`);
      await shuffle.getByLabel("Your answer").fill("1/28");
      await shuffle.getByRole("button", { name: "Check" }).click();
      await expect.poll(() => shuffle.locator("[data-feedback]").getAttribute("data-verdict")).toBe("wrong");
    };

    // From the keyboard.
    await unlocked();
    await exercise.getByRole("button", { name: "Show solution" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(focused).toBe("confirm-solution");
    await page.keyboard.press("Enter");
    await expect.poll(() => solution.isVisible()).toBe(true);
    await expect.poll(focused).toBe("the solution");

    // With the mouse.
    await unlocked();
    await exercise.getByRole("button", { name: "Show solution" }).click();
    await expect.poll(focused).toBe("confirm-solution");
    await exercise.getByRole("button", { name: "Show it" }).click();
    await expect.poll(focused).toBe("the solution");

    // By a script, as the review page does: shown, and the focus still on the page's body.
    await unlocked();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await exercise.evaluate((root) => {
      root.querySelector<HTMLButtonElement>('[data-action="solution"]')!.click();
      root.querySelector<HTMLButtonElement>('[data-action="confirm-solution"]')!.click();
    });
    await expect.poll(() => solution.isVisible()).toBe(true);
    expect(await focused()).toBe("BODY");
  });
});
