/**
 * A reader whose browser refuses this site any storage (Safari's "Block all cookies", Chrome's
 * "Don't allow sites to save data"): merely reading `localStorage` throws a SecurityError there.
 * The widgets go through src/widgets/site-storage.ts: they work, keep nothing, and never say
 * they kept something. Starlight's own theme scripts read storage directly, behind the course's
 * ThemeProvider override (src/components/overrides/ThemeProvider.astro): the page throws nothing,
 * and the theme select still changes the page's theme. A browser whose storage is full reads but
 * cannot write: for an exercise that is the same, and the last block checks it.
 */
import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { refuseStorage } from "../support/refuse-storage.ts";

/** Waiting on the widgets' code, which loads on the first touch: seconds on a busy machine. */
const loading = { timeout: 20_000 };

/**
 * "What does a retry cost?" where nothing the learner does can be stored: a wrong answer and then
 * a right one still unlock the solution and mark the part solved, and one note beside the
 * exercise, there only from the first checked answer, says that progress is not being saved.
 */
async function expectExerciseFollowsThePage(page: Page): Promise<void> {
  const exercise = page.locator('[data-exercise="retry-expected-attempts"]');
  const flaky = exercise.locator('form[data-part="flaky"]');
  const field = flaky.getByLabel("Your answer");
  const feedback = flaky.locator("[data-feedback]");
  const show = exercise.getByRole("button", { name: "Show solution" });
  const note = page.getByText(/^This browser cannot save your progress/);
  await expect(show.isDisabled()).resolves.toBe(true);
  await expect(note.count()).resolves.toBe(0);

  await field.fill("3");
  await flaky.getByRole("button", { name: "Check" }).click();
  await expect.poll(() => feedback.getAttribute("data-verdict"), loading).toBe("wrong");
  await expect.poll(() => show.isEnabled()).toBe(true);
  await expect(exercise.getByText("Check an answer first to unlock the solution.").isVisible()).resolves.toBe(false);
  await expect(note.count()).resolves.toBe(1);
  await expect(exercise.locator("[data-unsaved]").isVisible()).resolves.toBe(true);

  await field.fill("15/8");
  await flaky.getByRole("button", { name: "Check" }).click();
  await expect.poll(() => feedback.getAttribute("data-verdict")).toBe("right");
  await expect.poll(() => exercise.locator("[data-status]").textContent()).toBe("1 of 2 parts solved");
  await expect(flaky.getAttribute("data-solved")).resolves.toBe("");
  // The tick is drawn by the part's ::before: what a sighted learner sees.
  await expect(flaky.evaluate((form) => getComputedStyle(form, "::before").content)).resolves.toBe('"✓ solved"');
  await expect(note.count()).resolves.toBe(1);

  await show.click();
  await exercise.getByRole("button", { name: "Show it" }).click();
  await expect.poll(() => exercise.locator("[data-solution]").isVisible()).toBe(true);
  await expect.poll(() => exercise.locator("[data-status]").textContent()).toBe("1 of 2 parts solved · solution seen");
}

describeInBrowser("storage refused", (browser) => {
  const { site } = browser;
  /** Errors thrown by this site's own modules. */
  const ownErrors: string[] = [];
  /** Every error the page throws, inline scripts' included (Starlight's threw before the override). */
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await refuseStorage(browser.context);
    browser.page.on("pageerror", (error) => {
      if (error.stack?.includes("/_astro/")) ownErrors.push(`${error.message}\n${error.stack}`);
      pageErrors.push(error.message);
    });
  });

  // QA: Starlight's inline theme script threw the SecurityError, then each theme select's inline
  // call threw "StarlightThemeProvider is not defined", and the select changed nothing.
  test("a chapter throws no error, and the theme select still changes the page's theme", async () => {
    const { page } = browser;
    pageErrors.length = 0;
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${site}/timeouts-retries-backoff/`);
    // Module scripts have run once the theme select is defined (its constructor reads the theme).
    await page.waitForFunction(() => customElements.get("starlight-theme-select") !== undefined);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    // Nothing stored, so the system's: light here.
    await expect(theme()).resolves.toBe("light");
    const select = page.locator("starlight-theme-select select").first();
    await expect(select.inputValue()).resolves.toBe("auto");
    await select.selectOption("dark");
    await expect.poll(theme).toBe("dark");
    await select.selectOption("auto");
    await expect.poll(theme).toBe("light");
    expect(pageErrors).toEqual([]);
    // The site's own code still finds no storage, and keeps nothing.
    await expect(page.evaluate(() => typeof localStorage)).resolves.toBe("undefined");
    await page.emulateMedia({ colorScheme: null });
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

  test("an exercise follows the answers checked on the page, and says once that they are not saved", async () => {
    const { page } = browser;
    await page.goto(`${site}/timeouts-retries-backoff/`);
    await expectExerciseFollowsThePage(page);
    expect(ownErrors).toEqual([]);
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
      .toMatch(/^GD2-rs-1-/);
    expect(ownErrors).toEqual([]);
  });
});

/** A browser whose storage is full: reading works, and every write of progress fails. */
describeInBrowser("storage full", (browser) => {
  const { site } = browser;
  const ownErrors: string[] = [];

  beforeAll(async () => {
    await browser.context.addInitScript(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key.startsWith("blast-radius:progress"))
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        setItem.call(this, key, value);
      };
    });
    browser.page.on("pageerror", (error) => {
      if (error.stack?.includes("/_astro/")) ownErrors.push(`${error.message}\n${error.stack}`);
    });
  });

  test("an exercise follows the answers checked on the page, and says once that they are not saved", async () => {
    const { page } = browser;
    await page.goto(`${site}/timeouts-retries-backoff/`);
    await expectExerciseFollowsThePage(page);
    await expect(page.evaluate(() => localStorage.getItem("blast-radius:progress:v1"))).resolves.toBeNull();
    expect(ownErrors).toEqual([]);
  });
});
