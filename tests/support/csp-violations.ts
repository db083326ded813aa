/**
 * Content-Security-Policy violations, as a page reports them: `recordCspViolations` makes every
 * page of a context keep the `securitypolicyviolation` events it sees, from before its first
 * script runs; `cspViolations` reads them back, one line each (directive, blocked URI, where).
 */
import type { BrowserContext, Page } from "playwright-core";

export async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
}

export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}
