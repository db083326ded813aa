/**
 * The printed run sheet carries each prepared presenter link, as the workshop kit promises: a
 * facilitator whose laptop dies types the path and query from the paper. The sheet stays one
 * page, A4 and Letter, with the links on it.
 */
import { expect, test } from "vitest";
import { agendas } from "../../src/course/workshop/agenda.ts";
import { replaySteps, stepHref } from "../../src/widgets/present/steps.ts";
import { describeInBrowser } from "../support/browser-suite.ts";

/** Pages in a PDF produced by Chromium. */
const pdfPages = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;

describeInBrowser("the printed run sheet", (browser) => {
  for (const agenda of agendas) {
    test(`the ${agenda.id} run sheet prints every prepared link, typeable, and stays on one page`, async () => {
      const { page, site, base } = browser;
      await page.goto(`${site}/run-sheet/${agenda.id}/`);
      await page.emulateMedia({ media: "print" });
      const steps = agenda.blocks.flatMap((b) => b.steps);
      expect(steps.length).toBeGreaterThan(0);
      for (const id of steps) {
        const link = page.locator(`[data-step="${id}"] .runsheet__href`);
        await expect(link.isVisible(), id).resolves.toBe(true);
        const text = await link.innerText();
        // The site's path and the query, as short as the link: commas as commas, nothing to decode.
        expect(text, id).toBe(`${base.replace(/\/$/, "")}${stepHref(id).replaceAll("%2C", ",")}`);
        expect(text, id).not.toMatch(/%[0-9A-F]{2}/i);
        const size = await link.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
        expect(size, `${id}: link type in px (6 pt)`).toBeGreaterThanOrEqual(8);
      }
      // A block's presenter view without prepared steps is written as typed from the paper too,
      // under the site's base (it was "/present/opening/", a page the site does not serve).
      const views = agenda.blocks.filter((b) => b.steps.length === 0 && b.present).map((b) => b.present!);
      expect(views.length).toBeGreaterThan(0);
      await expect(page.locator("[data-present]").allInnerTexts()).resolves.toEqual(
        views.map((path) => `${base.replace(/\/$/, "")}${path}`),
      );
      const a4 = pdfPages(await page.pdf({ format: "A4" }));
      const letter = pdfPages(await page.pdf({ format: "Letter" }));
      expect({ A4: a4, Letter: letter }).toEqual({ A4: 1, Letter: 1 });
      await page.emulateMedia({ media: "screen" });
    });
  }

  test("a link typed from the paper opens the presenter view in that step's state", async () => {
    const { page, site, base } = browser;
    await page.goto(`${site}/run-sheet/ninety-minutes/`);
    const typed = await page.locator('[data-step="replay-three"] .runsheet__href').innerText();
    expect(typed).toContain(",");
    await page.goto(`${new URL(site).origin}${typed}`);
    expect(page.url().startsWith(`${new URL(site).origin}${base}`)).toBe(true);
    await page.locator('[data-retry-storm][data-state="ready"]').waitFor({ timeout: 60_000 });
    const checked = await page
      .locator('.rs--present input[type="checkbox"][name^="defence-"]')
      .evaluateAll((els) =>
        (els as HTMLInputElement[]).filter((e) => e.checked).map((e) => e.name.replace("defence-", "")),
      );
    expect(checked).toEqual(replaySteps["replay-three"].defences);
  });
});
