import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parse } from "yaml";
import { choose } from "../../../src/sim/combinatorics.ts";
import { grouped } from "../../../src/format/number.ts";
import { inWords } from "../../../src/format/words.ts";
import { exercise, hundred, route53, sim, simGap, small } from "./numbers.ts";

const mdx = readFileSync(new URL("./index.mdx", import.meta.url), "utf8");
const text = mdx.replace(/\s+/g, " ");

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

test("the opening sets plain redundancy (everyone) apart from fixed shards' 25%", () => {
  expect(text).toContain(
    "falls from all of them (every customer on every worker), or {small.fixedPercent} with fixed shards, to {small.allPercent};",
  );
});

test("the figures typed inside the formulas are the chapter's fleets", () => {
  // Math is text to the page, not an expression: each binomial it types is held to numbers.ts.
  const n = small.workers;
  const k = small.shard;
  expect(mdx).toContain(`\\binom{${n}}{${k}} = \\frac{${n} \\cdot ${n - 1}}{${k}}`);
  expect(k).toBe(2); // the fraction writes k! as k, which holds for pairs only
  expect(BigInt((n * (n - 1)) / k)).toBe(choose(n, k));
  for (const f of [hundred, route53]) {
    const workers = Number(f.workers.replace(/,/g, ""));
    expect(text).toContain(
      `$1/\\binom{${workers}}{${f.shard}}$ = {${f === hundred ? "hundred" : "route53"}.inverse.mantissa}`,
    );
    expect(grouped(choose(workers, f.shard))).toBe(f.possibleShards);
  }
});

test("Route 53 (AWS Builders' Library): 2,048 virtual name servers, 4 per zone, 'a staggering 730 billion' shards", () => {
  // aws.amazon.com/builders-library/workload-isolation-using-shuffle-sharding: "a total of 2048 virtual
  // name servers ... a shuffle shard of four virtual name servers ... 730 billion possible shuffle shards".
  expect(route53.workers).toBe("2,048");
  expect(route53.shard).toBe(4);
  expect(choose(2048, 4) / 1_000_000_000n).toBe(730n); // "730 billion"
});

test("Route 53's stripes (the case study: one name server from each of four stripes) deal fewer shards than C(2048, 4)", () => {
  expect(route53.stripes).toBe(route53.shard); // one name server from each stripe
  expect(route53.stripesText).toBe(inWords(route53.stripes));
  expect(route53.stripedShards).toBe("68,719,476,736"); // 512^4
  // However 2,048 is split among four stripes, the product of their sizes is at most 512^4.
  for (const sizes of [
    [512, 512, 512, 512],
    [500, 520, 510, 518],
    [1, 1, 1, 2045],
  ]) {
    expect(sizes.reduce((a, b) => a + b)).toBe(2048);
    expect(sizes.reduce((a, b) => a * b)).toBeLessThanOrEqual(route53.stripedShardsValue);
  }
  expect(BigInt(route53.stripedShardsValue) < choose(2048, 4)).toBe(true);
  expect(mdx).toContain("one from each of four stripes; no hosted zone overlaps another by more than two)");
  expect(inWords(route53.maxShared)).toBe("two");
});

test("the striped bound is labelled as the course's inference: no cited source says the 2,048 are divided among the stripes", () => {
  // The Builders' Library gives 2,048 virtual name servers; the case study gives four stripes, one
  // name server from each (docs/SOURCES.md, Route 53 notes). The bound needs both to be the same servers.
  expect(text).toContain(
    "Neither AWS source says how the {route53.workers} virtual name servers relate to the stripes; if they are the striped name servers, each in one stripe (the course's inference from the two facts, not AWS's statement), that allows at most {route53.stripedShards} shards however they are divided among the stripes.",
  );
  const sources = readFileSync(new URL("../../../docs/SOURCES.md", import.meta.url), "utf8").replace(/\s+/g, " ");
  expect(sources).toContain("is the course's inference");
  // Only under that reading is every striped shard one of the C(2048, 4): four servers from four disjoint stripes.
  const striped = BigInt(route53.stripedShardsValue);
  expect(striped).toBe(512n ** 4n);
  expect(striped < choose(2048, 4)).toBe(true);
});

test("the playground is the simulation the prose reports: the same deal, the same counts", () => {
  const golden = readFileSync(new URL("./shuffle-shard.golden.txt", import.meta.url), "utf8");
  expect(golden).toContain(`customer 0 crashes workers ${sim.poisonShard.replace(/w/g, "")}`);
  expect(golden).toContain(`of the other ${sim.others} customers:`);
  expect(golden).toMatch(new RegExp(`lose all 2 workers:\\s+${sim.lostAll} `));
  expect(golden).toMatch(new RegExp(`lose some:\\s+${sim.lostSome} `));
  expect(golden).toMatch(new RegExp(`lose none:\\s+${sim.lostNone} `));
});

test("the exercise the prose introduces is set to the fleet the prose names", () => {
  const yaml = parse(
    readFileSync(new URL("../../../exercises/shuffle-shard-16-workers/exercise.yaml", import.meta.url), "utf8"),
  ) as { params: Record<string, number> };
  expect(yaml.params).toEqual({ ...exercise });
  expect(text).toContain(
    "changes the fleet to {exercise.workers} workers with shards of {exercise.shard}, and compares with {exercise.groups} fixed groups",
  );
});
