/** The Part II chapters (timeouts to load shedding, the catalog's part 2), as a reader meets them, in Chromium. */
import { beforeAll, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { loadChapters } from "../../src/course/catalog.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { syllabus } from "../support/syllabus.ts";

const chapters = loadChapters()
  .filter((c) => c.part === 2)
  .map((c) => ({ chapter: c.slug }));

test("Part II runs from timeouts to load shedding, the retry storm's case study among them", () => {
  const from = syllabus.indexOf("timeouts-retries-backoff");
  expect(chapters.map((c) => c.chapter)).toEqual(syllabus.slice(from, syllabus.indexOf("load-shedding") + 1));
  expect(chapters.map((c) => c.chapter)).toContain("retry-storm");
});

describeInBrowser("Part II chapters in Chromium", { viewport: { width: 375, height: 800 } }, (browser) => {
  const { site } = browser;
  let page: Page;

  beforeAll(async () => {
    page = browser.page;
  });

  test.each(chapters)(
    "$chapter: labelled diagrams, no sideways scrolling at 375 px, exercises present",
    async ({ chapter }) => {
      const response = await page.goto(`${site}/${chapter}/`);
      expect(response?.status()).toBe(200);
      const svgs = page.locator("figure.diagram svg");
      expect(await svgs.count()).toBeGreaterThan(0);
      for (const svg of await svgs.all()) {
        expect(await svg.getAttribute("role")).toBe("img");
        const labelledBy = await svg.getAttribute("aria-labelledby");
        const title = labelledBy
          ? await page.locator(`[id="${labelledBy}"]`).textContent()
          : await svg.getAttribute("aria-label");
        expect((title ?? "").trim().length).toBeGreaterThan(20);
      }
      // Numbers in the diagrams and prose are filled in at build time: no unrendered {expressions}.
      const text = await page.evaluate(() => {
        // Visible prose only: not code, and not the TeX source KaTeX keeps in <annotation>.
        const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
        const parts: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.parentElement?.closest("pre, code, annotation, template, script, style"))
            parts.push(node.textContent ?? "");
        }
        return parts.join("");
      });
      expect(text).not.toMatch(/\{[a-zA-Z.]+\}/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await page.locator("main [data-exercise], main .exercise").count()).toBeGreaterThan(0);
    },
  );

  test("a numeric exercise grades an expression, and names a common mistake", async () => {
    await page.goto(`${site}/timeouts-retries-backoff/`);
    const part = page.locator("#ex-retry-amplification-layers [data-part='every-layer']");
    const feedback = part.locator("[data-feedback]");
    await part.locator("input[name=answer]").fill("4*4");
    await part.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => feedback.textContent(), { timeout: 15_000 }).toMatch(/last layer receives/);
    await part.locator("input[name=answer]").fill("4^3");
    await part.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => feedback.textContent(), { timeout: 15_000 }).toMatch(/^Right/);
  });

  test("a choice exercise explains a wrong pick", async () => {
    await page.goto(`${site}/circuit-breakers/`);
    const part = page.locator("#ex-breaker-states [data-part='probe-fails']");
    await part.locator("input[value=close]").check();
    await part.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => part.locator("[data-feedback]").textContent(), { timeout: 15_000 }).toMatch(/full traffic/);
  });
});
