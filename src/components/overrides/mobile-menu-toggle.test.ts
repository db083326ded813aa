/**
 * The MobileMenuToggle override (MobileMenuToggle.astro beside this file) copies the menu's state
 * from Starlight's element to the button inside it. That is needed only while the installed
 * Starlight builds the button closed and then sets the state on its element alone: a Starlight that
 * sets it on the button itself fails here, so the override can go.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { starlightComponentPath } from "../../integrations/starlight-search-patch.ts";

test("Starlight's Menu button sets the menu's state on its own element, and its button keeps the state it was built with", () => {
  const source = readFileSync(starlightComponentPath("MobileMenuToggle.astro"), "utf8");
  // The button is built closed, inside the element the override's script watches.
  expect(source).toMatch(/<starlight-menu-button[^>]*>\s*<button\s+aria-expanded="false"/);
  // Every write of the state is on the element (`this`), none on the button (`btn`).
  const writes = [...source.matchAll(/(\w+(?:\.\w+)?)\.setAttribute\(\s*['"]aria-expanded['"]/g)].map((m) => m[1]);
  expect(writes.length, "Starlight no longer sets aria-expanded: is the override still needed?").toBeGreaterThan(0);
  expect(writes, "Starlight sets the state on its button now: the override can go").toEqual(writes.map(() => "this"));
  expect(source).not.toMatch(/btn\.(setAttribute|toggleAttribute)\(\s*['"]aria-expanded/);
});
