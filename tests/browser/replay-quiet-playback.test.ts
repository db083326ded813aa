/**
 * While the retry-storm replay or the pool film plays, a screen reader hears nothing until it
 * stops: then it hears where it stopped, once. Checked against what Chromium hands assistive
 * technology (its accessibility tree, through the DevTools protocol): every element whose text
 * changed during playback, and each of its ancestors, must not be a live region. An `<output>` is
 * one by default (role status, polite), so a clock in one would be read out at every step.
 */
import type { CDPSession, Locator } from "playwright-core";
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";

describeInBrowser("retry-storm replay and pool film: quiet while playing", (browser) => {
  const { site } = browser;

  /** Start recording, in the page, every element under `root` whose text changes. */
  const recordChanges = (root: Locator) =>
    root.evaluate((el) => {
      const changed = new Set<Element>();
      const w = window as unknown as { qaChanged: Set<Element>; qaObserver: MutationObserver };
      w.qaObserver?.disconnect();
      w.qaChanged = changed;
      w.qaObserver = new MutationObserver((records) => {
        for (const r of records) {
          const target = r.target instanceof Element ? r.target : r.target.parentElement;
          if (target) changed.add(target);
        }
      });
      w.qaObserver.observe(el, { childList: true, characterData: true, subtree: true });
    });

  /**
   * The elements whose text changed since recordChanges, that Chromium exposes inside a live
   * region (the element or an ancestor has a polite or assertive `live` property), as
   * "tag[data-attribute]" for the failure message.
   */
  async function announcedChanges(cdp: CDPSession): Promise<string[]> {
    const names = await browser.page.evaluate(() => {
      const w = window as unknown as { qaChanged: Set<Element>; qaObserver: MutationObserver };
      w.qaObserver.disconnect();
      return [...w.qaChanged].map((el, i) => {
        el.setAttribute("data-qa-changed", String(i));
        const data = [...el.attributes].find((a) => a.name.startsWith("data-") && a.name !== "data-qa-changed");
        return `${el.tagName.toLowerCase()}${data ? `[${data.name}]` : ""}`;
      });
    });
    expect(names.length).toBeGreaterThan(0);
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: "[data-qa-changed]" });
    const announced: string[] = [];
    for (const nodeId of nodeIds) {
      const { node } = await cdp.send("DOM.describeNode", { nodeId });
      const index = Number(node.attributes![node.attributes!.indexOf("data-qa-changed") + 1]);
      const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: true });
      const byId = new Map(nodes.map((n) => [n.nodeId, n]));
      let ax = nodes.find((n) => n.backendDOMNodeId === node.backendNodeId);
      const chain: typeof nodes = [];
      while (ax) {
        chain.push(ax);
        ax = ax.parentId ? byId.get(ax.parentId) : undefined;
      }
      // getPartialAXTree with its relatives returns every ancestor, up to the document.
      expect(chain.at(-1)?.role?.value).toBe("RootWebArea");
      const live = chain.some((n) =>
        n.properties?.some((p) => p.name === "live" && (p.value.value === "polite" || p.value.value === "assertive")),
      );
      if (live) announced.push(names[index]!);
    }
    await browser.page.evaluate(() => {
      for (const el of document.querySelectorAll("[data-qa-changed]")) el.removeAttribute("data-qa-changed");
    });
    return announced.sort();
  }

  test("the replay: nothing is read out while it plays; where it stops is read once", async () => {
    const { page } = browser;
    await page.goto(`${site}/retry-storm/`);
    const replay = page.locator("[data-retry-storm]").first();
    await replay.locator('input[name="seed"]').focus();
    await page.waitForSelector('[data-retry-storm][data-state="ready"]', { state: "attached", timeout: 60_000 });
    const cdp = await browser.context.newCDPSession(page);
    await recordChanges(replay);
    await replay.locator("[data-play]").click();
    await page.waitForFunction(() => Number((document.querySelector("[data-scrub]") as HTMLInputElement).value) >= 30);
    // Still playing: the clock and the moment have changed many times by now.
    await expect(replay.locator("[data-play]").textContent()).resolves.toBe("Pause");
    expect(await announcedChanges(cdp)).toEqual([]);
    await replay.locator("[data-play]").click();
    // Paused: the moment it stopped at is said in the replay's live region.
    const moment = await replay.locator("[data-moment]").textContent();
    await expect(replay.locator("[data-live]").textContent()).resolves.toBe(moment);
    await cdp.detach();
  });

  test("the pool film: nothing is read out while it plays; the caption where it stops is read", async () => {
    const { page } = browser;
    const pool = page.locator("[data-pool-fill]");
    // A click is a touch: the film does not start by itself after it. This one jumps to the start.
    await pool.locator('[data-pf-jump="0"]').click();
    await page.waitForSelector('[data-pool-fill][data-ready][data-frame="0"]', { state: "attached" });
    await expect(pool.locator("[data-pf-play]").textContent()).resolves.toBe("Play");
    const cdp = await browser.context.newCDPSession(page);
    await recordChanges(pool);
    await pool.locator("[data-pf-play]").click();
    await page.waitForFunction(
      () => Number((document.querySelector("[data-pool-fill]") as HTMLElement).dataset.frame) >= 4,
    );
    await expect(pool.locator("[data-pf-play]").textContent()).resolves.toBe("Pause");
    expect(await announcedChanges(cdp)).toEqual([]);
    await pool.locator("[data-pf-play]").click();
    await expect(pool.locator("[data-pf-caption]").getAttribute("aria-live")).resolves.toBe("polite");
    await cdp.detach();
  });
});
