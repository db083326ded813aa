import { describe, expect, test } from "vitest";
import { mulberry32 } from "./random.ts";
import { exactOverlap, fixedGroupsBlastRadius, randomShard, shardDealer, simulatePoison } from "./shuffle-shard.ts";

describe("randomShard", () => {
  test("golden: the first shards dealt from seed 7", () => {
    const rand = mulberry32(7);
    const shards = Array.from({ length: 5 }, () => randomShard(8, 2, rand));
    // Cross-checked against the seed article's own program run in plain Node.
    expect(shards).toEqual([
      [0, 1],
      [7, 5],
      [4, 3],
      [3, 2],
      [4, 6],
    ]);
  });

  test("always distinct workers in range", () => {
    const rand = mulberry32(1);
    for (let i = 0; i < 1000; i++) {
      const s = randomShard(10, 4, rand);
      expect(new Set(s).size).toBe(4);
      for (const w of s) expect(w >= 0 && w < 10).toBe(true);
    }
  });

  test("the reusable dealer deals exactly what randomShard deals", () => {
    const a = mulberry32(99);
    const b = mulberry32(99);
    const deal = shardDealer(50, 6, b);
    for (let i = 0; i < 2000; i++) expect(Array.from(deal())).toEqual(randomShard(50, 6, a));
  });

  test("rejects impossible shards", () => {
    expect(() => randomShard(4, 5, mulberry32(1))).toThrow(/from 1 to 4/);
    expect(() => randomShard(0, 1, mulberry32(1))).toThrow(/workers/);
  });
});

describe("simulatePoison", () => {
  test("seed article: 8 workers, shards of 2, 10,000 customers, seed 7", () => {
    const out = simulatePoison({ workers: 8, shard: 2, customers: 10_000, seed: 7 });
    expect(out).toEqual({
      poisonShard: [0, 1],
      lostAll: 361,
      lostSome: 4373,
      lostNone: 5265,
      histogram: [5265, 4373, 361],
    });
  });

  test("golden: 100 workers, shards of 5, 100,000 customers, seed 7", () => {
    const out = simulatePoison({ workers: 100, shard: 5, customers: 100_000, seed: 7 });
    expect(out.histogram.reduce((a, b) => a + b, 0)).toBe(99_999);
    expect(out.histogram).toMatchInlineSnapshot(`
      [
        77157,
        20970,
        1820,
        52,
        0,
        0,
      ]
    `);
  });

  test("simulated shares converge on the exact ones (within 1 point at 100k customers)", () => {
    for (const [workers, shard] of [
      [8, 2],
      [16, 4],
      [100, 5],
    ] as const) {
      const out = simulatePoison({ workers, shard, customers: 100_000, seed: 3 });
      const exact = exactOverlap(workers, shard);
      const others = 99_999;
      expect(Math.abs(out.lostAll / others - exact.all.value)).toBeLessThan(0.01);
      expect(Math.abs(out.lostSome / others - exact.some.value)).toBeLessThan(0.01);
      expect(Math.abs(out.lostNone / others - exact.none.value)).toBeLessThan(0.01);
    }
  });
});

describe("exactOverlap", () => {
  test("8 workers, shards of 2: 1/28 all, 12/28 some, 15/28 none", () => {
    const e = exactOverlap(8, 2);
    expect(e.possibleShards).toBe(28n);
    expect([e.all.numerator, e.all.denominator]).toEqual([1n, 28n]);
    expect([e.some.numerator, e.some.denominator]).toEqual([3n, 7n]);
    expect([e.none.numerator, e.none.denominator]).toEqual([15n, 28n]);
  });

  test("16 workers, shards of 4: 1 in 1,820", () => {
    const e = exactOverlap(16, 4);
    expect(e.all.denominator).toBe(1820n);
    expect(e.all.value).toBeCloseTo(0.000549, 6);
  });

  test("2,048 workers, shards of 4: 730,862,190,080 possible shards", () => {
    expect(exactOverlap(2048, 4).possibleShards).toBe(730_862_190_080n);
  });
});

test("fixed groups: a poison customer takes down 1/groups", () => {
  expect(fixedGroupsBlastRadius(4)).toBe(0.25);
  expect(() => fixedGroupsBlastRadius(0)).toThrow(/groups/);
});

test("each deal costs exactly k random draws, in randomShard and in the dealer the chapter's simulation runs", () => {
  for (const [n, k] of [
    [8, 2],
    [100, 5],
    [16, 4],
    [5, 5],
  ] as const) {
    let draws = 0;
    const source = mulberry32(7);
    const counted = () => {
      draws++;
      return source();
    };
    randomShard(n, k, counted);
    expect(draws).toBe(k);
    const deal = shardDealer(n, k, counted);
    draws = 0;
    for (let i = 0; i < 3; i++) deal();
    expect(draws).toBe(3 * k);
  }
});
