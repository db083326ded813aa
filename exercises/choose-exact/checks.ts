import type { Checks } from "course/checks";
import { choose } from "./starter.ts";

/** n! / (k! (n-k)!) the slow, obvious way, to compare against. */
function byFactorials(n: number, k: number): bigint {
  const factorial = (m: number) => {
    let f = 1n;
    for (let i = 2n; i <= BigInt(m); i++) f *= i;
    return f;
  };
  return factorial(n) / (factorial(k) * factorial(n - k));
}

export default function (t: Checks) {
  t.check("C(8, 2) is 28n", () => t.equal(choose(8, 2), 28n));
  t.check("C(16, 4) is 1820n", () => t.equal(choose(16, 4), 1820n));
  t.check("C(100, 5) is 75,287,520n", () => t.equal(choose(100, 5), 75_287_520n));
  t.check("C(2048, 4) is 730,862,190,080n", () => t.equal(choose(2048, 4), 730_862_190_080n));
  t.check("it returns a BigInt", () => t.equal(typeof choose(10, 3), "bigint"));
  t.check("C(n, 0) and C(n, n) are 1n", () => {
    for (const n of [0, 1, 7, 50]) {
      t.equal(choose(n, 0), 1n, `C(${n}, 0)`);
      t.equal(choose(n, n), 1n, `C(${n}, ${n})`);
    }
  });
  t.check("choosing more than there are gives 0n", () => t.equal(choose(5, 7), 0n));
  t.check("C(200, 100) is exact (far beyond 2⁵³)", () => t.equal(choose(200, 100), byFactorials(200, 100)));
  t.check("C(n, k) equals C(n, n - k)", () => {
    for (const [n, k] of [
      [30, 4],
      [61, 17],
      [100, 1],
    ] as const)
      t.equal(choose(n, k), choose(n, n - k), `C(${n}, ${k})`);
  });
  t.check("it agrees with n!/(k!(n-k)!) for every k of n = 24", () => {
    for (let k = 0; k <= 24; k++) t.equal(choose(24, k), byFactorials(24, k), `C(24, ${k})`);
  });
  t.check("negative or fractional input throws a RangeError", () => {
    for (const [n, k] of [
      [-1, 2],
      [5, -1],
      [5.5, 2],
      [4, 1.5],
    ] as const) {
      t.throws(() => choose(n, k), RangeError, `choose(${n}, ${k}) should throw a RangeError`);
    }
  });
  t.check("C(1,000,000, 3) is fast and right", () => t.equal(choose(1_000_000, 3), 166_666_166_667_000_000n));
}
