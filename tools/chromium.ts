/**
 * Launching Debian's Chromium for browser tests, offline-safe, with a fresh profile.
 * Without a Chromium the tests fail with how to install one, unless the reader opted out
 * with SKIP_BROWSER_TESTS=1; under CI=true they never skip.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

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
}

/** A fresh browser profile (so storage starts empty) with one open page. */
export async function openBrowser(options: OpenOptions = {}): Promise<Session> {
  assertChromium();
  const profile = mkdtempSync(join(tmpdir(), "blast-radius-chromium-"));
  // playwright-core refuses --user-data-dir in launch(): a persistent context takes the dir instead.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: launchFlags,
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
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
