/**
 * Every Starlight custom property the course's styles read without a fallback is one that is set:
 * by Starlight's own style sheets or by the course's. `font-family: var(--sl-font-mono)` read a
 * property Starlight only reads (it sets --__sl-font-mono from it, falling back to the system's
 * monospace fonts) and this site never sets, so the declaration fell away and the map builder's
 * drawing, the presenter's map and the answer boxes were set in the page's sans-serif.
 */
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { expect, test } from "vitest";
import { sourceFiles } from "../support/source-files.ts";

const root = resolve(import.meta.dirname, "../..");

const ours = [
  ...sourceFiles(join(root, "src"), /\.(css|astro|ts)$/),
  ...sourceFiles(join(root, "content"), /\.(css|mdx)$/),
].filter((file) => !file.endsWith(".test.ts"));
const starlightStyles = sourceFiles(join(root, "node_modules/@astrojs/starlight/style"), /\.css$/);

/** The custom properties a style sheet or component sets (`--name:`). */
const setIn = (text: string) => [...text.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]!);

test("every Starlight property read with no fallback is set somewhere", () => {
  const set = new Set([...starlightStyles, ...ours].flatMap((file) => setIn(readFileSync(file, "utf8"))));
  // Starlight's own properties are those it sets; one it only reads is the site's to set.
  expect(set.has("--sl-color-bg")).toBe(true);
  const unset = ours.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/var\(\s*(--sl-[\w-]+)\s*\)/g)]
      .filter((m) => !set.has(m[1]!))
      .map((m) => `${relative(root, file)}: var(${m[1]})`),
  );
  expect(unset).toEqual([]);
});
