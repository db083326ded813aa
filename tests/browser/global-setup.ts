/**
 * Once for all browser tests: serves the built site, launches the one Chromium every file
 * connects to, and starts the lock that lets a timed test run alone (tests/support/alone.ts).
 */
import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { outDirFromEnv } from "../../src/integrations/out-dir.ts";
import { launchBrowserServer, skipBrowser } from "../../tools/chromium.ts";
import { serveStatic } from "../../tools/static-server.ts";
import { startLockServer } from "../support/alone.ts";

declare module "vitest" {
  export interface ProvidedContext {
    siteUrl: string;
    /** Where tools/chromium.ts's connectBrowser finds the run's Chromium ("" when skipped). */
    chromiumEndpoint: string;
    browserLockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dist = outDirFromEnv() + "/";
  if (!existsSync(dist + "index.html")) {
    throw new Error(
      "dist/ has no built site: run `npm run build` first (or set OUT_DIR to where you built it) (npm test does it for you).",
    );
  }
  const [server, lock, chromium] = await Promise.all([
    serveStatic(dist),
    startLockServer(),
    skipBrowser ? undefined : launchBrowserServer(),
  ]);
  project.provide("siteUrl", server.url);
  project.provide("browserLockUrl", lock.url);
  project.provide("chromiumEndpoint", chromium?.wsEndpoint() ?? "");
  return async () => {
    await chromium?.close();
    await Promise.all([server.close(), lock.close()]);
  };
}
