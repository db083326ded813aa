/**
 * Predict first, as a reader meets it in the retry-storm chapter: the results are not on the
 * page until a prediction is made; a bad prediction is refused with a reason, a real one is
 * graded against the model and the result appears and is announced; "Skip, show me" reveals
 * without a prediction; each answer is kept, and a reload shows it as made, with its result. One
 * page, loaded three times.
 */
import { expect, test } from "vitest";
import { predictions } from "../../content/chapters/retry-storm/numbers.ts";
import { predictionKey } from "../../src/widgets/prediction/key.ts";
import { budgets } from "../../tools/budgets.ts";
import { weighPage } from "../../tools/page-weight.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { boxesOf, expectHeld, expectMadeAgain, expectSameBoxes, openWithScriptsHeld } from "../support/early-press.ts";
import { expectInvalidMark, fieldEdge } from "../support/field-edge.ts";

describeInBrowser("predict first in Chromium", (browser) => {
  const { site } = browser;

  test("hides the results until a prediction, grades it against the model, reveals and announces", async () => {
    const { page } = browser;
    // s57: the first prediction is made before the page's scripts have arrived (a slow network):
    // it once went to the server, and the page reloaded to ?value=lots, empty and ungraded.
    const url = `${site}/retry-storm/`;
    const release = await openWithScriptsHeld(page, url);
    const text = () => page.locator("main").innerText();
    const amplification = page.locator('[data-predict="retry-storm-amplification"]');
    const defences = page.locator('[data-predict="retry-storm-defences"]');
    const ampReveal = page.locator('[data-predict-reveal="retry-storm-amplification"]');
    const defReveal = page.locator('[data-predict-reveal="retry-storm-defences"]');

    // Before any prediction: the sentence with the figure and the one-defence table are not in
    // the visible text, nor in the accessibility tree.
    const before = await text();
    expect(before).not.toContain(`Each original request became ${predictions.amplification.actualText} tries`);
    expect(before).not.toContain("keep the storm inside pricing");
    expect(await defReveal.locator("table").count()).toBe(1);
    expect(await page.getByRole("table").filter({ hasText: "defence alone" }).count()).toBe(0);

    // A prediction that is not a number is refused, with the parser's reason, and nothing shows.
    const field = amplification.getByLabel("Your prediction");
    const validEdge = await fieldEdge(field);
    expect(validEdge.width).toBe("1px");
    const check = amplification.getByRole("button", { name: "Check my prediction" });
    const atRest = await boxesOf(check);
    await field.fill("lots");
    await field.press("Enter");
    // Held, and saying so, until the scripts arrive; then graded, on the same page. Its shorter
    // busy label moves nothing.
    await expectHeld(check, amplification, "Checking…");
    expectSameBoxes(await boxesOf(check), atRest);
    release();
    const ampVerdict = amplification.getByRole("status");
    await expect.poll(() => ampVerdict.textContent(), { timeout: 20_000 }).toMatch(/\S/);
    await expectMadeAgain(page, check, url);
    await expect(field.inputValue()).resolves.toBe("lots");
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    // Marked by a border twice as thick, in another colour, grown inward, kept in forced colours.
    await expectInvalidMark(page, field, validEdge);
    expect(await ampReveal.isHidden()).toBe(true);
    // A power of ten in the reason is said in words (the verdict is a live region), shown raised.
    await field.fill("1e-10k");
    await field.press("Enter");
    await expect.poll(() => ampVerdict.ariaSnapshot()).toContain("write 1 × 10 to the power of minus 7 (or 1e-7)");
    expect(await ampVerdict.locator('[aria-hidden="true"]').innerText()).toBe("1\u00a0×\u00a010⁻⁷");
    expect(await ampReveal.isHidden()).toBe(true);

    // Five tries per request, the most a client sends, is graded against the model's figure.
    await field.fill("5");
    await amplification.getByRole("button", { name: "Check my prediction" }).click();
    await expect.poll(() => ampReveal.isVisible()).toBe(true);
    expect(await ampVerdict.textContent()).toBe(
      `You predicted 5; the model gives ${predictions.amplification.actualText} tries per request: close (8% high). The result is shown below.`,
    );
    expect(await field.isDisabled()).toBe(true);
    // The button pressed is now hidden: focus is on the result, not left on the page's body.
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute("data-predict-reveal") ?? document.activeElement?.tagName,
      );
    expect(await focused()).toBe("retry-storm-amplification");
    expect(await text()).toContain(`Each original request became ${predictions.amplification.actualText} tries`);

    // The defences: an incomplete prediction names the rows left; then a full one is graded.
    await defences.locator('select[name="bulkhead"]').selectOption("contains");
    await defences.getByRole("button", { name: "Check my prediction" }).click();
    const defVerdict = defences.getByRole("status");
    await expect.poll(() => defVerdict.textContent()).toMatch(/^Choose an answer for every row first: /);
    expect(await defReveal.isHidden()).toBe(true);
    for (const d of predictions.defences)
      if (d.id !== "bulkhead") await defences.locator(`select[name="${d.id}"]`).selectOption("removes");
    await defences.getByRole("button", { name: "Check my prediction" }).click();
    await expect.poll(() => defReveal.isVisible()).toBe(true);
    const right = predictions.defences.filter(
      (d) => (d.id === "bulkhead" ? "contains" : "removes") === d.actual,
    ).length;
    expect(await defVerdict.textContent()).toMatch(
      new RegExp(`^${right} of ${predictions.defences.length} right\\. In the model, .*The result is shown below\\.$`),
    );
    expect(await page.getByRole("table").filter({ hasText: "defence alone" }).count()).toBe(1);
    expect(await text()).toContain("keep the storm inside pricing");
    expect(await defences.locator('.predict-row[data-right="false"]').count()).toBe(
      predictions.defences.length - right,
    );
    expect(await focused()).toBe("retry-storm-defences");
  });

  test("a reload shows each answer as made, with its result, unannounced, within the budget, and it stands", async () => {
    const { page } = browser;
    // The returning reader's page, weighed as every-page.test.ts weighs a first visit's (each file
    // fetched, none from the cache): the kept verdicts are shown without the grading code, so it
    // costs what a first visit does, within the budget.
    const devtools = await browser.context.newCDPSession(page);
    await devtools.send("Network.enable");
    await devtools.send("Network.setCacheDisabled", { cacheDisabled: true });
    const weight = await weighPage(page, `${site}/retry-storm/`);
    await devtools.detach();
    expect(weight.jsGzipBytes / 1024, weight.scripts.join(", ")).toBeLessThanOrEqual(budgets.jsBeforeInteractionKB);
    const amplification = page.locator('[data-predict="retry-storm-amplification"]');
    const defences = page.locator('[data-predict="retry-storm-defences"]');
    const ampReveal = page.locator('[data-predict-reveal="retry-storm-amplification"]');
    const ampVerdict = amplification.getByRole("status");
    await expect.poll(() => ampReveal.isVisible(), { timeout: 20_000 }).toBe(true);
    // The prediction as made, frozen, graded again against the model, and said to be the kept one.
    const field = amplification.getByLabel("Your prediction");
    expect(await field.inputValue()).toBe("5");
    expect(await field.isDisabled()).toBe(true);
    const answered = `You predicted 5; the model gives ${predictions.amplification.actualText} tries per request: close (8% high). The result is shown below. Kept in this browser since you answered.`;
    expect(await ampVerdict.textContent()).toBe(answered);
    // Not spoken as the page opens (two blocks would speak at once), but still the field's description.
    expect(await ampVerdict.getAttribute("aria-live")).toBe("off");
    expect(await field.getAttribute("aria-describedby")).toBe(await ampVerdict.getAttribute("id"));
    await expect(amplification.getByRole("button", { name: "Check my prediction" }).count()).resolves.toBe(0);
    // Nothing moved focus: the reader did nothing.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    // The rows as chosen, each marked right or wrong, and the table shown.
    await expect.poll(() => page.locator('[data-predict-reveal="retry-storm-defences"]').isVisible()).toBe(true);
    expect(await defences.locator('select[name="bulkhead"]').inputValue()).toBe("contains");
    expect(await defences.locator(".predict-row[data-right]").count()).toBe(predictions.defences.length);
    const wrongRows = predictions.defences.filter(
      (d) => (d.id === "bulkhead" ? "contains" : "removes") !== d.actual,
    ).length;
    const defencesAnswered = new RegExp(
      `^${predictions.defences.length - wrongRows} of ${predictions.defences.length} right\\. In the model, .* The result is shown below\\. Kept in this browser since you answered\\.$`,
    );
    expect(await defences.getByRole("status").textContent()).toMatch(defencesAnswered);
    expect(await defences.locator('.predict-row[data-right="false"]').count()).toBe(wrongRows);

    // The chapter changed since the figure was graded (the verdict was kept against other
    // settings), and the rows were kept as fcdf5d6 kept them, with no verdict: each is graded
    // again against the page's settings as the page opens, said as before, unannounced, and kept
    // again with that verdict.
    const settings = (block: typeof amplification) => block.locator("form").getAttribute("data-config");
    const ampSettings = (await settings(amplification))!;
    const defSettings = (await settings(defences))!;
    const chosen = Object.fromEntries(
      predictions.defences.map((d) => [d.id, d.id === "bulkhead" ? "contains" : "removes"]),
    );
    await page.evaluate(
      ([ampKey, defKey, against, classes]) => {
        const said = ["You predicted 5; the model gives 9.99 tries per request: the right size, 50% low."];
        localStorage.setItem(ampKey, JSON.stringify({ value: "5", verdict: { against, status: "near", said } }));
        localStorage.setItem(defKey, JSON.stringify({ classes }));
      },
      [
        predictionKey("retry-storm-amplification"),
        predictionKey("retry-storm-defences"),
        JSON.stringify({ ...JSON.parse(ampSettings), actual: 9.99, actualText: "9.99" }),
        chosen,
      ] as const,
    );
    await page.reload();
    await expect.poll(() => ampVerdict.textContent(), { timeout: 20_000 }).toBe(answered);
    expect(await amplification.getAttribute("data-status")).toBe("close");
    await expect.poll(() => defences.getByRole("status").textContent()).toMatch(defencesAnswered);
    expect(await defences.locator('.predict-row[data-right="false"]').count()).toBe(wrongRows);
    for (const block of [amplification, defences])
      expect(await block.getByRole("status").getAttribute("aria-live")).toBe("off");
    const keptNow = (id: string) =>
      page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), predictionKey(id)) as Promise<{
        value?: string;
        classes?: Record<string, string>;
        verdict?: { against: string };
      }>;
    expect(await keptNow("retry-storm-amplification")).toMatchObject({ value: "5", verdict: { against: ampSettings } });
    expect(await keptNow("retry-storm-defences")).toMatchObject({ classes: chosen, verdict: { against: defSettings } });

    // Forget both, as on a first visit; then another tab answers the first block before this one does.
    await page.evaluate(
      (keys) => {
        for (const key of keys) localStorage.removeItem(key);
      },
      [predictionKey("retry-storm-amplification"), predictionKey("retry-storm-defences")],
    );
    await page.reload();
    await field.fill("7");
    await page.evaluate(
      (key) => localStorage.setItem(key, '{"value":"3"}'),
      predictionKey("retry-storm-amplification"),
    );
    await amplification.getByRole("button", { name: "Check my prediction" }).click();
    // The first answer stands: this one does not replace it, and the verdict (announced: the reader acted) says whose it is.
    await expect
      .poll(() => ampVerdict.textContent(), { timeout: 20_000 })
      .toMatch(/^You predicted 3; .* Kept in this browser since you answered\.$/);
    expect(await field.inputValue()).toBe("3");
    expect(await ampVerdict.getAttribute("aria-live")).toBe("polite");
    // Kept as it was answered, now with the verdict it was given (fcdf5d6's format is read, and kept anew).
    expect(await keptNow("retry-storm-amplification")).toMatchObject({ value: "3", verdict: { against: ampSettings } });
  });

  test("skip, show me: reveals without a prediction, says so, and keeps the skip", async () => {
    const { page } = browser;
    const defences = page.locator('[data-predict="retry-storm-defences"]');
    await defences.getByRole("button", { name: "Skip, show me" }).click();
    await expect
      .poll(() => page.locator('[data-predict-reveal="retry-storm-defences"]').isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await defences.getByRole("status").textContent()).toBe("No prediction made. The result is shown below.");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-predict-reveal"))).toBe(
      "retry-storm-defences",
    );
    expect(await page.evaluate((key) => localStorage.getItem(key), predictionKey("retry-storm-defences"))).toBe(
      '{"skipped":true}',
    );
  });
});
