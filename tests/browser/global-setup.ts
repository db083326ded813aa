/**
 * Once for all browser tests: serves the built site (OUT_DIR or dist/, under BASE_PATH as it
 * was built: npm test builds and serves it under /blast-radius/, tools/built-site.ts), launches the one Chromium every file
 * connects to, and starts the lock that lets a timed test run alone (tests/support/alone.ts).
 *
 * The server lets a browser keep each file for ten minutes (`Cache-Control: max-age=600`), as a
 * static host lets a reader's browser keep them: a block's first load of a page fetches every
 * file, and its later loads reuse the scripts, styles and fonts already fetched, where before
 * each load fetched and compiled all of them again. Four files of repeated loads (explorer,
 * exercise, playground, mock interview), three runs each way alternating: 76 to 84 CPU-s against
 * 89 to 92 (docs/PERFORMANCE.md). Each block still starts with an empty cache (its own context);
 * every-page.test.ts turns the cache off to weigh each page as a first visit; a test that holds
 * a request back (`page.route`) has the cache off, as Playwright turns it off for routed pages;
 * and offline.test.ts runs its own server without the header, so only the service worker can
 * answer once the server is gone.
 */
import type { TestProject } from "vitest/node";
import { assertBuiltUnder, distDir, siteBase } from "../../tools/built-site.ts";
import { launchBrowserServer, skipBrowser } from "../../tools/chromium.ts";
import { serveStatic } from "../../tools/static-server.ts";
import { startLockServer } from "../support/alone.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The built site's address, base included, without a trailing slash (e.g. http://127.0.0.1:4000/blast-radius). */
    siteUrl: string;
    /** Where tools/chromium.ts's connectBrowser finds the run's Chromium ("" when skipped). */
    chromiumEndpoint: string;
    browserLockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  assertBuiltUnder(distDir, siteBase);
  const [server, lock, chromium] = await Promise.all([
    serveStatic(distDir + "/", { base: siteBase, maxAge: 600 }),
    startLockServer(),
    skipBrowser ? undefined : launchBrowserServer(),
  ]);
  project.provide("siteUrl", server.url + siteBase.replace(/\/$/, ""));
  project.provide("browserLockUrl", lock.url);
  project.provide("chromiumEndpoint", chromium?.wsEndpoint() ?? "");
  return async () => {
    await chromium?.close();
    await Promise.all([server.close(), lock.close()]);
  };
}
