/**
 * The course built under a sub-path (a project site at /blast-radius/, npm test's sub-path phase)
 * works there as at the root: links, the service worker and what it precaches, a playground's
 * worker, a share link, and search, on one page load and one reload.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { subPathBase, subPathRoot } from "../../tools/built-site.ts";
import { serveStatic, type StaticServer } from "../../tools/static-server.ts";

describeInBrowser("a build under a sub-path", { serviceWorkers: "allow" }, (browser) => {
  let server: StaticServer;
  let base: string;
  beforeAll(async () => {
    if (!existsSync(join(subPathRoot, subPathBase, "index.html")))
      throw new Error(
        `no build under ${subPathBase} in ${subPathRoot}: run \`npm test -- --only sub-path\` first (npm test does it)`,
      );
    server = await serveStatic(subPathRoot + "/");
    base = `${server.url}${subPathBase}`;
  });
  afterAll(async () => {
    await server?.close().catch(() => undefined);
  });

  test(`links, workers, the service worker, a share link and search all stay under ${subPathBase}`, async () => {
    const { page } = browser;
    const outside: string[] = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.origin === server.url && (!url.pathname.startsWith(subPathBase) || response.status() >= 400))
        outside.push(`${response.status()} ${url.pathname}`);
    });
    await page.goto(`${base}shuffle-sharding/`);

    // Every link the page writes from the root is under the base.
    const rooted = await page.$$eval("a[href^='/']", (links) => links.map((a) => a.getAttribute("href")!));
    expect(rooted.length).toBeGreaterThan(20);
    expect(rooted.filter((href) => !href.startsWith("/blast-radius/"))).toEqual([]);

    // The service worker registers in the base's scope and precaches every file it lists.
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const status = await new Promise<{ cached: number; total: number }>((resolve) => {
        navigator.serviceWorker.addEventListener("message", (e) => resolve(e.data), { once: true });
        registration.active!.postMessage("precache-status");
      });
      return { scope: new URL(registration.scope).pathname, ...status };
    });
    expect(worker.scope).toBe(subPathBase);
    expect(worker.total).toBeGreaterThan(10);
    expect(worker.cached).toBe(worker.total);

    // A playground runs in its worker, and its share link comes back to the same page.
    const box = page.locator("#playground-shuffle-shard");
    await box.getByRole("button", { name: "Run" }).click();
    await box.locator("[data-status][data-state='ok']").waitFor({ timeout: 15_000 });
    await box.getByRole("button", { name: "Share" }).click();
    const link = await box.getByRole("textbox", { name: "Share link" }).inputValue();
    expect(link.startsWith(`${base}shuffle-sharding/#play-shuffle-shard=`)).toBe(true);

    // Search finds a chapter and links to it under the base.
    await page.locator("site-search button[data-open-modal]").first().click();
    await page.locator("#starlight__search input").fill("shuffle");
    const result = page.locator("#starlight__search .pagefind-ui__result-link").first();
    await result.waitFor({ timeout: 10_000 });
    expect(new URL((await result.getAttribute("href"))!, base).pathname.startsWith(subPathBase)).toBe(true);

    // Nothing was asked for outside the base, and nothing under it was missing.
    expect(outside).toEqual([]);

    // With the server gone, a page never opened comes from the precache, under the base.
    await server.close();
    await page.goto(`${base}cells/`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("cells");
  });
});
