/** The Content-Security-Policy holds every page to the site's own scripts without breaking any. */
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { openBrowser, skipBrowser, type Session } from "../support/chromium.ts";
import { loadBuiltSite } from "../support/built-site.ts";

const pages = loadBuiltSite()
  .map((p) => p.path)
  .filter((p) => p.endsWith("/"));

describe.skipIf(skipBrowser)("content security policy", () => {
  const site = inject("siteUrl");
  let browser: Session;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
  });
  afterAll(async () => browser?.close());

  test("every page carries the policy and loads without a violation", async () => {
    const { page } = browser;
    const problems: string[] = [];
    for (const path of pages) {
      await page.goto(`${site}${path}`, { waitUntil: "networkidle" });
      const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
      if (!policy?.includes("script-src 'self'")) problems.push(`${path}: no policy`);
      // Reach for search too: it loads Pagefind (WebAssembly) on demand.
      if (path === "/") {
        await page.locator("site-search button[data-open-modal]").first().click();
        await page.locator("#starlight__search input").fill("retry");
        await page.locator("#starlight__search .pagefind-ui__result-link").first().waitFor({ timeout: 10_000 });
        await page.keyboard.press("Escape");
      }
      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      for (const v of violations) problems.push(`${path}: ${v}`);
    }
    expect(problems).toEqual([]);
  });

  test("the policy refuses a script from another origin", async () => {
    const { page } = browser;
    await page.goto(`${site}/`);
    const loaded = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const s = document.createElement("script");
          s.src = "https://example.com/evil.js";
          s.onload = () => resolve("loaded");
          s.onerror = () => resolve("blocked");
          document.head.append(s);
        }),
    );
    expect(loaded).toBe("blocked");
    const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    expect(violations.some((v) => v.startsWith("script-src"))).toBe(true);
  });
});
