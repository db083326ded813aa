/**
 * The pool film plays once by itself when it reaches the middle of the screen untouched. A reader
 * who reaches it with the keyboard has touched it: the film must not start under their focus
 * (the Play they tabbed to would turn into Pause before they press it).
 */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { poolFilm } from "../../src/sim/retry-storm/pool-frames.ts";

describeInBrowser("retry-storm pool film: focus is a touch", (browser) => {
  const { site } = browser;

  test("tabbing to Play in the middle of the screen loads the film and leaves it paused where it was", async () => {
    const { page } = browser;
    await page.goto(`${site}/retry-storm/`);
    const pool = page.locator("[data-pool-fill]");
    const play = pool.locator("[data-pf-play]");
    // Keyboard focus, as Tab gives it: the browser scrolls Play into the middle of the screen.
    await play.focus();
    await page.waitForSelector("[data-pool-fill][data-ready]", { state: "attached" });
    // The film's own observer (made when it loaded) has answered once an observer made after it
    // has: both report in the same update, in the order they were made. Ours also shows the film
    // is in the band where it would start by itself.
    const inMiddleBand = await pool.evaluate(
      (root) =>
        new Promise<boolean>((resolve) => {
          const probe = new IntersectionObserver(
            (entries) => {
              probe.disconnect();
              resolve(entries.some((e) => e.isIntersecting));
            },
            { rootMargin: "-35% 0px -35% 0px" },
          );
          probe.observe(root);
        }),
    );
    expect(inMiddleBand).toBe(true);
    await expect(play.textContent()).resolves.toBe("Play");
    await expect(pool.getAttribute("data-frame")).resolves.toBe(String(poolFilm().initial));
    // The reader's own press plays it.
    await page.keyboard.press("Enter");
    await expect(play.textContent()).resolves.toBe("Pause");
    await page.keyboard.press("Enter");
    await expect(play.textContent()).resolves.toBe("Play");
  });

  // QA: the button changed its name and its pressed state together, so a screen reader said
  // "Pause, toggle button, pressed" while the film played. Its name says what a press does, and
  // it is a plain button: no pressed state, at rest, playing or paused again.
  test("Play is a button named for what a press does, never a toggle button that is pressed", async () => {
    const { page } = browser;
    await page.goto(`${site}/retry-storm/`);
    const pool = page.locator("[data-pool-fill]");
    /** The button as the accessibility tree gives it to a screen reader. */
    const announced = async () => {
      const snapshot = await pool.locator("[data-pf-play]").ariaSnapshot();
      return snapshot.trim();
    };
    await expect(announced()).resolves.toBe('- button "Play"');
    // QA: after Back, on a page not kept whole, the browser put the reader's time back in the
    // slider while the film showed its first frame. Put back (no event) and seen at pageshow, it
    // is drawn at once, and counts as the reader's touch: the film will not play over it by itself.
    expect(await pool.getAttribute("data-ready")).toBeNull();
    await pool.locator("[data-pf-scrub]").evaluate((scrub: HTMLInputElement) => {
      scrub.value = "5";
      window.dispatchEvent(new PageTransitionEvent("pageshow"));
    });
    await page.waitForSelector('[data-pool-fill][data-ready][data-frame="5"]', { state: "attached" });
    await expect(pool.getAttribute("data-touched")).resolves.toBe("true");
    await pool.locator('[data-pf-jump="0"]').click();
    await page.waitForSelector('[data-pool-fill][data-ready][data-frame="0"]', { state: "attached" });
    await pool.getByRole("button", { name: "Play", exact: true }).click();
    await expect.poll(announced).toBe('- button "Pause"');
    await expect(pool.locator("[data-pf-play]").getAttribute("aria-pressed")).resolves.toBeNull();
    await pool.getByRole("button", { name: "Pause", exact: true }).click();
    await expect.poll(announced).toBe('- button "Play"');
    await expect(pool.locator("[data-pf-play]").getAttribute("aria-pressed")).resolves.toBeNull();
  });
});
