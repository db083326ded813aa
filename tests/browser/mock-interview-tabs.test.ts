/** Two tabs and one draft: the tab that last started or resumed an interview keeps it. */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { loading, mockInterview, startInterview } from "../support/mock-interview.ts";

describeInBrowser("mock interview in two tabs", (browser) => {
  test("an interview started in a second tab is not overwritten by the first tab's typing", async () => {
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

      await expect
        .poll(() => a.getByRole("status").textContent(), loading)
        .toBe(
          "Another tab is now keeping an interview on this device, so this tab no longer saves this answer: a reload here would lose it.",
        );
      await a.getByLabel(/Your answer/).fill("First tab, typing on.");
      const draft = await second.evaluate(() => JSON.parse(localStorage.getItem("blast-radius:interview-draft:v1")!));
      expect(draft).toMatchObject({ questionId: "cell-size", notes: "Second tab." });
    } finally {
      await session.close();
    }
  });
});
