/**
 * The interview sheet in Chromium: one printed page on A4 and on Letter, and its defences stacked
 * on a phone. Its sections and figures are facts of the built page (tests/site/pages.test.ts).
 */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";

/** Pages in a PDF, counted from its page objects. */
const pageCount = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;

describeInBrowser("interview sheet", (browser) => {
  const { site } = browser;

  test("prints to exactly one page of PDF on A4 and on Letter", async () => {
    const { page } = browser;
    await page.goto(`${site}/interview-sheet/`);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print the sheet" }).isVisible()).resolves.toBe(false);
    for (const format of ["A4", "Letter"] as const) {
      const pdf = await page.pdf({ format, printBackground: false });
      expect(pageCount(pdf), format).toBe(1);
    }
    await page.emulateMedia({ media: "screen" });
  });

  test("on a phone the defences stack, each line saying which it is", async () => {
    // The sheet the test above printed, back on screen, at a phone's width. (That nothing scrolls
    // sideways at 375 and 320 px is checked on every page; what the sheet holds, in tests/site/pages.test.ts.)
    const { page } = browser;
    // Run alone (vitest -t), it loads the sheet itself.
    if (!page.url().endsWith("/interview-sheet/")) await page.goto(`${site}/interview-sheet/`);
    await page.setViewportSize({ width: 390, height: 844 });
    // There the column headings are hidden.
    const labels = await page
      .locator(".sheet__defences tbody tr")
      .first()
      .evaluate((row) => [...row.querySelectorAll("td")].map((td) => getComputedStyle(td, "::before").content));
    expect(labels).toEqual(["none", '"Shrinks: "', '"Costs: "']);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
