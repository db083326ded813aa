/**
 * Where the focus goes when an exercise's worked solution is shown. A press, from the keyboard or
 * the mouse, takes the focus on: Show solution to its confirmation (to its safe answer, "Keep
 * trying"), and Show it to the solution, so a keyboard or screen-reader user lands on what they
 * asked for. So does a press made
 * while the exercise's widget still loads, which the bootstrap holds and makes again once it has
 * mounted: the widget once told the learner's press from a script's click by the event's isTrusted,
 * and the press made again (a script's click) left the focus behind. A page that shows the solution
 * itself asks the widget for it (exerciseWidget's showSolution, src/widgets/exercise/bootstrap.ts),
 * which moves no focus: the /review/ page, for a review given up before a reload
 * (tests/browser/review-reload.test.ts), and a chapter page reloaded after its solution was seen,
 * which shows it again as it was left.
 */
import { expect, test } from "vitest";
import { progressKey } from "../../src/course/progress.ts";
import { describeInBrowser } from "../support/browser-suite.ts";

describeInBrowser("the focus when a worked solution is shown", (browser) => {
  test("a press takes it to the confirmation, then to the solution, also one made while the widget loads", async () => {
    const { page, site } = browser;
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.dataset.action ?? (el?.hasAttribute("data-solution") ? "the solution" : (el?.tagName ?? null));
      });
    const exercise = page.locator('[data-exercise="shuffle-shard-16-workers"]');
    const shuffle = exercise.locator('form[data-part="shuffle"]');
    const solution = exercise.locator("[data-solution]");
    /** The progress saved is forgotten: the next load starts from an exercise never revealed. */
    const forget = () => page.evaluate((key) => localStorage.removeItem(key), progressKey);
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
    // The confirmation's safe answer has the focus (Enter twice shows nothing); Show it is before it.
    await expect.poll(focused).toBe("cancel-solution");
    await page.keyboard.press("Shift+Tab");
    await expect.poll(focused).toBe("confirm-solution");
    await page.keyboard.press("Enter");
    await expect.poll(() => solution.isVisible()).toBe(true);
    await expect.poll(focused).toBe("the solution");

    // Reloaded, once the widget has loaded (the reader's first touch loads it), the exercise is as it
    // was left (its record says the solution was seen): the solution shown, neither Show solution
    // nor Show a hint offered, and the focus left where the reader put it.
    await page.reload();
    const field = shuffle.getByLabel("Your answer");
    // Before the widget has loaded, too: shown from the saved progress (bootstrap.ts).
    await expect.poll(() => solution.isVisible()).toBe(true);
    expect(await exercise.getAttribute("data-mounted")).toBeNull();
    expect(await exercise.getByRole("button", { name: "Show solution" }).isVisible()).toBe(false);
    expect(await exercise.getByRole("button", { name: /^Show a hint/ }).isVisible()).toBe(false);
    await field.focus();
    await expect.poll(() => solution.isVisible()).toBe(true);
    expect(await solution.locator("h4").textContent()).toBe("Worked solution");
    expect(await exercise.getByRole("button", { name: "Show solution" }).isVisible()).toBe(false);
    expect(await exercise.getByRole("button", { name: /^Show a hint/ }).isVisible()).toBe(false);
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await forget();

    // With the mouse.
    await unlocked();
    await exercise.getByRole("button", { name: "Show solution" }).click();
    await expect.poll(focused).toBe("cancel-solution");
    await exercise.getByRole("button", { name: "Show it" }).click();
    await expect.poll(focused).toBe("the solution");
    await forget();

    // While the widget loads: the page reloaded, Show solution unlocked by the saved progress, the
    // widget's code held back until the press is made (a pointerdown starts its loading; the
    // bootstrap holds the click and makes it again once the widget has mounted).
    await unlocked();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const widgetCode = /\/_astro\/mount\.[^/]*\.js$/;
    const requested: string[] = [];
    await page.route(widgetCode, async (route) => {
      requested.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.reload();
    const button = exercise.getByRole("button", { name: "Show solution" });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await expect.poll(() => requested.length).toBeGreaterThan(0);
    expect(await exercise.getAttribute("data-mounted")).toBeNull();
    release();
    await expect.poll(() => exercise.getAttribute("data-mounted")).toBe("true");
    await expect.poll(focused).toBe("cancel-solution");
    await page.unroute(widgetCode);
  });
});
