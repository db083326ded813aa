/**
 * The Content-Security-Policy refuses what is not the site's own. (That every page carries it and
 * loads without a violation is checked in every-page.test.ts.)
 */
import { beforeAll, expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { cspViolations, recordCspViolations } from "../support/csp-violations.ts";

describeInBrowser("content security policy", (browser) => {
  const { site } = browser;
  beforeAll(() => recordCspViolations(browser.context));

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
    const violations = await cspViolations(page);
    expect(violations.some((v) => v.startsWith("script-src"))).toBe(true);
  });
});
