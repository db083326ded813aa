/**
 * Two tabs and one device's draft: the tab that last started or resumed an interview keeps it; the
 * other keeps its answer in its own tab's storage. The race of two writes crossing is unit-tested
 * in src/widgets/mock-interview/session.test.ts.
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { loading, mockInterview, startInterview } from "../support/mock-interview.ts";
import { yieldedWarning } from "../../src/widgets/mock-interview/session.ts";

describeInBrowser("mock interview in two tabs", (browser) => {
  test("an interview started in a second tab is not overwritten by the first tab's typing, and the first tab keeps its own", async () => {
    const session = await browser.open();
    try {
      /** Opens the playbook in `page`, starts an interview on `questionId` and types `answer`. */
      const startIn = async (page: Page, questionId: string, answer: string) => {
        await page.goto(`${browser.site}/interview-playbook/`);
        const mock = mockInterview(page);
        await startInterview(mock, questionId);
        await mock.getByLabel(/Your answer/).fill(answer);
        return mock;
      };
      const a = await startIn(session.page, "partition-key", "First tab.");
      const second = await session.context.newPage();
      await startIn(second, "cell-size", "Second tab.");

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
});
