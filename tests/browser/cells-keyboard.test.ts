/** The cells widget's number fields stepped with the keyboard alone (QA pass). */
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { describeInBrowser } from "../support/browser-suite.ts";
import { recordTextChanges } from "../support/live-regions.ts";

/** How many elements' text changed since `recordTextChanges` started. */
const textChangesSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as { qaChanged: Set<Element> }).qaChanged.size);

describeInBrowser("cells widget, keyboard", (browser) => {
  const { site } = browser;

  // QA: the cells-per-wave field's max stayed 47 and the customers field's min 1 whatever the
  // cells, so the arrow keys walked past what the widget accepts (11 cells per wave of 11 cells,
  // 47 customers in 48 cells) into an error the field's own bounds should have kept them from.
  test("the arrow keys stop at the bounds the cell count sets: cells per wave below the cells, a customer per cell", async () => {
    const { page } = browser;
    await page.goto(`${site}/cells/`);
    const root = page.locator('[data-cells-widget="cells"]').first();
    const field = (name: string) => root.locator(`input[name="${name}"]`);
    const error = (name: string) => root.locator(`[data-error-for="${name}"]`);
    // Ten cells (the server's drawing): nine after the canary.
    await expect(field("waveSize").getAttribute("max")).resolves.toBe("9");
    // The canary's check missing the bad release, so the rollout shows its waves.
    await field("healthCheckCatches").focus();
    await page.keyboard.press("Space");
    await root.and(page.locator("[data-ready]")).waitFor();
    await field("waveSize").focus();
    for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowUp");
    await expect(field("waveSize").inputValue()).resolves.toBe("9");
    await expect(error("waveSize").isHidden()).resolves.toBe(true);
    await expect.poll(() => root.locator('[data-figure="rollout"]').innerText()).toMatch(/cells 1\u20139/);
    // Forty-eight cells: the customers field steps down no further than 48.
    await field("customers").fill("50");
    await field("customers").press("Enter");
    await field("cells").fill("48");
    await field("cells").press("Enter");
    await expect.poll(() => field("customers").getAttribute("min")).toBe("48");
    await expect(field("waveSize").getAttribute("max")).resolves.toBe("47");
    await field("customers").focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowDown");
    await expect(field("customers").inputValue()).resolves.toBe("48");
    await expect(error("customers").isHidden()).resolves.toBe(true);
    await expect
      .poll(() => root.locator("[data-live]").innerText())
      .toMatch(/hits 48 of 48 cells: 48 customers \(100%\)/);
    // Five cells while nine per wave is typed: refused, and the field's max is already the new one.
    await field("cells").fill("5");
    await field("cells").press("Enter");
    await expect
      .poll(() => error("waveSize").innerText())
      .toBe("Cells per wave after the canary: a whole number from 1 to 4 (the cells after the canary).");
    await expect(field("waveSize").getAttribute("max")).resolves.toBe("4");
    await expect(field("customers").getAttribute("min")).resolves.toBe("5");
    // A cell count the widget does not take: the fields' bounds are the widget's own, as the
    // message says (the per-wave field kept the last count's max, 4, while its message said 47).
    await field("cells").fill("0");
    await field("cells").press("Enter");
    await field("waveSize").fill("60");
    await field("waveSize").press("Enter");
    await expect
      .poll(() => error("waveSize").innerText())
      .toBe("Cells per wave after the canary: a whole number from 1 to 47 (the cells after the canary).");
    await expect(field("waveSize").getAttribute("max")).resolves.toBe("47");
    await expect(field("customers").getAttribute("min")).resolves.toBe("1");
  });

  // QA: the move table's region, reached by Tab (or a tap to scroll it) before any control, loads
  // the widget, and its first drawing replaced the region: focus fell to the page's body, once.
  test("the move table's region keeps the keyboard's focus when reaching it loads the widget and redraws it", async () => {
    const { page } = browser;
    await page.goto(`${site}/cells/`);
    const root = page.locator('[data-cells-widget="cells"]').first();
    const region = root.getByRole("region", { name: "Moving a customer" });
    await region.evaluate((el) => el.setAttribute("data-server-drawn", ""));
    // QA: the first redraw wrote the server's sentence into the live region again, which a screen
    // reader may read out for a focus alone. Every write to it is counted.
    await recordTextChanges(root.locator("[data-live]"));
    await region.focus();
    await root.and(page.locator("[data-ready]")).waitFor();
    await expect(textChangesSoFar(page)).resolves.toBe(0);
    // Redrawn (the server's element is gone), and its replacement has the focus.
    await expect(root.locator("[data-server-drawn]").count()).resolves.toBe(0);
    await expect(region.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });
});
