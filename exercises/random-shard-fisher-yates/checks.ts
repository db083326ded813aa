import type { Checks } from "course/checks";
import { mulberry32, randomShard as courseDeal } from "course";
import { randomShard } from "./starter.ts";

/** A rand() that replays fixed numbers and counts how often it was called. */
function scripted(values: number[]) {
  let calls = 0;
  const rand = () => values[calls++ % values.length]!;
  return { rand, calls: () => calls };
}

export default function (t: Checks) {
  t.check("a shard of 2 from 8 holds 2 distinct workers in 0..7", () => {
    const shard = randomShard(8, 2, mulberry32(1));
    t.equal(shard.length, 2);
    t.ok(
      shard.every((w) => Number.isInteger(w) && w >= 0 && w < 8),
      `workers out of range: ${shard}`,
    );
    t.ok(shard[0] !== shard[1], "the two workers must differ");
  });
  t.check("it calls rand() exactly once per picked worker", () => {
    const r = scripted([0.3]);
    randomShard(2048, 4, r.rand);
    t.equal(r.calls(), 4);
  });
  t.check("rand() always 0 picks workers 0, 1, 2, ...", () => {
    t.deepEqual(
      randomShard(10, 4, () => 0),
      [0, 1, 2, 3],
    );
  });
  t.check("rand() just below 1 swaps in the last worker each time", () => {
    // i = 0: j = 7, swap 0 and 7; i = 1: j = 7 (now holding 0), swap; i = 2: j = 7 (now holding 1).
    t.deepEqual(
      randomShard(8, 3, () => 0.999),
      [7, 0, 1],
    );
  });
  t.check("it deals what the course's simulation deals for seed 7", () => {
    const mine = mulberry32(7);
    const course = mulberry32(7);
    for (let customer = 0; customer < 1000; customer++) {
      t.deepEqual(randomShard(8, 2, mine), courseDeal(8, 2, course), `customer ${customer}`);
    }
  });
  t.check("all 28 pairs of 8 come up about equally often", () => {
    const rand = mulberry32(2026);
    const counts = new Map<string, number>();
    const deals = 28 * 2000;
    for (let i = 0; i < deals; i++) {
      const key = randomShard(8, 2, rand)
        .sort((a, b) => a - b)
        .join(",");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    t.equal(counts.size, 28, "every pair should appear");
    for (const [pair, n] of counts) t.ok(n > 1700 && n < 2300, `pair ${pair} came up ${n} times, expected about 2000`);
  });
  t.check("size 0 gives [], size = workers gives every worker once", () => {
    t.deepEqual(randomShard(5, 0, mulberry32(3)), []);
    t.deepEqual(
      randomShard(6, 6, mulberry32(3)).sort((a, b) => a - b),
      [0, 1, 2, 3, 4, 5],
    );
  });
  t.check("impossible shards throw a RangeError", () => {
    for (const [w, s] of [
      [4, 5],
      [4, -1],
      [4.5, 2],
      [4, 1.5],
    ] as const) {
      t.throws(() => randomShard(w, s, Math.random), RangeError, `randomShard(${w}, ${s}) should throw a RangeError`);
    }
  });
}
