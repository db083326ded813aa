/**
 * A due review on /review/ keeps what counts against it until it is rated: a reload, or another
 * tab, deals the same numbers (the card's reps move only when it is rated) and must bring back the
 * same record, so the grades on offer are the same. A reviewer found that giving up, reading the
 * answers, reloading and typing them in earned "Every part right first time" with Easy on offer
 * (68 days), and that wrong answers followed by a reload were wiped the same way
 * (src/widgets/review/attempts.ts keeps the record now). Then that the parts answered before a
 * reload came back empty, to be answered again: the record keeps each part's last answer and its
 * verdict now, and a reload shows them as they were left, counting nothing more. Then that the
 * verdicts brought back were written into live regions, so a screen reader read each of them out
 * on loading as if just checked: the page's own status line says what came back, and the
 * exercise's regions speak again once the learner acts.
 *
 * "One bad cell", solved three days before the review day: the page's clock is fixed there and
 * the stored progress is seeded once per tab, so a reload reads what the page stored.
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { answers } from "../../solutions/cells-blast-radius/solution.ts";
import { progressKey } from "../../src/course/progress.ts";
import { recordReview } from "../../src/course/review.ts";
import { sameAnswerNote } from "../../src/course/progress.ts";
import { attemptsKey } from "../../src/widgets/review/attempts.ts";
import { compareDecline, compareQuestion } from "../../src/widgets/review/compare.ts";
import type { Session } from "../../tools/chromium.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { announcedChanges, recordTextChangesFromLoad } from "../support/live-regions.ts";
import { openDueReview, reviewedId, reviewLoading, seededReader, solvedAndEnrolled } from "../support/solved-review.ts";
import { reviewSeedOf } from "../support/review-seeds.ts";

const loading = reviewLoading;

describeInBrowser("a review under way, reloaded", { ownContext: false }, (browser) => {
  const id = reviewedId;
  const reviewAt = new Date("2026-12-04T09:00:00.000Z");
  const seed = reviewSeedOf(id, 1);
  const stored = solvedAndEnrolled(new Date(reviewAt.getTime() - 3 * 86_400_000));
  const again = recordReview(stored, id, "again", reviewAt).review![id]!;
  const hard = recordReview(stored, id, "hard", reviewAt).review![id]!;
  const dealtStatus = "1 review left today. New numbers are in: work it out again.";
  /** The status once the parts answered before a reload are back. */
  const backStatus = (parts: number) =>
    `1 review left today. Back to this review as you left it, with your answers to ${parts} of 2 parts.`;
  const gaveUpNote = "You saw the answers, so this review counts as forgotten: it comes back soon.";
  const onlyAgain = [
    `Againback tomorrow (${again.due.slice(0, 10)})`,
    "Hardnot earned",
    "Goodnot earned",
    "Easynot earned",
  ];

  /** A reader's context on the review day, its progress seeded once (a reload keeps what the page stored). */
  const reviewer = (): Promise<Session> => seededReader(browser, stored);
  /** Open /review/ (or reload it) on the review day, once it has dealt the review's numbers or come back to it. */
  const openReview = (page: Page, reload = false) => openDueReview(page, browser.site, reviewAt, reload);

  const exercise = (page: Page) => page.locator(`[data-review-slot] [data-exercise="${id}"]`);
  const rating = (page: Page) => page.getByRole("group", { name: "How did it go?" });
  const note = (page: Page) => page.locator("[data-review-rate-note]");

  /** The review's numbers, as the page dealt them, and their answers. */
  async function expected(page: Page) {
    const param = async (name: string) =>
      Number((await exercise(page).locator(`[data-param="${name}"]`).first().textContent())?.replaceAll(",", ""));
    return answers({ cells: await param("cells"), customers: await param("customers") }) as {
      untouched: number;
      canary: number;
    };
  }

  /** What a part shows: the answer in its field, the verdict, its feedback. */
  async function partShows(page: Page, part: string) {
    const form = exercise(page).locator(`form[data-part="${part}"]`);
    const feedback = form.locator("[data-feedback]");
    return {
      answer: await form.getByLabel("Your answer").inputValue(),
      verdict: await feedback.getAttribute("data-verdict"),
      feedback: await feedback.textContent(),
    };
  }

  /** Once the part's answer kept before the reload is back, checked again: what it shows. */
  async function restored(page: Page, part: string) {
    const feedback = exercise(page).locator(`form[data-part="${part}"] [data-feedback]`);
    await expect.poll(() => feedback.getAttribute("data-verdict"), loading).not.toBeNull();
    return partShows(page, part);
  }

  const empty = { answer: "", verdict: null, feedback: "" };

  async function answer(page: Page, part: string, text: string, verdict: "right" | "wrong"): Promise<void> {
    const form = exercise(page).locator(`form[data-part="${part}"]`);
    await form.getByLabel("Your answer").fill(text);
    await form.getByRole("button", { name: "Check" }).click();
    await expect
      .poll(() => form.locator("[data-feedback]").getAttribute("data-verdict"), { timeout: 20_000 })
      .toBe(verdict);
  }

  /** Every rating button, its text and whether it may be pressed. */
  const buttons = (page: Page) =>
    rating(page)
      .getByRole("button")
      .evaluateAll((all) =>
        all.map((b) => `${b.textContent}${(b as HTMLButtonElement).disabled ? " (disabled)" : ""}`),
      );

  /**
   * From the start of every load of `page`: each text the page writes in its status line (not the
   * one it is built with), and each element that takes the focus (what a screen reader follows).
   */
  const recordStatusAndFocus = (page: Page) =>
    page.addInitScript(() => {
      const w = window as unknown as { qaStatus: string[]; qaFocus: string[] };
      w.qaStatus = [];
      w.qaFocus = [];
      // A write replaces the line's text; the text it is built with is only added, as it is parsed.
      new MutationObserver((records) => {
        for (const r of records)
          if (r.target instanceof Element && r.target.matches("[data-review-status]") && r.removedNodes.length > 0)
            w.qaStatus.push([...r.addedNodes].map((n) => n.textContent).join(""));
      }).observe(document, { childList: true, subtree: true });
      document.addEventListener(
        "focusin",
        (e) => {
          const el = e.target as HTMLElement;
          w.qaFocus.push(el.dataset.action ?? el.dataset.rating ?? el.className);
        },
        true,
      );
    });
  /** What recordStatusAndFocus saw since the last load, and whether the focus is where a load leaves it. */
  const seen = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { qaStatus: string[]; qaFocus: string[] };
      return { status: w.qaStatus, focus: w.qaFocus, body: document.activeElement === document.body };
    });

  const storedAttempts = (page: Page) =>
    page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), attemptsKey);

  test("given up, then reloaded: the answers stay shown, only again is offered, and typing them in earns nothing more", async () => {
    const { page } = await reviewer();
    await openReview(page);
    await expect(page.locator("[data-review-status]").textContent()).resolves.toBe(dealtStatus);
    const right = await expected(page);
    // One part answered before giving up: it comes back as it was.
    await answer(page, "untouched", String(right.untouched), "right");
    const untouched = await partShows(page, "untouched");

    await page.getByRole("button", { name: "I can't work it out: show the answers" }).click();
    await expect.poll(() => rating(page).count()).toBe(1);
    await expect(note(page).textContent()).resolves.toBe(gaveUpNote);
    const before = await buttons(page);
    expect(before).toEqual(onlyAgain.map((b, i) => (i === 0 ? b : `${b} (disabled)`)));
    const shown = exercise(page).locator("[data-variant-answers]");
    await expect.poll(() => shown.count(), loading).toBe(1);
    const answersText = await shown.textContent();
    expect(await storedAttempts(page)).toEqual({
      version: 1,
      reviews: {
        [id]: {
          seed,
          wrong: 0,
          hints: 0,
          gaveUp: true,
          answers: { untouched: { fields: [["answer", String(right.untouched)]], verdict: "right" } },
        },
      },
    });

    // Not rated: the reader reloads. The same review, given up, its answers shown, the same grades,
    // the part answered before giving up as it was.
    await openReview(page, true);
    expect(await restored(page, "untouched")).toEqual(untouched);
    expect(await partShows(page, "canary")).toEqual(empty);
    await expect.poll(() => rating(page).count()).toBe(1);
    await expect(page.locator("[data-review-status]").textContent()).resolves.toBe(
      `Answers shown (variant ${seed}). Rate the review to schedule it.`,
    );
    await expect(note(page).textContent()).resolves.toBe(gaveUpNote);
    expect(await buttons(page)).toEqual(before);
    await expect.poll(() => shown.textContent(), loading).toBe(answersText);
    expect(await page.locator("[data-review-giveup]").isHidden()).toBe(true);

    // The answers read before the reload, typed in: right, and still only "again" on offer.
    await answer(page, "untouched", String(right.untouched), "right");
    await answer(page, "canary", String(right.canary), "right");
    await expect(note(page).textContent()).resolves.toBe(gaveUpNote);
    expect(await buttons(page)).toEqual(before);

    await rating(page)
      .getByRole("button", { name: /^Again/ })
      .click();
    await expect
      .poll(() => page.locator("[data-review-result]").textContent())
      .toBe(`Rated again. This exercise comes back tomorrow (${again.due.slice(0, 10)}).`);
    const saved = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), progressKey))!);
    expect(saved.review[id]).toEqual(again);
    // Rated: its record goes with it (the next review deals other numbers).
    expect(await storedAttempts(page)).toBeNull();
  });

  test("given up, then reloaded: the focus stays where a page load leaves it, and the status line is written once", async () => {
    const { page } = await reviewer();
    await recordStatusAndFocus(page);
    await openReview(page);
    await page.getByRole("button", { name: "I can't work it out: show the answers" }).click();
    await expect.poll(() => rating(page).count()).toBe(1);
    // Given up by the reader's press: the focus goes to the grade on offer.
    await expect.poll(async () => (await seen(page)).focus.at(-1)).toBe("again");

    await openReview(page, true);
    await expect.poll(() => rating(page).count()).toBe(1);
    await expect.poll(() => exercise(page).locator("[data-variant-answers]").count(), loading).toBe(1);
    const reloaded = await seen(page);
    // What the status line says while the exercise loads, then once the review is back: each once.
    expect(reloaded.status).toEqual([
      "1 review left today. Loading the exercise…",
      `Answers shown (variant ${seed}). Rate the review to schedule it.`,
    ]);
    // Nothing took the focus: it is where a page load leaves it.
    expect(reloaded.focus).toEqual([]);
    expect(reloaded.body).toBe(true);
  });

  test("a wrong answer and a right one, then reloaded: both as they were left; the wrong one still counts, checked again it counts once", async () => {
    const { page } = await reviewer();
    await openReview(page);
    const right = await expected(page);
    await answer(page, "canary", "1", "wrong");
    await answer(page, "untouched", String(right.untouched), "right");
    const before = { canary: await partShows(page, "canary"), untouched: await partShows(page, "untouched") };
    const exerciseStatus = await exercise(page).locator("[data-status]").textContent();
    await expect
      .poll(() => storedAttempts(page))
      .toEqual({
        version: 1,
        reviews: {
          [id]: {
            seed,
            wrong: 1,
            hints: 0,
            gaveUp: false,
            answers: {
              canary: { fields: [["answer", "1"]], verdict: "wrong" },
              untouched: { fields: [["answer", String(right.untouched)]], verdict: "right" },
            },
          },
        },
      });

    await openReview(page, true);
    // Each part shows its answer, its verdict and what the grader said of it, as it was left.
    expect(await restored(page, "canary")).toEqual(before.canary);
    expect(await restored(page, "untouched")).toEqual(before.untouched);
    await expect(exercise(page).locator("[data-status]").textContent()).resolves.toBe(exerciseStatus);
    await expect(page.locator("[data-review-status]").textContent()).resolves.toBe(
      `${backStatus(2)} 1 wrong answer or hint already counts against this review.`,
    );
    // Bringing them back counted nothing.
    expect((await storedAttempts(page)).reviews[id].wrong).toBe(1);
    expect(await rating(page).isHidden()).toBe(true);

    // The same wrong answer for these numbers, checked again after the reload, is not counted again.
    const canary = exercise(page).locator('form[data-part="canary"]');
    await canary.getByRole("button", { name: "Check" }).click();
    await expect
      .poll(() => canary.locator("[data-feedback]").textContent())
      .toBe(`${before.canary.feedback} ${sameAnswerNote("answer")}`);
    await expect(canary.locator("[data-feedback]").getAttribute("data-counted")).resolves.toBe("false");
    await answer(page, "canary", String(right.canary), "right");

    await expect.poll(() => rating(page).count()).toBe(1);
    await expect(note(page).textContent()).resolves.toBe(
      "Every part right, after 1 wrong answer or hint: rate it again or hard.",
    );
    expect(await buttons(page)).toEqual([
      `Againback tomorrow (${again.due.slice(0, 10)})`,
      `Hardback in 9\u00a0days (${hard.due.slice(0, 10)})`,
      "Goodnot earned (disabled)",
      "Easynot earned (disabled)",
    ]);
  });

  test("one part right and the other typed, not checked, then reloaded: both back as they were left, nothing more checked or counted, and the grades are those a review without the reload earns", async () => {
    const { page } = await reviewer();
    await openReview(page);
    const right = await expected(page);
    await answer(page, "untouched", String(right.untouched), "right");
    const untouched = await partShows(page, "untouched");
    const checked = { untouched: { fields: [["answer", String(right.untouched)]], verdict: "right" } };
    await expect
      .poll(() => storedAttempts(page))
      .toEqual({
        version: 1,
        reviews: { [id]: { seed, wrong: 0, hints: 0, gaveUp: false, answers: checked } },
      });
    // The other part's answer typed, not checked: kept for these numbers as it is typed.
    await exercise(page).locator('form[data-part="canary"]').getByLabel("Your answer").fill(String(right.canary));
    await expect
      .poll(() => storedAttempts(page))
      .toEqual({
        version: 1,
        reviews: {
          [id]: {
            seed,
            wrong: 0,
            hints: 0,
            gaveUp: false,
            answers: checked,
            typed: { canary: [["answer", String(right.canary)]] },
          },
        },
      });

    await openReview(page, true);
    expect(await restored(page, "untouched")).toEqual(untouched);
    // The text typed is back in its field, and nothing checked it.
    expect(await partShows(page, "canary")).toEqual({ ...empty, answer: String(right.canary) });
    await expect(page.locator("[data-review-status]").textContent()).resolves.toBe(
      "1 review left today. Back to this review as you left it, with your answers to 1 of 2 parts, and text typed and not checked yet in 1 part.",
    );
    await expect(exercise(page).locator("[data-status]").textContent()).resolves.toMatch(
      // The review under way does not name its seed (it deals the worked solution elsewhere).
      /these numbers: 1 of 2 parts answered right so far$/,
    );
    expect(await rating(page).isHidden()).toBe(true);
    expect((await storedAttempts(page)).reviews[id]).toMatchObject({ wrong: 0, hints: 0, answers: checked });

    // The reader checks the text brought back: every part right first time, every grade on offer.
    const canary = exercise(page).locator('form[data-part="canary"]');
    await canary.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => canary.locator("[data-feedback]").getAttribute("data-verdict")).toBe("right");
    await expect.poll(() => rating(page).count()).toBe(1);
    await expect(note(page).textContent()).resolves.toBe("Every part right first time. Rate how much effort it took.");
    expect((await buttons(page)).filter((b) => b.endsWith("(disabled)"))).toEqual([]);
    // Rated: the record goes, and what was typed for these numbers with it.
    await rating(page).getByRole("button", { name: /^Good/ }).click();
    await expect.poll(() => storedAttempts(page)).toBeNull();
  });

  test("every part right, then reloaded before rating: both back as they were and the same grades on offer, the focus left where it is unless on Show a hint, which goes", async () => {
    const { page } = await reviewer();
    await recordStatusAndFocus(page);
    await openReview(page);
    const right = await expected(page);
    await answer(page, "canary", "1", "wrong");
    await answer(page, "canary", String(right.canary), "right");
    await answer(page, "untouched", String(right.untouched), "right");
    await expect.poll(() => rating(page).count()).toBe(1);
    const before = { canary: await partShows(page, "canary"), untouched: await partShows(page, "untouched") };
    const grades = await buttons(page);
    const rateNote = await note(page).textContent();

    await openReview(page, true);
    expect(await restored(page, "canary")).toEqual(before.canary);
    expect(await restored(page, "untouched")).toEqual(before.untouched);
    await expect.poll(() => rating(page).isVisible()).toBe(true);
    expect(await buttons(page)).toEqual(grades);
    await expect(note(page).textContent()).resolves.toBe(rateNote);
    await expect(page.locator("[data-review-status]").textContent()).resolves.toBe(
      `Answered (variant ${seed}). Rate the review to schedule it.`,
    );
    // Answered, as before the reload: no more hints on offer, the worked solution still, to compare.
    expect(await exercise(page).locator('[data-action="hint"]').isVisible()).toBe(false);
    expect(await exercise(page).getByRole("button", { name: "Show solution" }).isVisible()).toBe(true);
    await expect(exercise(page).locator("[data-confirm] p").textContent()).resolves.toBe(compareQuestion);
    await expect(exercise(page).locator('[data-action="cancel-solution"]').textContent()).resolves.toBe(compareDecline);
    // Said once, where the review stands: answered, to be rated (not first "Back to this review …").
    expect((await seen(page)).status).toEqual([
      "1 review left today. Loading the exercise…",
      `Answered (variant ${seed}). Rate the review to schedule it.`,
    ]);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    // Reloaded again, the learner tabbing to Show a hint while the numbers are dealt: it goes once
    // they are back, all right, and the focus goes with it to the default grade, not to the page.
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem("test:tab-to-hint")) return;
      new MutationObserver((_, observer) => {
        const hint = document.querySelector<HTMLElement>('[data-review-slot] [data-action="hint"]');
        if (!hint) return;
        observer.disconnect();
        hint.focus();
        // The card leaves the schedule meanwhile, as a progress reset in another tab takes it.
        if (!sessionStorage.getItem("test:leave-schedule")) return;
        const progress = JSON.parse(localStorage.getItem(key)!);
        delete progress.review;
        localStorage.setItem(key, JSON.stringify(progress));
      }).observe(document, { childList: true, subtree: true });
    }, progressKey);
    await page.evaluate(() => sessionStorage.setItem("test:tab-to-hint", "1"));
    await openReview(page, true);
    await expect.poll(() => rating(page).isVisible()).toBe(true);
    expect(await buttons(page)).toEqual(grades);
    expect(await exercise(page).locator('[data-action="hint"]').isVisible()).toBe(false);
    expect((await seen(page)).focus).toEqual(["hint", "hard"]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-rating"))).toBe("hard");

    // Once more, and the card leaves the schedule while the numbers are dealt: no grade can be
    // given, so none is offered; the page says why, and the focus on Show a hint goes on to
    // Finish, not to the page.
    await page.evaluate(() => sessionStorage.setItem("test:leave-schedule", "1"));
    await page.reload();
    const finish = page.getByRole("button", { name: "Finish" });
    await expect.poll(() => finish.isVisible(), loading).toBe(true);
    await expect(page.locator("[data-review-status]").textContent()).resolves.toBe(
      "Not rated here: that was the last review for today.",
    );
    expect(await rating(page).isVisible()).toBe(false);
    expect(await exercise(page).locator('[data-action="hint"]').isVisible()).toBe(false);
    expect(await finish.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  test("a hint opened, then reloaded: it is open again and counted once; the next one counts one more", async () => {
    const { page } = await reviewer();
    await openReview(page);
    const right = await expected(page);
    const open = exercise(page).locator("[data-hint]:not([hidden])");
    const hintButton = exercise(page).locator('[data-action="hint"]');
    await hintButton.click();
    await expect.poll(() => open.count()).toBe(1);
    await expect
      .poll(() => storedAttempts(page))
      .toEqual({
        version: 1,
        reviews: { [id]: { seed, wrong: 1, hints: 1, gaveUp: false, answers: {} } },
      });

    await openReview(page, true);
    await expect(page.locator("[data-review-status]").textContent()).resolves.toBe(
      `${dealtStatus} 1 wrong answer or hint already counts against this review.`,
    );
    expect(await open.count()).toBe(1);
    expect(await hintButton.textContent()).toBe("Show a hint (2 of 2)");
    await hintButton.click();
    await expect.poll(() => open.count()).toBe(2);
    await answer(page, "canary", String(right.canary), "right");
    await answer(page, "untouched", String(right.untouched), "right");
    await expect.poll(() => rating(page).count()).toBe(1);
    await expect(note(page).textContent()).resolves.toBe(
      "Every part right, after 2 wrong answers or hints: rate it again or hard.",
    );
  });

  test("given up in another tab: the tab opened before shows the answers and offers only again, and no more hints", async () => {
    const { context, page: first } = await reviewer();
    await openReview(first);
    const second = await context.newPage();
    await openReview(second);
    const right = await expected(second);
    // The second tab answers one part right and opens a hint from the keyboard, its focus left on
    // Show a hint; then the first gives up.
    await answer(second, "canary", String(right.canary), "right");
    const hintButton = exercise(second).locator('[data-action="hint"]');
    const open = exercise(second).locator("[data-hint]:not([hidden])");
    await hintButton.focus();
    await second.keyboard.press("Enter");
    await expect.poll(() => open.count()).toBe(1);
    await first.getByRole("button", { name: "I can't work it out: show the answers" }).click();
    await expect.poll(() => rating(first).count()).toBe(1);

    await expect.poll(() => rating(second).count()).toBe(1);
    await expect(note(second).textContent()).resolves.toBe(gaveUpNote);
    expect(await buttons(second)).toEqual(onlyAgain.map((b, i) => (i === 0 ? b : `${b} (disabled)`)));
    await expect.poll(() => exercise(second).locator("[data-variant-answers]").count(), loading).toBe(1);
    // Show a hint went with the answers shown, the hint opened still open; the focus that was on
    // it went to the answers, not to the page.
    expect(await hintButton.isVisible()).toBe(false);
    expect(await open.count()).toBe(1);
    await expect
      .poll(() => second.evaluate(() => document.activeElement?.hasAttribute("data-solution") ?? false))
      .toBe(true);
    // The last part answered right now earns nothing more.
    await answer(second, "untouched", String(right.untouched), "right");
    expect(await buttons(second)).toEqual(onlyAgain.map((b, i) => (i === 0 ? b : `${b} (disabled)`)));
  });

  test("brought back after a reload, the verdicts are shown, not read out; a Check the learner makes is read out", async () => {
    const { context, page } = await reviewer();
    // What Chromium would hand a screen reader as said: each element whose text changed since the
    // page loaded (or since the last look), if it sits in a live region.
    await recordTextChangesFromLoad(page);
    const cdp = await context.newCDPSession(page);
    const feedback = (part: string) =>
      exercise(page).locator(`form[data-part="${part}"] [data-feedback]`).getAttribute("id");
    /** The politeness of the exercise's live regions (its feedback, status line, hints), each different one once. */
    const politeness = () =>
      exercise(page)
        .locator("[aria-live]")
        .evaluateAll((all) => [...new Set(all.map((el) => el.getAttribute("aria-live")))]);
    const reviewStatus = "p[data-review-status]";
    const exerciseStatus = "span[data-status]";

    // The page dealt the review's numbers: its status line says so; the exercise's own status line
    // changed too ("these numbers (variant …): 0 of 2 parts answered right so far"), quietly.
    await openReview(page);
    expect(await announcedChanges(page, cdp)).toEqual([reviewStatus]);
    expect(await politeness()).toEqual(["off"]);
    const right = await expected(page);
    // The learner's Checks, a wrong one and a right one: each verdict is read out, with the status line.
    await answer(page, "canary", "1", "wrong");
    await answer(page, "untouched", String(right.untouched), "right");
    expect(await politeness()).toEqual(["polite"]);
    expect(await announcedChanges(page, cdp)).toEqual(
      [`#${await feedback("canary")}`, `#${await feedback("untouched")}`, exerciseStatus].sort(),
    );
    // Another answer typed in the wrong part, not checked: its field is no longer marked wrong.
    const canaryField = exercise(page).locator('form[data-part="canary"]').getByLabel("Your answer");
    await canaryField.fill("2");
    expect(await canaryField.getAttribute("aria-invalid")).toBeNull();
    await expect
      .poll(async () => (await storedAttempts(page)).reviews[id].typed)
      .toEqual({ canary: [["answer", "2"]] });
    const before = { canary: await partShows(page, "canary"), untouched: await partShows(page, "untouched") };
    expect(before.canary).toMatchObject({ answer: "2", verdict: "wrong" });

    // Reloaded: both parts are back with their verdicts, in regions that are quiet, so only the
    // page's status line ("Back to this review as you left it") is read. The wrong part shows the
    // verdict on the answer checked, and then the text typed since, unmarked, as it was left.
    await openReview(page, true);
    expect(await restored(page, "canary")).toEqual(before.canary);
    expect(await canaryField.getAttribute("aria-invalid")).toBeNull();
    expect(await restored(page, "untouched")).toEqual(before.untouched);
    await expect(exercise(page).locator("[data-status]").textContent()).resolves.toMatch(
      /1 of 2 parts answered right so far$/,
    );
    expect(await announcedChanges(page, cdp)).toEqual([reviewStatus]);
    expect(await politeness()).toEqual(["off"]);

    // The learner checks the wrong part again, right this time: that verdict is read out, and the
    // review's status line, which offers the grades.
    await answer(page, "canary", String(right.canary), "right");
    await expect.poll(() => rating(page).count()).toBe(1);
    expect(await politeness()).toEqual(["polite"]);
    expect(await announcedChanges(page, cdp)).toEqual([`#${await feedback("canary")}`, reviewStatus, exerciseStatus]);
    await cdp.detach();
  });

  test("where the record cannot be stored, the review still works in the page", async () => {
    const { page } = await reviewer();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // Full for this key: every write of the review's record throws, as a full storage does.
    await page.addInitScript((key) => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, k: string, v: string) {
        if (k === key) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        setItem.call(this, k, v);
      };
    }, attemptsKey);
    await openReview(page);
    await answer(page, "canary", "1", "wrong");
    await page.getByRole("button", { name: "I can't work it out: show the answers" }).click();
    await expect.poll(() => rating(page).count()).toBe(1);
    await expect(note(page).textContent()).resolves.toBe(gaveUpNote);
    expect(await buttons(page)).toEqual(onlyAgain.map((b, i) => (i === 0 ? b : `${b} (disabled)`)));
    expect(await storedAttempts(page)).toBeNull();
    await rating(page)
      .getByRole("button", { name: /^Again/ })
      .click();
    await expect
      .poll(() => page.locator("[data-review-result]").textContent())
      .toBe(`Rated again. This exercise comes back tomorrow (${again.due.slice(0, 10)}).`);
    expect(errors).toEqual([]);
  });
});
