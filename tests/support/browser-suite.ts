/**
 * The one fixture every browser test file uses: a describe block that is skipped only where
 * tools/chromium.ts says browser tests may be skipped (an explicit opt-out, never under
 * CI=true), that launches one fresh Chromium profile before its tests and closes it after them,
 * and that hands its body the built site's URL (served once by tests/browser/global-setup.ts).
 *
 *     describeInBrowser("cells widgets", (browser) => {
 *       test("...", async () => {
 *         const { page, site } = browser;
 *         await page.goto(`${site}/cells/`);
 *       });
 *     });
 *
 * `browser.page` and `browser.context` are read inside tests and hooks (the browser opens in
 * the block's first beforeAll, so the body's own beforeAll hooks already see it). A test that
 * needs a second profile (a phone-sized window, a second reader) asks `browser.open()`; it closes
 * with the block.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { openBrowser, type OpenOptions, type Session, skipBrowser } from "../../tools/chromium.ts";

export interface BrowserSuite {
  /** The built site's origin, e.g. http://127.0.0.1:40123 (no trailing slash). */
  readonly site: string;
  /** The open browser: its context and first page. */
  readonly session: Session;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Another fresh profile (a phone-sized window, a second reader), closed with the block. */
  open(options?: OpenOptions): Promise<Session>;
}

export function describeInBrowser(name: string, body: (browser: BrowserSuite) => void): void;
export function describeInBrowser(name: string, options: OpenOptions, body: (browser: BrowserSuite) => void): void;
export function describeInBrowser(
  name: string,
  optionsOrBody: OpenOptions | ((browser: BrowserSuite) => void),
  maybeBody?: (browser: BrowserSuite) => void,
): void {
  const options = typeof optionsOrBody === "function" ? {} : optionsOrBody;
  const body = typeof optionsOrBody === "function" ? optionsOrBody : maybeBody;
  if (!body) throw new Error(`describeInBrowser("${name}") needs a body`);
  describe.skipIf(skipBrowser)(name, () => {
    let session: Session | undefined;
    const others: Session[] = [];
    const open = (): Session => {
      if (!session) throw new Error(`"${name}": the browser is open only inside tests and hooks`);
      return session;
    };
    const suite: BrowserSuite = {
      site: inject("siteUrl"),
      get session() {
        return open();
      },
      get context() {
        return open().context;
      },
      get page() {
        return open().page;
      },
      async open(more = {}) {
        const other = await openBrowser(more);
        others.push(other);
        return other;
      },
    };
    beforeAll(async () => {
      session = await openBrowser(options);
    });
    afterAll(async () => {
      await Promise.all([session, ...others].map((s) => s?.close()));
    });
    body(suite);
  });
}
