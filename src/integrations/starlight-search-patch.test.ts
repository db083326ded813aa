import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { patchSearch, searchPatches, starlightSearchPath } from "./starlight-search-patch.ts";

const upstream = readFileSync(starlightSearchPath(), "utf8");

test("every patch fits the installed Starlight's search component exactly once", () => {
  const patched = patchSearch(upstream);
  for (const patch of searchPatches) {
    expect(patched).toContain(patch.replace);
    // A patch that inserts keeps the text it anchors on; one that replaces removes it.
    if (!patch.replace.includes(patch.find)) expect(patched).not.toContain(patch.find);
  }
  // The idle-time load is gone; the component loads the UI only when a reader reaches for it.
  expect(patched).not.toContain("requestIdleCallback");
  expect(patched).toContain("import('@pagefind/default-ui')");
});

test("a Starlight release that changed the patched text fails the build, naming the patch", () => {
  const drifted = upstream.replace("window.requestIdleCallback", "window.requestIdle");
  expect(() => patchSearch(drifted)).toThrow(/load the Pagefind UI on first reach.*is not there/);
  const doubled = upstream + searchPatches[1]!.find;
  expect(() => patchSearch(doubled)).toThrow(/more than once/);
});
