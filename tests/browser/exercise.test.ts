/** Exercises as a learner meets them in the page: grading, feedback, hints, solutions, code checks, progress. */
import { expect, test } from "vitest";
import { progressKey } from "../../src/course/progress.ts";
import { keepTrying, notNow, revealQuestion, solvedQuestion } from "../../src/course/solution-offer.ts";
import type { EarlyGlobal } from "../../src/widgets/first-touch.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { textContrast } from "../support/contrast.ts";
import { holdRequests } from "../support/hold-requests.ts";
import { boxesOf, expectHeld, expectMadeAgain, expectSameBoxes, openWithScriptsHeld } from "../support/early-press.ts";

const chooseSolution = `export function choose(n: number, k: number): bigint {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(k) || n < 0 || k < 0) throw new RangeError("whole numbers only");
  if (k > n) return 0n;
  const steps = Math.min(k, n - k);
  let result = 1n;
  for (let i = 1; i <= steps; i++) result = (result * BigInt(n - steps + i)) / BigInt(i);
  return result;
}
`;

describeInBrowser("exercises in the page", (browser) => {
  const { site } = browser;

  test("the 16-worker problem: a wrong answer gets targeted feedback, a right one is kept across a reload", async () => {
    const { page } = browser;
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${site}/shuffle-sharding/`);
    const exercise = page.locator('[data-exercise="shuffle-shard-16-workers"]');
    const shuffle = exercise.locator('form[data-part="shuffle"]');
    const field = shuffle.getByLabel("Your answer");
    const feedback = shuffle.locator("[data-feedback]");
    await expect(feedback.getAttribute("aria-live")).resolves.toBe("polite");

    // Nothing heavy loads before the reader interacts.
    await expect(exercise.getAttribute("data-mounted")).resolves.toBeNull();

    await field.fill("1/28");
    await shuffle.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => feedback.textContent()).toMatch(/8-worker case/);
    await expect(feedback.getAttribute("data-verdict")).resolves.toBe("wrong");

    // The solution unlocks after an attempt, and only with a confirmation. Locked, the button is
    // described by the note saying so; unlocked, by nothing (a hidden note still named by
    // aria-describedby is read out all the same).
    const show = exercise.getByRole("button", { name: "Show solution" });
    const lockNote = exercise.locator(".br-ex__note");
    await expect(show.isEnabled()).resolves.toBe(true);
    await expect(show.getAttribute("aria-describedby")).resolves.toBeNull();
    await expect(lockNote.isHidden()).resolves.toBe(true);
    const locked = page.locator('[data-exercise="diagnose-poison-shard"] [data-action="solution"]');
    await expect(locked.isDisabled()).resolves.toBe(true);
    await expect(
      locked.evaluate((button) => document.getElementById(button.getAttribute("aria-describedby") ?? "")?.textContent),
    ).resolves.toBe("Check an answer first to unlock the solution.");

    // An answer the grader cannot read is told what form to use, and is not counted as an attempt.
    // The field allows exactly what the grader reads, and the rule says how exact to be.
    await expect(field.getAttribute("maxlength")).resolves.toBe("200");
    await expect(shuffle.locator(".br-ex-part__rule").innerText()).resolves.toMatch(/at least 2 significant figures/);
    await field.fill("about 1 in 1820");
    await shuffle.getByRole("button", { name: "Check" }).click();
    await expect
      .poll(() => feedback.textContent())
      .toMatch(/Leave out "about" and type just the value, as in 1 in 1,820/);
    await expect(feedback.getAttribute("data-verdict")).resolves.toBe("invalid");

    // A power of ten in the feedback (a live region) is said in words, and shown raised on one line.
    await field.fill("1.1e-10k");
    await shuffle.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => feedback.textContent()).toMatch(/^"1\.1e-10k" is not a number here: write 1\.1/);
    await expect(feedback.locator('[aria-hidden="true"]').innerText()).resolves.toBe("1.1\u00a0×\u00a010⁻⁷");
    const heard = await feedback.ariaSnapshot();
    expect(heard).toContain("write 1.1 × 10 to the power of minus 7 (or 1.1e-7)");
    expect(heard).not.toMatch(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]/);

    await field.fill("0.055%");
    await shuffle.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => feedback.textContent()).toMatch(/^Right/);

    // The other part is graded separately.
    const fixed = exercise.locator('form[data-part="fixed"]');
    await fixed.getByLabel("Your answer").fill("1/1820");
    await fixed.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => fixed.locator("[data-feedback]").textContent()).toMatch(/shuffle-sharding answer/);
    await expect(exercise.locator("[data-status]").textContent()).resolves.toBe("1 of 2 parts solved");
    // Check pressed again on the same answer: the same verdict, said not to count as another attempt.
    const verdictText = await fixed.locator("[data-feedback]").textContent();
    await fixed.getByRole("button", { name: "Check" }).click();
    await expect
      .poll(() => fixed.locator("[data-feedback]").textContent())
      .toBe(`${verdictText} The same answer as your last check of this part: not counted as another attempt.`);
    await expect(fixed.locator("[data-feedback]").getAttribute("data-verdict")).resolves.toBe("wrong");
    // Typed and not checked.
    await field.fill("0.05");

    await page.reload();
    await expect(exercise.locator("[data-status]").textContent()).resolves.toBe("1 of 2 parts solved");
    await expect(shuffle.getAttribute("data-solved")).resolves.toBe("");
    await expect(fixed.getAttribute("data-solved")).resolves.toBeNull();
    // What was typed in each part is back, the checked answer and the one never checked, before the
    // widget loads, with no verdict: nothing is checked, counted or unlocked by bringing it back.
    await expect(field.inputValue()).resolves.toBe("0.05");
    await expect(fixed.getByLabel("Your answer").inputValue()).resolves.toBe("1/1820");
    await expect(feedback.textContent()).resolves.toBe("");
    await expect(fixed.locator("[data-feedback]").textContent()).resolves.toBe("");
    await expect(exercise.getAttribute("data-mounted")).resolves.toBeNull();
    // Unlocked from the saved progress: no description that says it is locked.
    await expect(show.isEnabled()).resolves.toBe(true);
    await expect(show.getAttribute("aria-describedby")).resolves.toBeNull();
    const saved = JSON.parse((await page.evaluate(() => localStorage.getItem("blast-radius:progress:v1"))) ?? "{}");
    // The shuffle part was solved after a wrong answer: not at its first attempt (markSolved).
    expect(saved.exercises["shuffle-shard-16-workers"].parts).toEqual({
      shuffle: { attempts: 2, solved: true, firstTry: false, last: expect.any(String) },
      fixed: { attempts: 1, solved: false, last: expect.any(String) },
    });
    // Its verdict is the grader's, now, on Check: the answer checked last, so not counted again.
    await fixed.getByRole("button", { name: "Check" }).click();
    await expect
      .poll(() => fixed.locator("[data-feedback]").textContent())
      .toBe(`${verdictText} The same answer as your last check of this part: not counted as another attempt.`);

    // The last part answered right while the learner has moved on to Show a hint (the form sent,
    // then Tab while it was graded): every part solved, a hint would help with nothing, so the
    // button goes, and the focus that was on it goes to the verdict, not to the page's start.
    const hint = exercise.locator('[data-action="hint"]');
    await expect(hint.isVisible()).resolves.toBe(true);
    await fixed.getByLabel("Your answer").fill("25%");
    await hint.focus();
    await fixed.evaluate((form) => (form as HTMLFormElement).requestSubmit());
    await expect.poll(() => exercise.locator("[data-status]").textContent()).toBe("✓ Solved");
    await expect(hint.isVisible()).resolves.toBe(false);
    await expect(
      fixed.locator("[data-feedback]").evaluate((feedback) => feedback === document.activeElement),
    ).resolves.toBe(true);
    // Show solution's confirmation says the solve stands, and its other button has nothing to keep trying at.
    const confirm = exercise.locator("[data-confirm]");
    const solved = { question: solvedQuestion, decline: notNow };
    const offer = async () => ({
      question: await confirm.locator("p").textContent(),
      decline: await confirm.locator('[data-action="cancel-solution"]').textContent(),
    });
    await exercise.getByRole("button", { name: "Show solution" }).click();
    await expect(offer()).resolves.toEqual(solved);
    await exercise.getByRole("button", { name: notNow }).click();
    await expect(confirm.isHidden()).resolves.toBe(true);

    // Reloaded, from the page's first paint (the widget not loaded): no Show a hint, the same confirmation.
    await page.reload();
    await expect.poll(() => exercise.locator("[data-status]").textContent()).toBe("✓ Solved");
    await expect(exercise.getAttribute("data-mounted")).resolves.toBeNull();
    await expect(hint.isVisible()).resolves.toBe(false);
    await expect(offer()).resolves.toEqual(solved);
    // Seen after the solve: still solved, the status adds that the solution was seen, no part is
    // marked answered after it.
    await exercise.getByRole("button", { name: "Show solution" }).click();
    await exercise.getByRole("button", { name: "Show it" }).click();
    await expect.poll(() => exercise.locator("[data-status]").textContent()).toBe("✓ Solved · solution seen");
    await expect(exercise.locator("[data-status]").getAttribute("data-unearned")).resolves.toBeNull();
    await expect(shuffle.getAttribute("data-solved")).resolves.toBe("");
    await expect(fixed.getAttribute("data-solved")).resolves.toBe("");
    expect(errors).toEqual([]);
    // The tests below start from this exercise untried.
    await page.evaluate((key) => localStorage.removeItem(key), progressKey);
  });

  // QA: a field marked wrong kept its red border, cross and aria-invalid after the answer in it was
  // changed, until the next Check: the mark described an answer no longer there.
  // s57: a Check pressed before the page's scripts had arrived (a slow network) sent the form to
  // the server: the page reloaded to ?answer=1000, the field empty, nothing graded.
  test("editing a field marked wrong clears its mark at once; the next Check marks it again", async () => {
    const { page } = browser;
    // Pressed before the page's scripts arrive, Check is held, and says so; once they have, the
    // answer typed is graded on the same page.
    const url = `${site}/failure-modes/`;
    const release = await openWithScriptsHeld(page, url);
    const exercise = page.locator('[data-exercise="thread-starvation"]');
    const demanded = exercise.locator('form[data-part="demanded"]');
    const field = demanded.getByLabel("Your answer");
    const border = () => field.evaluate((f) => getComputedStyle(f).borderTopWidth);
    await expect.poll(border).toBe("1px");
    await field.fill("1000");
    const check = demanded.getByRole("button", { name: "Check", exact: true });
    // s58: held, Check ("Checking…") and Deal ("Dealing…") grew by their longer busy labels and
    // pushed what is beside them (Another variant moved 40 px right). Each keeps its box, and its
    // name: the label laid under its word for that is left out of it.
    const deal = exercise.getByRole("button", { name: "Deal", exact: true });
    const beside = () => boxesOf(check, field, deal, exercise.getByRole("button", { name: "Another variant" }));
    const atRest = await beside();
    await deal.evaluate((b) => (window as EarlyGlobal).brEarly!.wait(b));
    await expect(deal.getAttribute("data-early-wait")).resolves.toBe("");
    expectSameBoxes(await beside(), atRest);
    await deal.evaluate((b) => (window as EarlyGlobal).brEarly!.done(b));
    await check.click();
    await expectHeld(check, exercise, "Checking…");
    expectSameBoxes(await beside(), atRest);
    release();
    await expect.poll(() => demanded.locator("[data-feedback]").getAttribute("data-verdict")).toBe("wrong");
    await expectMadeAgain(page, check, url);
    await expect(field.inputValue()).resolves.toBe("1000");
    await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(border()).resolves.toBe("2px");
    // One key deleted at the end of the answer (the focus put the caret at its start).
    await field.press("End");
    await field.press("Backspace");
    await expect(field.inputValue()).resolves.toBe("100");
    await expect(field.getAttribute("aria-invalid")).resolves.toBeNull();
    await expect(border()).resolves.toBe("1px");
    // The feedback stays: it is the record of the Check that was made.
    await expect(demanded.locator("[data-feedback]").getAttribute("data-verdict")).resolves.toBe("wrong");
    await demanded.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");

    // A match: only the select that was changed loses its cross; the others keep theirs.
    const kind = page.locator('[data-exercise="failure-modes-match"] form[data-part="kind"]');
    const selects = kind.locator("select");
    for (const select of await selects.all()) await select.selectOption("crash");
    await kind.getByRole("button", { name: "Check" }).click();
    const waiting = kind.locator('select[name="waiting"]');
    await expect.poll(() => waiting.getAttribute("aria-invalid")).toBe("true");
    const cross = (name: string) =>
      kind
        .locator(`.br-ex-part__match:has(select[name="${name}"]) label`)
        .evaluate((label) => getComputedStyle(label, "::before").content);
    await expect(cross("waiting")).resolves.toMatch(/^"✗ "/);
    await waiting.selectOption("slow");
    await expect(waiting.getAttribute("aria-invalid")).resolves.toBeNull();
    await expect(cross("waiting")).resolves.toBe("none");
    await expect(kind.locator('select[name="flood"]').getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(cross("flood")).resolves.toMatch(/^"✗ "/);
  });

  test("hints are revealed one at a time and stay revealed, also those another tab opens; the solution needs a confirmation, and takes Show a hint with it until new numbers come, and a reload shows it again, as does another tab's", async () => {
    const { page, context } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    const exercise = page.locator('[data-exercise="shuffle-shard-16-workers"]');
    const visibleHints = exercise.locator("[data-hint]:not([hidden])");
    await expect(visibleHints.count()).resolves.toBe(0);
    // A wrong answer unlocks Show solution.
    const shuffle = exercise.locator('form[data-part="shuffle"]');
    await shuffle.getByLabel("Your answer").fill("1/28");
    await shuffle.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => shuffle.locator("[data-feedback]").getAttribute("data-verdict")).toBe("wrong");
    await exercise.getByRole("button", { name: /Show a hint \(1 of 3\)/ }).click();
    await expect.poll(() => visibleHints.count()).toBe(1);
    await expect(exercise.getByRole("button", { name: /Show a hint \(2 of 3\)/ }).count()).resolves.toBe(1);
    await page.reload();
    await expect(visibleHints.count()).resolves.toBe(1);

    // Another tab of this browser (any page of the site: its icon, the cheapest) opens the second
    // hint, as the chapter open there would: this page, left open, opens it too, the answer half
    // typed here and the focus in it left as they were. A page left open once only said so in the
    // status line, with the hint closed.
    const other = await context.newPage();
    await other.goto(`${site}/favicon.svg`);
    /** Change an exercise's stored record from the other tab. */
    const changeThere = (id: string, change: { hints?: number; revealed?: boolean }) =>
      other.evaluate(
        ([key, id, change]) => {
          const progress = JSON.parse(localStorage.getItem(key) ?? '{"version":1,"exercises":{}}');
          progress.exercises[id] = { parts: {}, hints: 0, revealed: false, ...progress.exercises[id], ...change };
          localStorage.setItem(key, JSON.stringify(progress));
        },
        [progressKey, id, change] as const,
      );
    const hintButton = exercise.locator('[data-action="hint"]');
    const field = shuffle.getByLabel("Your answer");
    const onField = () => field.evaluate((el) => el === document.activeElement);
    await field.fill("1/2");
    await expect.poll(() => exercise.getAttribute("data-mounted")).toBe("true");
    await changeThere("shuffle-shard-16-workers", { hints: 2 });
    await expect.poll(() => visibleHints.count()).toBe(2);
    expect(await hintButton.textContent()).toBe("Show a hint (3 of 3)");
    expect(await field.inputValue()).toBe("1/2");
    expect(await onField()).toBe(true);

    // From the keyboard: the last hint leaves the focus on its button, which says there are no
    // more, and the next Tab goes on to the solution (a disabled button dropped it to the page).
    await hintButton.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => visibleHints.count()).toBe(3);
    await expect.poll(() => hintButton.textContent()).toBe("No more hints");
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action ?? null);
    await expect(focused()).resolves.toBe("hint");
    await expect(hintButton.getAttribute("aria-disabled")).resolves.toBe("true");
    await page.keyboard.press("Enter");
    await expect(visibleHints.count()).resolves.toBe(3);
    await page.keyboard.press("Tab");
    await expect.poll(focused).toBe("solution");

    await exercise.getByRole("button", { name: "Show solution" }).click();
    const solution = exercise.locator("[data-solution]");
    await expect(solution.isHidden()).resolves.toBe(true);
    await expect(exercise.locator("[data-confirm] p").textContent()).resolves.toBe(revealQuestion);
    await exercise.getByRole("button", { name: keepTrying }).click();
    await expect(solution.isHidden()).resolves.toBe(true);
    // Its confirmation gone, the focus in it goes back to Show solution.
    await expect.poll(focused).toBe("solution");
    // From the keyboard: asked as a group named by its question, the focus on the safe answer, so
    // Enter pressed twice shows nothing; Escape keeps trying too. Each time the focus comes back to
    // Show solution, and the record does not say the solution was seen.
    const confirm = exercise.locator("[data-confirm]");
    await page.keyboard.press("Enter");
    await expect.poll(focused).toBe("cancel-solution");
    expect(await exercise.getByRole("group", { name: revealQuestion }).isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => confirm.isHidden()).toBe(true);
    expect(await focused()).toBe("solution");
    await page.keyboard.press("Enter");
    await expect.poll(focused).toBe("cancel-solution");
    await page.keyboard.press("Escape");
    await expect.poll(() => confirm.isHidden()).toBe(true);
    expect(await focused()).toBe("solution");
    expect(await solution.isHidden()).toBe(true);
    const record = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), progressKey);
    expect(record.exercises["shuffle-shard-16-workers"].revealed).toBe(false);
    await exercise.getByRole("button", { name: "Show solution" }).click();
    await expect.poll(focused).toBe("cancel-solution");
    // The confirmation open here, the other tab shows the solution: so does this page, which takes
    // the focus from Show it, gone with the confirmation, to the solution.
    await changeThere("shuffle-shard-16-workers", { revealed: true });
    await expect.poll(() => solution.textContent()).toMatch(/1 \/ C\(16, 4\) = 1\/1,820/);
    expect(await exercise.locator("[data-confirm]").isHidden()).toBe(true);
    expect(await solution.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await exercise.locator("[data-status]").textContent()).toMatch(/solution seen$/i);
    expect(await field.inputValue()).toBe("1/2");
    // The solution on show, neither Show solution nor Show a hint is offered beside it; the hints
    // opened stay open.
    const offered = () =>
      exercise
        .locator('[data-action="hint"], [data-action="solution"]')
        .evaluateAll((all) => all.filter((b) => (b as HTMLElement).offsetParent !== null).map((b) => b.textContent));
    expect(await offered()).toEqual([]);
    expect(await visibleHints.count()).toBe(3);

    // New numbers: a fresh exercise, the solution gone, its hints closed and offered from the first.
    await exercise.getByLabel("Variant seed").fill("7");
    await exercise.getByRole("button", { name: "Deal" }).click();
    await expect.poll(() => exercise.locator("[data-variant-note]").textContent()).toMatch(/^Variant 7:/);
    expect(await solution.isHidden()).toBe(true);
    expect(await offered()).toEqual(["Show a hint (1 of 3)", "Show solution"]);
    expect(await visibleHints.count()).toBe(0);

    // Another tab opens a hint of the diagnosis beside it, not touched here (its widget not
    // loaded): it opens there too, and this exercise, whose record that write left as it was,
    // stays as the new numbers left it. The stored progress then goes back as it was.
    const stored = await other.evaluate((key) => localStorage.getItem(key), progressKey);
    const diagnosis = page.locator('[data-exercise="diagnose-poison-shard"]');
    await changeThere("diagnose-poison-shard", { hints: 1 });
    await expect.poll(() => diagnosis.locator("[data-hint]:not([hidden])").count()).toBe(1);
    expect(await diagnosis.getAttribute("data-mounted")).toBeNull();
    expect(await diagnosis.locator('[data-action="hint"]').textContent()).toBe("Show a hint (2 of 3)");
    expect(await solution.isHidden()).toBe(true);
    expect(await offered()).toEqual(["Show a hint (1 of 3)", "Show solution"]);
    expect(await visibleHints.count()).toBe(0);
    await other.evaluate(([key, value]) => localStorage.setItem(key, value!), [progressKey, stored] as const);
    await other.close();

    // The solution seen, then reloaded: the page is as it was left, the worked solution (the
    // chapter's) on show, neither Show solution nor Show a hint offered, the hints opened before
    // (the chapter's record counts three) open.
    await page.reload();
    await expect.poll(() => exercise.locator("[data-status]").textContent()).toMatch(/solution seen$/i);
    await expect.poll(() => solution.textContent()).toMatch(/1 \/ C\(16, 4\) = 1\/1,820/);
    expect(await offered()).toEqual([]);
    expect(await visibleHints.count()).toBe(3);
  });

  test("another variant deals new numbers from a shown seed, graded by the solution code", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    const exercise = page.locator('[data-exercise="shuffle-shard-16-workers"]');
    const seedField = exercise.getByLabel("Variant seed");
    const note = exercise.locator("[data-variant-note]");
    // Deal with no seed on the chapter's numbers deals nothing (it used to clear the answer typed)
    // and says how to get new numbers.
    const first = exercise.locator('form[data-part="fixed"]').getByLabel("Your answer");
    await first.fill("1/4");
    await exercise.getByRole("button", { name: "Deal" }).click();
    await expect
      .poll(() => note.textContent())
      .toBe("These are the chapter's numbers. Type a seed, or press Another variant, for new ones.");
    await expect(first.inputValue()).resolves.toBe("1/4");
    await first.fill("");
    // A seed that is not one is refused in the page's words (not the browser's pattern bubble),
    // by the course's one seed rule, the terminal's `--seed` rule too.
    await seedField.fill("12a");
    await exercise.getByRole("button", { name: "Deal" }).click();
    await expect
      .poll(() => note.textContent())
      .toBe("Not dealt: a seed is a whole number from 0 to 4,294,967,295, written in digits only.");
    await expect(seedField.getAttribute("aria-invalid")).resolves.toBe("true");
    await seedField.fill("4000000000");
    await exercise.getByRole("button", { name: "Deal" }).click();
    await expect.poll(() => note.textContent()).toMatch(/^Variant 4000000000:/);
    await expect(seedField.getAttribute("aria-invalid")).resolves.toBeNull();
    await seedField.fill("7");
    await exercise.getByRole("button", { name: "Deal" }).click();
    await expect.poll(() => note.textContent()).toMatch(/Variant 7/);
    const workers = Number(await exercise.locator('.br-ex-part__prompt [data-param="workers"]').first().textContent());
    const shard = Number(await exercise.locator('.br-ex-part__prompt [data-param="shard"]').first().textContent());
    const groups = Number(await exercise.locator('.br-ex-part__prompt [data-param="groups"]').first().textContent());
    expect(workers).toBe(shard * groups);
    const fixed = exercise.locator('form[data-part="fixed"]');
    const hint = exercise.locator('[data-action="hint"]');
    const decline = exercise.locator('[data-action="cancel-solution"]');
    await fixed.getByLabel("Your answer").fill(`1/${groups}`);
    await fixed.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => fixed.locator("[data-feedback]").textContent()).toMatch(/^Right/);
    // A part of these numbers left to answer: a hint is still offered, and more tries.
    await expect(hint.isVisible()).resolves.toBe(true);
    await expect(decline.textContent()).resolves.toBe(keepTrying);
    const shuffle = exercise.locator('form[data-part="shuffle"]');
    await shuffle.getByLabel("Your answer").fill(`1/C(${workers},${shard})`);
    await shuffle.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => shuffle.locator("[data-feedback]").textContent()).toMatch(/^Right/);
    // Every part of these numbers answered: no more hints, nothing left to keep trying at.
    await expect.poll(() => hint.isVisible()).toBe(false);
    await expect(decline.textContent()).resolves.toBe(notNow);

    // What was typed is kept for the numbers it was typed for: not under the chapter's numbers or
    // another variant's, and back (unchecked, unmarked) when these are dealt again.
    const typed = () => Promise.all([fixed, shuffle].map((form) => form.getByLabel("Your answer").inputValue()));
    const forSeven = [`1/${groups}`, `1/C(${workers},${shard})`];
    expect(await typed()).toEqual(forSeven);
    await seedField.fill("8");
    await exercise.getByRole("button", { name: "Deal" }).click();
    await expect.poll(() => note.textContent()).toMatch(/^Variant 8:/);
    expect(await typed()).toEqual(["", ""]);
    await seedField.fill("");
    await exercise.getByRole("button", { name: "Deal" }).click();
    await expect.poll(() => note.textContent()).toBe("The chapter's numbers.");
    expect(await typed()).not.toContain(forSeven[0]);
    expect(await typed()).not.toContain(forSeven[1]);
    await seedField.fill("7");
    await exercise.getByRole("button", { name: "Deal" }).click();
    await expect.poll(() => note.textContent()).toMatch(/^Variant 7:/);
    expect(await typed()).toEqual(forSeven);
    expect(await fixed.locator("[data-feedback]").textContent()).toBe("");
    expect(await fixed.getAttribute("data-solved")).toBeNull();
    await expect(exercise.locator("[data-status]").textContent()).resolves.toMatch(
      /these numbers \(variant 7\): 0 of 2 parts answered right so far$/,
    );
  });

  test("a code exercise: the starter fails its checks, a solution typed in the page passes them", async () => {
    // The chapter the test above dealt a variant on: this exercise on it is untouched, as on a fresh load.
    const { page } = browser;
    const exercise = page.locator('[data-exercise="choose-exact"]');
    await expect(exercise.getAttribute("data-mounted")).resolves.toBeNull();
    const feedback = exercise.locator('[data-part="code"] [data-feedback]');
    const check = exercise.getByRole("button", { name: "Check", exact: true });
    const checkTop = () => check.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const topBefore = await checkTop();
    await check.click();
    await expect.poll(() => feedback.textContent(), { timeout: 20_000 }).toMatch(/✗ 0 of \d+ checks pass/);
    // The editor took exactly the static starter's room: Check did not move under the pointer.
    await expect(exercise.locator(".cm-editor").count()).resolves.toBe(1);
    expect(Math.abs((await checkTop()) - topBefore)).toBeLessThanOrEqual(1);

    const editor = exercise.locator(".cm-content");
    await editor.click();
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Delete");
    // The solution, and a line that prints an escape sequence and a carriage return.
    await page.keyboard.insertText(`${chooseSolution}\nconsole.log("\\x1b[31mred\\rX");\n`);
    await exercise.getByRole("button", { name: "Check", exact: true }).click();
    await expect.poll(() => feedback.textContent(), { timeout: 20_000 }).toMatch(/✓ All \d+ checks pass/);
    // Printed output shows control characters written out, as the playground and the terminal do.
    await expect(feedback.locator("details pre").textContent()).resolves.toContain(String.raw`\x1b[31mred\x0dX`);
    await expect.poll(() => exercise.locator("[data-status]").textContent()).toBe("✓ Solved");

    await page.reload();
    await expect(exercise.locator("[data-status]").textContent()).resolves.toBe("✓ Solved");
    // The code that solved it is what the reload shows, with no click or key first.
    await expect
      .poll(() => exercise.locator(".cm-content").textContent(), { timeout: 20_000 })
      .toContain("const steps = Math.min(k, n - k);");
  });

  test("edited code with a type error: the checks decide, then its type errors are listed and marked", async () => {
    // The page the test above left: the solution typed there is saved, so the editor shows it at once.
    const { page } = browser;
    const exercise = page.locator('[data-exercise="choose-exact"]');
    const feedback = exercise.locator('[data-part="code"] [data-feedback]');
    const check = exercise.getByRole("button", { name: "Check", exact: true });
    // The reload's first Check of edited code loads the type-checker: held back until the feedback
    // shows a check under way (seen, not read out) and for how long, counting on while it is (as the
    // playground counts it: a slow check is not a line left over), then let through; the solution
    // has no type error.
    const typeChecker = /\/_astro\/typecheck-worker-[\w-]+\.js$/;
    const release = await holdRequests(page, typeChecker);
    await check.click();
    await expect.poll(() => feedback.textContent(), { timeout: 20_000 }).toMatch(/✓ All \d+ checks pass/);
    const pending = feedback.locator("[data-type-check-pending]");
    await pending.waitFor();
    const waiting = (await pending.textContent())!;
    expect(waiting).toMatch(/^Checking types… \d+\.\d s$/);
    await expect.poll(() => pending.textContent()).not.toBe(waiting);
    await expect(pending.getAttribute("aria-hidden")).resolves.toBe("true");
    release();
    await pending.waitFor({ state: "detached", timeout: 60_000 });
    await page.unroute(typeChecker);
    await expect(feedback.locator("[data-type-errors]").count()).resolves.toBe(0);

    // Math.min turns the string back into a number when it runs: the checks pass, TypeScript would not.
    const typed = chooseSolution.replace("Math.min(k, n - k)", "Math.min(k, String(n - k))");
    const line = typed.split("\n").findIndex((l) => l.includes("String(")) + 1;
    const column = typed.split("\n")[line - 1]!.indexOf("String(") + 1;
    await exercise.locator(".cm-content").click();
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(typed);
    await check.click();
    const typeErrors = feedback.locator("[data-type-errors]");
    await typeErrors.waitFor({ timeout: 60_000 });
    await expect(feedback.locator("p").first().textContent()).resolves.toMatch(/^✓ All \d+ checks pass/);
    await expect(typeErrors.locator("p, li").allTextContents()).resolves.toEqual([
      "TypeScript would refuse this code: 1 type error (the checks run anyway and decide the verdict):",
      `Argument of type 'string' is not assignable to parameter of type 'number'. (starter.ts, line ${line}, column ${column})`,
    ]);
    // After the verdict, inside the live region that said it.
    await expect(feedback.evaluate((el) => el.lastElementChild?.hasAttribute("data-type-errors"))).resolves.toBe(true);
    await expect(feedback.getAttribute("aria-live")).resolves.toBe("polite");
    await expect(exercise.locator(".cm-lintRange-error").textContent()).resolves.toBe("S");
  });

  test("a chapter whose exercises are all solved gets a done mark; /progress/ exports and imports", async () => {
    const { page } = browser;
    await page.goto(`${site}/progress/`);
    const catalog = JSON.parse((await page.locator("[data-progress-catalog]").textContent()) ?? "[]") as {
      slug: string;
      exercises: { id: string; parts: string[] }[];
    }[];
    const chapter = catalog.find((c) => c.slug === "shuffle-sharding")!;
    const file = {
      app: "blast-radius",
      progress: {
        version: 1,
        exercises: Object.fromEntries(
          chapter.exercises.map((e) => [
            e.id,
            {
              parts: Object.fromEntries(e.parts.map((p) => [p, { attempts: 1, solved: true }])),
              hints: 0,
              revealed: false,
            },
          ]),
        ),
      },
    };
    await page.locator('input[type="file"][data-action="import"]').setInputFiles({
      name: "progress.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await expect.poll(() => page.locator("[data-transfer-status]").textContent()).toMatch(/Imported progress/);
    const mark = page.locator(`nav.sidebar a[href="${browser.base}shuffle-sharding/"] .br-done`);
    await expect.poll(() => mark.count()).toBeGreaterThan(0);

    await page
      .locator('input[type="file"][data-action="import"]')
      .setInputFiles({ name: "nope.json", mimeType: "application/json", buffer: Buffer.from('{"hello": 1}') });
    await expect.poll(() => page.locator("[data-transfer-status]").textContent()).toMatch(/not Blast Radius progress/);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export progress (JSON)" }).click();
    const exported = JSON.parse(
      await (await (await download).createReadStream())
        .toArray()
        .then((chunks) => Buffer.concat(chunks).toString("utf8")),
    );
    expect(exported.app).toBe("blast-radius");
    expect(Object.keys(exported.progress.exercises)).toEqual(
      expect.arrayContaining(chapter.exercises.map((e) => e.id)),
    );

    await page.goto(`${site}/`);
    await expect(page.locator("[data-course-progress] [data-progress-summary]").textContent()).resolves.toMatch(
      /You have solved \d+ of \d+ exercises/,
    );
  });

  test("Tab passes over a code exercise's starter unless the reader chooses to edit it", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    // An earlier test saved an edit of this starter (which mounts the editor at once): start from
    // the starter itself, as a first visit does.
    await page.evaluate(() => localStorage.removeItem("blast-radius:exercise-code:v1:choose-exact"));
    await page.reload();
    const exercise = page.locator('[data-exercise="choose-exact"]');
    await expect(exercise.locator(".br-ex-code__keys").innerText()).resolves.toMatch(/Esc then Tab moves on/);
    // Focus whatever comes just before the starter, then Tab onto it, as a keyboard user does.
    await exercise.locator(".br-ex-code__static").evaluate((pre) => {
      const focusable = [
        ...document.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input, select, [tabindex='0']"),
      ].filter((el) => el.checkVisibility());
      focusable[focusable.indexOf(pre as HTMLElement) - 1]!.focus();
    });
    await page.keyboard.press("Tab");
    // The editor loads on that first focus (CodeMirror's chunk), then takes the focus.
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest(".cm-editor")), { timeout: 20_000 })
      .toBe(true);
    // The next Tab moves on to the Check button; nothing was typed, so nothing is saved as an edit.
    await page.keyboard.press("Tab");
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action))
      .toBe("run-checks");
    const saved = () => page.evaluate(() => localStorage.getItem("blast-radius:exercise-code:v1:choose-exact"));
    await expect(saved()).resolves.toBeNull();
    // Enter on Check runs the checks and the focus stays on it: while they run (it does nothing
    // then, aria-disabled, where a disabled button dropped the focus to the page's body) and
    // after the verdict, which its live region says. Each change of Check's state is logged with
    // its label and where the focus was at that moment.
    const check = exercise.getByRole("button", { name: "Check", exact: true });
    const box = () => check.evaluate((el) => JSON.stringify(el.getBoundingClientRect()));
    const restingBox = await box();
    await check.evaluate((button) => {
      const log: string[] = [];
      (window as unknown as { checkLog: string[] }).checkLog = log;
      new MutationObserver(() =>
        log.push(
          `${button.getAttribute("aria-disabled")} ${button.textContent} ${document.activeElement === button ? "focused" : "not focused"}`,
        ),
      ).observe(button, { attributeFilter: ["aria-disabled"] });
    });
    // The checks held back, Check is seen while they run.
    const checksCode = "**/_astro/checks.*.js";
    const releaseChecks = await holdRequests(page, checksCode);
    try {
      await page.keyboard.press("Enter");
      const busy = exercise.locator('[data-action="run-checks"]');
      await expect.poll(() => busy.getAttribute("aria-disabled")).toBe("true");
      await expect(busy.textContent()).resolves.toBe("Checking…");
      // Its accessible name follows its text once Chromium's accessibility tree catches up: polled.
      await expect.poll(() => exercise.getByRole("button", { name: "Checking…", exact: true }).count()).toBe(1);
      // QA: it looked as faint as a disabled button, its grey on the accent's fill. Busy, it reads
      // "Checking…" in its own colours, at 4.5:1 light and dark, and is as wide as it was at rest.
      const theme = await page.evaluate(() => document.documentElement.dataset.theme);
      for (const shade of ["light", "dark"]) {
        await page.evaluate((t) => {
          document.documentElement.dataset.theme = t;
        }, shade);
        expect(await textContrast(busy), `${shade} theme`).toBeGreaterThanOrEqual(4.5);
      }
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      await expect(busy.evaluate((el) => JSON.stringify(el.getBoundingClientRect()))).resolves.toBe(restingBox);
    } finally {
      releaseChecks();
    }
    const feedback = exercise.locator('[data-part="code"] [data-feedback]');
    await expect.poll(() => feedback.getAttribute("data-verdict"), { timeout: 20_000 }).toBe("wrong");
    // The checks' code has come (a route taken away with its request held is handled twice).
    await page.unroute(checksCode);
    await expect(feedback.getAttribute("aria-live")).resolves.toBe("polite");
    await expect(check.evaluate((button) => document.activeElement === button)).resolves.toBe(true);
    await expect(page.evaluate(() => (window as unknown as { checkLog: string[] }).checkLog)).resolves.toEqual([
      "true Checking… focused",
      "false Check focused",
    ]);
    await expect(box()).resolves.toBe(restingBox);
    await expect(saved()).resolves.toBeNull();
    // Clicking into the code is choosing to edit: now Tab indents, and Esc then Tab moves on.
    await exercise.locator(".cm-content").click();
    await page.keyboard.press("End");
    await page.keyboard.press("Tab");
    await expect.poll(saved).not.toBeNull();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action))
      .toBe("run-checks");
  });

  test("a dealt variant changes the title with the numbers, and clears marks earned on other numbers", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    const exercise = page.locator('[data-exercise="shuffle-shard-16-workers"]');
    const title = exercise.locator(".br-ex__title");
    await expect(title.innerText()).resolves.toMatch(/The 16-worker problem/);
    const fixed = exercise.locator('form[data-part="fixed"]');
    await fixed.getByLabel("Your answer").fill("25%");
    await fixed.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => fixed.getAttribute("data-solved"), { timeout: 20_000 }).toBe("");

    await exercise.getByLabel("Variant seed").fill("42");
    await exercise.getByRole("button", { name: "Deal" }).click();
    await expect.poll(() => exercise.locator("[data-variant-note]").textContent()).toMatch(/Variant 42/);
    const workers = await exercise.locator('.br-ex-part__prompt [data-param="workers"]').first().textContent();
    expect(workers).not.toBe("16");
    await expect(title.innerText()).resolves.toMatch(new RegExp(`The ${workers}-worker problem`));
    // Solved with the chapter's numbers is not solved for these: the mark goes, the status says so.
    await expect(fixed.getAttribute("data-solved")).resolves.toBeNull();
    // The record (earlier tests' too) reads as what was done before; these numbers apart, not yet
    // in the solved colour.
    const before = /^(?:✓ Solved before|1 of 2 parts solved before)(?: · solution seen)? · /.source;
    await expect(exercise.locator("[data-status]").textContent()).resolves.toMatch(
      new RegExp(`${before}these numbers \\(variant 42\\): 0 of 2 parts answered right so far$`),
    );
    await expect(exercise.locator("[data-status]").getAttribute("data-unearned")).resolves.toBe("");
    const groups = await exercise.locator('.br-ex-part__prompt [data-param="groups"]').first().textContent();
    await fixed.getByLabel("Your answer").fill(`1/${groups}`);
    await fixed.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => fixed.getAttribute("data-solved")).toBe("");
    await expect(exercise.locator("[data-status]").textContent()).resolves.toMatch(
      new RegExp(`${before}these numbers \\(variant 42\\): 1 of 2 parts answered right so far$`),
    );

    // The worked solution is worked through with this variant's numbers (computed by the
    // solution's worked()), never the chapter's 1/1,820, nor a raw {placeholder}.
    const shard = Number(await exercise.locator('.br-ex-part__prompt [data-param="shard"]').first().textContent());
    let combinations = 1;
    for (let i = 0; i < shard; i++) combinations = (combinations * (Number(workers) - i)) / (i + 1);
    await exercise.getByRole("button", { name: "Show solution" }).click();
    await exercise.getByRole("button", { name: "Show it" }).click();
    const solution = exercise.locator("[data-solution]");
    await expect.poll(() => solution.innerText()).toMatch(/For this variant \(seed 42\)/);
    const worked = await solution.innerText();
    expect(worked).not.toMatch(/\{[a-zA-Z]+\}/);
    expect(worked).toContain(`1 / C(${workers}, ${shard}) = 1/${Math.round(combinations).toLocaleString("en-US")}`);
    expect(worked).toContain(`1/${groups} of the other customers`);
    expect(worked).not.toContain("1,820");
    expect(worked).toMatch(/worked through with this variant's numbers/);

    // The solution on show, Show solution goes with its confirmation (it would only offer it
    // again); new numbers hide that solution, and Show solution is back to show theirs.
    const offers = exercise.locator('[data-action="solution"]');
    await expect(offers.isVisible()).resolves.toBe(false);
    await expect(exercise.locator("[data-confirm]").isVisible()).resolves.toBe(false);
    await exercise.getByLabel("Variant seed").fill("43");
    await exercise.getByRole("button", { name: "Deal" }).click();
    await expect.poll(() => exercise.locator("[data-variant-note]").textContent()).toMatch(/^Variant 43/);
    await expect(solution.isVisible()).resolves.toBe(false);
    await expect(offers.isVisible()).resolves.toBe(true);
  });

  test("a diagnosis: a dealt variant draws a different situation, and its parts are graded for it", async () => {
    // The chapter the test above dealt a variant on: this exercise on it is untouched, as on a fresh load.
    const { page } = browser;
    const exercise = page.locator('[data-exercise="diagnose-poison-shard"]');
    await expect(exercise.getAttribute("data-mounted")).resolves.toBeNull();
    const situation = exercise.locator("[data-situation]");
    await expect(situation.innerText()).resolves.toMatch(/8 workers serve 40 customers/);
    await expect(situation.innerText()).resolves.toMatch(/c-805 ×11/);
    await exercise.getByLabel("Variant seed").fill("8");
    await exercise.getByRole("button", { name: "Deal" }).click();
    // Seed 8 deals a sick host: one worker, its crash logs naming several customers.
    await expect.poll(() => situation.innerText(), { timeout: 20_000 }).toMatch(/6 workers serve 51 customers/);
    await expect(situation.innerText()).resolves.toMatch(/c-830, c-157, c-131, c-235/);
    const what = exercise.locator('form[data-part="what"]');
    await what.getByLabel("One customer's requests crash the workers").check();
    await what.getByRole("button", { name: "Check" }).click();
    await expect
      .poll(() => what.locator("[data-feedback]").textContent())
      .toMatch(/^Not this one\. Misconception: Any crashing shard is a poison request\. A poison request shows/);
    await what.getByLabel("One worker's machine is sick.").check();
    await what.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => what.locator("[data-feedback]").getAttribute("data-verdict")).toBe("right");
    const lost = exercise.locator('form[data-part="lost-all"]');
    await lost.getByLabel("Your answer").fill("0");
    await lost.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => lost.locator("[data-feedback]").getAttribute("data-verdict")).toBe("right");
  });

  test("/progress/: a newer file says so, unknown exercises are not counted, unreadable progress is offered back", async () => {
    const { page } = browser;
    await page.goto(`${site}/progress/`);
    const status = page.locator("[data-transfer-status]");
    const importFile = (content: unknown) =>
      page.locator('input[type="file"][data-action="import"]').setInputFiles({
        name: "progress.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(content)),
      });
    await importFile({ app: "blast-radius", progress: { version: 2, exercises: {} } });
    await expect.poll(() => status.textContent()).toMatch(/comes from a newer version of the course/);
    const entry = { parts: { code: { attempts: 1, solved: true } }, hints: 0, revealed: false };
    await importFile({ version: 1, exercises: { "choose-exact": entry, "not-an-exercise-here": entry } });
    await expect
      .poll(() => status.textContent())
      .toMatch(
        /Imported progress for 1 exercise, .* Left out 1 entry for exercises this course does not have \(not-an-exercise-here\)/,
      );

    // Progress this browser cannot read is kept aside and offered for download.
    await page.evaluate(() => localStorage.setItem("blast-radius:progress:v1", '{"version": 1, "exercises": {},}'));
    await page.reload();
    const aside = page.locator("[data-unreadable]");
    await expect.poll(() => aside.isVisible()).toBe(true);
    const download = page.waitForEvent("download");
    await aside.getByRole("button", { name: /Download copy 1/ }).click();
    const text = await (await (await download).createReadStream())
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString("utf8"));
    expect(text).toBe('{"version": 1, "exercises": {},}');
  });
});

// A fresh context: no saved code, so the starter is what the checks run.
describeInBrowser("an exercise's first click", (mounting) => {
  test("a click on Check made while the exercise is still mounting is held and made once it has", async () => {
    const { page, site } = mounting;
    await page.goto(`${site}/shuffle-sharding/`);
    const exercise = page.locator('[data-exercise="choose-exact"]');
    const feedback = exercise.locator('[data-part="code"] [data-feedback]');
    // The mount waits for the starter's source: hold it back until the click has been made.
    const starter = "**/_astro/starter.*.js";
    const release = await holdRequests(page, starter);
    try {
      // Press on Check (the first touch: the widget's code loads and its mount begins), and let go
      // only once the mount has begun, as a reader's slower click or a slow network would.
      await exercise.getByRole("button", { name: "Check", exact: true }).hover();
      await page.mouse.down();
      await page.waitForFunction(
        () => document.querySelector('[data-exercise="choose-exact"]')?.getAttribute("data-mounted") === "true",
      );
      await page.mouse.up();
      release();
      await expect.poll(() => feedback.textContent(), { timeout: 20_000 }).toMatch(/✗ 0 of \d+ checks pass/);
    } finally {
      release();
      await page.unroute(starter);
    }
  });
});

// A fresh context: the exercise has no progress yet, so its solution can be shown before it is solved.
describeInBrowser("an exercise answered after its solution was shown", (reader) => {
  test("says so instead of a solved tick, and /progress/ and the landing page do not count it as solved", async () => {
    const { page, site } = reader;
    await page.goto(`${site}/shuffle-sharding/`);
    const exercise = page.locator('[data-exercise="shuffle-shard-16-workers"]');
    const status = exercise.locator("[data-status]");
    const shuffle = exercise.locator('form[data-part="shuffle"]');
    const fixed = exercise.locator('form[data-part="fixed"]');
    const answer = async (form: typeof shuffle, text: string) => {
      await form.getByLabel("Your answer").fill(text);
      await form.getByRole("button", { name: "Check" }).click();
    };
    await answer(shuffle, "1/28");
    await expect.poll(() => shuffle.locator("[data-feedback]").getAttribute("data-verdict")).toBe("wrong");
    await exercise.getByRole("button", { name: "Show solution" }).click();
    await exercise.getByRole("button", { name: "Show it" }).click();
    // The confirmation said a part answered right from here on counts as answered, not solved: it does.
    await expect.poll(() => status.textContent()).toBe("Solution seen");

    await answer(shuffle, "1/1820");
    await expect.poll(() => shuffle.getAttribute("data-solved")).toBe("after-reveal");
    await answer(fixed, "1/4");
    await expect.poll(() => fixed.getAttribute("data-solved")).toBe("after-reveal");
    await expect.poll(() => status.textContent()).toBe("Answered after seeing the solution");
    await expect(status.getAttribute("data-unearned")).resolves.toBe("");
    await expect(shuffle.evaluate((form) => getComputedStyle(form, "::before").content)).resolves.toBe(
      '"answered after the solution"',
    );
    await page.reload();
    await expect(status.textContent()).resolves.toBe("Answered after seeing the solution");

    // The diagnosis beside it, never tried in this context: a part answered right on new numbers is
    // solved now, on them, never "solved before" (session 52: a first right answer on variant 8
    // said "1 of 3 parts solved before").
    const diagnosis = page.locator('[data-exercise="diagnose-poison-shard"]');
    const diagnosisStatus = diagnosis.locator("[data-status]");
    const parts = await diagnosis.locator("form[data-part]").count();
    await diagnosis.getByLabel("Variant seed").fill("8");
    await diagnosis.getByRole("button", { name: "Deal" }).click();
    await expect
      .poll(() => diagnosis.locator("[data-situation]").innerText(), { timeout: 20_000 })
      .toMatch(/6 workers serve 51 customers/);
    const what = diagnosis.locator('form[data-part="what"]');
    await what.getByLabel("One worker's machine is sick.").check();
    await what.getByRole("button", { name: "Check" }).click();
    await expect
      .poll(() => diagnosisStatus.textContent())
      .toBe(`These numbers (variant 8): 1 of ${parts} parts answered right so far, 1 newly solved`);
    await expect(diagnosisStatus.getAttribute("data-unearned")).resolves.toBe("");
    const lost = diagnosis.locator('form[data-part="lost-all"]');
    await lost.getByLabel("Your answer").fill("0");
    await lost.getByRole("button", { name: "Check" }).click();
    await expect
      .poll(() => diagnosisStatus.textContent())
      .toBe(`These numbers (variant 8): 2 of ${parts} parts answered right so far, 2 newly solved`);

    await page.goto(`${site}/progress/`);
    await expect(page.locator('[data-exercise-status="shuffle-shard-16-workers"]').textContent()).resolves.toBe(
      "Answered after seeing the solution",
    );
    const summary = page.locator("[data-progress-page] [data-progress-summary]");
    await expect(summary.textContent()).resolves.toMatch(
      /^You have solved 0 of \d+ exercises and finished 0 of \d+ chapters\. 1 more exercise was answered after seeing the solution\.$/,
    );

    await page.goto(`${site}/`);
    await expect(page.locator("[data-course-progress] [data-progress-summary]").textContent()).resolves.toMatch(
      /^You have solved 0 of \d+ exercises .*1 more exercise was answered after seeing the solution\.$/,
    );
    await expect(page.locator("[data-progress-fill]").getAttribute("style")).resolves.toMatch(/width: 0%/);
  });
});

// A fresh context: the reader's saved code is the only edit, set before the page loads.
describeInBrowser("a code exercise's saved code and Reset", (reader) => {
  const codeKey = "blast-radius:exercise-code:v1:choose-exact";
  const mine = `${chooseSolution}// mine\n`;
  /** The editor's text, as CodeMirror holds it. */
  const editorText = (exercise: import("playwright-core").Locator) =>
    exercise
      .locator(".cm-content")
      .evaluate((el) =>
        (
          el as unknown as { cmTile: { root: { view: { state: { doc: { toString(): string } } } } } }
        ).cmTile.root.view.state.doc.toString(),
      );
  const replaceCode = async (exercise: import("playwright-core").Locator, code: string) => {
    await exercise.locator(".cm-content").click();
    await reader.page.keyboard.press("ControlOrMeta+a");
    await reader.page.keyboard.press("Delete");
    await reader.page.keyboard.insertText(code);
  };

  test("a reload shows the saved code at once, before any interaction", async () => {
    const { page, site } = reader;
    await page.goto(`${site}/shuffle-sharding/`);
    await page.evaluate(([key, code]) => localStorage.setItem(key!, code!), [codeKey, mine]);
    await page.reload();
    const exercise = page.locator('[data-exercise="choose-exact"]');
    // No click, focus or key: the editor comes with the reader's code in place of the starter.
    await exercise.locator(".cm-content").waitFor({ timeout: 20_000 });
    await expect(editorText(exercise)).resolves.toBe(mine);
    await expect(exercise.locator(".br-ex-code__static").count()).resolves.toBe(0);
    await expect(exercise.getAttribute("data-mounted")).resolves.toBe("true");
    // Shown, not focused: the page keeps its place and the reader's focus.
    await expect(page.evaluate(() => document.activeElement === document.body)).resolves.toBe(true);
  });

  test("Reset code clears the verdict, its checks and a type check still under way, whose errors never come", async () => {
    const { page } = reader;
    const exercise = page.locator('[data-exercise="choose-exact"]');
    const feedback = exercise.locator('[data-part="code"] [data-feedback]');
    const check = exercise.getByRole("button", { name: "Check", exact: true });
    // The checks pass; TypeScript would refuse the String(...) (see the type-error test above).
    await replaceCode(exercise, chooseSolution.replace("Math.min(k, n - k)", "Math.min(k, String(n - k))"));
    // This context's first Check of edited code loads the type-checker: held back, it is still out.
    const typeChecker = /\/_astro\/typecheck-worker-[\w-]+\.js$/;
    const release = await holdRequests(page, typeChecker);
    try {
      await check.click();
      await expect.poll(() => feedback.textContent(), { timeout: 20_000 }).toMatch(/^✓ All \d+ checks pass/);
      await feedback.locator("[data-type-check-pending]").waitFor();
      await expect(feedback.locator("li").count()).resolves.toBeGreaterThan(5);
      await exercise.getByRole("button", { name: "Reset code" }).click();
      // As the playground's Reset clears its output and says so: the verdict, its checks and
      // "Checking types…" were about code no longer in the editor.
      await expect(feedback.textContent()).resolves.toBe("Reset: the starter code is back.");
      await expect(feedback.getAttribute("data-verdict")).resolves.toBeNull();
      await expect(feedback.locator("li, details, [data-type-check-pending]").count()).resolves.toBe(0);
      await expect(editorText(exercise)).resolves.toMatch(/throw new Error\("choose\(n, k\) is not written yet"\)/);
      await expect(page.evaluate((key) => localStorage.getItem(key), codeKey)).resolves.toBeNull();
    } finally {
      release();
    }
    // A later edited Check's type errors come from the same worker, after the dropped check has
    // answered: only they are shown, once, and only their mark.
    await replaceCode(exercise, `${chooseSolution}export const wrong: number = "x";\n`);
    await check.click();
    await feedback.locator("[data-type-errors]").waitFor({ timeout: 60_000 });
    // The held worker has long since loaded: its route can go.
    await page.unroute(typeChecker);
    await expect(feedback.locator("[data-type-errors] li").allTextContents()).resolves.toEqual([
      "Type 'string' is not assignable to type 'number'. (starter.ts, line 9, column 14)",
    ]);
    await expect(feedback.locator("[data-type-errors]").count()).resolves.toBe(1);
    await expect(exercise.locator(".cm-lintRange-error").allTextContents()).resolves.toEqual(["w"]);
  });

  test("Reset code stops a Check still running: its verdict never lands under the starter", async () => {
    const { page } = reader;
    const exercise = page.locator('[data-exercise="choose-exact"]');
    const feedback = exercise.locator('[data-part="code"] [data-feedback]');
    await replaceCode(exercise, "export function choose(n: number, k: number): bigint {\n  while (true) {}\n}\n");
    // Found by its action: running, it is named "Checking…".
    const check = exercise.locator('[data-action="run-checks"]');
    await check.click();
    await expect.poll(() => feedback.textContent()).toBe("Running the checks…");
    // Running, Check keeps the focus of the reader who pressed it, and does nothing: a second
    // press (Enter, as a keyboard user's) starts no second run, which would say so in the feedback.
    await expect(check.evaluate((button) => document.activeElement === button)).resolves.toBe(true);
    await expect(check.getAttribute("aria-disabled")).resolves.toBe("true");
    await feedback.evaluate((box) => {
      const said: string[] = [];
      (window as unknown as { feedbackSaid: string[] }).feedbackSaid = said;
      new MutationObserver(() => said.push(box.textContent ?? "")).observe(box, { childList: true, subtree: true });
    });
    await page.keyboard.press("Enter");
    await exercise.getByRole("button", { name: "Reset code" }).click();
    await expect(feedback.textContent()).resolves.toBe("Reset: the starter code is back.");
    await expect(page.evaluate(() => (window as unknown as { feedbackSaid: string[] }).feedbackSaid)).resolves.toEqual([
      "Reset: the starter code is back.",
    ]);
    // Check is enabled again (aria-disabled no longer "true") only in the stopped Check's last step
    // (mount.ts's `finally`), which comes after the step that would have written its verdict: so
    // once it is enabled, the stopped Check has said all it ever will (its worker is gone and its
    // time limit's timer cleared: src/playground/runner.test.ts), and that was nothing.
    await expect.poll(() => check.getAttribute("aria-disabled")).toBe("false");
    await expect(check.isEnabled()).resolves.toBe(true);
    await expect(check.textContent()).resolves.toBe("Check");
    await expect(feedback.textContent()).resolves.toBe("Reset: the starter code is back.");
    await expect(feedback.getAttribute("data-verdict")).resolves.toBeNull();
  });

  test("the functions to implement are named as a list, in the text a screen reader reads and a copy gives", async () => {
    const { page, site } = reader;
    const intro = (id: string) =>
      page
        .locator(`[data-exercise="${id}"] .br-ex-code__intro`)
        .evaluate((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim());
    await expect(intro("choose-exact")).resolves.toMatch(/^Implement choose below, then run the checks\./);
    await page.goto(`${site}/timeouts-retries-backoff/`);
    await expect(intro("backoff-full-jitter")).resolves.toMatch(
      /^Implement backoffCeiling and fullJitter below, then run the checks\./,
    );
  });
});
