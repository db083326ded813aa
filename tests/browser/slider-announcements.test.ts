/** The slider widgets (cell size, canary) as a screen reader hears them when the slider moves (QA pass). */
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { describeInBrowser } from "../support/browser-suite.ts";
import { recordTextChanges } from "../support/live-regions.ts";

/** How many elements' text changed since `recordTextChanges` started. */
const textChangesSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as { qaChanged: Set<Element> }).qaChanged.size);

describeInBrowser("slider widgets, announced", (browser) => {
  const { site } = browser;

  /** The first element matching `selector` as a screen reader gets it, from Chromium's accessibility tree. */
  async function axNode(selector: string) {
    const cdp = await browser.context.newCDPSession(browser.page);
    try {
      const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
      const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
      const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
      return nodes[0];
    } finally {
      await cdp.detach();
    }
  }

  /** The live setting a screen reader gets for the first element matching `selector`. */
  async function liveness(selector: string): Promise<string> {
    const live = (await axNode(selector))?.properties?.find((p) => p.name === "live")?.value.value;
    return typeof live === "string" ? live : "off";
  }

  // QA: the slider's words beside its label were an <output>, a polite live region of its own, so
  // each step was read out three times: the slider's value text, the <output> (the same words), and
  // the widget's sentence, which starts with them again ("11 cells of up to 91 customers: ...").
  test("moving a slider, its words are read once as its value and the widget's sentence once; the words beside the label are not a second live region", async () => {
    const { page } = browser;
    for (const [path, widget, name] of [
      ["/cells/", "[data-cell-size-widget]", "Cells"],
      ["/deploys-and-correlated-failure/", "[data-canary-widget]", "Bake time"],
    ] as const) {
      await page.goto(`${site}${path}`);
      const root = page.locator(widget).first();
      const shown = root.locator("output[data-slider-value]");
      const before = await shown.innerText();
      // QA: focus alone loads the widget, and its first redraw wrote the same sentence into the
      // live region again (a screen reader may read it out). Written only when its words change.
      await recordTextChanges(root.locator("[data-live]"));
      await root.locator('input[type="range"]').focus();
      await root.and(page.locator("[data-ready]")).waitFor();
      await expect(textChangesSoFar(page), path).resolves.toBe(0);
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => shown.innerText()).not.toBe(before);
      await expect(root.locator('input[type="range"]').getAttribute("aria-valuetext")).resolves.toBe(
        (await shown.innerText()).replace(/\u00a0/g, " "),
      );
      await expect(liveness(`${widget} output[data-slider-value]`), path).resolves.toBe("off");
      await expect(liveness(`${widget} [data-live]`), path).resolves.toBe("polite");
      // QA: the slider's name was its label's words with the colon after them ("Cells:"). It is
      // the label's words alone; its value is read from aria-valuetext (checked above).
      expect((await axNode(`${widget} input[type="range"]`))?.name?.value, path).toBe(name);
    }
  });
});
