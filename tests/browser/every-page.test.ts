/**
 * Every page of the built site, checked in one pass so each page is loaded twice, not five times:
 *
 * - at 1280 px, in a fresh tab (nothing from the previous page's memory cache): what it costs
 *   before the reader touches anything (held to tools/budgets.ts), that it carries the
 *   Content-Security-Policy and loads without a violation, and axe-core's serious or critical
 *   violations (colour contrast included) in the light theme and then the dark one;
 * - at 375 px: that nothing is wider than the screen.
 *
 * A page's test lists everything found on it; the phone pass lists every page that scrolls sideways.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import { budgets } from "../../tools/budgets.ts";
import { distDir, loadBuiltSite } from "../../tools/built-site.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { weighPage } from "../../tools/page-weight.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Paths from the sitemap the build wrote (its host is whatever `site` was). */
function sitemapPaths(): string[] {
  const index = readFileSync(`${distDir}/sitemap-index.xml`, "utf8");
  const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
  return maps.flatMap((map) =>
    [...readFileSync(`${distDir}${map}`, "utf8").matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1] ?? "").pathname,
    ),
  );
}

/** Every built page (the sitemap's and those outside it, such as the 404 page). */
const pages = [
  ...new Set([
    ...sitemapPaths(),
    ...loadBuiltSite()
      .map((p) => p.path)
      .filter((p) => p.endsWith("/")),
  ]),
];
const chapters = new Set(loadChapters().map((c) => `/${c.slug}/`));

async function axeFindings(page: Page, path: string, theme: string): Promise<string[]> {
  // Evaluated through DevTools, so the page's CSP does not apply to the checker itself.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${path} (${theme}) [${v.impact}] ${v.id}: ${v.help} -> ${v.targets.join(" | ")}`);
}

/** Starlight pages switch theme in place; a stand-alone page reads the stored choice when it loads. */
async function switchTheme(page: Page, theme: "light" | "dark"): Promise<string | null> {
  await page.evaluate((t) => localStorage.setItem("starlight-theme", t), theme);
  const starlight = await page.locator("html[data-theme]").count();
  if (starlight > 0) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
  } else {
    await page.reload({ waitUntil: "load" });
  }
  return page.locator("html").getAttribute("data-theme");
}

describeInBrowser("every page", (browser) => {
  const { site } = browser;
  const wide: string[] = [];
  beforeAll(async () => {
    await browser.context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    // Every page starts in the light theme.
    await browser.page.goto(`${site}/`);
    await browser.page.evaluate(() => localStorage.setItem("starlight-theme", "light"));
  });

  test("the page list has the landing page, every chapter and the pages outside the sitemap", () => {
    expect(pages).toContain("/");
    for (const chapter of chapters) expect(pages).toContain(chapter);
    expect(pages.length).toBeGreaterThan(chapters.size + 2);
  });

  // One test per page, so a slow machine times out one page, not the whole pass, and a failure
  // names its page.
  for (const path of pages) {
    test(`${path} at 1280 px: budgets, the security policy, axe-core light then dark`, async () => {
      const kb = (bytes: number) => bytes / 1024;
      const found: string[] = [];
      const page = await browser.context.newPage();
      try {
        const w = await weighPage(page, `${site}${path}`);
        if (kb(w.jsGzipBytes) > budgets.jsBeforeInteractionKB)
          found.push(`budget: JS ${kb(w.jsGzipBytes).toFixed(1)} KB gz (${w.scripts.join(", ")})`);
        if (kb(w.cssGzipBytes) > budgets.cssKB) found.push(`budget: CSS ${kb(w.cssGzipBytes).toFixed(1)} KB gz`);
        if (chapters.has(path) && kb(w.totalGzipBytes) > budgets.chapterTotalKB)
          found.push(`budget: total ${kb(w.totalGzipBytes).toFixed(1)} KB gz`);

        const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
        if (!policy?.includes("script-src 'self'")) found.push("no security policy");
        if (path === "/") {
          // Reach for search too: it loads Pagefind (WebAssembly) on demand.
          await page.locator("site-search button[data-open-modal]").first().click();
          await page.locator("#starlight__search input").fill("retry");
          await page.locator("#starlight__search .pagefind-ui__result-link").first().waitFor({ timeout: 30_000 });
          await page.keyboard.press("Escape");
        }

        const shown = await page.locator("html").getAttribute("data-theme");
        if (shown !== null && shown !== "light") found.push(`opened in the ${shown} theme, not light`);
        found.push(...(await axeFindings(page, path, "light")));
        const dark = await switchTheme(page, "dark");
        if (dark !== null && dark !== "dark") found.push("did not switch to the dark theme");
        found.push(...(await axeFindings(page, path, "dark")));
        await page.evaluate(() => localStorage.setItem("starlight-theme", "light"));

        const violations = await page.evaluate(
          () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
        );
        for (const v of violations) found.push(`security policy violation: ${v}`);
      } finally {
        await page.close();
      }
      expect(found).toEqual([]);
    }, 120_000);
  }

  test("at 375 px no page scrolls sideways", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of pages) {
      await page.goto(`${site}${path}`, { waitUntil: "networkidle" });
      const overflow = await page.evaluate(() => {
        const doc = document.documentElement;
        if (doc.scrollWidth <= doc.clientWidth + 1) return null;
        // Name the widest offender, so the failure says where to look.
        let worst = "";
        let right = doc.clientWidth;
        for (const el of document.querySelectorAll("body *")) {
          const r = el.getBoundingClientRect();
          if (r.right > right + 1 && getComputedStyle(el).position !== "fixed") {
            right = r.right;
            worst = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(" ").join(".")}` : ""}`;
          }
        }
        return `${doc.scrollWidth}px wide (${worst})`;
      });
      if (overflow) wide.push(`${path}: ${overflow}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(wide).toEqual([]);
  }, 240_000);
});
