/** After one visit the course works with the server gone (the service worker has it all). */
import { afterAll, beforeAll, expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { serveStatic, type StaticServer } from "../../tools/static-server.ts";
import { distDir } from "../../tools/built-site.ts";

// The one block (with sub-path.test.ts) where the service worker may register.
describeInBrowser("offline", { serviceWorkers: "allow" }, (browser) => {
  let server: StaticServer;
  beforeAll(async () => {
    // Its own server, so the test can really take the network away by closing it.
    server = await serveStatic(distDir + "/");
  });
  afterAll(async () => {
    await server?.close().catch(() => undefined);
  });

  test("a visited course keeps working when the server is gone", async () => {
    const { page } = browser;
    await page.goto(`${server.url}/`);
    const status = await page.evaluate(async () => {
      // A worker is active only once its install step, which precaches every file, has finished:
      // so one question after `ready` is the final answer, with nothing to wait for.
      const registration = await navigator.serviceWorker.ready;
      return new Promise<{ cached: number; total: number }>((resolve) => {
        navigator.serviceWorker.addEventListener("message", (e) => resolve(e.data), { once: true });
        registration.active!.postMessage("precache-status");
      });
    });
    expect(status.total).toBeGreaterThan(10);
    expect(status.cached).toBe(status.total);

    await server.close();
    await page.reload();
    await expect(page.title()).resolves.toContain("Blast Radius");
    // A chapter never opened while online.
    await page.getByRole("region", { name: "Course map" }).getByRole("link", { name: "Shuffle sharding" }).click();
    await page.waitForURL(/\/shuffle-sharding\/$/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Shuffle sharding");
    // An address the course does not have: the saved 404 page, with status 404, and a way home.
    const missing = await page.goto(`${server.url}/no-such-chapter/`);
    expect(missing?.status()).toBe(404);
    await page.getByRole("link", { name: "Go to the course home" }).click();
    await page.waitForURL(`${server.url}/`);
    // Search works offline too: its index was precached.
    await page.locator("site-search button[data-open-modal]").first().click();
    await page.locator("#starlight__search input").fill("shuffle");
    await page.locator("#starlight__search .pagefind-ui__result-link").first().waitFor({ timeout: 10_000 });
  });
});
