import type { BrowserContext } from "playwright-core";

/**
 * Makes every page of `context` behave as a browser that refuses site data: reading
 * localStorage or sessionStorage throws a SecurityError, as Chromium does when site data is blocked.
 */
export async function refuseStorage(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    for (const name of ["localStorage", "sessionStorage"])
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
  });
}
