import type { Checks } from "course/checks";
import { mulberry32 } from "course";
import { backoffCeiling, fullJitter } from "./starter.ts";

export default function (t: Checks) {
  t.check("ceilings double from the base: 100, 200, 400, 800", () => {
    t.deepEqual(
      [0, 1, 2, 3].map((n) => backoffCeiling(n, 100, 10_000)),
      [100, 200, 400, 800],
    );
  });
  t.check("the ceiling stops at the cap", () => {
    t.equal(backoffCeiling(6, 100, 10_000), 6400);
    t.equal(backoffCeiling(7, 100, 10_000), 10_000);
    t.equal(backoffCeiling(30, 100, 10_000), 10_000);
  });
  t.check("huge attempts neither overflow nor exceed the cap", () => {
    t.equal(backoffCeiling(5000, 100, 10_000), 10_000);
    const d = fullJitter(5000, 100, 10_000, () => 0.5);
    t.equal(d, 5000);
  });
  t.check("full jitter is rand() times the ceiling", () => {
    t.equal(
      fullJitter(3, 100, 10_000, () => 0.25),
      200,
    );
    t.equal(
      fullJitter(0, 100, 10_000, () => 0),
      0,
    );
    t.near(
      fullJitter(10, 100, 10_000, () => 0.999),
      9990,
      1e-6,
    );
  });
  t.check("full jitter draws exactly one random number", () => {
    let calls = 0;
    fullJitter(4, 50, 5000, () => (calls++, 0.5));
    t.equal(calls, 1);
  });
  t.check("delays are uniform on [0, ceiling): mean about half, never above", () => {
    const rand = mulberry32(42);
    let sum = 0;
    let max = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const d = fullJitter(5, 100, 10_000, rand); // ceiling 3,200
      sum += d;
      max = Math.max(max, d);
      if (d < 0) t.fail(`negative delay ${d}`);
    }
    t.near(sum / n, 1600, 40, "mean delay");
    t.ok(max < 3200 && max > 3100, `largest delay ${max} should be just under the ceiling 3,200`);
  });
  t.check("bad arguments throw a RangeError", () => {
    for (const args of [
      [-1, 100, 1000],
      [1.5, 100, 1000],
      [2, -5, 1000],
      [2, 100, -1],
    ] as const) {
      t.throws(
        () => backoffCeiling(args[0], args[1], args[2]),
        RangeError,
        `backoffCeiling(${args.join(", ")}) should throw a RangeError`,
      );
    }
  });
}
