/** The mock interview's controls keep the keyboard's place after an action that hides them. */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { loading, mockInterview } from "../support/mock-interview.ts";

/** One attempt as the history keeps it (an attempt from before levelled rubrics, the smallest valid one). */
const attempt = {
  questionId: "partition-key",
  title: "Choosing a partition key",
  startedAt: "2026-03-02T09:00:00.000Z",
  seed: null,
  durationSeconds: 600,
  usedSeconds: 420,
  hit: [0],
  points: 2,
  notes: "Tenant id.",
};

describeInBrowser("mock interview from the keyboard", (browser) => {
  test("clearing the history hands the focus to the history's summary, not to the page's body", async () => {
    const session = await browser.open();
    try {
      const { page } = session;
      await page.goto(`${browser.site}/interview-playbook/`);
      await page.evaluate(
        (saved) => localStorage.setItem("blast-radius:interviews:v1", JSON.stringify({ attempts: [saved] })),
        attempt,
      );
      await page.reload();
      const mock = mockInterview(page);
      const summary = mock.locator("summary", { hasText: "Your attempts on this device" });
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => mock.getAttribute("data-ready"), loading).toBe("true");
      const rows = mock.locator("[data-field=history] tbody tr");
      await expect.poll(() => rows.count(), loading).toBe(1);

      const clear = mock.getByRole("button", { name: "Clear my history" });
      await clear.focus();
      page.once("dialog", (dialog) => void dialog.accept());
      await page.keyboard.press("Enter");
      await expect.poll(() => mock.getByRole("status").textContent()).toBe("History cleared.");
      await expect(clear.isVisible()).resolves.toBe(false);
      // The button went from under the focus; the keyboard carries on from the history's summary.
      await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe(
        "Your attempts on this device",
      );
    } finally {
      await session.close();
    }
  });
});
