/** The interview sheet prints on one page, on A4 and on Letter, with every figure filled in. */
import { expect, test } from "vitest";
import { bank } from "../../src/course/interview/numbers.ts";
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

  test("has the four moves, the formulas with computed figures, and the defences with their costs", async () => {
    const { page } = browser;
    await page.goto(`${site}/interview-sheet/`);
    const main = page.locator("main");
    const text = (await main.textContent())!;
    for (const heading of [
      "The four moves",
      "Availability",
      "Failover",
      "Capacity and tail",
      "Defences, what they shrink, what they cost",
    ])
      await expect(page.getByRole("heading", { name: heading }).isVisible(), heading).resolves.toBe(true);
    for (const name of [
      "avail.chain",
      "avail.pair",
      "burn.page",
      "lag.lost",
      "dns.short",
      "static.three",
      "scale.headroom",
      "tail.slow",
      "cold.multiplier",
      "canary.detection",
    ])
      expect(text, name).toContain(bank[name]);
    expect(text).not.toMatch(/undefined|NaN|\{\{/);
    const rows = page.locator(".sheet__defences tbody tr");
    expect(await rows.count()).toBeGreaterThanOrEqual(10);
  });

  test("reads on a phone without sideways scrolling", async () => {
    const phone = await browser.open({ viewport: { width: 390, height: 844 } });
    try {
      await phone.page.goto(`${site}/interview-sheet/`);
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      // The defences stack one under another there, their column headings hidden: each line says which it is.
      const labels = await phone.page
        .locator(".sheet__defences tbody tr")
        .first()
        .evaluate((row) => [...row.querySelectorAll("td")].map((td) => getComputedStyle(td, "::before").content));
      expect(labels).toEqual(["none", '"Shrinks: "', '"Costs: "']);
    } finally {
      await phone.close();
    }
  });
});
