/**
 * Once for all browser tests: serves the built site (OUT_DIR or dist/, under BASE_PATH as it
 * was built: npm test builds and serves it under /blast-radius/, tools/built-site.ts), launches the one Chromium every file
 * connects to, and starts the lock that lets a timed test run alone (tests/support/alone.ts).
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
    serveStatic(distDir + "/", { base: siteBase }),
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
