/**
 * The mock interview's controls keep the keyboard's place after an action that hides them, and its
 * questions before dropping something are answered from the keyboard, the safe answer first.
 */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { loading, mockInterview } from "../support/mock-interview.ts";
import { clearQuestion } from "../../src/widgets/mock-interview/save-state.ts";

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

describeInBrowser("mock interview from the keyboard", { ownContext: false }, (browser) => {
  test("the block opens no context of its own: its page and context are not there to be used by mistake", () => {
    expect(() => browser.page).toThrow(/opens no context of its own/);
    expect(() => browser.context).toThrow(/opens no context of its own/);
  });

  test("Clear my history asks in the page: Escape keeps the history, Delete clears it and hands the focus to the history's summary", async () => {
    const session = await browser.open();
    try {
      const { page } = session;
      // The page asks in itself: a browser dialog here would block it (and fail this test).
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
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
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
      const stored = () => page.evaluate(() => localStorage.getItem("blast-radius:interviews:v1"));
      const asking = mock.getByRole("group", { name: clearQuestion(1, null) });

      const clear = mock.getByRole("button", { name: "Clear my history" });
      await clear.focus();
      await page.keyboard.press("Enter");
      // Asked with the safe answer focused: Enter twice keeps the history.
      await expect.poll(() => asking.isVisible()).toBe(true);
      await expect(focused()).resolves.toBe("Keep my history");
      await page.keyboard.press("Enter");
      await expect.poll(() => asking.isVisible()).toBe(false);
      await expect(focused()).resolves.toBe("Clear my history");
      // Escape answers as keeping does.
      await page.keyboard.press("Enter");
      await expect.poll(() => asking.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => asking.isVisible()).toBe(false);
      await expect(focused()).resolves.toBe("Clear my history");
      await expect(rows.count()).resolves.toBe(1);
      await expect(stored().then((raw) => JSON.parse(raw!).attempts)).resolves.toHaveLength(1);

      // Deleting is the answer before the safe one.
      await page.keyboard.press("Enter");
      await expect.poll(() => asking.isVisible()).toBe(true);
      await page.keyboard.press("Shift+Tab");
      await expect(focused()).resolves.toBe("Delete my history");
      await page.keyboard.press("Enter");
      await expect.poll(() => mock.getByRole("status").textContent()).toBe("History cleared.");
      await expect(stored()).resolves.toBeNull();
      await expect(clear.isVisible()).resolves.toBe(false);
      await expect(asking.isVisible()).resolves.toBe(false);
      // The button went from under the focus; the keyboard carries on from the history's summary.
      await expect(focused()).resolves.toBe("Your attempts on this device");
      expect(dialogs).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
