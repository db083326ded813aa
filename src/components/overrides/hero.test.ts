/**
 * The Hero override (Hero.astro beside this file) writes Starlight's hero markup in another order
 * and carries Starlight's hero styles, which a component's own styles do not pass to an override.
 * Those styles are a copy: every declaration the override makes, for each selector and media
 * query, must still be one the installed Starlight's Hero.astro makes, so a new Starlight that
 * changes its hero's layout fails here, naming the rule, instead of the landing page drifting.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { starlightComponentPath } from "../../integrations/starlight-search-patch.ts";

/** "media|selector|property: value" for every declaration of a component's <style> block. */
function declarations(source: string): Set<string> {
  const style = /<style[^>]*>([\s\S]*?)<\/style>/.exec(source)?.[1] ?? "";
  const css = style.replace(/\/\*[\s\S]*?\*\//g, "");
  const found = new Set<string>();
  const rules = (block: string, media: string) => {
    for (const [, selectors, body] of block.matchAll(/([^{}]+)\{([^{}]*)\}/g))
      for (const selector of selectors!.split(","))
        for (const declaration of body!.split(";")) {
          const [property, ...value] = declaration.split(":");
          if (!property?.trim() || value.length === 0) continue;
          const normal = (text: string) => text.trim().replace(/\s+/g, " ");
          found.add(`${media}|${normal(selector)}|${normal(property)}: ${normal(value.join(":"))}`);
        }
  };
  // One level of @media inside the layer, as both files have.
  const layer = /@layer[^{]*\{([\s\S]*)\}\s*$/.exec(css.trim())?.[1] ?? css;
  let rest = layer;
  for (const match of layer.matchAll(/@media([^{]*)\{((?:[^{}]*\{[^{}]*\})*[^{}]*)\}/g)) {
    rules(match[2]!, match[1]!.trim());
    rest = rest.replace(match[0], "");
  }
  rules(rest, "");
  return found;
}

test("every hero style the override carries is still Starlight's own", () => {
  const ours = declarations(readFileSync(new URL("./Hero.astro", import.meta.url), "utf8"));
  const starlight = declarations(readFileSync(starlightComponentPath("Hero.astro"), "utf8"));
  expect(ours.size).toBeGreaterThan(20);
  expect([...ours].filter((d) => !starlight.has(d))).toEqual([]);
});
