import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { serveStatic } from "../../tools/static-server.ts";

// The browser tests' server lets Chromium keep files (tests/browser/global-setup.ts), and the
// offline test's server must not (only the service worker may answer once it is gone).
describe("static server: caching header", () => {
  const root = mkdtempSync(join(tmpdir(), "static-server-"));
  writeFileSync(join(root, "page.js"), "export {};\n");
  writeFileSync(join(root, "404.html"), "<p>not here</p>\n");
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function headers(maxAge: number | undefined, path: string) {
    const server = await serveStatic(`${root}/`, { base: "/site/", ...(maxAge === undefined ? {} : { maxAge }) });
    try {
      const response = await fetch(`${server.url}${path}`);
      await response.arrayBuffer();
      return { status: response.status, cacheControl: response.headers.get("cache-control") };
    } finally {
      await server.close();
    }
  }

  test("with maxAge, every file found says how long it may be kept", async () => {
    await expect(headers(600, "/site/page.js")).resolves.toEqual({ status: 200, cacheControl: "max-age=600" });
  });

  test("without it, no file carries a caching header", async () => {
    await expect(headers(undefined, "/site/page.js")).resolves.toEqual({ status: 200, cacheControl: null });
  });

  test("a missing file's 404 page is never marked for keeping", async () => {
    await expect(headers(600, "/site/missing.js")).resolves.toEqual({ status: 404, cacheControl: null });
  });
});
