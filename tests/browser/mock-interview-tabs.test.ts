/**
 * Two tabs and one device's draft: the tab that last started or resumed an interview keeps it; the
 * other keeps its answer in its own tab's storage. The race of two writes crossing is unit-tested
 * in src/widgets/mock-interview/session.test.ts. And two tabs and one history: a debrief is called
 * saved only while the history holds it as it stands, whichever tab cleared it or saved to it.
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { loading, mockInterview, startInterview, toDebrief } from "../support/mock-interview.ts";
import { reclaimedNote, yieldedWarning } from "../../src/widgets/mock-interview/session.ts";
import { clearQuestion, discardQuestion, elsewhereText } from "../../src/widgets/mock-interview/save-state.ts";
import { keptElsewhereText } from "../../src/widgets/mock-interview/draft.ts";
import { questions } from "../../src/course/interview/bank.ts";

const question = questions.find((q) => q.id === "partition-key")!;
const historyKey = "blast-radius:interviews:v1";
const draftKey = "blast-radius:interview-draft:v1";

describeInBrowser("mock interview in two tabs", { ownContext: false }, (browser) => {
  test("an interview started in a second tab is not overwritten by the first tab's typing, and the first tab keeps its own", async () => {
    const session = await browser.open();
    try {
      const deviceDraft = (page: Page) =>
        page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), draftKey);
      /**
       * Opens the playbook in `page`, starts an interview on `questionId` and types `answer`; with
       * `offered`, the page offers another tab's interview first, and that offer is discarded.
       */
      const startIn = async (page: Page, questionId: string, answer: string, offered = false) => {
        await page.goto(`${browser.site}/interview-playbook/`);
        const mock = mockInterview(page);
        if (offered) {
          await mock.getByRole("button", { name: "Discard it" }).click();
          const offeredDraft = await deviceDraft(page);
          await mock
            .getByRole("group", { name: discardQuestion(offeredDraft) })
            .getByRole("button", { name: "Discard my interview" })
            .click();
          await expect
            .poll(() => mock.getByRole("button", { name: "Start the interview" }).isVisible(), loading)
            .toBe(true);
          // Discarded here while the first tab still runs it: that tab writes its draft back, nothing
          // is lost, and this tab says so instead of calling it discarded.
          await expect
            .poll(() => deviceDraft(page))
            .toMatchObject({ questionId: "partition-key", notes: "First tab." });
          await expect.poll(() => mock.getByRole("status").textContent()).toBe(keptElsewhereText(question.title));
          await expect(mock.getByRole("button", { name: "Resume it" }).isVisible()).resolves.toBe(false);
        }
        await startInterview(mock, questionId);
        await mock.getByLabel(/Your answer/).fill(answer);
        return mock;
      };
      const a = await startIn(session.page, "partition-key", "First tab.");
      const second = await session.context.newPage();
      await startIn(second, "cell-size", "Second tab.", true);

      await expect.poll(() => a.getByRole("status").textContent(), loading).toBe(yieldedWarning);
      await a.getByLabel(/Your answer/).fill("First tab, typing on.");
      const draft = await second.evaluate(() => JSON.parse(localStorage.getItem("blast-radius:interview-draft:v1")!));
      expect(draft).toMatchObject({ questionId: "cell-size", notes: "Second tab." });
      // The first tab goes on keeping its own answer, in its tab's storage: a reload there brings it back.
      const own = await session.page.evaluate(() =>
        JSON.parse(sessionStorage.getItem("blast-radius:interview-draft:v1")!),
      );
      expect(own).toMatchObject({ questionId: "partition-key", notes: "First tab, typing on." });
    } finally {
      await session.close();
    }
  });

  test("a debrief saved here and cleared or saved in another tab says what the history now holds", async () => {
    const session = await browser.open();
    try {
      const stored = (page: Page, key: string) =>
        page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "null"), key);
      // This tab: a debrief scored and saved.
      const here = session.page;
      await here.goto(`${browser.site}/interview-playbook/`);
      const mock = mockInterview(here);
      const status = mock.getByRole("status");
      const saveButton = mock.locator("[data-action=save]");
      const point = await toDebrief(mock, question);
      await point.getByRole("radio", { name: /^Senior/ }).check();
      await point.getByLabel(/^Evidence:/).fill("Tenant id, on every request");
      await saveButton.click();
      await expect.poll(() => saveButton.textContent()).toBe("Saved");
      await mock.getByText("Your attempts on this device").click();
      await expect.poll(() => mock.locator("tr[data-attempt]").count()).toBe(1);

      // Another tab clears the history.
      const there = await session.context.newPage();
      await there.goto(`${browser.site}/interview-playbook/`);
      const other = mockInterview(there);
      await other.getByText("Your attempts on this device").click();
      await expect.poll(() => other.getAttribute("data-ready"), loading).toBe("true");
      await other.getByRole("button", { name: "Clear my history" }).click();
      await other
        .getByRole("group", { name: clearQuestion(1, null) })
        .getByRole("button", { name: "Delete my history" })
        .click();
      await expect.poll(() => stored(there, historyKey)).toBeNull();

      // This tab no longer calls it saved, says why, and keeps the debrief in the draft again.
      await expect.poll(() => saveButton.textContent()).toBe("Save to my history");
      await expect(saveButton.getAttribute("aria-disabled")).resolves.toBeNull();
      await expect.poll(() => status.textContent()).toBe(elsewhereText("unsaved", question.title, null, true));
      await expect.poll(() => mock.locator("tr[data-attempt]").count()).toBe(0);
      await expect.poll(() => stored(here, draftKey).then((d) => d?.debrief?.claims[0].level)).toBe(2);
      await saveButton.click();
      await expect.poll(() => saveButton.textContent()).toBe("Saved");
      await expect.poll(() => stored(there, historyKey).then((h) => h?.attempts.length)).toBe(1);

      // Changed here, and the same interview saved in the other tab (resumed there from the draft,
      // as this tab kept it): the history now holds it as it stands here.
      await point.getByRole("radio", { name: /^Staff/ }).check();
      await expect.poll(() => saveButton.textContent()).toBe("Save changes");
      await there.reload();
      await other.getByRole("button", { name: "Resume it" }).click();
      await expect.poll(() => other.getAttribute("data-stage"), loading).toBe("review");
      await other.locator("[data-action=save]").click();
      await expect
        .poll(() =>
          stored(there, historyKey).then((h) =>
            h?.attempts.map((a: { debrief: { claimed: number[] } }) => a.debrief.claimed),
          ),
        )
        .toEqual([[3, 0]]);
      await expect.poll(() => saveButton.textContent()).toBe("Saved");
      await expect.poll(() => status.textContent()).toBe(elsewhereText("saved", question.title, null, false));
      await expect(stored(here, draftKey)).resolves.toBeNull();

      // Changed there (and saved) under this tab's "Saved": this one offers to save its own again.
      await other
        .getByRole("group", { name: new RegExp(`^${question.rubric[0]!.point}`) })
        .getByRole("radio", { name: /^Mid/ })
        .check();
      await other.locator("[data-action=save]").click();
      await expect.poll(() => saveButton.textContent()).toBe("Save changes");
      const held = (await stored(there, historyKey)).attempts[0];
      // This tab had left the device's draft to the other, which forgot it on saving: this one keeps it now.
      await expect
        .poll(() => status.textContent())
        .toBe(`${elsewhereText("changed", question.title, held, false)} ${reclaimedNote}`);
      await expect.poll(() => stored(here, draftKey).then((d) => d?.debrief?.claims[0].level)).toBe(3);
    } finally {
      await session.close();
    }
  });
});
