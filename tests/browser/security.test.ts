/**
 * The Content-Security-Policy refuses what is not the site's own. (That every page carries it and
 * loads without a violation is checked in every-page.test.ts.)
 */
import { beforeAll, expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";

describeInBrowser("content security policy", (browser) => {
  const { site } = browser;
  beforeAll(async () => {
    await browser.context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
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
