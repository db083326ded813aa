/**
 * Long names on a phone: a resource name has no spaces to break at, and a 200-character one ran
 * some 1,450 px past a 390 px screen in the map builder's list, its result and its errors (QA).
 */
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { describeInBrowser } from "../support/browser-suite.ts";
import { encodeShareHash } from "../../src/course/map-share.ts";

const long = `r${"a".repeat(199)}`;
const map = [
  "title Long names",
  "service web weight 60",
  "service api weight 40",
  `pool ${long}`,
  "pool db",
  `web uses ${long}, db`,
  `api uses ${long}`,
  `decide ${long} split: a pool per service; owner Priya; by 15 January`,
].join("\n");

/** How far the page reaches past the screen's right edge, in px. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describeInBrowser(
  "map builder with a 200-character name, on a phone",
  { viewport: { width: 390, height: 844 } },
  (phone) => {
    test("its button, figures, result and errors stay within the screen", async () => {
      const { page } = phone;
      await page.goto(`${phone.site}/failure-domains/`);
      const root = page.locator("[data-map-builder]").first();
      const textarea = root.locator("textarea");
      await textarea.fill(map);
      const button = root.getByRole("button", { name: `Saturate ${long}` });
      await button.waitFor();
      await button.click();
      await root
        .locator("[data-role=result] .mb-headline")
        .filter({ hasText: long.slice(0, 20) })
        .waitFor();
      await expect(sideways(page)).resolves.toBeLessThanOrEqual(0);
      // Only the name breaks: the button's own word stays on one line (it once stood a letter a line).
      const wordLines = await button.evaluate((b) => {
        const range = document.createRange();
        range.selectNodeContents(b.firstChild!);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(wordLines).toBe(1);
      // The same name in an error (a service that uses it misspelt): the error list wraps too.
      await textarea.fill(`${map}\nweb uses ${long}x`);
      await root.locator("[data-role=errors]").getByText(`no resource named "${long}x"`).waitFor();
      await expect(sideways(page)).resolves.toBeLessThanOrEqual(0);
    });

    test("the presenter view shows the group's map within the screen at every stage, on a phone and a projector", async () => {
      const { page } = phone;
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        // A page of its own for each width: the same link again would only move to its #map= part.
        await page.goto("about:blank");
        await page.goto(`${phone.site}/present/map-builder/${await encodeShareHash(map)}`);
        await page.locator("[data-present-map][data-ready]").waitFor();
        await expect(page.locator("[data-map-title]").innerText()).resolves.toBe("Long names");
        // The bare map, a stage per resource, the answer.
        const stages = (await page.locator("[data-map-stage]").count()) - 1;
        expect(stages).toBe(3);
        for (let stage = 0; stage <= stages; stage++) {
          await expect.poll(() => page.locator("[data-present-map]").getAttribute("data-stage")).toBe(String(stage));
          await expect(sideways(page), `${width} px, stage ${stage}`).resolves.toBeLessThanOrEqual(0);
          await page.keyboard.press("PageDown");
        }
      }
      await page.setViewportSize({ width: 390, height: 844 });
    });
  },
);
