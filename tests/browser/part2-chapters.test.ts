/**
 * The Part II chapters (timeouts to load shedding, the catalog's part 2), as a reader meets them,
 * in Chromium on a phone: an exercise grades what is typed and explains a wrong pick. Their
 * diagrams and exercises are facts of the built HTML (tests/site/chapter-diagrams.test.ts), their
 * figures are filled in (tests/site/visible-text.test.ts), and no page scrolls sideways at 375 or
 * 320 px (every-page.test.ts).
 */
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
