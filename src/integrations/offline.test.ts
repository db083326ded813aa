import { expect, test } from "vitest";
import { cachedOnFirstUse, urlOf } from "./offline.ts";

test("precached files are listed relative to the worker's scope, so a sub-path build caches its own addresses", () => {
  expect(urlOf("index.html")).toBe("");
  expect(urlOf("shuffle-sharding/index.html")).toBe("shuffle-sharding/");
  expect(urlOf("_astro/app.abc123.js")).toBe("_astro/app.abc123.js");
  expect(urlOf("404.html")).toBe("404.html");
  // The worker resolves each against its scope: the site's base.
  for (const scope of ["https://example.org/", "https://example.org/blast-radius/"]) {
    expect(new URL(urlOf("index.html"), scope).href).toBe(scope);
    expect(new URL(urlOf("cells/index.html"), scope).href).toBe(`${scope}cells/`);
  }
});

test("the playground's type-checker (TypeScript, loaded only for edited code) is cached on first use, not precached", () => {
  expect(cachedOnFirstUse("_astro/typecheck-worker-CMHVBpff.js")).toBe(true);
  expect(cachedOnFirstUse("_astro/typescript-Bx3kQ9aZ.js")).toBe(true);
  for (const file of ["_astro/typecheck-client.CGCwKfkp.js", "_astro/worker-DUDIfe3h.js", "index.html"])
    expect(cachedOnFirstUse(file)).toBe(false);
});
