/** The slider widgets (cell size, canary) as a screen reader hears them when the slider moves (QA pass). */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";

describeInBrowser("slider widgets, announced", (browser) => {
  const { site } = browser;

  /** The live setting a screen reader gets for the first element matching `selector`, from Chromium's accessibility tree. */
  async function liveness(selector: string): Promise<string> {
    const cdp = await browser.context.newCDPSession(browser.page);
    try {
      const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
      const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
      const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
      const live = nodes[0]?.properties?.find((p) => p.name === "live")?.value.value;
      return typeof live === "string" ? live : "off";
    } finally {
      await cdp.detach();
    }
  }

  // QA: the slider's words beside its label were an <output>, a polite live region of its own, so
  // each step was read out three times: the slider's value text, the <output> (the same words), and
  // the widget's sentence, which starts with them again ("11 cells of up to 91 customers: ...").
  test("moving a slider, its words are read once as its value and the widget's sentence once; the words beside the label are not a second live region", async () => {
    const { page } = browser;
    for (const [path, widget] of [
      ["/cells/", "[data-cell-size-widget]"],
      ["/deploys-and-correlated-failure/", "[data-canary-widget]"],
    ] as const) {
      await page.goto(`${site}${path}`);
      const root = page.locator(widget).first();
      const shown = root.locator("output[data-slider-value]");
      const before = await shown.innerText();
      await root.locator('input[type="range"]').focus();
      await page.keyboard.press("ArrowRight");
      await root.and(page.locator("[data-ready]")).waitFor();
      await expect.poll(() => shown.innerText()).not.toBe(before);
      await expect(root.locator('input[type="range"]').getAttribute("aria-valuetext")).resolves.toBe(
        (await shown.innerText()).replace(/\u00a0/g, " "),
      );
      await expect(liveness(`${widget} output[data-slider-value]`), path).resolves.toBe("off");
      await expect(liveness(`${widget} [data-live]`), path).resolves.toBe("polite");
    }
  });
});
