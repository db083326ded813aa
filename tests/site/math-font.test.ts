/**
 * The course's math font is cut to the characters its formulas use (scripts/subset-math-font.ts):
 * a formula with a character outside the cut fails here, naming it, instead of falling back to
 * another font in the page.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { mathCharacters } from "../../scripts/subset-math-font.ts";

const covered = new Set(
  (
    JSON.parse(readFileSync(new URL("../../src/styles/fonts/stix-two-math-course.json", import.meta.url), "utf8")) as {
      characters: string;
    }
  ).characters,
);

describe("math font", () => {
  test("every character in the site's formulas is in the course's cut of STIX Two Math", () => {
    const used = mathCharacters();
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((c) => !covered.has(c));
    expect(missing, "run: npm run build && npx tsx scripts/subset-math-font.ts").toEqual([]);
  });
});
