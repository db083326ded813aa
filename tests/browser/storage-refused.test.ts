/**
 * A reader whose browser refuses this site any storage (Safari's "Block all cookies", Chrome's
 * "Don't allow sites to save data"): merely reading `localStorage` throws a SecurityError there.
 * The widgets go through src/widgets/site-storage.ts: they work, keep nothing, and never say
 * they kept something; where the landing page, /progress/ and /review/ would say progress is kept,
 * they say what a refusal keeps, in that file's words. Starlight's own theme scripts read storage
 * directly, behind the course's ThemeProvider override
 * (src/components/overrides/ThemeProvider.astro): the page throws nothing, and the theme select
 * still changes the page's theme. A browser whose storage is full reads but
 * cannot write: for an exercise that is the same, and the last block checks it.
 */
import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { refuseStorage } from "../support/refuse-storage.ts";
import { allowStorageText, storageRefusedText } from "../../src/widgets/site-storage.ts";
import { nothingKeptToReview } from "../../src/widgets/review/empty.ts";

/** Waiting on the widgets' code, which loads on the first touch: seconds on a busy machine. */
const loading = { timeout: 20_000 };

/** `text` as a regular expression that matches it literally. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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

  // QA: the box's link still offered to "export and import your progress", which /progress/ then refused.
  test("the landing page says what a refusal keeps, and its link offers no export or import", async () => {
    const { page } = browser;
    await page.goto(`${site}/`);
    const box = page.locator("[data-course-progress]");
    const summary = box.locator("[data-progress-summary]");
    const catalog: { exercises: unknown[] }[] = JSON.parse(
      (await box.locator("[data-progress-catalog]").textContent()) ?? "[]",
    );
    const exercises = catalog.reduce((n, c) => n + c.exercises.length, 0);
    await expect
      .poll(() => summary.textContent(), loading)
      .toBe(
        `${exercises} auto-graded exercises across ${catalog.length} chapters. ${storageRefusedText} ${allowStorageText}`,
      );
    await expect(box.getByRole("link").allInnerTexts()).resolves.toEqual(["See every exercise"]);
    await expect(box.getByRole("link", { name: "See every exercise", exact: true }).isVisible()).resolves.toBe(true);
  });

  test("an exercise follows the answers checked on the page, and says once that they are not saved", async () => {
    const { page } = browser;
    await page.goto(`${site}/timeouts-retries-backoff/`);
    await expectExerciseFollowsThePage(page);
    expect(ownErrors).toEqual([]);
  });

  // QA: the page said both that progress "is saved in this browser only; export it to keep it" and
  // that this browser refuses any storage, with the export, import and reset there, disabled.
  test("the progress page says nothing is kept, not that it is saved, and offers no export, import or reset", async () => {
    const { page } = browser;
    await page.goto(`${site}/progress/`);
    const refused = page.locator("[data-storage-refused]");
    await expect.poll(() => refused.isVisible(), loading).toBe(true);
    await expect(refused.textContent()).resolves.toMatch(
      new RegExp(`^${escaped(storageRefusedText)} .*${escaped(allowStorageText)}$`),
    );
    const intro = page.locator("[data-progress-page] > p").first();
    await expect(intro.innerText()).resolves.not.toMatch(/saved|export/i);
    await expect(page.getByText(/Progress is saved in this browser/).isVisible()).resolves.toBe(false);
    // Hidden, not disabled: nothing on the page offers them (a hidden element has no role).
    await expect(page.getByRole("heading", { name: "Keep or move your progress" }).count()).resolves.toBe(0);
    for (const name of ["Export progress (JSON)", "Reset progress…"])
      await expect(page.getByRole("button", { name }).count()).resolves.toBe(0);
    await expect(page.locator('input[data-action="import"]').isVisible()).resolves.toBe(false);
    expect(ownErrors).toEqual([]);
  });

  // QA: /review/ said to solve an exercise and it "comes back here in a few days": nothing here can.
  test("the review page says nothing can come back here, and what the learner can do", async () => {
    const { page } = browser;
    await page.goto(`${site}/review/`);
    const status = page.locator("[data-review-status]");
    await expect.poll(() => status.textContent(), loading).toBe(nothingKeptToReview);
    // The refusal in the words the other pages use, and what the learner can do about it.
    expect(nothingKeptToReview.startsWith(`${storageRefusedText} `)).toBe(true);
    expect(nothingKeptToReview).toContain(allowStorageText);
    // Nor does the page offer to export or import a schedule it cannot keep.
    expect(await page.locator("main").innerText()).not.toContain("export and import it");
    expect(await page.locator("main").innerText()).toContain("npm run exercises -- review");
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
