/**
 * /review/ as a learner meets it three days after solving "One bad cell", with a second card not
 * yet due and a third one damaged in storage: the due list names one exercise, which is fetched
 * and comes back with new numbers; the chapter's answer is wrong for them, the right ones are
 * graded right; only then may the learner rate the review, within what the attempts earned; the
 * rating moves the schedule (in the stored progress) by exactly what FSRS gives it, the damaged
 * card is dropped and the other kept, and the page says when the next review is. The page's
 * clock is fixed; timers run. The status names the variant dealt only once the review is
 * answered. Page loads: the review, /progress/ on the same progress, then /review/ again that day
 * with the canary exercise due too (the review rated earlier is listed as reviewed, and counts in
 * "Review 2 of 2" and "Done: 2 reviews today"), and once more with nothing due.
 * Finish leaves the focus on the summary, and the topics row's "holds for" is the days until the
 * recall shown falls below 90% (src/course/review.ts, holdsForDays). Answered, the review offers
 * no more hints, and its worked solution to compare with, which changes neither the grades nor
 * the chapter's record.
 *
 * Then "Drain and refill a retry token bucket" at its fourteenth review, whose seed as reviews
 * dealt it before had the chapter's numbers: the page deals another, and the terminal the same.
 *
 * Then, at 320 px, "The 16-worker problem" comes back as another worker count: the due list names
 * it as the dealt heading does, and the topics table stacks into labelled cards inside the screen.
 *
 * Last, the same exercise solved with all three hints opened in the chapter: its review starts
 * with them closed, each hint opened in the review counts against it once, and pressing the spent
 * "No more hints" button counts nothing (QA D3, D4).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { answers } from "../../solutions/cells-blast-radius/solution.ts";
import { variant as shuffleVariant } from "../../solutions/shuffle-shard-16-workers/solution.ts";
import { loadChapters } from "../../src/course/catalog.ts";
import type { Page } from "playwright-core";
import { emptyProgress, type Progress, progressKey } from "../../src/course/progress.ts";
import {
  durability,
  enrol,
  holdsForDays,
  recallPercent,
  recordReview,
  targetRecallPercent,
} from "../../src/course/review.ts";
import { titleOf } from "../../src/grader/exercise-meta.ts";
import { loadExercise } from "../../src/grader/load-exercises.ts";
import { run } from "../../src/cli/exercises.ts";
import { runCaptured } from "../../src/cli/run-captured.test-helper.ts";
import { mulberry32 } from "../../src/sim/random.ts";
import type { OpenOptions } from "../../tools/chromium.ts";
import { compareDecline, compareQuestion } from "../../src/widgets/review/compare.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { formerReviewSeed, reviewNumbersOf, reviewSeedOf } from "../support/review-seeds.ts";
import { tempDir } from "../support/temp-dir.ts";

/** The terminal's progress folders, one for each test that runs it. */
const terminalHomes = tempDir("blast-radius-review-page");

describeInBrowser("spaced review in Chromium", (browser) => {
  /** The day every test reviews on: the clock the pages are set to. */
  const reviewAt = new Date("2026-12-04T09:00:00.000Z");
  /** A reader of /review/ on the day `stored` is due, once the page has dealt variant `seed`. */
  async function openReview(stored: Progress, seed: number, options?: OpenOptions): Promise<Page> {
    const { page } = await browser.open(options);
    await page.clock.setFixedTime(reviewAt);
    await page.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [progressKey, JSON.stringify(stored)],
    );
    await page.goto(`${browser.site}/review/`);
    await expect
      .poll(() => page.locator("[data-review-status]").textContent(), { timeout: 30_000 })
      .toBe("1 review left today. New numbers are in: work it out again.");
    // The variant dealt is not named while the review is worked on (its seed would deal the worked
    // solution elsewhere): the exercise's variant form, never shown here, holds it.
    expect(await page.locator('[data-review-slot] input[name="seed"]').inputValue()).toBe(String(seed));
    return page;
  }

  test("lists what is due, deals new numbers, grades, lets the learner rate, reschedules", async () => {
    const { page, site } = browser;
    const id = "cells-blast-radius";
    const chapter = loadChapters().find((c) => c.slug === "cells")!.title;
    const day = 86_400_000;
    const solved = emptyProgress();
    solved.exercises[id] = {
      parts: { untouched: { attempts: 1, solved: true }, canary: { attempts: 1, solved: true } },
      hints: 0,
      revealed: false,
    };
    const canaryParts = ["canary", "first-wave", "first-wave-share"];
    solved.exercises["canary-exposure"] = {
      parts: Object.fromEntries(canaryParts.map((p) => [p, { attempts: 1, solved: true }])),
      hints: 0,
      revealed: false,
    };
    const cells = { id, chapter: "cells", parts: ["untouched", "canary"] };
    const canary = { id: "canary-exposure", chapter: "deploys-and-correlated-failure", parts: canaryParts };
    // Solved three days ago (due now), and the canary exercise yesterday (due in two days).
    let stored = enrol(solved, [cells], new Date(reviewAt.getTime() - 3 * day));
    stored = enrol(stored, [canary], new Date(reviewAt.getTime() - day));
    const damaged = { ...stored.review![id]!, due: "not a date" };
    const seeded = { ...stored, review: { ...stored.review, "shuffle-shard-16-workers": damaged } };
    await page.clock.setFixedTime(reviewAt);
    await page.addInitScript(
      ([key, value]) => {
        if (!sessionStorage.getItem("seeded")) {
          localStorage.setItem(key!, value!);
          sessionStorage.setItem("seeded", "1");
        }
      },
      [progressKey, JSON.stringify(seeded)],
    );
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith(".json")) fetched.push(new URL(r.url()).pathname);
    });
    await page.goto(`${site}/review/`);

    const seed = reviewSeedOf(id, 1);
    const status = page.locator("[data-review-status]");
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toBe("1 review left today. New numbers are in: work it out again.");
    expect(await page.locator("[data-review-due] li").allTextContents()).toEqual([`One bad cell (${chapter})`]);
    expect(fetched).toEqual([`${browser.base}review/${id}.json`]);
    expect(await page.getByRole("heading", { name: `Review 1 of 1: from ${chapter}`, exact: true }).count()).toBe(1);
    const exercise = page.locator(`[data-review-slot] [data-exercise="${id}"]`);
    const param = async (name: string) =>
      Number((await exercise.locator(`[data-param="${name}"]`).first().textContent())?.replaceAll(",", ""));
    const params = { cells: await param("cells"), customers: await param("customers") };
    expect(params).not.toEqual({ cells: 10, customers: 5000 });
    const expected = answers(params) as { canary: number; untouched: number };
    expect(await exercise.locator("[data-variant-form]").isHidden()).toBe(true);
    // No rating before an answer.
    expect(await page.getByRole("group", { name: "How did it go?" }).count()).toBe(0);

    const answer = async (part: string, text: string, verdict: "right" | "wrong") => {
      const form = exercise.locator(`form[data-part="${part}"]`);
      await form.getByLabel("Your answer").fill(text);
      await form.getByRole("button", { name: "Check" }).click();
      await expect
        .poll(() => form.locator("[data-feedback]").getAttribute("data-verdict"), { timeout: 20_000 })
        .toBe(verdict);
    };
    await answer("canary", "500", "wrong");
    // The same wrong answer checked again is not a second one against the review.
    const canaryForm = exercise.locator('form[data-part="canary"]');
    await canaryForm.getByRole("button", { name: "Check" }).click();
    await expect
      .poll(() => canaryForm.locator("[data-feedback]").textContent())
      .toMatch(/not counted as another attempt\.$/);
    await answer("canary", String(expected.canary), "right");
    expect(await page.getByRole("group", { name: "How did it go?" }).count()).toBe(0);
    // The last part checked, and the learner on Show a hint (tabbed there) before its verdict comes
    // (grading is asynchronous): the button goes with the verdict, the focus to the default grade.
    const untouched = exercise.locator('form[data-part="untouched"]');
    await untouched.getByLabel("Your answer").fill(String(expected.untouched));
    const focused = await untouched.evaluateHandle((form: HTMLFormElement) => {
      const seen: string[] = [];
      document.addEventListener("focusin", (e) => {
        const el = e.target as HTMLElement;
        seen.push(el.dataset.action ?? el.dataset.rating ?? el.tagName);
      });
      form.requestSubmit();
      form.closest("[data-exercise]")?.querySelector<HTMLElement>('[data-action="hint"]')?.focus();
      return seen;
    });
    await expect
      .poll(() => untouched.locator("[data-feedback]").getAttribute("data-verdict"), { timeout: 20_000 })
      .toBe("right");
    await expect.poll(() => focused.jsonValue()).toEqual(["hint", "hard"]);

    // One wrong answer earned "hard" at best: again and hard are offered, good and easy are not.
    const rating = page.getByRole("group", { name: "How did it go?" });
    await expect.poll(() => rating.count()).toBe(1);
    await expect(page.locator("[data-review-rate-note]").textContent()).resolves.toBe(
      "Every part right, after 1 wrong answer or hint: rate it again or hard.",
    );
    const hard = recordReview(stored, id, "hard", reviewAt).review![id]!;
    const again = recordReview(stored, id, "again", reviewAt).review![id]!;
    expect(await rating.getByRole("button").allTextContents()).toEqual([
      `Againback tomorrow (${again.due.slice(0, 10)})`,
      `Hardback in 9\u00a0days (${hard.due.slice(0, 10)})`,
      "Goodnot earned",
      "Easynot earned",
    ]);
    expect(await rating.getByRole("button", { disabled: true }).count()).toBe(2);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-rating"))).toBe("hard");
    // Answered, the status names the variant: the learner may practise these numbers again.
    expect(await status.textContent()).toBe(`Answered (variant ${seed}). Rate the review to schedule it.`);
    // Answered: no more hints on offer (they would count nothing and help with nothing), and the
    // worked solution still is, to compare, its confirmation saying so; seen, it changes nothing.
    expect(await exercise.locator('[data-action="hint"]').isVisible()).toBe(false);
    await exercise.getByRole("button", { name: "Show solution" }).click();
    await expect(exercise.locator("[data-confirm] p").textContent()).resolves.toBe(compareQuestion);
    expect(await exercise.getByRole("button", { name: compareDecline }).isVisible()).toBe(true);
    await exercise.getByRole("button", { name: "Show it" }).click();
    await expect.poll(() => exercise.locator("[data-solution]").isVisible()).toBe(true);
    expect(await rating.getByRole("button", { disabled: true }).count()).toBe(2);
    await expect(page.locator("[data-review-rate-note]").textContent()).resolves.toBe(
      "Every part right, after 1 wrong answer or hint: rate it again or hard.",
    );
    await rating.getByRole("button", { name: /^Hard/ }).click();

    const result = page.locator("[data-review-result]");
    await expect
      .poll(() => result.textContent())
      .toBe(`Rated hard. This exercise comes back in 9\u00a0days (${hard.due.slice(0, 10)}).`);
    // The status no longer asks for a rating once it is given.
    expect(await status.textContent()).toBe("Rated: that was the last review for today.");
    const saved = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), progressKey))!);
    // The rated card moved exactly as FSRS says, the other card is kept, the damaged one dropped.
    expect(saved.review).toEqual({ [id]: hard, "canary-exposure": stored.review!["canary-exposure"] });
    // The review's answers counted in the review: the chapter's attempts are as they were.
    expect(saved.exercises[id]).toEqual(stored.exercises[id]);

    await page.getByRole("button", { name: "Finish" }).click();
    await expect
      .poll(() => status.textContent())
      .toBe(
        `Done: 1 review today. The next review is in 2\u00a0days (${stored.review!["canary-exposure"]!.due.slice(0, 10)}).`,
      );
    // The Finish button went with the session: the focus is on the summary, not dropped to the page.
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-review-status"))).toBe(true);
    expect(await page.locator("[data-review-due] li").allTextContents()).toEqual([
      `One bad cell (${chapter}) ✓ reviewed`,
    ]);
    const row = page.locator("[data-review-topics] tr").filter({ hasText: chapter });
    // Holds for: the days until the recall shown falls below 90%, the day after the day before
    // the next review here (FSRS's day nearest to 90% is the day before recall drops below it).
    const holds = holdsForDays([hard], reviewAt);
    expect(holds).toBe(10);
    expect((await row.locator("td").allTextContents()).slice(1)).toEqual([
      "1",
      "0",
      `${recallPercent(1)}%`,
      `${holds}\u00a0days`,
      `in 9\u00a0days (${hard.due.slice(0, 10)})`,
    ]);

    // The same progress on /progress/: the schedule is part of it.
    await page.goto(`${site}/progress/`);
    await expect
      .poll(() => page.locator("[data-progress-page] [data-progress-summary]").textContent(), { timeout: 20_000 })
      .toContain(" 2 exercises are in your daily review, 0 due now.");

    // Later the same day the canary exercise is due too (moved there in storage), and the learner
    // comes back: the review rated on the first page load counts. It is listed as reviewed, the
    // new one is review 2 of 2, and once rated the day's two reviews are done.
    const canaryChapter = loadChapters().find((c) => c.slug === canary.chapter)!.title;
    await page.evaluate(
      ([key, at]) => {
        const progress = JSON.parse(localStorage.getItem(key!)!);
        progress.review["canary-exposure"].due = at;
        localStorage.setItem(key!, JSON.stringify(progress));
      },
      [progressKey, reviewAt.toISOString()],
    );
    await page.goto(`${site}/review/`);
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toBe("1 review left today. New numbers are in: work it out again.");
    expect(await page.getByRole("heading", { name: `Review 2 of 2: from ${canaryChapter}`, exact: true }).count()).toBe(
      1,
    );
    const listed = await page.locator("[data-review-due] li").allTextContents();
    expect(listed[0]).toBe(`One bad cell (${chapter}) ✓ reviewed`);
    expect(listed[1]).toMatch(new RegExp(`\\(${canaryChapter}\\)`));
    expect(listed).toHaveLength(2);
    await page.locator("[data-review-giveup]").click();
    await page.getByRole("button", { name: /^Again/ }).click();
    await page.getByRole("button", { name: "Finish" }).click();
    await expect.poll(() => status.textContent()).toMatch(/^Done: 2 reviews today\. /);
    // Loaded again with nothing due, the page still counts and lists the day's two reviews.
    const done = (await status.textContent())!;
    await page.reload();
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe(done);
    // Both rated at the page's fixed time: in the order of their ids.
    const reloaded = await page.locator("[data-review-due] li").allTextContents();
    expect(reloaded).toEqual([expect.stringMatching(/^How far does a bad release get\? /), listed[0]]);
    expect(reloaded[0]).toMatch(/ ✓ reviewed$/);
  });

  test("a review whose first draw deals the chapter's numbers deals others, the same seed on the page and in the terminal", async () => {
    // "Drain and refill a retry token bucket", forgotten at every review: its fourteenth (13
    // reviews so far) is one whose seed, as reviews dealt it before, had the chapter's numbers.
    const id = "retry-token-bucket";
    const meta = loadExercise(id).meta;
    const parts = meta.kind === "code" ? [] : meta.parts.map((p) => p.id);
    const solved = emptyProgress();
    solved.exercises[id] = {
      parts: Object.fromEntries(parts.map((p) => [p, { attempts: 1, solved: true }])),
      hints: 0,
      revealed: false,
    };
    const forgotten = new Date(reviewAt.getTime() - 3 * 86_400_000);
    let stored = enrol(solved, [{ id, chapter: meta.chapter, parts }], forgotten);
    for (let review = 0; review < 12; review++) stored = recordReview(stored, id, "again", forgotten);
    expect(stored.review![id]!.reps).toBe(13);
    expect(Date.parse(stored.review![id]!.due)).toBeLessThanOrEqual(reviewAt.getTime());
    const { variant, chapter } = reviewNumbersOf(id);
    expect(variant(mulberry32(formerReviewSeed(id, 13)))).toEqual(chapter);
    const seed = reviewSeedOf(id, 13);
    expect(seed).not.toBe(formerReviewSeed(id, 13));
    const dealt = variant(mulberry32(seed));
    expect(dealt).not.toEqual(chapter);

    // The page deals that seed, and shows its numbers.
    const page = await openReview(stored, seed);
    const exercise = page.locator(`[data-review-slot] [data-exercise="${id}"]`);
    const shown = Object.fromEntries(
      await Promise.all(
        Object.keys(chapter).map(async (name) => [
          name,
          Number(await exercise.locator(`[data-param="${name}"]`).first().textContent()),
        ]),
      ),
    );
    expect(shown).toEqual(dealt);

    // So does the terminal, from the same progress on the same day.
    const home = join(terminalHomes, "token-bucket");
    mkdirSync(home);
    writeFileSync(join(home, "progress.json"), JSON.stringify(stored));
    const { code, out } = await runCaptured(run, ["review"], {
      env: { BLAST_RADIUS_HOME: home, BLAST_RADIUS_NOW: reviewAt.toISOString() },
      cwd: new URL("../../", import.meta.url).pathname,
    });
    expect(code).toBe(0);
    expect(out).toContain(`1 review due. New numbers (variant ${seed}): work it out again.`);
  });

  test("on a phone: the due list names the dealt variant as its heading does; the topics stack, no sideways scroll", async () => {
    const id = "shuffle-shard-16-workers";
    const meta = loadExercise(id).meta;
    const chapter = loadChapters().find((c) => c.slug === meta.chapter)!.title;
    const day = 86_400_000;
    const solved = emptyProgress();
    solved.exercises[id] = {
      parts: { shuffle: { attempts: 1, solved: true }, fixed: { attempts: 1, solved: true } },
      hints: 0,
      revealed: false,
    };
    const stored = enrol(
      solved,
      [{ id, chapter: meta.chapter, parts: ["shuffle", "fixed"] }],
      new Date(reviewAt.getTime() - 3 * day),
    );
    const seed = reviewSeedOf(id, 1);
    const dealtTitle = titleOf(meta, { ...shuffleVariant(mulberry32(seed)) });
    expect(dealtTitle).not.toBe(titleOf(meta));

    const page = await openReview(stored, seed, { viewport: { width: 320, height: 800 } });
    const heading = page.locator(`[data-review-slot] #ex-${id}-title`);
    expect((await heading.textContent())?.replace(/\s+/g, " ").trim()).toBe(`Exercise ${dealtTitle}`);
    expect(await page.locator("[data-review-due] li").allTextContents()).toEqual([
      `${dealtTitle} (${chapter}), the chapter's "${titleOf(meta)}" with new numbers`,
    ]);

    // The topics: one card per chapter, each figure beside its column's name, all inside 320 px.
    const row = page.locator("[data-review-topics] tr").filter({ hasText: chapter });
    const shown = durability(stored, [{ id, chapter: meta.chapter, parts: ["shuffle", "fixed"] }], reviewAt)[0]!;
    expect(recallPercent(shown.recall)).toBeLessThan(targetRecallPercent);
    const labelled = await row
      .locator("td")
      .evaluateAll((cells) => cells.map((td) => `${getComputedStyle(td, "::before").content} ${td.textContent}`));
    expect(labelled.slice(1)).toEqual([
      `"In review" 1`,
      `"Due" 1`,
      `"Recall today" ${recallPercent(shown.recall)}%`,
      `"Holds for" below ${targetRecallPercent}% now`,
      `"Next review" now`,
    ]);
    const widths = await page.evaluate(() => {
      const table = document.querySelector<HTMLElement>(".br-review__topics")!;
      const cells = [...table.querySelectorAll("td")].map((td) => td.getBoundingClientRect().right);
      return {
        page: document.documentElement.scrollWidth,
        table: table.scrollWidth - table.clientWidth,
        right: Math.max(...cells),
      };
    });
    expect(widths).toEqual({ page: 320, table: 0, right: expect.any(Number) });
    expect(widths.right).toBeLessThanOrEqual(320);
  });

  test("hints opened in the chapter start closed; only a press that opens a hint counts against the review", async () => {
    const id = "shuffle-shard-16-workers";
    const meta = loadExercise(id).meta;
    const solved = emptyProgress();
    // Solved in the chapter after opening every hint.
    solved.exercises[id] = {
      parts: { shuffle: { attempts: 1, solved: true }, fixed: { attempts: 1, solved: true } },
      hints: meta.hints.length,
      revealed: false,
    };
    const stored = enrol(
      solved,
      [{ id, chapter: meta.chapter, parts: ["shuffle", "fixed"] }],
      new Date(reviewAt.getTime() - 3 * 86_400_000),
    );
    const seed = reviewSeedOf(id, 1);
    const params = shuffleVariant(mulberry32(seed));

    const page = await openReview(stored, seed);
    const exercise = page.locator(`[data-review-slot] [data-exercise="${id}"]`);
    const open = exercise.locator("[data-hint]:not([hidden])");
    const hintButton = exercise.locator('[data-action="hint"]');
    expect(meta.hints.length).toBe(3);
    expect(await open.count()).toBe(0);
    expect(await hintButton.textContent()).toBe("Show a hint (1 of 3)");

    // Three presses open the three hints; two more, on "No more hints", open nothing. The spent
    // button is aria-disabled but focusable, so the keyboard presses it.
    for (let shown = 1; shown <= 3; shown++) {
      await hintButton.click();
      await expect.poll(() => open.count()).toBe(shown);
    }
    expect(await hintButton.textContent()).toBe("No more hints");
    await hintButton.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    expect(await open.count()).toBe(3);

    const answer = async (part: string, text: string) => {
      const form = exercise.locator(`form[data-part="${part}"]`);
      await form.getByLabel("Your answer").fill(text);
      await form.getByRole("button", { name: "Check" }).click();
      await expect
        .poll(() => form.locator("[data-feedback]").getAttribute("data-verdict"), { timeout: 20_000 })
        .toBe("right");
    };
    await answer("shuffle", `1/C(${params.workers},${params.shard})`);
    await answer("fixed", `1/${params.groups}`);

    const rating = page.getByRole("group", { name: "How did it go?" });
    await expect.poll(() => rating.count()).toBe(1);
    expect(await page.locator("[data-review-rate-note]").textContent()).toBe(
      "Every part right, after 3 wrong answers or hints: it counts as forgotten.",
    );
    // The hints opened in the chapter are still on record: the review only closed them on screen.
    const saved = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), progressKey))!);
    expect(saved.exercises[id].hints).toBe(3);
  });
});
