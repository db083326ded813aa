import { describe, expect, test } from "vitest";
import { practiceSeed, reviewSeed } from "./review-seed.ts";

describe("the seed a chapter page's Another variant deals", () => {
  test("from 1 to 999,999, never the due review's variant: a draw of it deals the seed after it", () => {
    /** The draw Math.random would give to make `seed` (from 1 to 999,999). */
    const drawing = (seed: number) => () => (seed - 0.5) / 999_999;
    expect(practiceSeed(() => 0, undefined)).toBe(1);
    expect(practiceSeed(() => 0.999_999_999_9, undefined)).toBe(999_999);
    expect(practiceSeed(drawing(4_242), undefined)).toBe(4_242);
    // The due review's seed is dealt on /review/ only: a draw of it deals the seed after it.
    expect(practiceSeed(drawing(4_242), 4_242)).toBe(4_243);
    expect(practiceSeed(drawing(999_999), 999_999)).toBe(1);
    expect(practiceSeed(drawing(4_242), 4_243)).toBe(4_242);
    // Every draw, over the whole range, misses a due seed and stays in range (a few due seeds).
    for (const due of [1, 500_000, 999_999, reviewSeed("cells-blast-radius", 1)]) {
      for (let seed = 1; seed <= 999_999; seed += 9_973) {
        const dealt = practiceSeed(drawing(seed), due);
        expect(dealt).not.toBe(due);
        expect(dealt).toBeGreaterThanOrEqual(1);
        expect(dealt).toBeLessThanOrEqual(999_999);
      }
      if (due <= 999_999) expect(practiceSeed(drawing(due), due)).not.toBe(due);
    }
  });
});
