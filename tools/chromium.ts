/**
 * Launching Debian's Chromium, offline-safe, with a fresh profile.
 *
 * Two ways in: `openBrowser` launches a Chromium of its own (the benchmarks and the screenshot
 * script, one at a time); the browser tests launch one Chromium for the whole run
 * (`launchBrowserServer`, from tests/browser/global-setup.ts) and give every describe block and
 * every extra reader a fresh context of it (`connectBrowser`, then `openContext`): a context
 * starts with empty storage, cookies, cache and service workers, as a fresh profile does, and
 * costs milliseconds where a launch costs a second or more.
 *
 * Without a Chromium the tests fail with how to install one, unless the reader opted out
 * with SKIP_BROWSER_TESTS=1; under CI=true they never skip.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, type BrowserServer, chromium, type Page } from "playwright-core";

export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const optedOut = process.env.SKIP_BROWSER_TESTS === "1" && process.env.CI !== "true";

/** True when browser tests should be skipped (only on an explicit opt-out outside CI). */
export const skipBrowser = optedOut;

export function assertChromium(): void {
  if (existsSync(chromiumPath)) return;
  throw new Error(
    `Browser tests need Chromium at ${chromiumPath}, and it is not there.\n` +
      `  Install it: sudo apt-get update && sudo apt-get install -y chromium\n` +
      `  or point CHROME_PATH at a Chromium or Chrome binary,\n` +
      `  or skip browser tests on this machine: SKIP_BROWSER_TESTS=1 npm test (never under CI=true).`,
  );
}

export const launchFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

export interface Session {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** The window's size (1280 x 900 unless given). */
  viewport?: { width: number; height: number };
  /**
   * Whether the site's service worker may register. Once registered it precaches every built file
   * (about 400 files, 4.7 MB) in the background, in each fresh context that loads a page: a test
   * context blocks it unless the test is about it (`openContext` defaults to "block"; a browser of
   * its own, `openBrowser`, to "allow", as a reader's browser does).
   */
  serviceWorkers?: "allow" | "block";
  /**
   * Whether a page's blocks far below the screen stay unrendered until the reader nears them, as
   * the site's CSS asks (`content-visibility: auto`, src/styles/course.css). Unrendered text has
   * no `innerText` and no rendered box, so a test context renders every block ("render", the
   * default of `openContext`) and reads or measures a widget wherever it sits on the page; a
   * test of that rendering itself asks for "auto", as a reader's browser has it (`openBrowser`).
   */
  offScreenBlocks?: "auto" | "render";
}

/**
 * The page script a context runs before anything on the page when it renders every block: the
 * site's own rule, undone by a <style> element (which the site's security policy allows). It is
 * a string, not a function, so that no transpiler's helper (tsx names inner functions through one
 * the page does not have) can end up in the page.
 */
const renderEveryBlock = `(() => {
  const css = ".sl-markdown-content > * { content-visibility: visible !important; }";
  function add() {
    const style = document.createElement("style");
    style.textContent = css;
    document.documentElement.append(style);
  }
  if (document.documentElement) add();
  else
    new MutationObserver((_, observer) => {
      if (!document.documentElement) return;
      observer.disconnect();
      add();
    }).observe(document, { childList: true });
})();`;

const defaultViewport = { width: 1280, height: 900 };

/** A Chromium of its own, with a fresh browser profile (so storage starts empty) and one open page. */
export async function openBrowser(options: OpenOptions = {}): Promise<Session> {
  assertChromium();
  const profile = mkdtempSync(join(tmpdir(), "blast-radius-chromium-"));
  // playwright-core refuses --user-data-dir in launch(): a persistent context takes the dir instead.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: launchFlags,
    viewport: options.viewport ?? defaultViewport,
    serviceWorkers: options.serviceWorkers ?? "allow",
  });
  if (options.offScreenBlocks === "render") await context.addInitScript(renderEveryBlock);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Browser features a test run has no use for. Every window of headless Chromium (a test run
 * opens one per context, over a hundred) loads two WebUI documents for the address bar's
 * suggestion popups (chrome://omnibox-popup.top-chrome/ and its AI-mode twin), each in a
 * renderer of its own: about 6% of the browser tests' CPU (docs/PERFORMANCE.md), for popups
 * nothing can open.
 */
const unusedFeatures = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"];

/** One Chromium for a whole test run, which test files connect to with `connectBrowser`. */
export async function launchBrowserServer(): Promise<BrowserServer> {
  assertChromium();
  const options = { executablePath: chromiumPath, headless: true, args: launchFlags };
  // Chromium keeps only the last --disable-features it is given, and Playwright passes its own
  // list: read that off a first launch's command line and pass one list with both.
  const probe = await chromium.launchServer(options);
  const playwrights = probe.process().spawnargs.find((arg) => arg.startsWith("--disable-features="));
  await probe.close();
  if (!playwrights) return chromium.launchServer(options);
  return chromium.launchServer({
    ...options,
    ignoreDefaultArgs: [playwrights],
    args: [...launchFlags, `${playwrights},${unusedFeatures.join(",")}`],
  });
}

/** A connection to the Chromium `launchBrowserServer` started. */
export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

/**
 * A fresh context of `browser` with one open page: storage, cookies, cache and service workers
 * start empty, as in a fresh profile. Service workers cannot register unless `options` allows
 * them, and every block of a page is rendered unless `options` asks for the site's off-screen
 * skipping. Closing it twice is harmless.
 */
export async function openContext(browser: Browser, options: OpenOptions = {}): Promise<Session> {
  const context = await browser.newContext({
    viewport: options.viewport ?? defaultViewport,
    serviceWorkers: options.serviceWorkers ?? "block",
  });
  if ((options.offScreenBlocks ?? "render") === "render") await context.addInitScript(renderEveryBlock);
  const page = await context.newPage();
  let closing: Promise<void> | undefined;
  return {
    context,
    page,
    close() {
      closing ??= context.close();
      return closing;
    },
  };
}
