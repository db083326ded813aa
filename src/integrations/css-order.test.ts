import { expect, test } from "vitest";
import { cssInNameOrder } from "./css-order.ts";

test("the bundle lists its CSS files in name order after the plugin, other files untouched", () => {
  const bundle: Record<string, unknown> = {
    "_astro/page.js": { type: "chunk" },
    "_astro/Playground.b2.css": { type: "asset", source: "p" },
    "_astro/font.woff2": { type: "asset" },
    "_astro/CellsWidget.a1.css": { type: "asset", source: "c" },
    "_astro/Exercise.c3.css": { type: "asset", source: "e" },
  };
  const playground = bundle["_astro/Playground.b2.css"];
  cssInNameOrder().generateBundle({}, bundle);
  expect(Object.keys(bundle)).toEqual([
    "_astro/page.js",
    "_astro/font.woff2",
    "_astro/CellsWidget.a1.css",
    "_astro/Exercise.c3.css",
    "_astro/Playground.b2.css",
  ]);
  // The same file objects, only listed again.
  expect(bundle["_astro/Playground.b2.css"]).toBe(playground);
});
