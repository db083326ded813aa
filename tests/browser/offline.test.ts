/**
 * The course as a project site serves it (npm test builds and serves it under /blast-radius/,
 * tools/built-site.ts) works there as at a domain's root, and after one visit it keeps working
 * with the server gone: on one page load, the page's links, the service worker's scope and what
 * it precaches, a playground's worker and its share link stay under the base with nothing asked
 * for outside it; then, offline, a page never opened online, the saved 404 page with its way
 * home, and search (its index precached).
 *
 * This file holds what sub-path.test.ts and the offline test checked, each on its own page load
 * and its own precache of the whole site, before npm test built once, under the sub-path: the
 * checks are the same, made once. Under CI the run must be under a sub-path, so this proof
 * cannot quietly become a root build's (where "under the base" holds of any link).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { serveStatic, type StaticServer } from "../../tools/static-server.ts";
import { distDir, siteBase } from "../../tools/built-site.ts";

// The one block where the service worker may register.
describeInBrowser("offline, under the base", { serviceWorkers: "allow" }, (browser) => {
  let server: StaticServer;
  let home: string;
  beforeAll(async () => {
    // Its own server, so the test can really take the network away by closing it.
    server = await serveStatic(distDir + "/", { base: siteBase });
    home = `${server.url}${siteBase}`;
  });
  afterAll(async () => {
    await server?.close().catch(() => undefined);
  });

  test(`links, workers, the service worker and a share link stay under ${siteBase}; then the course works with the server gone`, async () => {
    if (process.env.CI === "true") expect(siteBase, "npm test builds under /blast-radius/").not.toBe("/");
    const { page } = browser;
    const outside: string[] = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.origin === server.url && (!url.pathname.startsWith(siteBase) || response.status() >= 400))
        outside.push(`${response.status()} ${url.pathname}`);
    });
    await page.goto(`${home}shuffle-sharding/`);

    // Every link the page writes from the root is under the base.
    const rooted = await page.$$eval("a[href^='/']", (links) => links.map((a) => a.getAttribute("href")!));
    expect(rooted.length).toBeGreaterThan(20);
    expect(rooted.filter((href) => !href.startsWith(siteBase))).toEqual([]);

    // The service worker registers in the base's scope, and a worker is active only once its
    // install step, which precaches every file, has finished: one question after `ready` is the
    // final answer, with nothing to wait for.
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const status = await new Promise<{ cached: number; total: number }>((resolve) => {
        navigator.serviceWorker.addEventListener("message", (e) => resolve(e.data), { once: true });
        registration.active!.postMessage("precache-status");
      });
      return { scope: new URL(registration.scope).pathname, ...status };
    });
    expect(worker.scope).toBe(siteBase);
    expect(worker.total).toBeGreaterThan(10);
    expect(worker.cached).toBe(worker.total);

    // A playground runs in its worker, and its share link comes back to the same page.
    const box = page.locator("#playground-shuffle-shard");
    await box.getByRole("button", { name: "Run" }).click();
    await box.locator("[data-status][data-state='ok']").waitFor({ timeout: 15_000 });
    await box.getByRole("button", { name: "Share" }).click();
    const link = await box.getByRole("textbox", { name: "Share link" }).inputValue();
    expect(link.startsWith(`${home}shuffle-sharding/#play-shuffle-shard=`)).toBe(true);

    // Nothing was asked for outside the base, and nothing under it was missing.
    expect(outside).toEqual([]);

    // The server goes: the landing page and a chapter never opened while online come from the
    // precache.
    await server.close();
    await page.goto(home);
    await expect(page.title()).resolves.toContain("Blast Radius");
    await page
      .getByRole("region", { name: "Course map" })
      .getByRole("link", { name: "Redundancy, sharding and cells" })
      .click();
    await page.waitForURL(`${home}cells/`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Redundancy, sharding and cells");
    // An address the course does not have: the saved 404 page, with status 404, and a way home.
    const missing = await page.goto(`${home}no-such-chapter/`);
    expect(missing?.status()).toBe(404);
    await page.getByRole("link", { name: "Go to the course home" }).click();
    await page.waitForURL(home);
    // Search works offline too (its index was precached), and finds chapters under the base.
    await page.locator("site-search button[data-open-modal]").first().click();
    await page.locator("#starlight__search input").fill("shuffle");
    const result = page.locator("#starlight__search .pagefind-ui__result-link").first();
    await result.waitFor({ timeout: 10_000 });
    expect(new URL((await result.getAttribute("href"))!, home).pathname.startsWith(siteBase)).toBe(true);
    // A game day, never opened while online, plays offline too (the facilitator's page promises it):
    // its page, its game worker and its charts come from the precache, and the storm pages.
    await page.goto(`${home}gameday/retry-storm/`);
    await page.locator("[data-start]").click();
    await page.waitForSelector('[data-gameday][data-state="playing"]');
    await page.locator('[data-speed="20"]').click();
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>("[data-gameday]")?.dataset.alerts?.includes("fast-burn"),
      null,
      { timeout: 60_000 },
    );
    await expect(page.locator("[data-gameday] .uplot").count()).resolves.toBeGreaterThan(0);
  });
});
