/** A mock interview as a learner runs one: pick, answer against the clock, score, and find it again. */
import { beforeEach, expect, test } from "vitest";
import { readFileSync } from "node:fs";
import { mergeBanks, parseQuestionBank, type Question } from "../../src/course/question-bank.ts";
import type { Locator, Page } from "playwright-core";
import { describeInBrowser } from "../support/browser-suite.ts";
import { computedColour, textContrast } from "../support/contrast.ts";
import { holdRequests } from "../support/hold-requests.ts";
import {
  clickInPlace,
  loading,
  mockInterview,
  pickQuestion,
  startInterview,
  storedAttempts,
  storedDraft,
  toDebrief,
} from "../support/mock-interview.ts";
import { drawIndex } from "../../src/widgets/mock-interview/draw.ts";
import { nothingToDiscardText, nothingToResumeText, resumeOffer } from "../../src/widgets/mock-interview/draft.ts";
import { keptText } from "../../src/widgets/mock-interview/keeping.ts";
import { noChoiceText } from "../../src/widgets/mock-interview/selection.ts";
import { levelBar } from "../../src/course/self-assessment.ts";
import { backToSavedText, clearQuestion, discardQuestion } from "../../src/widgets/mock-interview/save-state.ts";
import {
  answerLimits,
  debriefFieldLimit,
  limitText,
  nearShare,
  pasteCutText,
} from "../../src/widgets/mock-interview/limits.ts";
import { fieldEdge } from "../support/field-edge.ts";
import { announcedChanges, recordTextChanges } from "../support/live-regions.ts";

const read = (name: string) =>
  parseQuestionBank(readFileSync(new URL(`../../src/course/interview/${name}`, import.meta.url), "utf8"));
/** The bank in the order the widget draws from: single questions, then design prompts. */
const bank = mergeBanks(read("questions.yaml"), read("designs.yaml"));
const question = bank.find((q) => q.id === "partition-key")!;

/** What the setup stage says about a chosen question. */
const chosenText = (how: string, q: Question) =>
  `${how}: "${q.title}" (${q.level}${q.type === "design" ? ", a design round in four phases" : ""}).`;

/**
 * Starts recording each text written into `line` (a live region reads out each write, one of the
 * words it already says too); the function returned reads the record so far.
 */
async function recordWrites(line: Locator): Promise<() => Promise<string[]>> {
  await line.evaluate((el) => {
    const w = window as unknown as { qaWrites?: { observer: MutationObserver; texts: string[] } };
    w.qaWrites?.observer.disconnect();
    const texts: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === "characterData") texts.push(r.target.textContent ?? "");
        else if (r.addedNodes.length > 0) texts.push([...r.addedNodes].map((n) => n.textContent).join(""));
      }
    });
    observer.observe(el, { childList: true, characterData: true, subtree: true });
    w.qaWrites = { observer, texts };
  });
  return () => line.page().evaluate(() => (window as unknown as { qaWrites: { texts: string[] } }).qaWrites.texts);
}

/** The widget's code, as the page asks for it. */
const widgetCode = /\/mount\.[^/]+\.js$/;
/**
 * Holds the widget's code back until `release()`, so a test can act before it has loaded. The
 * route turns the page's cache off until `page.unroute(widgetCode)` (Playwright's routing does).
 */
const holdWidgetCode = (page: Page) => holdRequests(page, widgetCode);
/** The mock interview's bootstrap, the page's own small script that loads the widget's code. */
const bootstrapCode = /\/MockInterview\.astro_astro_type_script_index_\d+_lang\.[^/]+\.js$/;

/** What the debrief says when the evidence reaches no level, with the rule it applies. */
const belowBar = `your evidence does not reach the mid-level bar yet (a level needs evidence for points carrying ${Math.round(levelBar * 100)}% of the weight, at that level or above).`;

describeInBrowser("mock interview in Chromium", (browser) => {
  const { site } = browser;
  const url = `${site}/interview-playbook/`;

  // The tests without a paused clock or a held request share the block's page, and with it the
  // scripts, styles and fonts its cache already holds (a context of their own started each of them
  // with an empty cache). Before each test, if a page was loaded on it since it was last reset, the
  // page leaves it (an interview under way writes its draft as its page goes) for a file of the
  // site's own origin, and that origin's localStorage (history, draft) and sessionStorage (a tab's
  // own draft) are emptied there, as a fresh context has them. A test with a clock or a held
  // request still opens a context of its own.
  const resetAt = `${site}/favicon.svg`;
  beforeEach(async () => {
    const { page } = browser;
    if (page.url() === "about:blank" || page.url() === resetAt) return;
    await page.goto(resetAt);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  });

  test("runs to its rubric, saves the self-assessment, and the history survives a reload", async () => {
    // Its own browser: the paused clock below must not reach the other tests.
    const session = await browser.open();
    const { page } = session;
    const widgetRequests: string[] = [];
    page.on("request", (r) => /\/mount\.[^/]+\.js$/.test(r.url()) && widgetRequests.push(r.url()));
    const dataRequests: string[] = [];
    page.on("request", (r) => r.url().endsWith("/interview.json") && dataRequests.push(r.url()));
    // The page's clock stands still unless the test moves it: real time spent loading or
    // clicking must not show on the countdown (it once read 4:59 where 5:00 was due).
    await page.clock.install({ time: new Date("2026-03-02T09:00:00Z") });
    await page.clock.pauseAt(new Date("2026-03-02T09:00:01Z"));
    await page.goto(url);
    const mock = mockInterview(page);
    const status = mock.getByRole("status");
    await page.waitForLoadState("networkidle");
    expect(widgetRequests, "the widget loads on interaction, not with the page").toEqual([]);
    expect(dataRequests, "and so do its questions").toEqual([]);

    await startInterview(mock, question.id, { title: question.title, minutes: 10 });

    const clock = mock.getByRole("timer", { name: "Time left" });
    await expect.poll(() => clock.textContent()).toBe("10:00");
    expect(dataRequests).toHaveLength(1);
    await expect(mock.getByRole("heading", { name: question.title }).isVisible()).resolves.toBe(true);
    // The running stage fits a 375 px phone without sideways scrolling. Its layout is CSS alone,
    // laid out when the width is read (animation frames wait on the paused clock here).
    await page.setViewportSize({ width: 375, height: 740 });
    await expect
      .poll(() => page.evaluate(() => (innerWidth === 375 ? document.documentElement.scrollWidth : null)))
      .toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });
    // The evidence pasted at the debrief must be in the notes to count.
    await mock
      .getByLabel(/Your answer/)
      .fill(
        "Tenant id, on every request, keeps a tenant's data in one cell. Cross-tenant reports go through a separate path.",
      );

    // Half time is announced once, politely; seconds are not.
    await page.clock.fastForward("05:00");
    await page.clock.runFor(500);
    await expect.poll(() => status.textContent()).toBe("5\u00a0minutes left.");
    await expect.poll(() => clock.textContent()).toBe("5:00");

    // Paused, the clock stands still.
    await mock.getByRole("button", { name: "Pause" }).click();
    await page.clock.runFor(60_000);
    await expect(clock.textContent()).resolves.toBe("5:00");
    await mock.getByRole("button", { name: "Resume" }).click();

    await page.clock.fastForward("05:01");
    await page.clock.runFor(500);
    await expect.poll(() => status.textContent()).toMatch(/^Time is up/);
    await expect(clock.textContent()).resolves.toBe("0:00");
    // Nothing is left to pause once time is up.
    await expect(mock.getByRole("button", { name: /^(Pause|Resume)$/ }).count()).resolves.toBe(0);
    // The interviewer asked both follow-ups on the clock, and pushed back on the second.
    const log = mock.getByRole("log", { name: "The interviewer" });
    await expect(log.getByRole("listitem").count()).resolves.toBe(3);
    await expect(log.textContent()).resolves.toContain(question.followUps[1]!.pushback!.say);
    // Each is stamped with the time since the start, said as such beside a clock that counts down;
    // the last pushback came with two of the ten minutes left.
    await expect(log.locator(".mock__when").allTextContents()).resolves.toEqual(["3:00 in", "6:30 in", "8:00 in"]);
    // Each line reads as words, to a screen reader (the log says each as it arrives) and in a copy:
    // a space after the stamp and after the pushback's tag, not only a margin ("3:00 inWhat if…").
    const [asked0, asked1] = question.followUps;
    await expect(log.getByRole("listitem").allTextContents()).resolves.toEqual([
      `3:00 in ${asked0!.question}`,
      `6:30 in ${asked1!.question}`,
      `8:00 in Pushes back ${asked1!.pushback!.say}`,
    ]);
    const said = await log.ariaSnapshot();
    expect(said).toContain(`listitem: 3:00 in ${asked0!.question}`);
    expect(said).toContain(`listitem: 8:00 in Pushes back ${asked1!.pushback!.say}`);
    await mock.getByRole("button", { name: /debrief me/ }).click();

    // The debrief: a level and evidence for each point of the levelled rubric.
    const criteria = mock.locator("fieldset[data-criterion]");
    await expect(criteria.count()).resolves.toBe(question.rubric.length);
    // Nothing scored yet: nothing to agree or disagree on, and the line says what to do.
    await expect(mock.locator("[data-field=disagreements]").textContent()).resolves.toBe(
      "Score each point you showed, and paste the evidence for it.",
    );
    await expect(
      mock.locator("[data-field=followups]").getByText(question.followUps[0]!.question).isVisible(),
    ).resolves.toBe(true);
    const first = mock.getByRole("group", { name: new RegExp(`^${question.rubric[0]!.point}`) });
    await first.getByRole("radio", { name: /^Senior/ }).check();
    await first.getByLabel(/^Evidence:/).fill("Tenant id, on every request, keeps a tenant's data in one cell.");
    const second = mock.getByRole("group", { name: new RegExp(`^${question.rubric[1]!.point}`) });
    await second.getByRole("radio", { name: /^Staff/ }).check();
    await second.getByLabel(/^Evidence:/).fill("an asynchronous aggregate path");
    // Staff claimed, but no cost given: the evidence does not back it.
    await expect.poll(() => second.locator(".mock__verdict").textContent()).toMatch(/not what it costs. Not counted/);
    const weights = question.rubric.map((c) => c.weight);
    const total = 3 * weights.reduce((a, b) => a + b, 0);
    const self = Math.round((100 * (2 * weights[0]! + 3 * weights[1]!)) / total);
    const backed = Math.round((100 * (2 * weights[0]!)) / total);
    await expect
      .poll(() => mock.locator("[data-field=score]").textContent())
      .toBe(`Self-score ${self}%, backed by evidence ${backed}%; ${belowBar}`);
    await expect(mock.locator("[data-field=disagreements]").textContent()).resolves.toContain(
      question.rubric[1]!.point,
    );
    await mock.getByRole("button", { name: "Save to my history" }).click();
    await page.clock.runFor(500);
    await expect
      .poll(() => status.textContent())
      .toBe(
        `Saved: self-score ${self}%, backed by evidence ${backed}%; ${belowBar} You have 1 attempt on this device.`,
      );

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("blast-radius:interviews:v1")!));
    expect(stored.attempts).toHaveLength(1);
    expect(stored.attempts[0]).toMatchObject({
      questionId: question.id,
      hit: [0],
      points: question.rubric.length,
      seed: null,
      durationSeconds: 600,
      usedSeconds: 600,
      debrief: { claimed: [2, 3], backed: [2, 0], level: null, redFlags: [], asked: 2, pushedBack: 1 },
    });
    expect(stored.attempts[0].notes).toContain("Tenant id");

    await page.reload();
    await mock.getByText("Your attempts on this device").click();
    const row = mock.locator("tr[data-attempt]");
    await expect.poll(() => row.count()).toBe(1);
    await expect(row.first().textContent()).resolves.toContain(`${backed}% (you said ${self}%)`);
    await expect(row.first().textContent()).resolves.toContain(question.title);
    await session.close();
  });

  test("an interview interrupted by a reload resumes with its notes and remaining time", async () => {
    const session = await browser.open();
    try {
      const { page } = session;
      await page.clock.install({ time: new Date("2026-03-02T09:00:00Z") });
      await page.clock.pauseAt(new Date("2026-03-02T09:00:01Z"));
      await page.goto(url);
      const mock = mockInterview(page);
      await startInterview(mock, question.id, { title: question.title });
      await mock.getByLabel(/Your answer/).fill("Partition on tenant id.");
      await page.clock.fastForward("03:00");
      await page.clock.runFor(500);
      const log = mock.getByRole("log", { name: "The interviewer" });
      await expect.poll(() => log.textContent()).toContain(question.followUps[0]!.question);
      // What the chapter says a reload does, which this test shows the page doing.
      await expect(
        page
          .locator("main")
          .textContent()
          .then((t) => t!.replace(/\s+/g, " ")),
      ).resolves.toContain(
        "After a reload, the page offers to resume an interview left unfinished, paused where it was, or to discard it.",
      );
      const release = await holdWidgetCode(page);
      // The page's bootstrap held too: what shows before any of the page's code has run.
      const releaseBootstrap = await holdRequests(page, bootstrapCode);
      await page.reload({ waitUntil: "commit" });

      // Offered as the page is drawn, before its code has run, in the words the widget keeps:
      // pressing the button is what loads the widget, so nothing may move it under the pointer.
      const offer = `You have an unfinished interview on "${question.title}", 7:00 left.`;
      const resumeIt = mock.getByRole("button", { name: "Resume it" });
      const discardIt = mock.getByRole("button", { name: "Discard it" });
      await expect.poll(() => resumeIt.isVisible(), loading).toBe(true);
      await expect(mock.locator("[data-field=resume-text]").textContent()).resolves.toBe(offer);
      const before = await resumeIt.boundingBox();
      // One way on: resume (the primary button) or discard; the setup's own controls and its
      // "No question yet" line wait until the offer is answered.
      const offerShown = async () => {
        await expect(resumeIt.getAttribute("class")).resolves.toContain("br-button--primary");
        await expect(discardIt.isVisible()).resolves.toBe(true);
        await expect(discardIt.getAttribute("class")).resolves.not.toContain("br-button--primary");
        // Read with the offer: the group of its two buttons is named by its words.
        await expect(mock.getByRole("group", { name: offer }).isVisible()).resolves.toBe(true);
        for (const hidden of [
          mock.getByRole("button", { name: "Start the interview" }),
          mock.getByRole("button", { name: "Draw a question" }),
          mock.getByLabel("Or pick one"),
          mock.locator("[data-field=chosen]"),
        ])
          await expect(hidden.isVisible()).resolves.toBe(false);
      };
      await offerShown();
      releaseBootstrap();
      await page.waitForLoadState("domcontentloaded");
      await page.unroute(bootstrapCode);
      await offerShown();
      await expect(resumeIt.boundingBox()).resolves.toEqual(before);
      await resumeIt.focus();
      release();
      await expect.poll(() => mock.getAttribute("data-ready"), loading).toBe("true");
      await page.unroute(widgetCode);
      await expect(mock.locator("[data-field=resume-text]").textContent()).resolves.toBe(offer);
      await offerShown();
      await expect(resumeIt.boundingBox()).resolves.toEqual(before);
      await resumeIt.click();
      await expect.poll(() => mock.getByRole("heading", { name: question.title }).isVisible(), loading).toBe(true);
      await expect(mock.getByLabel(/Your answer/).inputValue()).resolves.toBe("Partition on tenant id.");
      // What the interviewer already asked is still there, and is not asked again.
      await expect(log.getByRole("listitem").count()).resolves.toBe(1);
      await expect(log.textContent()).resolves.toContain(question.followUps[0]!.question);
      const clock = mock.getByRole("timer", { name: "Time left" });
      await expect.poll(() => clock.textContent()).toBe("7:00");
      await page.clock.runFor(30_000); // resumed paused: the clock waits for the learner
      await expect(clock.textContent()).resolves.toBe("7:00");
      await mock.getByRole("button", { name: "Resume", exact: true }).click();
      await page.clock.runFor(2_000);
      await expect.poll(() => clock.textContent()).toBe("6:58");
      await mock.getByRole("button", { name: /debrief me/ }).click();
      await mock.getByRole("button", { name: "Save to my history" }).click();
      const left = await page.evaluate(() => localStorage.getItem("blast-radius:interview-draft:v1"));
      expect(left, "a saved attempt leaves no draft behind").toBeNull();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("blast-radius:interviews:v1")!));
      expect(stored.attempts[0]).toMatchObject({ questionId: question.id, notes: "Partition on tenant id." });
      // 3:00 before the reload (plus up to half a second of ticks), 2 s after resuming.
      expect(stored.attempts[0].usedSeconds).toBeGreaterThanOrEqual(182);
      expect(stored.attempts[0].usedSeconds).toBeLessThanOrEqual(183);

      // Another interview, left unfinished and discarded after a reload. Asked first, in the page,
      // with keeping it the focused answer: Enter twice, or Escape, loses nothing and gives the
      // focus back to "Discard it".
      await mock.getByRole("button", { name: "Another question" }).click();
      await startInterview(mock, question.id, { title: question.title });
      await mock.getByLabel(/Your answer/).fill("Cell per tenant.");
      await page.reload();
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const kept = await storedDraft(page);
      const asking = mock.getByRole("group", { name: discardQuestion(kept!) });
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
      await discardIt.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => asking.isVisible(), loading).toBe(true);
      expect(discardQuestion(kept!)).toContain("with your notes");
      await expect(focused()).resolves.toBe("Keep my interview");
      // The destructive answer is named for what it does, and is not the primary button.
      const discardMine = asking.getByRole("button", { name: "Discard my interview" });
      await expect(discardMine.getAttribute("class")).resolves.not.toContain("br-button--primary");
      await page.keyboard.press("Enter");
      await expect.poll(() => asking.isVisible()).toBe(false);
      await expect(focused()).resolves.toBe("Discard it");
      await page.keyboard.press("Enter");
      await expect.poll(() => asking.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => asking.isVisible()).toBe(false);
      await expect(focused()).resolves.toBe("Discard it");
      // Kept: the offer is as it was, and so is the interview it offers.
      await expect(mock.getByRole("group", { name: resumeOffer(kept!) }).isVisible()).resolves.toBe(true);
      await expect(resumeIt.isVisible()).resolves.toBe(true);
      await expect(mock.getByRole("button", { name: "Start the interview" }).isVisible()).resolves.toBe(false);
      await expect(storedDraft(page)).resolves.toEqual(kept);
      // Discarding is the answer before the safe one: the setup comes back, with the keyboard on
      // its first control, and the draft is gone.
      await page.keyboard.press("Enter");
      await expect.poll(() => asking.isVisible()).toBe(true);
      await page.keyboard.press("Shift+Tab");
      await expect(focused()).resolves.toBe("Discard my interview");
      await page.keyboard.press("Enter");
      const draw = mock.getByRole("button", { name: "Draw a question" });
      await expect.poll(() => draw.isVisible(), loading).toBe(true);
      await expect(draw.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
      await expect(resumeIt.isVisible()).resolves.toBe(false);
      await expect(mock.locator("[data-field=chosen]").textContent()).resolves.toBe(
        "No question yet: draw one, pick one, or just start and one is drawn for you.",
      );
      await page.clock.runFor(500);
      await expect
        .poll(() => mock.getByRole("status").textContent())
        .toBe(
          `Discarded your unfinished interview on "${question.title}". Draw or pick a question to start a new one.`,
        );
      await expect(storedDraft(page)).resolves.toBeNull();
      await expect(asking.isVisible()).resolves.toBe(false);
      expect(dialogs).toEqual([]);

      // Offered again, and gone from the device (finished or discarded in another tab) while the
      // widget's code loads: the offer goes when the code runs, the keyboard goes on from Draw, and
      // the status says why.
      const offerAgain = () =>
        page.evaluate((draft) => localStorage.setItem("blast-radius:interview-draft:v1", JSON.stringify(draft)), kept);
      const goneElsewhere = () => page.evaluate(() => localStorage.removeItem("blast-radius:interview-draft:v1"));
      await offerAgain();
      const releaseAgain = await holdWidgetCode(page);
      const releaseBootstrapAgain = await holdRequests(page, bootstrapCode);
      await page.reload({ waitUntil: "commit" });
      // The bootstrap runs (module scripts run before DOMContentLoaded) and still finds the draft.
      releaseBootstrapAgain();
      await page.waitForLoadState("domcontentloaded");
      await page.unroute(bootstrapCode);
      await expect(discardIt.isVisible()).resolves.toBe(true);
      await goneElsewhere();
      // The first touch asks for the widget's code, held until the draft is gone.
      await discardIt.focus();
      releaseAgain();
      await expect.poll(() => mock.getAttribute("data-ready"), loading).toBe("true");
      await page.unroute(widgetCode);
      await expect(discardIt.isVisible()).resolves.toBe(false);
      await expect(draw.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
      await page.clock.runFor(500);
      await expect.poll(() => mock.getByRole("status").textContent()).toBe(nothingToResumeText);

      // Gone once the code has run, before "Discard it" is pressed: nothing is asked, the status
      // says so, and the setup comes back.
      await offerAgain();
      await page.reload();
      await discardIt.focus(); // the first touch: the widget's code loads
      await expect.poll(() => mock.getAttribute("data-ready"), loading).toBe("true");
      await expect(discardIt.isVisible()).resolves.toBe(true);
      await goneElsewhere();
      await page.keyboard.press("Enter");
      await expect.poll(() => draw.isVisible(), loading).toBe(true);
      await expect(draw.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
      await expect(asking.isVisible()).resolves.toBe(false);
      await page.clock.runFor(500);
      await expect.poll(() => mock.getByRole("status").textContent()).toBe(nothingToDiscardText);
    } finally {
      await session.close();
    }
  });

  test("the answer says its limit as it nears it, says it once, and a paste that does not fit says what it kept", async () => {
    const { page, context } = browser;
    try {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(site).origin });
      await page.goto(url);
      const mock = mockInterview(page);
      const status = mock.getByRole("status");
      await startInterview(mock, question.id, { title: question.title });
      const answer = mock.getByLabel(/Your answer/);
      const max = answerLimits.notes;
      await expect(answer.getAttribute("maxlength")).resolves.toBe(String(max));
      // The count is the field's description: read with the field, shown only once it matters.
      const count = mock.locator(`#${await answer.getAttribute("aria-describedby")}`);
      await expect(count.textContent()).resolves.toBe(limitText(0, max));
      await expect(count.boundingBox().then((box) => box!.width <= 1)).resolves.toBe(true);
      const near = Math.ceil(max * nearShare);
      await answer.fill("a".repeat(near - 1));
      await expect.poll(() => count.textContent()).toBe(limitText(near - 1, max));
      await answer.press("End");
      await answer.pressSequentially("b");
      await expect.poll(() => count.textContent()).toBe(limitText(near, max));
      await expect.poll(() => count.isVisible()).toBe(true);
      await expect.poll(() => status.textContent()).toBe(`Your answer: ${limitText(near, max)}`);
      // The next key says nothing new.
      await answer.pressSequentially("c");
      await expect.poll(() => count.textContent()).toBe(limitText(near + 1, max));
      await expect(status.textContent()).resolves.toBe(`Your answer: ${limitText(near, max)}`);
      // A paste longer than the room left: what fits goes in, and the page says how much did not.
      const pasted = max - near;
      await page.evaluate((text) => navigator.clipboard.writeText(text), "p".repeat(pasted));
      await answer.press("ControlOrMeta+V");
      const cut = pasteCutText(pasted, max - near - 1)!;
      await expect.poll(() => count.textContent()).toBe(`${limitText(max, max)} ${cut}`);
      await expect.poll(() => status.textContent()).toBe(`Your answer: ${cut} ${limitText(max, max)}`);
      await expect(answer.inputValue()).resolves.toHaveLength(max);
      await expect(answer.inputValue().then((v) => v.endsWith("p"))).resolves.toBe(true);
      // The debrief's evidence fields take as much as the notes hold, and say so the same way.
      await mock.getByRole("button", { name: /debrief me/ }).click();
      const evidence = mock.getByLabel(/^Evidence:/).first();
      const limit = debriefFieldLimit(await answer.inputValue());
      await expect(evidence.getAttribute("maxlength")).resolves.toBe(String(limit));
      const evidenceCount = mock.locator(`#${await evidence.getAttribute("aria-describedby")}`);
      await expect(evidenceCount.textContent()).resolves.toBe(limitText(0, limit));
    } finally {
      // The shared context reads no clipboard after this test.
      await context.clearPermissions();
    }
  });

  test("a reload during the debrief comes back to the debrief, with its self-scores and evidence", async () => {
    const session = await browser.open();
    try {
      const { page } = session;
      const shuffle = bank.find((q) => q.id === "shuffle-sharding-numbers")!;
      const needs = shuffle.rubric.findIndex((c) => c.point === "What it needs, and what it costs");
      await page.clock.install({ time: new Date("2026-03-02T09:00:00Z") });
      await page.clock.pauseAt(new Date("2026-03-02T09:00:01Z"));
      await page.goto(url);
      const mock = mockInterview(page);
      const status = mock.locator("[data-field=announce]");
      await startInterview(mock, shuffle.id, { title: shuffle.title });
      // The evidence pasted below, as the notes must hold it to count.
      await mock
        .getByLabel(/Your answer/)
        .fill("Stored assignment per customer, at the cost of a table to keep in step with the fleet.");
      await page.clock.fastForward("02:00");
      await mock.getByRole("button", { name: /debrief me/ }).click();
      const point = mock.getByRole("group", { name: new RegExp(`^${shuffle.rubric[needs]!.point}`) });
      await point.getByRole("radio", { name: /^Senior/ }).check();
      // The rubric's own senior answer is evidence the checker accepts.
      await point.getByLabel(/^Evidence:/).fill("Stored assignment");
      await point
        .getByLabel("What it costs", { exact: true })
        .fill("the cost of a table to keep in step with the fleet");
      await expect
        .poll(() => point.locator(".mock__verdict").textContent())
        .toBe("Your evidence passes the page's checks: counted at senior.");
      await mock.getByRole("checkbox", { name: shuffle.redFlags[0]! }).check();

      const release = await holdWidgetCode(page);
      await page.reload();
      // Offered by the bootstrap, at its debrief; the widget, once loaded, leaves the words alone.
      const offer = `You have an unfinished interview on "${shuffle.title}", at its debrief.`;
      await expect(mock.locator("[data-field=resume-text]").textContent()).resolves.toBe(offer);
      const resumeIt = mock.getByRole("button", { name: "Resume it" });
      await resumeIt.focus(); // the widget loads on the first touch
      const before = await resumeIt.boundingBox();
      release();
      await expect.poll(() => mock.getAttribute("data-ready"), loading).toBe("true");
      // Nothing is held back again: the reloads below load from the page's cache, as a reader's do.
      await page.unroute(widgetCode);
      await expect(mock.locator("[data-field=resume-text]").textContent()).resolves.toBe(offer);
      await expect(resumeIt.boundingBox()).resolves.toEqual(before);
      await resumeIt.click();
      await expect.poll(() => mock.getAttribute("data-stage")).toBe("review");
      await expect(point.getByRole("radio", { name: /^Senior/ }).isChecked()).resolves.toBe(true);
      await expect(point.getByLabel(/^Evidence:/).inputValue()).resolves.toBe("Stored assignment");
      await expect(point.getByLabel("What it costs", { exact: true }).inputValue()).resolves.toBe(
        "the cost of a table to keep in step with the fleet",
      );
      await expect(mock.getByRole("checkbox", { name: shuffle.redFlags[0]! }).isChecked()).resolves.toBe(true);
      await expect(point.locator(".mock__verdict").textContent()).resolves.toBe(
        "Your evidence passes the page's checks: counted at senior.",
      );
      await page.clock.runFor(500);
      await expect
        .poll(() => status.textContent())
        .toBe(`Resumed the debrief of "${shuffle.title}", with the scores and evidence you had entered.`);
      // A second reload still finds it at its debrief, with the time it had used.
      await page.reload();
      await mock.getByRole("button", { name: "Resume it" }).click();
      await expect.poll(() => mock.getAttribute("data-stage"), loading).toBe("review");
      await expect(point.getByLabel(/^Evidence:/).inputValue()).resolves.toBe("Stored assignment");
      await expect(mock.locator("[data-field=used]").textContent()).resolves.toBe("You used 2:00 of 10:00.");

      // Saved from the keyboard: the button says so and keeps the focus.
      const save = mock.getByRole("button", { name: "Save to my history" });
      await save.focus();
      await page.keyboard.press("Enter");
      const saved = mock.getByRole("button", { name: "Saved" });
      await expect.poll(() => saved.getAttribute("aria-disabled")).toBe("true");
      await expect(saved.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
      // Dimmed by its colours, not by opacity, which dimmed the focus ring it keeps (course.css).
      await expect(saved.evaluate((b) => getComputedStyle(b).opacity)).resolves.toBe("1");
      await page.keyboard.press("Enter"); // pressed again, it saves nothing more
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("blast-radius:interviews:v1")!));
      expect(stored.attempts).toHaveLength(1);
      expect(stored.attempts[0].debrief).toMatchObject({ redFlags: [0] });
      expect(stored.attempts[0].debrief.backed[needs]).toBe(2);
      expect(await page.evaluate(() => localStorage.getItem("blast-radius:interview-draft:v1"))).toBeNull();

      // A change after saving is not lost: the button offers to save it, the status says the
      // history still has the saved score, and the draft keeps the change until it is saved.
      const history = () =>
        page.evaluate(() => JSON.parse(localStorage.getItem("blast-radius:interviews:v1")!).attempts);
      const draft = () => storedDraft(page);
      const scores = (d: { selfScore: number; backedScore: number }) =>
        `self-score ${Math.round(100 * d.selfScore)}%, backed by evidence ${Math.round(100 * d.backedScore)}%`;
      await point.getByRole("radio", { name: /^Staff/ }).check();
      const saveChanges = mock.getByRole("button", { name: "Save changes" });
      await expect.poll(() => saveChanges.count()).toBe(1);
      await expect(saveChanges.getAttribute("aria-disabled")).resolves.toBeNull();
      await page.clock.runFor(500);
      await expect
        .poll(() => status.textContent())
        .toBe(
          `Changed since you saved it: your history still has ${scores(stored.attempts[0].debrief)}. Save changes to update it.`,
        );
      await expect(history()).resolves.toEqual(stored.attempts);
      await expect(draft().then((d) => d?.debrief?.claims[needs]?.level)).resolves.toBe(3);
      // The score line already counts the change.
      await expect(mock.locator("[data-field=score]").textContent()).resolves.toMatch(/^Self-score \d+%/);
      const changedScore = (await mock.locator("[data-field=score]").textContent())!;
      expect(changedScore.toLowerCase()).not.toContain(scores(stored.attempts[0].debrief));

      // A reload comes back to the changed debrief, which still has to be saved.
      await page.reload();
      await expect(mock.locator("[data-field=resume-text]").textContent()).resolves.toBe(offer);
      await mock.getByRole("button", { name: "Resume it" }).click();
      await expect.poll(() => mock.getAttribute("data-stage"), loading).toBe("review");
      await expect(point.getByRole("radio", { name: /^Staff/ }).isChecked()).resolves.toBe(true);
      await expect(mock.locator("[data-field=score]").textContent()).resolves.toBe(changedScore);
      await expect(saveChanges.count()).resolves.toBe(1);
      await page.clock.runFor(500);
      await expect
        .poll(() => status.textContent())
        .toBe(
          `Resumed the debrief of "${shuffle.title}", with the scores and evidence you had entered. Changed since you saved it: your history still has ${scores(stored.attempts[0].debrief)}. Save changes to update it.`,
        );

      // Saved again: the history's entry for this interview is updated in place, not doubled.
      await saveChanges.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => saved.getAttribute("aria-disabled")).toBe("true");
      await expect(saved.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
      const updated = await history();
      expect(updated).toHaveLength(1);
      expect(updated[0]).toMatchObject({ questionId: shuffle.id, startedAt: stored.attempts[0].startedAt });
      expect(updated[0].debrief.claimed[needs]).toBe(3);
      expect(changedScore.toLowerCase()).toContain(scores(updated[0].debrief));
      await page.clock.runFor(500);
      await expect
        .poll(() => status.textContent())
        .toBe(
          `Saved your changes: ${changedScore[0]!.toLowerCase()}${changedScore.slice(1)} You have 1 attempt on this device.`,
        );
      await expect(draft()).resolves.toBeNull();
      await mock.getByText("Your attempts on this device").click();
      await expect
        .poll(() => mock.locator("tr[data-attempt]").allTextContents())
        .toEqual([expect.stringContaining(`(you said ${Math.round(100 * updated[0].debrief.selfScore)}%)`)]);
      await saved.focus();

      // Another question: nothing the status said about that interview stays on screen.
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect.poll(() => mock.getAttribute("data-stage")).toBe("setup");
      await page.clock.runFor(500);
      await expect(status.textContent()).resolves.toBe("");
      await expect(status.isVisible()).resolves.toBe(false); // an empty status line is not shown
    } finally {
      await session.close();
    }
  });

  test("Another question asks before it drops a debrief that is not saved, and only then", async () => {
    const { page } = browser;
    await page.goto(url);
    const mock = mockInterview(page);
    const status = mock.getByRole("status");
    const again = mock.getByRole("button", { name: "Another question" });
    // The question, named by what it asks (role="group", aria-labelledby its sentence).
    const asking = mock.getByRole("group", { name: /Another question now would lose/ });
    const focused = (button: Locator) => button.evaluate((b) => b === document.activeElement);
    const history = () => storedAttempts(page);
    const draft = () => storedDraft(page);
    const point = mock.getByRole("group", { name: new RegExp(`^${question.rubric[0]!.point}`) });
    const evidence = point.getByLabel(/^Evidence:/);

    // Nothing entered: nothing to lose, so nothing is asked.
    await toDebrief(mock, question);
    await again.click();
    await expect.poll(() => mock.getAttribute("data-stage")).toBe("setup");
    await expect(asking.count()).resolves.toBe(0);

    // A self-assessment entered, not saved: the widget asks first, with the safe answer focused.
    await toDebrief(mock, question);
    await point.getByRole("radio", { name: /^Senior/ }).check();
    await evidence.fill("Tenant id, on every request");
    await again.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => asking.isVisible()).toBe(true);
    await expect(asking.locator("p").textContent()).resolves.toBe(
      `Your self-assessment of "${question.title}" is not saved. Another question now would lose it.`,
    );
    await expect(asking.getByRole("button").allTextContents()).resolves.toEqual([
      "Save it, then another question",
      "Discard it",
      "Stay on this debrief",
    ]);
    await expect(focused(asking.getByRole("button", { name: "Stay on this debrief" }))).resolves.toBe(true);
    // Enter twice loses nothing: the learner stays, back on the button they pressed, entries kept.
    await page.keyboard.press("Enter");
    await expect.poll(() => asking.count()).toBe(0);
    await expect(mock.getAttribute("data-stage")).resolves.toBe("review");
    await expect(focused(again)).resolves.toBe(true);
    await expect(evidence.inputValue()).resolves.toBe("Tenant id, on every request");
    await expect(draft().then((d) => d?.debrief?.claims[0])).resolves.toMatchObject({ level: 2 });
    // Escape answers as staying does.
    await page.keyboard.press("Enter");
    await expect.poll(() => asking.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => asking.count()).toBe(0);
    await expect(focused(again)).resolves.toBe(true);
    // Saved on the way out: the history has it, and the status says so on the setup.
    await page.keyboard.press("Enter");
    await asking.getByRole("button", { name: "Save it, then another question" }).click();
    await expect.poll(() => mock.getAttribute("data-stage")).toBe("setup");
    await expect
      .poll(() => status.textContent())
      .toBe(`Saved your debrief of "${question.title}" to your history. Draw or pick the next question.`);
    const [first] = await history();
    expect(first).toMatchObject({ questionId: question.id, debrief: { claimed: [2, 0] } });

    // Saved, then changed: asked again, with what the history still has; discarding keeps the save.
    await toDebrief(mock, question);
    await point.getByRole("radio", { name: /^Senior/ }).check();
    await mock.getByRole("button", { name: "Save to my history" }).click();
    await expect.poll(() => mock.getByRole("button", { name: "Saved" }).count()).toBe(1);
    const saved = await history();
    expect(saved).toHaveLength(2);
    await point.getByRole("radio", { name: /^Staff/ }).check();
    await again.click();
    await expect.poll(() => asking.isVisible()).toBe(true);
    const debrief = saved[1]!.debrief!;
    await expect(asking.locator("p").textContent()).resolves.toBe(
      `You changed this debrief after saving it, and your history still has self-score ${Math.round(100 * debrief.selfScore)}%, backed by evidence ${Math.round(100 * debrief.backedScore)}%. Another question now would lose the changes.`,
    );
    await asking.getByRole("button", { name: "Discard the changes" }).click();
    await expect.poll(() => mock.getAttribute("data-stage")).toBe("setup");
    await expect
      .poll(() => status.textContent())
      .toBe(
        `Discarded your changes to the debrief of "${question.title}": your history keeps it as you saved it. Draw or pick the next question.`,
      );
    await expect(history()).resolves.toEqual(saved);
    await expect(draft()).resolves.toBeNull();
  });

  test("a debrief changed and changed back to what was saved is saved: Another question leaves it without asking", async () => {
    const { page } = browser;
    await page.goto(url);
    const mock = mockInterview(page);
    const status = mock.getByRole("status");
    const draft = () => storedDraft(page);
    const history = () => storedAttempts(page);
    // The save button as it stands: "Saved" (pressing it does nothing) while the history holds the debrief as it stands.
    const saveButton = mock.locator("[data-action=save]");
    const state = () =>
      saveButton.evaluate((b) => `${b.textContent}${b.getAttribute("aria-disabled") === "true" ? " (disabled)" : ""}`);
    const point = await toDebrief(mock, question);
    const evidence = point.getByLabel(/^Evidence:/);
    await point.getByRole("radio", { name: /^Senior/ }).check();
    await evidence.fill("Tenant id, on every request");
    await saveButton.click();
    await expect.poll(state).toBe("Saved (disabled)");
    const stored = await history();
    expect(stored).toHaveLength(1);

    // A level changed, then changed back: the history holds the debrief as it stands again.
    await point.getByRole("radio", { name: /^Staff/ }).check();
    await expect.poll(state).toBe("Save changes");
    await expect.poll(() => draft().then((d) => d?.debrief?.claims[0]?.level)).toBe(3);
    await point.getByRole("radio", { name: /^Senior/ }).check();
    await expect.poll(state).toBe("Saved (disabled)");
    await expect.poll(() => status.textContent()).toBe(backToSavedText);
    // Nothing left to keep: the draft goes, as it does on saving.
    await expect(draft()).resolves.toBeNull();

    // Evidence the notes do not hold (it no longer backs the level), then the evidence that was saved.
    await evidence.fill("Hash of the user id");
    await expect.poll(state).toBe("Save changes");
    await evidence.fill("Tenant id, on every request");
    await expect.poll(state).toBe("Saved (disabled)");

    // Leaving asks nothing, and the history is as it was saved.
    await mock.getByRole("button", { name: "Another question" }).click();
    await expect.poll(() => mock.getAttribute("data-stage")).toBe("setup");
    await expect(mock.getByRole("group", { name: /Another question now would lose/ }).count()).resolves.toBe(0);
    await expect(history()).resolves.toEqual(stored);
    await expect(draft()).resolves.toBeNull();
  });

  test("clearing the history under a saved debrief says it is no longer saved, and it can be saved again", async () => {
    const { page } = browser;
    await page.goto(url);
    const mock = mockInterview(page);
    const status = mock.getByRole("status");
    const history = () => storedAttempts(page);
    const draft = () => storedDraft(page);
    const save = mock.getByRole("button", { name: "Save to my history" });
    const clear = async () => {
      await mock.getByRole("button", { name: "Clear my history" }).click();
      // Asked in the page, saying the debrief on screen stays, no longer saved.
      const asking = mock.getByRole("group", {
        name: clearQuestion(1, { state: "saved", title: question.title }),
      });
      await asking.getByRole("button", { name: "Delete my history" }).click();
      await expect.poll(() => history()).toEqual([]);
    };
    const point = await toDebrief(mock, question);
    await point.getByRole("radio", { name: /^Senior/ }).check();
    await point.getByLabel(/^Evidence:/).fill("Tenant id, on every request");
    await save.click();
    await expect.poll(() => mock.getByRole("button", { name: "Saved" }).getAttribute("aria-disabled")).toBe("true");
    await mock.getByText("Your attempts on this device").click();
    await expect.poll(() => mock.locator("tr[data-attempt]").count()).toBe(1);

    await clear();
    await expect
      .poll(() => status.textContent())
      .toBe(
        `History cleared, and your debrief of "${question.title}" with it: it is no longer saved. Press "Save to my history" to keep it again.`,
      );
    // The button offers the save again; the draft keeps the debrief meanwhile, so a reload brings it back.
    await expect(mock.getByRole("button", { name: "Saved" }).count()).resolves.toBe(0);
    await expect(save.getAttribute("aria-disabled")).resolves.toBeNull();
    await expect(draft().then((d) => d?.debrief?.claims[0])).resolves.toMatchObject({ level: 2 });
    await save.click();
    await expect.poll(() => history().then((a) => a.length)).toBe(1);
    await expect.poll(() => status.textContent()).toMatch(/^Saved: .* You have 1 attempt on this device\.$/);
    await expect(draft()).resolves.toBeNull();

    // Changed since that save, then cleared: the earlier save went, and "Save changes" has nothing to change.
    await point.getByRole("radio", { name: /^Staff/ }).check();
    await expect.poll(() => mock.getByRole("button", { name: "Save changes" }).count()).toBe(1);
    await clear();
    await expect
      .poll(() => status.textContent())
      .toBe(
        `History cleared, and the earlier save of your debrief of "${question.title}" with it: it is no longer saved. Press "Save to my history" to keep it as it stands now.`,
      );
    await expect(mock.getByRole("button", { name: "Save changes" }).count()).resolves.toBe(0);
    await save.click();
    await expect.poll(() => history().then((a) => a.map((x) => x.debrief?.claimed))).toEqual([[3, 0]]);
  });

  test("a seeded draw works from the keyboard and the mouse, the same seed draws the same question, and Draw refuses a seed that is not one", async () => {
    const { page } = browser;
    await page.goto(url);
    const mock = mockInterview(page);
    // Where the learner's work is kept, said by the widget (this browser keeps it).
    await expect(mock.locator("[data-field=keeping]").textContent()).resolves.toBe(keptText);
    await expect(mock.locator("[data-field=keeping]").isVisible()).resolves.toBe(true);
    const draw = mock.getByRole("button", { name: "Draw a question" });
    const field = mock.getByLabel("Seed");
    const chosen = mock.locator("[data-field=chosen]");
    const rule = "a whole number from 0 to 4,294,967,295, written in digits only, such as 4821.";
    const start = mock.getByRole("button", { name: "Start the interview" });
    // The field's edge: how thick, what colour, and where its text starts inside its box.
    const edge = () => fieldEdge(field);
    const validEdge = await edge();
    expect(validEdge.width).toBe("1px");
    // Nothing chosen yet, Start does not throw a refused seed away for a random question either.
    await field.fill("abc");
    await expect.poll(() => mock.getAttribute("data-ready"), loading).toBe("true");
    const writes = await recordWrites(chosen);
    const cdp = await browser.context.newCDPSession(page);
    await recordTextChanges(mock);
    // What Chromium gives a screen reader as the field's description.
    const fieldDescription = async () => {
      const { result } = await cdp.send("Runtime.evaluate", { expression: "document.activeElement" });
      const { nodes } = await cdp.send("Accessibility.getPartialAXTree", {
        objectId: result.objectId!,
        fetchRelatives: false,
      });
      return String(nodes[0]?.description?.value);
    };
    // Clicked with the mouse straight from the field, Start did nothing: the press took the focus
    // from the field, whose refusal, said then, pushed Start down from under the pointer before
    // the release. The line now waits for the release; the click lands, and refuses.
    const { pressed, released } = await clickInPlace(page, start);
    expect(released).toEqual(pressed);
    const notASeed = (text: string) => `"${text}" is not a seed: a seed is ${rule}`;
    await expect.poll(() => chosen.textContent()).toBe(notASeed("abc"));
    await expect(mock.getAttribute("data-stage")).resolves.toBe("setup");
    await expect(field.inputValue()).resolves.toBe("abc");
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    // QA: the line, a live region, was written twice, by the field's change and by Start: it is
    // written once.
    await expect(writes()).resolves.toEqual([notASeed("abc")]);
    // QA: and that once was read twice: the line, live, said it as the focus came to the field,
    // whose description (read on the focus) is the line. Said once, by the description: the line
    // was written with its live region off.
    await expect(announcedChanges(page, cdp)).resolves.toEqual([]);
    await expect(fieldDescription()).resolves.toContain(notASeed("abc"));
    // QA: it was in the page's text colour beside a field marked invalid. It is in the course's
    // error red (the game day's seed refused), which reads at 4.5:1, light and dark.
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    for (const [shade, red] of [
      ["light", "--sl-color-red-high"],
      ["dark", "--sl-color-red"],
    ] as const) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, shade);
      await expect(
        chosen.evaluate((el) => getComputedStyle(el).color),
        `${shade} theme`,
      ).resolves.toBe(await computedColour(page, `var(${red})`));
      expect(await textContrast(chosen), `${shade} theme`).toBeGreaterThanOrEqual(4.5);
      // QA: the field itself was not marked. It is, as an exercise's answer field is: its border
      // twice as thick, in red, its box and its text where they were.
      await expect(edge(), `${shade} theme`).resolves.toEqual({
        ...validEdge,
        width: "2px",
        colour: await computedColour(page, "var(--sl-color-red)"),
      });
    }
    // Under the pointer too (a field's border turns to the accent there).
    await field.hover();
    await expect(edge().then((e) => e.colour)).resolves.toBe(await computedColour(page, "var(--sl-color-red)"));
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    // From the keyboard it is said on leaving the field, and not again by Start, which takes the
    // focus back to the field, whose description says it.
    await field.fill("abcd");
    await field.press("Tab");
    await expect.poll(() => chosen.textContent()).toBe(notASeed("abcd"));
    // The focus left the field, and stays where it went: the line, live, says it.
    await expect(announcedChanges(page, cdp)).resolves.toEqual(["#mock-chosen"]);
    await start.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(writes()).resolves.toEqual([notASeed("abc"), notASeed("abcd")]);
    // Back on the field, the reader hears why with it.
    await expect(fieldDescription()).resolves.toContain(notASeed("abcd"));
    await field.fill("");
    await field.press("Tab");
    await expect.poll(() => chosen.textContent()).toBe(noChoiceText);
    // A line that no longer refuses is in the widget's text colour again, and its field unmarked.
    await expect(chosen.evaluate((el) => getComputedStyle(el).color)).resolves.toBe(
      await mock.evaluate((el) => getComputedStyle(el).color),
    );
    await expect(edge().then((e) => e.width)).resolves.toBe("1px");

    await draw.focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => chosen.textContent(), loading)
      .toMatch(/^Random seed \d+ drew: ".+" \((mid|senior|staff)(, a design round in four phases)?\)\.$/);
    const first = (await chosen.textContent())!;
    const seed = first.match(/^Random seed (\d+)/)![1]!;
    const firstQuestion = first.slice(first.indexOf('"'), -1);
    // The line above Start says what was drawn, and says it alone: the status line does not repeat it.
    await expect(mock.locator("[data-field=announce]").textContent()).resolves.toBe("");
    await page.keyboard.press("Enter"); // draw again: a new seed
    await expect.poll(() => field.inputValue()).not.toBe(seed);
    await field.fill(seed);
    await field.press("Tab");
    const yours = `Your seed ${seed} drew: ${firstQuestion}.`;
    await expect.poll(() => chosen.textContent()).toBe(yours);

    // A seed that is not one is said on that same line, with what Start would still ask.
    const refused = (text: string) =>
      `"${text}" is not a seed: a seed is ${rule} The question is still ${firstQuestion}, drawn by seed ${seed}.`;
    await field.fill("abc");
    await field.press("Tab");
    await expect.poll(() => chosen.textContent()).toBe(refused("abc"));
    await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(mock.locator("[data-field=announce]").textContent()).resolves.toBe("");
    await expect(announcedChanges(page, cdp)).resolves.toContain("#mock-chosen");
    // QA: Draw threw such a seed away and drew a random one. It refuses it: the field keeps it, the
    // line still says why (read with the field, its description, and not aloud over it), and the
    // focus goes back to it.
    for (const text of ["-1", "abc", "99999999999"]) {
      await field.fill(text);
      await draw.click();
      await expect.poll(() => chosen.textContent()).toBe(refused(text));
      await expect(announcedChanges(page, cdp)).resolves.toEqual([]);
      await expect(fieldDescription()).resolves.toContain(refused(text));
      await expect(field.inputValue()).resolves.toBe(text);
      await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      await expect(field.evaluate((el) => el.getAttribute("aria-describedby"))).resolves.toBe(
        "mock-chosen mock-seed-help",
      );
    }
    await field.fill(seed);
    await field.press("Tab");
    await expect.poll(() => chosen.textContent()).toBe(yours);
    await expect(field.getAttribute("aria-invalid")).resolves.toBeNull();
    await expect(field.getAttribute("aria-describedby")).resolves.toBe("mock-seed-help");

    // QA: a seed typed, then Draw, drew a random seed in its place. The press after typing draws the
    // typed seed (its line unchanged, its field kept); the next press draws a random one, said so.
    await draw.click();
    await expect.poll(() => chosen.textContent()).toBe(yours);
    await expect(field.inputValue()).resolves.toBe(seed);
    await draw.click();
    await expect.poll(() => chosen.textContent()).toMatch(/^Random seed \d+ drew: /);
    await expect(field.inputValue()).resolves.toBe((await chosen.textContent())!.match(/^Random seed (\d+)/)![1]);
    // Typed again, even the very seed the field holds, Draw draws it as the learner's.
    const shown = await field.inputValue();
    await field.fill(shown);
    await draw.click();
    await expect.poll(() => chosen.textContent()).toMatch(new RegExp(`^Your seed ${shown} drew: `));

    // A design prompt's seed typed, and the Time list clicked straight from the field: the draw,
    // made as the press ends, takes the list away (a design round's phases set its time), and the
    // focus goes to "Or pick one" beside it, not to the page's body.
    const seedFor = (design: boolean) => {
      let n = 0;
      while ((bank[drawIndex(bank.length, n)]!.type === "design") !== design) n++;
      return n;
    };
    const time = mock.getByLabel("Time", { exact: true });
    // From a single question's draw, whose time the list sets.
    await field.fill(String(seedFor(false)));
    await field.press("Tab");
    await expect.poll(() => time.isVisible()).toBe(true);
    const designSeed = seedFor(true);
    const designDrawn = bank[drawIndex(bank.length, designSeed)]!;
    await field.fill(String(designSeed));
    await clickInPlace(page, time);
    await expect.poll(() => chosen.textContent()).toBe(chosenText(`Your seed ${designSeed} drew`, designDrawn));
    await expect(time.isVisible()).resolves.toBe(false);
    await expect(mock.getByLabel("Or pick one").evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // A question chosen, text that is not a seed, and Start clicked straight from the field: the
    // refusal still waits for the release, and the click starts the question the line named.
    await field.fill("abc");
    const moved = await clickInPlace(page, start);
    expect(moved.released).toEqual(moved.pressed);
    await expect.poll(() => mock.getAttribute("data-stage")).toBe("running");
    await expect(mock.locator("[data-field=title]").textContent()).resolves.toBe(designDrawn.title);
  });

  test("a seed typed before the widget has loaded is the seed the first draw uses", async () => {
    const session = await browser.open();
    try {
      const { page } = session;
      const release = await holdWidgetCode(page);
      await page.goto(url);
      const mock = mockInterview(page);
      await mock.getByLabel("Seed").fill("42");
      await mock.getByRole("button", { name: "Draw a question" }).click();
      release();
      const drawn = bank[drawIndex(bank.length, 42)]!;
      await expect
        .poll(() => mock.locator("[data-field=chosen]").textContent(), loading)
        .toBe(chosenText("Your seed 42 drew", drawn));
      await expect(mock.getByLabel("Seed").inputValue()).resolves.toBe("42");
      // Drawing again, with the seed unchanged, draws afresh.
      await mock.getByRole("button", { name: "Draw a question" }).click();
      await expect.poll(() => mock.getByLabel("Seed").inputValue()).not.toBe("42");
    } finally {
      await session.close();
    }
  });

  test("a Draw clicked after Start while the code loads cannot swap the question under the rubric", async () => {
    const session = await browser.open();
    try {
      const { page } = session;
      const release = await holdWidgetCode(page);
      await page.goto(url);
      // A fresh draw would pick this one: pick any other, so a late draw would show.
      await page.evaluate(() => {
        Math.random = () => 0.5;
      });
      const lateDraw = bank[drawIndex(bank.length, 1 + Math.floor(0.5 * 99_999))]!;
      const picked = bank.find((q) => q.id !== lateDraw.id)!;
      const mock = mockInterview(page);
      await mock.getByLabel("Or pick one").selectOption(picked.id);
      // A slow phone: Start seems to do nothing, so the learner also presses Draw.
      await mock.getByRole("button", { name: "Start the interview" }).click();
      await mock.getByRole("button", { name: "Draw a question" }).click();
      release();
      await expect.poll(() => mock.getAttribute("data-stage"), loading).toBe("running");
      await expect(mock.getByRole("heading", { level: 3 }).first().textContent()).resolves.toBe(picked.title);
      await mock.getByRole("button", { name: /debrief me/ }).click();
      await expect.poll(() => mock.locator("[data-field=review-title]").textContent()).toBe(`Debrief: ${picked.title}`);
      const criteria = mock.locator("fieldset[data-criterion]");
      await expect(criteria.count()).resolves.toBe(picked.rubric.length);
      await expect(criteria.first().locator("legend").textContent()).resolves.toBe(
        `${picked.rubric[0]!.point} (weight ${picked.rubric[0]!.weight})`,
      );
      await mock.getByRole("button", { name: "Save to my history" }).click();
      await expect.poll(() => mock.getByRole("button", { name: "Saved" }).count()).toBe(1);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("blast-radius:interviews:v1")!));
      expect(stored.attempts[0]).toMatchObject({
        questionId: picked.id,
        title: picked.title,
        points: picked.rubric.length,
      });
    } finally {
      await session.close();
    }
  });

  test("a design round runs its phases on their own clocks, the interviewer interrupts and pushes back, and a reload keeps it all", async () => {
    const session = await browser.open();
    try {
      const { page } = session;
      const design = bank.find((q) => q.id === "design-saas-control-data-plane")!;
      const router = design.followUps[0]!;
      await page.clock.install({ time: new Date("2026-03-02T09:00:00Z") });
      await page.clock.pauseAt(new Date("2026-03-02T09:00:01Z"));
      await page.goto(url);
      const mock = mockInterview(page);
      const status = mock.getByRole("status");
      await pickQuestion(mock, design.id);
      await expect.poll(() => mock.locator("[data-field=chosen]").textContent()).toBe(chosenText("You picked", design));
      // The length comes from the phases, so the time select goes.
      await expect(mock.getByLabel("Time", { exact: true }).isVisible()).resolves.toBe(false);
      // Keyboard only from here.
      await mock.getByRole("button", { name: "Start the interview" }).focus();
      await page.keyboard.press("Enter");
      const phases = mock.getByRole("list", { name: "Phases of this interview" });
      await expect.poll(() => phases.getByRole("listitem").count()).toBe(4);
      await expect(phases.locator("[aria-current=step]").textContent()).resolves.toBe("Requirements, 5:00");
      const clock = mock.getByRole("timer", { name: "Time left in this phase" });
      await expect.poll(() => clock.textContent()).toBe("5:00");

      // The requirements' clock runs out: the interviewer moves you on.
      await page.clock.fastForward("05:00");
      await page.clock.runFor(500);
      await expect
        .poll(() => status.textContent())
        .toBe("Time for the requirements is up; the interviewer moves you on to the interface.");
      await expect(phases.locator("[aria-current=step]").textContent()).resolves.toBe("Interface, 5:00");

      // Moving on early, from the keyboard.
      await mock.getByRole("button", { name: "Move on to the high-level design" }).focus();
      await page.keyboard.press("Enter");
      await page.clock.runFor(500);
      await expect.poll(() => status.textContent()).toBe("On to the high-level design: 12:00.");
      await expect.poll(() => clock.textContent()).toBe("12:00");

      // Four minutes into the high-level design: "the router is a single point of failure".
      const log = mock.getByRole("log", { name: "The interviewer" });
      await page.clock.fastForward("04:00");
      await page.clock.runFor(500);
      await expect.poll(() => log.textContent()).toContain(router.question);
      // Ninety seconds later it pushes back, harder.
      await page.clock.fastForward("01:30");
      await page.clock.runFor(500);
      await expect.poll(() => log.locator("li[data-kind=pushback]").textContent()).toContain(router.pushback!.say);
      await expect(log.locator("li[data-kind=pushback]").textContent()).resolves.toContain("Pushes back");

      // A reload keeps the phase, the clock and what was asked.
      await mock.getByLabel(/Your answer/).fill("Router: thin, cached mapping.");
      await page.reload();
      const offer = (await mock.locator("[data-field=resume-text]").textContent())!;
      await mock.getByRole("button", { name: "Resume it" }).click();
      await expect.poll(() => phases.locator("[aria-current=step]").textContent()).toBe("High-level design, 12:00");
      await expect(clock.textContent()).resolves.toMatch(/^6:2\d$/);
      // The offer's time left is what the clocks then show: this phase's rest and the deep dive's
      // 10:00, not the interface's unused minutes (skipped by moving on).
      const [m, s] = (await clock.textContent())!.split(":").map(Number) as [number, number];
      const left = 60 * m + s + 10 * 60;
      const leftText = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      expect(offer).toBe(`You have an unfinished interview on "${design.title}", ${leftText} left.`);
      await page.clock.runFor(500);
      await expect.poll(() => status.textContent()).toContain(`left in this phase, ${leftText} in all.`);
      await expect(log.getByRole("listitem").count()).resolves.toBe(2);
      await expect(mock.getByLabel(/Your answer/).inputValue()).resolves.toBe("Router: thin, cached mapping.");

      // The debrief: time per phase, the reference design and its map, the follow-ups as asked.
      await mock.getByRole("button", { name: /debrief me/ }).click();
      await expect
        .poll(() => mock.locator("[data-field=phase-times]").textContent())
        .toContain("Requirements: 5:00 of 5:00");
      // Moved on from the interface at once (time spent is whole seconds, rounded down so the phases add up).
      await expect(mock.locator("[data-field=phase-times]").textContent()).resolves.toMatch(/Interface: 0:0\d of 5:00/);
      await expect(mock.locator("[data-field=followups]").textContent()).resolves.toContain("(not reached)");
      const clarify = mock.locator("[data-field=clarify] dt");
      await expect(clarify.count()).resolves.toBe(design.clarify.length);
      const mapLink = mock.getByRole("link", { name: "Open this design's failure-domain map in the map builder" });
      // Under the site's base, as every other link of the site (the widget writes it from the
      // questions' JSON: it once lacked the base and led to a missing page on a project site).
      await expect(mapLink.getAttribute("href")).resolves.toMatch(
        new RegExp(`^${browser.base}failure-domains/#map=1\\.`),
      );

      // The link opens the design in the map builder.
      await mapLink.click();
      const builder = page.locator("[data-map-builder]");
      await expect
        .poll(() => builder.locator("[data-role=status]").textContent(), loading)
        .toBe("Loaded the map from the link.");
      await expect(builder.locator("[data-role=text]").inputValue()).resolves.toContain(
        "title SaaS: control plane and data plane in cells",
      );
    } finally {
      await session.close();
    }
  });

  test("unreadable saved history is set aside and the page still works", async () => {
    // The history is written on the site's origin before the playbook loads, so that the page
    // reads it unreadable from the start.
    const { page } = browser;
    if (page.url() !== resetAt) await page.goto(resetAt);
    await page.evaluate(() => localStorage.setItem("blast-radius:interviews:v1", "{not json"));
    await page.goto(url);
    expect(page.url()).toBe(url);
    const mock = mockInterview(page);
    await mock.getByText("Your attempts on this device").click();
    await expect.poll(() => mock.getByRole("status").textContent(), loading).toMatch(/could not be read/);
    await expect(mock.getByText("No attempts yet").isVisible()).resolves.toBe(true);
    const backup = await page.evaluate(() => localStorage.getItem("blast-radius:interviews:v1:unreadable"));
    expect(backup).toBe("{not json");
  });
});
