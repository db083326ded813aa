/**
 * Launching Debian's Chromium, offline-safe, with a fresh profile.
 *
 * Two browsers, two ways in:
 * - The browser tests drive Debian's `chromium-headless-shell`, Chromium's own headless browser
 *   without the browser's windows, tabs and address bar, which is what Playwright itself runs
 *   for headless tests ("Playwright runs a separate chromium headless shell build for headless
 *   operation", https://github.com/microsoft/playwright/issues/33566). The full browser's
 *   headless mode builds and paints a whole browser window for every context a test opens;
 *   measured here, the same browser tests took 280 s on the shell and 395 s on the full
 *   browser (docs/PERFORMANCE.md).
 *   They launch one for the whole run (`launchBrowserServer`, from tests/browser/global-setup.ts)
 *   and give every describe block and every extra reader a fresh context of it
 *   (`connectBrowser`, then `openContext`): a context starts with empty storage, cookies, cache
 *   and service workers, as a fresh profile does.
 * - The benchmarks and the screenshot script launch Debian's full `chromium` (`openBrowser`),
 *   one at a time, so figures and pictures come from the browser readers use.
 *
 * `CHROME_PATH` points both at another binary. Without their Chromium the tests fail with how
 * to install it, unless the reader opted out with SKIP_BROWSER_TESTS=1; under CI=true they never
 * skip.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, type BrowserServer, chromium, type Page } from "playwright-core";

/** The full browser: benchmarks (Lighthouse among them) and screenshots. */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** The headless shell the browser tests drive. */
export const testChromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium-headless-shell";

const optedOut = process.env.SKIP_BROWSER_TESTS === "1" && process.env.CI !== "true";

/** True when browser tests should be skipped (only on an explicit opt-out outside CI). */
export const skipBrowser = optedOut;

function assertInstalled(path: string, debianPackage: string, usedBy: string, optOut: string): void {
  if (existsSync(path)) return;
  throw new Error(
    `${usedBy} need Chromium at ${path}, and it is not there.\n` +
      `  Install it: sudo apt-get update && sudo apt-get install -y ${debianPackage}\n` +
      `  or point CHROME_PATH at a Chromium or Chrome binary${optOut}.`,
  );
}

/** Throws, saying how to install it, when the browser tests' Chromium is missing. */
export function assertTestChromium(): void {
  assertInstalled(
    testChromiumPath,
    "chromium-headless-shell",
    "Browser tests",
    ",\n  or skip browser tests on this machine: SKIP_BROWSER_TESTS=1 npm test (never under CI=true)",
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
   * (some hundreds of files, megabytes in all) in the background, in each fresh context that loads a page: a test
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
  assertInstalled(chromiumPath, "chromium", "Benchmarks and screenshots", "");
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
 * What the browser tests' Chromium adds to `launchFlags`: V8 in its pages runs no background
 * tasks (`--single-threaded`, "disable the use of background tasks" in V8's flag list,
 * src/flags/flag-definitions.h, https://chromium.googlesource.com/v8/v8/+/main/src/flags/flag-definitions.h;
 * `node --v8-options` prints the same line). By default V8 compiles hot functions again, optimised,
 * on helper threads, and while axe-core checked a chapter those threads used nearly as much CPU
 * as the page's own thread (3.4 s against 3.8 s over six chapters); with the flag they used 0.3 s
 * and the page's thread took the same within the run-to-run spread. On a machine whose two cores
 * the tests keep busy, that was time taken from the other test file: the browser phase used 454
 * and 409 CPU-s against 520 and 482, and every-page.test.ts 129 and 125 against 185 and 150
 * (docs/PERFORMANCE.md). It changes no script's behaviour, and it moves the garbage collector's
 * and the compilers' work onto the page's thread, so the timed checks (no task of 100 ms, a click
 * answered within 200 ms) are held to a thread at least as loaded as a reader's. Web Workers are
 * threads of the page's own, not V8's background tasks: they still run beside it. The benchmarks
 * and screenshots (`openBrowser`) keep V8's defaults, as a reader's browser has them.
 *
 * The GPU service runs as a thread of the browser process instead of a process of its own
 * (`--in-process-gpu`, "Run the GPU process as a thread in the browser process",
 * content/public/common/content_switches.cc,
 * https://chromium.googlesource.com/chromium/src/+/main/content/public/common/content_switches.cc).
 * With `--disable-gpu` it composites in software either way; the flag leaves one process fewer.
 * The whole browser phase, alternating, on one build: 300.9 and 292.8 s (573.2 and 556.3 CPU-s)
 * against 328.6 and 310.9 s (619.3 and 592.8) without it (docs/PERFORMANCE.md, session 40).
 * Sessions 12, 22 and 25 had measured no gain from it on a page-load loop, six pages and two
 * files, within their spread; the whole phase, twice each way, shows one.
 * Every browser test passes with it as without it.
 */
const testOnlyFlags = ["--js-flags=--single-threaded", "--in-process-gpu"];

/** One Chromium for a whole test run, which test files connect to with `connectBrowser`. */
export function launchBrowserServer(): Promise<BrowserServer> {
  assertTestChromium();
  return chromium.launchServer({
    executablePath: testChromiumPath,
    headless: true,
    args: [...launchFlags.filter((flag) => !flag.startsWith("--headless")), ...testOnlyFlags],
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
