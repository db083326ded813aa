/**
 * Giving up a review counts in the review, not in the chapter. A reviewer found that showing the
 * answers on /review/ marked the chapter's exercise "solution seen": the chapter page then said
 * "✓ Solved · solution seen" and /progress/ "✓ Solved (solution seen)" of an exercise the learner
 * had solved on the chapter's numbers without it, for the answers to the review's numbers (the
 * terminal's `review <id> --give-up` never did). The review is rated "again", and the chapter's
 * record stays as it was: the exercise's widget leaves it alone on /review/ (data-in-review), and
 * its confirmation there says so. However the answers came to be shown (the page's button, the
 * exercise's own Show it, or a reload of a review given up), the exercise's Show solution goes, as
 * it does once its solution is on show anywhere, and so does its Show a hint: a hint offered beside
 * the answers looked broken. The hints opened before stay open.
 *
 * So do the review's answers and hints: the chapter's attempts and hints (what the progress export
 * holds) stay as the learner left them there, and the review's record counts them.
 *
 * Then a review's record kept under the seed it dealt before reviews skipped the chapter's numbers:
 * the page deals another seed now, and the record moves to it with what it counted (a review given
 * up stays given up), not its answers (src/widgets/review/attempts.ts, dealAttempts).
 *
 * A review that can no longer be rated when it is answered offers no grade (none would record
 * anything): where its card left the schedule in another tab (the progress reset), or was rated
 * there, the page says so and offers Next review, or Finish and then the empty state. A reviewer
 * found that the page learnt of it only then: the session kept the cards as it read them when it
 * opened, so a progress reset in another tab went unsaid until the learner answered, and a review
 * to come rated elsewhere came up again. The page now follows the other tabs' changes as they
 * come (their storage events): the review on show is closed at once, the learner's typing and
 * focus left where they are, and a review to come that was rated or reset elsewhere leaves the
 * queue. The variant
 * form the page deals the review's numbers through is never offered, not even while it deals them
 * (a press on Another variant then dealt other numbers, and the review could not start).
 *
 * A focus on what the page takes away goes on, never to the page's body: on the give-up button
 * when another tab gives up, to the grade on offer, or to Next review where none is; from Next
 * review, pressed, to the card's heading while the next exercise loads or when it cannot.
 *
 * "One bad cell", solved three days before the review day: the page's clock is fixed there and the
 * stored progress is seeded once per tab, so a reload and the other pages read what the page stored.
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { answers } from "../../solutions/cells-blast-radius/solution.ts";
import { emptyProgress, type Progress, progressKey } from "../../src/course/progress.ts";
import { enrol, giveUpQuestion, ratingNote, recordReview, whenText } from "../../src/course/review.ts";
import { keepUnitWithNumber } from "../../src/format/units.ts";
import { loadExercise } from "../../src/grader/load-exercises.ts";
import { attemptsKey } from "../../src/widgets/review/attempts.ts";
import { nothingToReview } from "../../src/widgets/review/empty.ts";
import type { Session } from "../../tools/chromium.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { formerReviewSeed, reviewSeedOf } from "../support/review-seeds.ts";
import { openDueReview, reviewedId, reviewLoading, seededReader, solvedAndEnrolled } from "../support/solved-review.ts";

const loading = reviewLoading;

describeInBrowser("giving up a review", { ownContext: false }, (browser) => {
  const id = reviewedId;
  const reviewAt = new Date("2026-12-04T09:00:00.000Z");
  const day = 86_400_000;
  const solved = solvedAndEnrolled(new Date(reviewAt.getTime() - 3 * day));
  const again = recordReview(solved, id, "again", reviewAt).review![id]!;
  const onlyAgain = [
    `Againback tomorrow (${again.due.slice(0, 10)})`,
    "Hardnot earned (disabled)",
    "Goodnot earned (disabled)",
    "Easynot earned (disabled)",
  ];

  /** A reader's context on the review day, `stored` seeded once (a reload keeps what the pages stored). */
  async function reviewer(stored: Progress, attempts?: string): Promise<Session> {
    const session = await seededReader(browser, stored, attempts);
    await session.page.clock.setFixedTime(reviewAt);
    return session;
  }
  /** A second exercise solved, and due the same day as the first. */
  const second = "canary-exposure";
  /** `solved` with `second` solved and enrolled too: two reviews due at reviewAt. */
  const bothDue = (): Progress => {
    const meta = loadExercise(second).meta;
    const parts = meta.kind === "code" ? [] : meta.parts.map((p) => p.id);
    const stored: Progress = JSON.parse(JSON.stringify(solved));
    stored.exercises[second] = {
      parts: Object.fromEntries(parts.map((p) => [p, { attempts: 1, solved: true }])),
      hints: 0,
      revealed: false,
    };
    return enrol(stored, [{ id: second, chapter: meta.chapter, parts }], new Date(reviewAt.getTime() - 3 * day));
  };
  const openReview = (page: Page, reload = false) => openDueReview(page, browser.site, reviewAt, reload);

  const inReview = (page: Page, exercise = id) => page.locator(`[data-review-slot] [data-exercise="${exercise}"]`);
  const rating = (page: Page) => page.getByRole("group", { name: "How did it go?" });
  /** Every rating button, its text and whether it may be pressed. */
  const buttons = (page: Page) =>
    rating(page)
      .getByRole("button")
      .evaluateAll((all) =>
        all.map((b) => `${b.textContent}${(b as HTMLButtonElement).disabled ? " (disabled)" : ""}`),
      );
  const storedProgress = async (page: Page): Promise<Progress> =>
    JSON.parse((await page.evaluate((key) => localStorage.getItem(key), progressKey))!);
  const storedAttempts = (page: Page) =>
    page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), attemptsKey);
  /** The element with the focus, by its action, its rating, or what it is. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (el === document.body) return "the page";
      if (el?.hasAttribute("data-review-where")) return "the card's heading";
      if (el?.hasAttribute("data-review-giveup")) return "give up";
      return el?.dataset.action ?? el?.dataset.rating ?? (el?.hasAttribute("data-solution") ? "the solution" : null);
    });
  const giveUpButton = (page: Page) => page.getByRole("button", { name: "I can't work it out: show the answers" });
  /**
   * Whether the exercise's own Show solution is shown (neither hidden nor outside the layout): with
   * the solution on show it is not, however the solution came (the exercise widget's rule).
   */
  const offersSolution = (page: Page, exercise = id) =>
    inReview(page, exercise).locator('[data-action="solution"]').isVisible();
  /** Whether the exercise's Show a hint is shown: with the solution on show it is not, as Show solution is not. */
  const offersHint = (page: Page) => inReview(page).locator('[data-action="hint"]').isVisible();
  /** The exercise's hints open. */
  const openHints = (page: Page) => inReview(page).locator("[data-hint]:not([hidden])").count();
  /** What the chapter page and /progress/ say of the exercise. */
  async function chapterSays(page: Page) {
    await page.goto(`${browser.site}/progress/`);
    const cell = page.locator(`[data-exercise-status="${id}"]`);
    await expect.poll(() => cell.textContent()).not.toBe("Not started");
    const progress = (await cell.textContent())?.trim();
    await page.goto(`${browser.site}/cells/`);
    const status = page.locator(`[data-exercise="${id}"] [data-status]`);
    await expect.poll(() => status.textContent()).not.toBe("");
    return { progress, chapter: await status.textContent(), unearned: await status.getAttribute("data-unearned") };
  }

  test("given up and reloaded: rated again, while the chapter and /progress/ still say ✓ Solved, its record as it was", async () => {
    const { page } = await reviewer(solved);
    await openReview(page);
    expect(await offersSolution(page)).toBe(true);
    // One hint opened first (the review counts it; the chapter does not).
    await inReview(page)
      .getByRole("button", { name: /^Show a hint/ })
      .click();
    await expect.poll(() => openHints(page), loading).toBe(1);
    await page.getByRole("button", { name: "I can't work it out: show the answers" }).click();
    await expect.poll(() => rating(page).count()).toBe(1);
    const shown = inReview(page).locator("[data-variant-answers]");
    await expect.poll(() => shown.count(), loading).toBe(1);
    // The answers shown, the exercise's own Show solution goes, as after its own Show it: it would
    // only offer them again. Show a hint goes with it; the hint opened stays open. The focus stays
    // on the grade on offer.
    expect(await offersSolution(page)).toBe(false);
    expect(await offersHint(page)).toBe(false);
    expect(await openHints(page)).toBe(1);
    await expect.poll(() => focused(page)).toBe("again");
    await openReview(page, true);
    await expect.poll(() => shown.count(), loading).toBe(1);
    expect(await buttons(page)).toEqual(onlyAgain);
    expect(await offersSolution(page)).toBe(false);
    expect(await offersHint(page)).toBe(false);
    expect(await openHints(page)).toBe(1);

    // The chapter's record is the one the learner earned: solved, its solution never seen there.
    expect((await storedProgress(page)).exercises[id]).toEqual(solved.exercises[id]);
    expect(await chapterSays(page)).toEqual({ progress: "✓ Solved", chapter: "✓ Solved", unearned: null });

    // The review kept its own record: back on /review/ it is still given up, and rated again.
    await openReview(page);
    expect(await buttons(page)).toEqual(onlyAgain);
    await rating(page)
      .getByRole("button", { name: /^Again/ })
      .click();
    await expect
      .poll(() => page.locator("[data-review-result]").textContent())
      .toBe(`Rated again. This exercise comes back tomorrow (${again.due.slice(0, 10)}).`);
    const after = await storedProgress(page);
    expect(after.review![id]).toEqual(again);
    expect(after.exercises[id]).toEqual(solved.exercises[id]);
  });

  test("given up by the exercise's own Show solution: its confirmation says what it counts, the focus follows the presses, and a part answered after is not solved in the chapter", async () => {
    // Its canary part not solved in the chapter (a part added since the exercise entered review,
    // say): an answer to it checked once the review's solution is shown must not solve it there.
    const stored: Progress = JSON.parse(JSON.stringify(solved));
    stored.exercises[id]!.parts.canary = { attempts: 2, solved: false };
    const { page } = await reviewer(stored);
    await openReview(page);
    const exercise = inReview(page);
    // Unlocked, Show solution is not described as locked (the note, hidden, is not named).
    await expect(exercise.locator('[data-action="solution"]').getAttribute("aria-describedby")).resolves.toBeNull();
    await exercise.getByRole("button", { name: "Show solution" }).click();
    const confirm = exercise.locator("[data-confirm]");
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expect(confirm.locator("p").textContent()).resolves.toBe(giveUpQuestion);
    // The safe answer has the focus, and Escape gives it: nothing is given up, nothing rated.
    await expect.poll(() => focused(page)).toBe("cancel-solution");
    await page.keyboard.press("Escape");
    await expect.poll(() => confirm.isHidden()).toBe(true);
    expect(await focused(page)).toBe("solution");
    expect(await exercise.locator("[data-solution]").isHidden()).toBe(true);
    expect(await rating(page).count()).toBe(0);
    await exercise.getByRole("button", { name: "Show solution" }).click();
    await expect.poll(() => focused(page)).toBe("cancel-solution");
    await exercise.getByRole("button", { name: "Show it" }).click();
    await expect.poll(() => exercise.locator("[data-solution]").isVisible()).toBe(true);
    expect(await offersSolution(page)).toBe(false);
    expect(await offersHint(page)).toBe(false);
    // Given up: the grade on offer has the focus.
    await expect.poll(() => rating(page).count()).toBe(1);
    expect(await buttons(page)).toEqual(onlyAgain);
    await expect.poll(() => focused(page)).toBe("again");

    const param = async (name: string) =>
      Number((await exercise.locator(`[data-param="${name}"]`).first().textContent())?.replaceAll(",", ""));
    const right = answers({ cells: await param("cells"), customers: await param("customers") }) as { canary: number };
    const canary = exercise.locator('form[data-part="canary"]');
    await canary.getByLabel("Your answer").fill(String(right.canary));
    await canary.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => canary.locator("[data-feedback]").getAttribute("data-verdict"), loading).toBe("right");
    const entry = (await storedProgress(page)).exercises[id]!;
    expect(entry.revealed).toBe(false);
    expect(entry.parts.canary!.solved).toBe(false);
    expect(await chapterSays(page)).toEqual({
      progress: "1 of 2 parts",
      chapter: "1 of 2 parts solved",
      unearned: null,
    });
  });

  test("answers and hints given in a review count in the review's record, not in the chapter's attempts and hints", async () => {
    const { page } = await reviewer(solved);
    await openReview(page);
    const exercise = inReview(page);
    const param = async (name: string) =>
      Number((await exercise.locator(`[data-param="${name}"]`).first().textContent())?.replaceAll(",", ""));
    const right = answers({ cells: await param("cells"), customers: await param("customers") }) as {
      canary: number;
      untouched: number;
    };
    await exercise.getByRole("button", { name: /^Show a hint/ }).click();
    await expect.poll(() => exercise.locator("[data-hint]:not([hidden])").count(), loading).toBe(1);
    // A wrong answer, then the same one checked again: it counts once, in the review as in a chapter.
    const canary = exercise.locator('form[data-part="canary"]');
    const feedback = canary.locator("[data-feedback]");
    await canary.getByLabel("Your answer").fill("1");
    await canary.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => feedback.getAttribute("data-verdict"), loading).toBe("wrong");
    await expect(feedback.getAttribute("data-counted")).resolves.toBe("true");
    await canary.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => feedback.getAttribute("data-counted")).toBe("false");
    await expect(feedback.textContent()).resolves.toMatch(/not counted as another attempt\.$/);
    for (const [part, value] of [
      ["canary", right.canary],
      ["untouched", right.untouched],
    ] as const) {
      const form = exercise.locator(`form[data-part="${part}"]`);
      await form.getByLabel("Your answer").fill(String(value));
      await form.getByRole("button", { name: "Check" }).click();
      await expect.poll(() => form.locator("[data-feedback]").getAttribute("data-verdict"), loading).toBe("right");
    }
    await expect.poll(() => rating(page).count()).toBe(1);
    // The review counted the hint and the wrong answer once each.
    await expect(page.locator("[data-review-rate-note]").textContent()).resolves.toBe(
      ratingNote({ wrong: 2, gaveUp: false }),
    );
    expect((await storedAttempts(page)).reviews[id]).toMatchObject({ seed: expect.any(Number), wrong: 2, hints: 1 });
    // The chapter's record is as the learner left it there: each part's one attempt, no hint.
    expect((await storedProgress(page)).exercises[id]).toEqual(solved.exercises[id]);
  });

  test("given up in another tab while the focus is on Show solution here, or on the give-up button there: the focus goes to the answers shown, or to the grade on offer, not to the page", async () => {
    const { context, page: here } = await reviewer(solved);
    await openReview(here);
    const there = await context.newPage();
    await openReview(there);
    const elsewhere = await context.newPage();
    await openReview(elsewhere);
    await inReview(here).locator('[data-action="solution"]').focus();
    await expect.poll(() => focused(here)).toBe("solution");
    await giveUpButton(there).focus();
    await expect.poll(() => focused(there)).toBe("give up");
    await giveUpButton(elsewhere).click();
    await expect.poll(() => inReview(here).locator("[data-variant-answers]").count(), loading).toBe(1);
    expect(await offersSolution(here)).toBe(false);
    await expect.poll(() => focused(here)).toBe("the solution");
    expect(await buttons(here)).toEqual(onlyAgain);
    // There the give-up button went with the answers shown, and its focus to what the reader does
    // next, as their own press on it does: the grade on offer.
    await expect.poll(() => rating(there).count()).toBe(1);
    expect(await giveUpButton(there).isHidden()).toBe(true);
    expect(await buttons(there)).toEqual(onlyAgain);
    await expect.poll(() => focused(there)).toBe("again");
  });

  test("the card left the schedule in another tab (its progress reset): no grade is offered, the page says why, and Finish, with the focus, leads to the empty state", async () => {
    const { context, page: here } = await reviewer(solved);
    // Here the learner tabs to the exercise's variant form as soon as the exercise is in the page,
    // while the review's numbers are dealt: it is not there to take the focus, or a press.
    await here.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const form = document.querySelector<HTMLElement>("[data-review-slot] [data-variant-form]");
        if (!form) return;
        observer.disconnect();
        form.querySelector("input")!.focus();
        const offered = [form.checkVisibility(), form.contains(document.activeElement)];
        document.documentElement.dataset.variantFormOffered = String(offered);
      }).observe(document, { childList: true, subtree: true });
    });
    await openReview(here);
    expect(await here.evaluate(() => document.documentElement.dataset.variantFormOffered)).toBe("false,false");
    expect(await inReview(here).locator("[data-variant-form]").isHidden()).toBe(true);
    const there = await context.newPage();
    await openReview(there);
    // Here the focus is on the give-up button when the progress is reset there: this page is told
    // at once (the other tab's storage event), not when its learner next answers.
    await giveUpButton(here).focus();
    await there.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [progressKey, JSON.stringify(emptyProgress())],
    );
    await expect.poll(() => here.getByRole("button", { name: "Finish" }).isVisible()).toBe(true);
    // There, where the reset was written (a tab is not told of its own writes), the learner gives
    // up from the keyboard: the review is found closed then.
    await giveUpButton(there).focus();
    await there.keyboard.press("Enter");
    for (const page of [there, here]) {
      const finish = page.getByRole("button", { name: "Finish" });
      await expect.poll(() => finish.isVisible()).toBe(true);
      await expect(page.locator("[data-review-result]").textContent()).resolves.toBe(
        "This review cannot be rated: the exercise is no longer in your review schedule (your progress was reset or replaced in another tab).",
      );
      await expect(page.locator("[data-review-status]").textContent()).resolves.toBe(
        "Not rated here: that was the last review for today.",
      );
      expect(await rating(page).count()).toBe(0);
      expect(await giveUpButton(page).isHidden()).toBe(true);
      expect(await page.locator("[data-review-due] li").allTextContents()).toEqual([
        expect.stringMatching(/: not rated, it left the schedule$/),
      ]);
      // There the learner's own press, here the focus on the give-up button that went: on to Finish.
      expect(await finish.evaluate((button) => button === document.activeElement)).toBe(true);
    }
    // Finish: nothing is left in the schedule, and the page says so, with the focus.
    await here.keyboard.press("Enter");
    const status = here.locator("[data-review-status]");
    await expect.poll(() => status.textContent()).toBe(nothingToReview);
    expect(await status.evaluate((line) => line === document.activeElement)).toBe(true);
  });

  test("rated in another tab meanwhile, the review given up here offers no grade and says so; Next review, focused, pressed from the keyboard: the focus goes to the next card's heading while its exercise loads, and stays there when it cannot load", async () => {
    // A second exercise due the same day (bothDue); its markup's request fails.
    const both = bothDue();
    const { page } = await reviewer(both);
    let requests = 0;
    await page.route(/\/review\/[^/]+\.json$/, (route) => (requests++ === 0 ? route.continue() : route.abort()));
    await page.goto(`${browser.site}/review/`);
    const status = page.locator("[data-review-status]");
    await expect.poll(() => status.textContent(), loading).toMatch(/^2 reviews left today\. New numbers are in/);
    // Another tab rates the first review (it writes the progress this page reads), then the
    // learner gives it up here: no grade would record anything.
    const first = (await page.locator("[data-review-slot] [data-exercise]").getAttribute("data-exercise"))!;
    const ratedThere = recordReview(both, first, "good", reviewAt);
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [progressKey, JSON.stringify(ratedThere)],
    );
    await giveUpButton(page).click();
    const next = page.getByRole("button", { name: "Next review (1 left)" });
    await expect.poll(() => next.isVisible()).toBe(true);
    const back = keepUnitWithNumber(whenText(new Date(ratedThere.review![first]!.due), reviewAt));
    await expect(page.locator("[data-review-result]").textContent()).resolves.toBe(
      `This review was rated already, in another tab or in the terminal: the exercise comes back ${back}.`,
    );
    await expect(status.textContent()).resolves.toBe("Not rated here: 1 review left today.");
    expect(await rating(page).count()).toBe(0);
    expect(await next.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => status.textContent(), loading).toMatch(/^The exercise could not load \(/);
    expect(await next.isHidden()).toBe(true);
    await expect(page.locator("[data-review-where]").textContent()).resolves.toMatch(/^Review 2 of 2: from /);
    expect(await focused(page)).toBe("the card's heading");
  });

  test("rated in another tab: a review to come leaves the queue at once, and the review on show is closed at once, what the learner typed and the focus left as they were", async () => {
    const both = bothDue();
    const { context, page: here } = await reviewer(both);
    await here.goto(`${browser.site}/review/`);
    const status = here.locator("[data-review-status]");
    await expect.poll(() => status.textContent(), loading).toMatch(/^2 reviews left today\. New numbers are in/);
    const dealt = (await status.textContent())!.replace(/^2 reviews left today\. /, "");
    const onShow = (await here.locator("[data-review-slot] [data-exercise]").getAttribute("data-exercise"))!;
    const toCome = onShow === id ? second : id;
    // The learner is typing an answer on show.
    const field = inReview(here, onShow).locator("form[data-part]").first().getByLabel("Your answer");
    await field.fill("12");
    await field.focus();
    const typing = () => here.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value ?? null);
    expect(await typing()).toBe("12");

    // Another tab of the same browser (any page of the site) rates the review to come, as
    // /review/ or the terminal's import writes it there.
    const there = await context.newPage();
    await there.goto(`${browser.site}/progress/`);
    const write = (progress: Progress) =>
      there.evaluate(([key, value]) => localStorage.setItem(key!, value!), [progressKey, JSON.stringify(progress)]);
    const ratedToCome = recordReview(both, toCome, "good", reviewAt);
    await write(ratedToCome);
    // Here it leaves the queue at once: the list, the card's heading and the status count one.
    await expect.poll(() => here.locator("[data-review-due] li").count()).toBe(1);
    await expect(here.locator("[data-review-where]").textContent()).resolves.toMatch(/^Review 1 of 1: from /);
    await expect(status.textContent()).resolves.toBe(`1 review left today. ${dealt}`);
    expect(await typing()).toBe("12");

    // Then it rates the review on show: it is closed here at once, with the note it would have
    // had on being answered, and Finish; the answer typed and the focus stay where they were.
    const ratedBoth = recordReview(ratedToCome, onShow, "hard", reviewAt);
    await write(ratedBoth);
    const finish = here.getByRole("button", { name: "Finish" });
    await expect.poll(() => finish.isVisible()).toBe(true);
    const back = keepUnitWithNumber(whenText(new Date(ratedBoth.review![onShow]!.due), reviewAt));
    await expect(here.locator("[data-review-result]").textContent()).resolves.toBe(
      `This review was rated already, in another tab or in the terminal: the exercise comes back ${back}.`,
    );
    await expect(status.textContent()).resolves.toBe("Not rated here: that was the last review for today.");
    expect(await giveUpButton(here).isHidden()).toBe(true);
    expect(await rating(here).count()).toBe(0);
    expect(await typing()).toBe("12");
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    // Answered now, it offers no grade: nothing more is counted or offered for it.
    await field.press("Enter");
    await expect
      .poll(() =>
        inReview(here, onShow).locator("form[data-part] [data-feedback]").first().getAttribute("data-verdict"),
      )
      .not.toBeNull();
    expect(await rating(here).count()).toBe(0);
    await expect(status.textContent()).resolves.toBe("Not rated here: that was the last review for today.");
  });

  test("a review given up under the seed it dealt before reviews skipped the chapter's numbers is still given up under the seed dealt now", async () => {
    // "Drain and refill a retry token bucket", forgotten at every review: at its fourteenth (13
    // reviews so far) the seed reviews dealt before had the chapter's numbers, so the page deals another.
    const bucket = "retry-token-bucket";
    const meta = loadExercise(bucket).meta;
    const parts = meta.kind === "code" ? [] : meta.parts.map((p) => p.id);
    const entry = emptyProgress();
    entry.exercises[bucket] = {
      parts: Object.fromEntries(parts.map((p) => [p, { attempts: 1, solved: true }])),
      hints: 0,
      revealed: false,
    };
    const forgotten = new Date(reviewAt.getTime() - 3 * day);
    let stored = enrol(entry, [{ id: bucket, chapter: meta.chapter, parts }], forgotten);
    for (let review = 0; review < 12; review++) stored = recordReview(stored, bucket, "again", forgotten);
    const former = formerReviewSeed(bucket, 13);
    const seed = reviewSeedOf(bucket, 13);
    expect(seed).not.toBe(former);
    const answer = { fields: [["answer", "1"]], verdict: "wrong" };
    const record = { seed: former, wrong: 1, hints: 0, gaveUp: true, answers: { [parts[0]!]: answer } };
    const { page } = await reviewer(stored, JSON.stringify({ version: 1, reviews: { [bucket]: record } }));
    await openReview(page);

    // The answers for the numbers dealt now are shown, and only "again" is on offer.
    await expect.poll(() => rating(page).count()).toBe(1);
    await expect
      .poll(() => inReview(page, bucket).locator("[data-variant-answers]").textContent(), loading)
      .toMatch(new RegExp(`^For this variant \\(seed ${seed}\\)`));
    expect(await offersSolution(page, bucket)).toBe(false);
    expect((await buttons(page)).filter((b) => !b.endsWith("(disabled)"))).toEqual([
      expect.stringMatching(/^Againback /),
    ]);
    await expect(page.locator("[data-review-status]").textContent()).resolves.toBe(
      `Answers shown (variant ${seed}). Rate the review to schedule it.`,
    );
    // The record is the seed's now: its counts kept, the answer to the former numbers not.
    expect(await storedAttempts(page)).toEqual({
      version: 1,
      reviews: { [bucket]: { seed, wrong: 1, hints: 0, gaveUp: true, answers: {} } },
    });
    expect((await storedProgress(page)).exercises[bucket]!.revealed).toBe(false);
  });
});
