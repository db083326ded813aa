import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test } from "vitest";
import {
  pagefindStyleScope,
  patchSearch,
  searchPatches,
  searchPatchesFor,
  starlightSearchPath,
} from "./starlight-search-patch.ts";

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

test("the stand-in search box wears the Svelte class the installed Pagefind UI draws its own box with", () => {
  const pagefind = createRequire(starlightSearchPath());
  const css = readFileSync(pagefind.resolve("@pagefind/default-ui/css/ui.css"), "utf8");
  const ui = readFileSync(pagefind.resolve("@pagefind/default-ui"), "utf8");
  const scope = pagefindStyleScope(css);
  // The box, its form and its message are drawn by these classes in the UI's own markup.
  for (const name of ["pagefind-ui__search-input", "pagefind-ui__form", "pagefind-ui__message"])
    expect(ui).toContain(`${name} ${scope}`);
  const patched = patchSearch(upstream);
  expect(patched).toContain(`<input class="pagefind-ui__search-input ${scope}"`);
  // The stand-in sits where the UI mounts, and the script hands its text over.
  expect(patched).toMatch(/<div id="starlight__search">\s*<div class="pagefind-ui [^"]*" data-search-stand-in>/);
  expect(patched).toContain("input.dispatchEvent(new Event('input'");
  expect(searchPatchesFor("svelte-x")[0]!.replace).toContain('class="pagefind-ui__search-input svelte-x"');
});

test("a Pagefind release whose stylesheet no longer scopes the search box by a Svelte class fails the build", () => {
  expect(() => pagefindStyleScope(".pagefind-ui__search-input { color: red }")).toThrow(
    /Pagefind's css\/ui.css changed.*starlight-search-patch\.ts/,
  );
  expect(
    pagefindStyleScope(
      ".pagefind-ui__form.svelte-ab1 {} .pagefind-ui__search-input.svelte-ab1 {} .pagefind-ui__message.svelte-ab1 {}",
    ),
  ).toBe("svelte-ab1");
});
