/**
 * Makes the course's math font small: STIX Two Math (@fontsource/stix-two-math, 403 KB) cut
 * down with HarfBuzz's subsetter to the characters the course's formulas use, plus ASCII and
 * Greek letters so a new formula rarely needs a new cut. HarfBuzz keeps the OpenType MATH
 * table and the glyph variants it points to, so parentheses and roots still stretch.
 *
 *   npm run build && npx tsx scripts/subset-math-font.ts
 *
 * writes src/styles/fonts/stix-two-math-course.woff2 and, beside it, the characters it covers
 * (a site test fails, naming the character, when a formula uses one outside them).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import { loadBuiltSite } from "../tools/built-site.ts";
import { fixed } from "../src/format/number.ts";

const require = createRequire(import.meta.url);
const source = require.resolve("@fontsource/stix-two-math/files/stix-two-math-latin-400-normal.woff2");

/** Every character inside a <math> element of the built site. */
export function mathCharacters(): Set<string> {
  const chars = new Set<string>();
  for (const page of loadBuiltSite()) {
    for (const [, inner] of page.html.matchAll(/<math\b[^>]*>([\s\S]*?)<\/math>/g)) {
      const text = inner!
        .replace(/<annotation[\s\S]*?<\/annotation>/g, "")
        .replace(/<[^>]+>/g, "")
        .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
        .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
        .replace(/&amp;/g, "&")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">");
      for (const c of text) if (c.trim()) chars.add(c);
    }
  }
  return chars;
}

const always =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" +
  "()[]{}|/\\+-=<>,.;:!?'*^_~%" +
  "αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ" +
  "−×÷·±∓≤≥≠≈∼∝∞∑∏∫√∂∇∈∉⊂⊆∪∩∧∨¬→←↔⇒⇔…′″⌊⌋⌈⌉⟨⟩∣∥";

async function main() {
  const chars = [...new Set([...always, ...mathCharacters()])].sort().join("");
  const font = await subsetFont(readFileSync(source), chars, { targetFormat: "woff2" });
  const out = new URL("../src/styles/fonts/", import.meta.url);
  writeFileSync(new URL("stix-two-math-course.woff2", out), font);
  writeFileSync(new URL("stix-two-math-course.json", out), JSON.stringify({ characters: chars }, null, 2) + "\n");
  console.log(`${chars.length} characters, ${fixed(font.length / 1024, 1)} KB`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
