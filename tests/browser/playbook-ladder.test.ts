/**
 * The interview playbook's ladder of designs on a phone: every share is a percentage, the smallest
 * with a superscript exponent (1.33 × 10⁻⁶%), and that figure stays on one line (at 390 px it broke
 * inside "10⁻⁶", leaving the exponent's minus at the end of one line and the 6 on the next).
 */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { ladder } from "../../src/course/interview/numbers.ts";

describeInBrowser("interview playbook: the ladder's shares", { ownContext: false }, (browser) => {
  test("each share reads as a percentage and none breaks over two lines at 320 or 390 px", async () => {
    const session = await browser.open();
    try {
      const { page } = session;
      await page.goto(`${browser.site}/interview-playbook/`);
      const table = page.locator("table", { hasText: "Share of customers hit" });
      const shares = table.locator("tbody tr td:nth-child(3)");
      await expect(shares.allTextContents()).resolves.toEqual(ladder.map((r) => r.shareText.replace("^", "")));
      await expect(shares.last().locator("sup").textContent()).resolves.toBe("-6");
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 800 });
        const lines = await shares.evaluateAll((cells) =>
          cells.map((cell) => {
            const box = cell;
            const range = document.createRange();
            range.selectNodeContents(box);
            // One line: every piece of the figure shares the first piece's line.
            const tops = [...range.getClientRects()].map((r) => Math.round(r.bottom));
            return new Set(tops.map((t) => (Math.abs(t - tops[0]!) <= 8 ? tops[0] : t))).size;
          }),
        );
        expect(lines, `${width} px`).toEqual(ladder.map(() => 1));
      }
    } finally {
      await session.close();
    }
  });
});
