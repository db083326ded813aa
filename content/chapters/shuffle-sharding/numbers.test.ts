import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { hundred, route53, sim, simGap, small } from "./numbers.ts";

test("8 workers, shards of 2: C(8,2) = 28, and the all / one / none shares 1/28, 12/28, 15/28", () => {
  expect(small.possibleShards).toBe("28");
  expect(small.fixedPercent).toBe("25%");
  expect(small.allFraction).toBe("1/28");
  expect(small.allPercent).toBe("3.6%");
  expect(small.oneCount).toBe("12");
  expect(small.onePercent).toBe("42.9%");
  expect(small.noneCount).toBe("15");
  expect(small.nonePercent).toBe("53.6%");
  expect(small.improvement).toBe("7");
});

test("the seeded simulation deals the same on every run (mulberry32 seed 7, 10,000 customers)", () => {
  expect(sim.others).toBe("9,999");
  expect(sim.poisonShard).toBe("w0 and w1");
  expect(sim.lostAll).toBe("361");
  expect(sim.lostAllPercent).toBe("3.6%");
  expect(sim.lostSome).toBe("4,373");
  expect(sim.lostSomePercent).toBe("43.7%");
  // The three outcomes account for every other customer.
  const n = (s: string) => Number(s.replace(/,/g, ""));
  expect(n(sim.lostAll) + n(sim.lostSome) + n(sim.lostNone)).toBe(9_999);
});

test("bigger fleets: 100/5 and Route 53's 2,048/4", () => {
  expect(hundred.possibleShards).toBe("75,287,520");
  expect(hundred.inverse.text).toBe("1.33e-8");
  expect(route53.possibleShards).toBe("730,862,190,080");
  expect(route53.inverse.text).toBe("1.37e-12");
});

test("Route 53's overlap rule: a zone under attack can take out at most half of another zone's servers", () => {
  // The prose says "more than half" in words: the shared servers over a zone's shard.
  expect(route53.maxShared / route53.shard).toBe(1 / 2);
  const mdx = readFileSync(new URL("./index.mdx", import.meta.url), "utf8");
  expect(mdx.replace(/\s+/g, " ")).toContain(
    "{route53.maxShared} name servers, so a zone under attack can never take out more than half of another zone's servers.",
  );
});

test("the gap between the simulation and the formula is sampling noise: under two standard errors, about half a point", () => {
  // "here about 0.5 of a percentage point for the middle row": sqrt(p (1 - p) / N) with p = 12/28, N = 9,999.
  expect(sim.noisePoints).toBe("0.5");
  expect(simGap.standardError).toBeCloseTo(Math.sqrt(((12 / 28) * (16 / 28)) / 9_999), 12);
  // "The gap is sampling noise": each simulated share lies within two standard errors of the exact one.
  expect(Math.abs(simGap.lostAll)).toBeLessThan(2);
  expect(Math.abs(simGap.lostSome)).toBeLessThan(2);
});

test("the opening's figures: everyone, 25% with fixed shards, 1/28 shuffled, one in C(100, 5) on a hundred workers", () => {
  expect(small.fixedPercent).toBe("25%");
  expect(small.allPercent).toBe("3.6%");
  expect(hundred).toMatchObject({ workers: "100", shard: 5, possibleShards: "75,287,520" });
});
