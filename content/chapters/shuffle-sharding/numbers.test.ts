import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parse } from "yaml";
import { choose } from "../../../src/sim/combinatorics.ts";
import { exactOverlap, fixedGroupsBlastRadius, simulatePoison } from "../../../src/sim/shuffle-shard.ts";
import { grouped, oneInWhole } from "../../../src/format/number.ts";
import { worked } from "../../../solutions/diagnose-poison-shard/solution.ts";
import { inWords } from "../../../src/format/words.ts";
import { exercise, hundred, route53, sim, simGap, small } from "./numbers.ts";
import { explorerView } from "../../../src/widgets/shuffle-explorer/model.ts";
import { renderExplorer } from "../../../src/widgets/shuffle-explorer/render.ts";
import { defaultState } from "../../../src/widgets/shuffle-explorer/state.ts";

/** A figure of the explorer's HTML, its markup gone but a power of ten's <sup>, a table cell's count in brackets dropped. */
function explorerFigure(html: string, name: string): string {
  const found = new RegExp(`data-figure="${name}">(.*?)</(?:strong|td)>`).exec(html);
  if (!found) throw new Error(`the explorer shows no figure ${name}`);
  return found[1]!.replace(/ <span class="sx-count">.*$/, "").replace(/<(?!\/?sup>)[^>]*>/g, "");
}

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
  // 25% over 1/28 is 28/4, exactly 7: the prose says so, computed (it said "about 7 times").
  expect(small.improvement).toBe("exactly 7");
  expect(fixedGroupsBlastRadius(small.groups) / exactOverlap(small.workers, small.shard).all.value).toBeCloseTo(7, 12);
  expect(text).toContain("cut the share of customers that lose everything by a factor of {small.improvement},");
  expect(text).not.toMatch(/about \{small\.improvement\}/);
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
  expect(hundred.sameShard.text).toBe("1 in 75,287,520 = 1.33 × 10^-6%");
  expect(hundred.sameShard.html).toBe("1 in 75,287,520 = 1.33 × 10<sup>-6</sup>%");
  expect(route53.possibleShards).toBe("730,862,190,080");
  expect(route53.sameShard.text).toBe("1 in 730,862,190,080 = 1.37 × 10^-10%");
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
    // The chance as oneInWhole writes it ("1 in 75,287,520 = 1.33 × 10^-6%"), its share kept on one line.
    const name = f === hundred ? "hundred" : "route53";
    expect(text).toContain(
      `$1/\\binom{${workers}}{${f.shard}}$: 1 in {${name}.sameShard.whole.text} = <span style={{ whiteSpace: "nowrap" }}><Fragment set:html={${name}.sameShard.share.html} /></span>`,
    );
    expect(f.sameShard.html).toBe(`1 in ${f.sameShard.whole.text} = ${f.sameShard.share.html}`);
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

// QA: the explorer wrote fixed groups' share "25.0%" beside the prose's "25%", and the chance of the
// same shard "3.57 × 10^-2" where the prose wrote 1/28 = 3.6%.
test("the prose writes every share as the explorer on the same page draws it", () => {
  const html = renderExplorer(explorerView(defaultState));
  expect(explorerFigure(html, "blast-fixed")).toBe(small.fixedPercent);
  expect(explorerFigure(html, "exact-2")).toBe(small.allPercent);
  expect(explorerFigure(html, "exact-1")).toBe(small.onePercent);
  expect(explorerFigure(html, "exact-0")).toBe(small.nonePercent);
  expect(explorerFigure(html, "inverse")).toBe(small.allPercent);
  expect(explorerFigure(html, "sim-2")).toBe(sim.lostAllPercent);
  expect(explorerFigure(html, "sim-1")).toBe(sim.lostSomePercent);
  expect(explorerFigure(html, "sim-0")).toBe(sim.lostNonePercent);
  expect(explorerFigure(html, "blast-simulated")).toBe(sim.lostAllPercent);
  expect(small.fixedPercent).toBe("25%");
  // The bigger fleets' chance of the same shard, as the explorer set to each fleet writes it.
  for (const fleet of [hundred, route53]) {
    const workers = Number(fleet.workers.replace(/,/g, ""));
    const view = explorerView({ ...defaultState, workers, shard: fleet.shard, customers: 1000 });
    expect(explorerFigure(renderExplorer(view), "same-shard")).toBe(fleet.sameShard.html);
  }
});

// QA: the exercise on this page worked out "1/28 ≈ 3.57%" under the prose's 1/28 = 3.6% and the
// explorer's "1 in 28 = 3.6%".
test("the poison-shard exercise writes the same shares as the prose and the explorer on its page", () => {
  const yaml = parse(
    readFileSync(new URL("../../../exercises/diagnose-poison-shard/exercise.yaml", import.meta.url), "utf8"),
  ) as { params: Record<string, number>; parts: { id: string; accept?: string[] }[] };
  // The exercise's own numbers are the chapter's small fleet, so the same figures must read the same.
  expect({ workers: yaml.params.workers, shard: yaml.params.shard }).toEqual({
    workers: small.workers,
    shard: small.shard,
  });
  const figures = worked(yaml.params);
  expect(figures.lostAll).toBe(small.allPercent);
  const sameShard = explorerFigure(renderExplorer(explorerView(defaultState)), "same-shard");
  expect(sameShard).toBe("1 in 28 = 3.6%");
  expect(figures.lostAllWorking).toContain(`so that is ${oneInWhole(28n).text} of the other customers`);
  expect(oneInWhole(28n).text).toBe(sameShard);
  expect(figures.lostAllWorking).toContain(`${small.groupSize}/${small.workers} = ${small.fixedPercent} of customers`);
  expect(figures.lostAllWorking).not.toMatch(/≈|3\.57/);
  // The grader takes the page's own figures as right answers (checked by the content tests).
  const accept = yaml.parts.find((part) => part.id === "lost-all")!.accept!;
  expect(accept).toEqual(expect.arrayContaining([small.allPercent, "1 in 28"]));
});

// QA: the diagram typed "groups 1-3 are unaffected" and four group boxes beside the chapter's computed fleet.
test("the diagram's fixed groups are the chapter's: its boxes, its workers and the groups it calls unaffected", () => {
  expect(mdx).toContain(
    '{Array.from({ length: small.groups }, (_, g) => (\n      <rect class={g === 0 ? "grp-dead" : "grp"} x={14 + g * small.groupSize * 36}',
  );
  expect(mdx).toMatch(/\{`groups 1–\$\{small\.groups - 1\} are unaffected`\}/);
  expect(mdx.match(/Array\.from\(\{ length: small\.workers \}, \(_, w\) => \(/g)).toHaveLength(2);
  expect(mdx).not.toMatch(/\[0, 1, 2, 3, 4, 5, 6, 7\]/);
  // Eight workers at 36 apart in each half of the 640-wide figure: the groups span them exactly.
  expect(small.groups * small.groupSize).toBe(small.workers);
  expect(32 + (small.workers - 1) * 36 + 11).toBeLessThan(340);
});

// Sentences about the model that no test held: each is checked here against the simulation library.
test("the figure's caption: with shuffle shards most customers keep at least one worker", () => {
  expect(mdx).toContain("Shuffle shards overlap only partly, so most customers keep at least one worker.");
  const { all } = exactOverlap(small.workers, small.shard);
  expect(1 - all.value).toBeGreaterThan(0.5);
  // And in the seeded deal the prose reports.
  const dealt = simulatePoison(sim);
  expect(dealt.lostSome + dealt.lostNone).toBeGreaterThan((sim.customers - 1) / 2);
});

test("the wobble halves every time the number of customers is multiplied by four: measured over 200 seeds", () => {
  expect(text).toContain("wobble halves every time the number of customers is multiplied by four.");
  /** The spread (standard deviation) of the "lose one" share over seeds 1 to 200, at `customers`. */
  const spread = (customers: number) => {
    const shares = Array.from({ length: 200 }, (_, i) => {
      const { lostSome } = simulatePoison({ workers: small.workers, shard: small.shard, customers, seed: i + 1 });
      return lostSome / (customers - 1);
    });
    const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
    return Math.sqrt(shares.reduce((a, b) => a + (b - mean) ** 2, 0) / (shares.length - 1));
  };
  const ratio = spread(4 * 1000 + 1) / spread(1000 + 1);
  // Half, within what 200 seeds can measure (each spread to about 5%).
  expect(ratio).toBeGreaterThan(0.4);
  expect(ratio).toBeLessThan(0.6);
});

test("the number of possible shards grows with the fleet, and with the shard size while a shard is under half the fleet", () => {
  expect(text).toContain(
    "The number of possible shards grows explosively with the fleet, and with the shard size while a shard is less than half the fleet.",
  );
  for (const n of [8, 16, 100]) {
    // With the shard size, up to half the fleet, and no further: C(n, k) = C(n, n - k).
    for (let k = 1; k < n / 2; k++) expect(choose(n, k + 1) > choose(n, k), `${n}, ${k}`).toBe(true);
    expect(choose(n, Math.ceil(n / 2) + 1) < choose(n, Math.ceil(n / 2)), `${n}`).toBe(true);
    // With the fleet, for the same shard size.
    for (const k of [2, 5]) expect(choose(2 * n, k) > choose(n, k)).toBe(true);
  }
});

test("without client-side failover shuffle sharding hurts more customers than fixed groups: 46.4% against 25%", () => {
  expect(text).toContain(
    "Without client-side failover they go down too, and shuffle sharding hurts more customers than fixed groups do: every customer that lost any of its workers, {small.anyLostPercent} of the others, against {small.fixedPercent} with fixed groups.",
  );
  // The explorer on the same page, failover switched off: its shuffle row is the prose's share,
  // and it exceeds fixed groups', exactly and in the seeded deal.
  expect([defaultState.workers, defaultState.shard, defaultState.groups]).toEqual([
    small.workers,
    small.shard,
    small.groups,
  ]);
  const off = explorerView({ ...defaultState, failover: false });
  expect(explorerFigure(renderExplorer(off), "blast-shuffle")).toBe(small.anyLostPercent);
  expect(explorerFigure(renderExplorer(off), "blast-fixed")).toBe(small.fixedPercent);
  expect(off.blast.shuffleExact).toBeGreaterThan(off.blast.fixed);
  expect(off.blast.shuffleSimulated).toBeGreaterThan(off.blast.fixed);
  expect(small.anyLostPercent).toBe("46.4%");
  // "the big win is in the customers that keep some of their workers": with failover the same
  // fleet beats fixed groups, so all of its win over them rests on failover for those customers.
  const on = explorerView({ ...defaultState, failover: true });
  expect(on.blast.shuffleExact).toBeLessThan(on.blast.fixed);
  expect(off.blast.shuffleExact - on.blast.shuffleExact).toBeCloseTo(
    exactOverlap(small.workers, small.shard).some.value,
    12,
  );
  expect(text).toContain("As the table showed, the big win is in the customers that keep *some* of their workers.");
});

test("the playground's opening comment states its own settings: a pair of the 8 workers, both crashed", () => {
  const program = readFileSync(new URL("./shuffle-shard.play.ts", import.meta.url), "utf8");
  const setting = (name: string) =>
    Number(program.match(new RegExp(`const ${name} = ([\\d_.]+);`))?.[1]?.replace(/_/g, ""));
  // "pair" and "both" are the words for a shard of two.
  expect(setting("shardSize")).toBe(2);
  expect(program).toContain(
    `// Shuffle sharding, simulated. Every customer gets its own random pair of the ${setting("workers")} workers.\n// Customer 0 sends a poison request that crashes both of its workers:`,
  );
  // The deal the prose reports is the playground's.
  expect([setting("workers"), setting("shardSize"), setting("customers")]).toEqual([
    sim.workers,
    sim.shard,
    sim.customers,
  ]);
  expect(program).toContain(`const rand = mulberry32(${sim.seed});`);
});
