import { expect, test } from "vitest";
import { mulberry32 } from "../random.ts";
import { quantile, quantileUnsorted } from "./metrics.ts";

test("the quantile of values in any order is the sorted values' quantile, ties, runs and one value too", () => {
  const rand = mulberry32(5);
  const shapes: ((i: number, n: number) => number)[] = [
    () => rand() * 1000,
    // Few distinct values: long runs of ties.
    () => Math.floor(rand() * 4) * 10,
    (i) => i,
    (i, n) => n - i,
    () => 7,
    // Latencies as a game records them: mostly fast, a slow tail.
    () => (rand() < 0.97 ? 20 + rand() * 30 : 1000 + rand() * 4000),
  ];
  let checked = 0;
  for (const shape of shapes) {
    for (const n of [1, 2, 3, 5, 99, 100, 101, 250, 1000, 4097]) {
      const values = Float64Array.from({ length: n }, (_, i) => shape(i, n));
      const sorted = Float64Array.from(values).sort();
      for (const q of [0, 0.01, 0.5, 0.9, 0.99, 0.999, 1]) {
        expect(quantileUnsorted(Float64Array.from(values), q), `n ${n}, q ${q}`).toBe(quantile(sorted, q));
        checked++;
      }
    }
  }
  expect(checked).toBe(shapes.length * 10 * 7);
  expect(quantileUnsorted(new Float64Array(0), 0.99)).toBeUndefined();
});
