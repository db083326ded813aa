/**
 * The one fixture every browser test file uses: a describe block that is skipped only where
 * tools/chromium.ts says browser tests may be skipped (an explicit opt-out, never under
 * CI=true), that opens a fresh browser context before its tests and closes it after them, and
 * that hands its body the built site's URL (served once by tests/browser/global-setup.ts, under
 * the base it was built for: npm test's build answers at /blast-radius/, so a test addresses
 * pages as `${site}/cells/` and compares a link's href with `${base}cells/`, never with "/cells/").
 *
 *     describeInBrowser("cells widgets", (browser) => {
 *       test("...", async () => {
 *         const { page, site } = browser;
 *         await page.goto(`${site}/cells/`);
 *       });
 *     });
 *
 * One Chromium serves the whole run (launched by the global setup); each block connects to it
 * and gets its own context, which starts as empty as a fresh profile (storage, cookies, cache,
 * service workers). `browser.page` and `browser.context` are read inside tests and hooks (the
 * context opens in the block's first beforeAll, so the body's own beforeAll hooks already see
 * it). A test that needs a second reader or a phone-sized window asks `browser.open()`; it
 * closes with the block (or sooner, by its own `close()`). The site's service worker cannot
 * register in these contexts unless the block asks for it (`{ serviceWorkers: "allow" }`, as
 * offline.test.ts does): it would precache the whole built site, about 400
 * files, in the background of every fresh context.
 *
 * A block whose tests all open their own (`browser.open()`, for a paused clock or a second reader)
 * says so, `describeInBrowser(name, { ownContext: false }, body)`, and gets no context of its
 * own: each context's first page starts a renderer and the context's network state, about 0.3
 * CPU-seconds that such a block spent for nothing (docs/PERFORMANCE.md). Its `browser.page`,
 * `browser.context` and `browser.session` then throw, saying why.
 *
 * A test that times something on the page's thread calls `await browser.alone()` before its
 * timed part: from then until it ends, or until it calls `await browser.together()` after the
 * timed part, no other browser test runs (tests/support/alone.ts), even when files run two at a
 * time.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, inject } from "vitest";
import { connectBrowser, type OpenOptions, openContext, type Session, skipBrowser } from "../../tools/chromium.ts";
import { siteBase } from "../../tools/built-site.ts";
import { hold } from "./alone.ts";

export interface BrowserSuite {
  /**
   * The built site's address, base included, with no trailing slash: http://127.0.0.1:40123 for a
   * root build, http://127.0.0.1:40123/blast-radius under npm test. `${site}/cells/` is a page.
   */
  readonly site: string;
  /** The path the site is built under, "/" or e.g. "/blast-radius/": what its own links start with. */
  readonly base: string;
  /** The open browser: its context and first page. */
  readonly session: Session;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Another fresh context (a phone-sized window, a second reader), closed with the block. */
  open(options?: OpenOptions): Promise<Session>;
  /** Wait until no other browser test runs, and keep it so until this test ends (or `together()`). */
  alone(): Promise<void>;
  /** The timed part is over: other browser tests may run beside this one again. */
  together(): Promise<void>;
}

/** How a block's own context opens (`OpenOptions`), or that the block has none (`ownContext: false`). */
export interface BlockOptions extends OpenOptions {
  /** False when every test opens its own with `browser.open()`: the block then opens none. */
  ownContext?: boolean;
}

export function describeInBrowser(name: string, body: (browser: BrowserSuite) => void): void;
export function describeInBrowser(name: string, options: BlockOptions, body: (browser: BrowserSuite) => void): void;
export function describeInBrowser(
  name: string,
  optionsOrBody: BlockOptions | ((browser: BrowserSuite) => void),
  maybeBody?: (browser: BrowserSuite) => void,
): void {
  const { ownContext = true, ...options } = typeof optionsOrBody === "function" ? {} : optionsOrBody;
  const body = typeof optionsOrBody === "function" ? optionsOrBody : maybeBody;
  if (!body) throw new Error(`describeInBrowser("${name}") needs a body`);
  describe.skipIf(skipBrowser)(name, () => {
    let chromium: Browser | undefined;
    let session: Session | undefined;
    /** Each running test's hold of the lock (tests of a block may run concurrently). */
    const holds = new Map<string, () => void>();
    const others: Session[] = [];
    const open = (): Session => {
      if (!ownContext)
        throw new Error(`"${name}" opens no context of its own (ownContext: false): its tests ask browser.open()`);
      if (!session) throw new Error(`"${name}": the browser is open only inside tests and hooks`);
      return session;
    };
    /** Trade the running test's hold of the lock for one of `mode`. */
    const rehold = async (mode: "alone" | "shared") => {
      const [running, ...more] = holds.keys();
      if (running === undefined || more.length > 0)
        throw new Error(`"${name}": alone() and together() are for a test running by itself, inside the test`);
      holds.get(running)?.();
      holds.delete(running);
      holds.set(running, await hold(inject("browserLockUrl"), mode));
    };
    const suite: BrowserSuite = {
      site: inject("siteUrl"),
      base: siteBase,
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
        if (!chromium) throw new Error(`"${name}": the browser is open only inside tests and hooks`);
        const other = await openContext(chromium, more);
        others.push(other);
        return other;
      },
      alone: () => rehold("alone"),
      together: () => rehold("shared"),
    };
    beforeAll(async () => {
      chromium = await connectBrowser(inject("chromiumEndpoint"));
      if (ownContext) session = await openContext(chromium, options);
    });
    beforeEach(async ({ task }) => {
      holds.set(task.id, await hold(inject("browserLockUrl"), "shared"));
    });
    afterEach(({ task }) => {
      holds.get(task.id)?.();
      holds.delete(task.id);
    });
    afterAll(async () => {
      await Promise.all([session, ...others].map((s) => s?.close()));
      await chromium?.close();
    });
    body(suite);
  });
}
