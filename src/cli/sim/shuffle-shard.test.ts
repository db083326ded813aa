import { expect, test } from "vitest";
import { UsageError } from "../args.ts";
import { raisedPowers } from "../../format/number.ts";
import { explorerView } from "../../widgets/shuffle-explorer/model.ts";
import { renderExplorer } from "../../widgets/shuffle-explorer/render.ts";
import command from "./shuffle-shard.ts";
import { capture as captureOutput } from "./capture.test-helper.ts";

const capture = (argv: string[]) => captureOutput(command, argv);

test("--json: the seed article's run, 8 workers, shards of 2, 10,000 customers, seed 7", async () => {
  const { code, out } = await capture([
    "--workers",
    "8",
    "--shard",
    "2",
    "--customers",
    "10000",
    "--seed",
    "7",
    "--json",
  ]);
  expect(code).toBe(0);
  const json = JSON.parse(out);
  expect(json).toMatchObject({
    workers: 8,
    shard: 2,
    customers: 10000,
    seed: 7,
    groups: 4,
    possibleShards: "28",
    lostAll: 361,
    lostSome: 4373,
    lostNone: 5265,
    poisonShard: [0, 1],
  });
  expect(json.exact.all).toBeCloseTo(1 / 28, 12);
  expect(json.exact.some).toBeCloseTo(12 / 28, 12);
  expect(json.exact.none).toBeCloseTo(15 / 28, 12);
  expect(json.exact.allFraction).toBe("1/28");
  expect(json.fixedGroupsBlastRadius).toBe(0.25);
  // The wall-clock field has the same name in every simulation's JSON.
  expect(json.wallMillis).toBeGreaterThanOrEqual(0);
  expect(json).not.toHaveProperty("millis");
});

test("possible shards stay exact decimal strings: 100/5 and Route 53's 2048/4", async () => {
  const hundred = JSON.parse((await capture(["--workers=100", "--shard=5", "--customers=1000", "--json"])).out);
  expect(hundred.possibleShards).toBe("75287520");
  expect(hundred.sameShardProbability).toBe("1.33e-8");
  const route53 = JSON.parse(
    (await capture(["--workers", "2048", "--shard", "4", "--customers", "1000", "--json"])).out,
  );
  expect(route53.possibleShards).toBe("730862190080");
  expect(route53.sameShardProbability).toBe("1.37e-12");
  const beyondDoubles = JSON.parse(
    (await capture(["--workers", "2048", "--shard", "8", "--customers", "100", "--json"])).out,
  );
  expect(beyondDoubles.possibleShards).toBe("7571365534761592422144");
});

test("simulated shares converge on the exact ones: within 1 point at 100,000 customers", async () => {
  const json = JSON.parse(
    (await capture(["--workers", "16", "--shard", "4", "--customers", "100000", "--seed", "11", "--json"])).out,
  );
  const others = 99_999;
  expect(json.lostAll + json.lostSome + json.lostNone).toBe(others);
  expect(Math.abs(json.lostAll / others - json.exact.all)).toBeLessThan(0.01);
  expect(Math.abs(json.lostSome / others - json.exact.some)).toBeLessThan(0.01);
  expect(Math.abs(json.lostNone / others - json.exact.none)).toBeLessThan(0.01);
});

test("the table names every outcome beside the exact share", async () => {
  const { out } = await capture(["--groups", "4"]);
  expect(out).toMatch(/28 possible shards/);
  expect(out).toMatch(/lose all 2 workers\s+361\s+3\.6%\s+3\.6% \(1 in 28\)/);
  // Counts grouped as the course writes them everywhere (the explorer, the chapters).
  expect(out).toMatch(/lose some\s+4,373/);
  expect(out).toMatch(/fixed sharding into 4 groups: 25% of customers/);
});

/** A figure of the explorer's HTML as text: its tags gone, a power of ten's <sup> exponent raised as the terminal writes it. */
function figure(html: string, name: string): string {
  const found = new RegExp(`data-figure="${name}">(.*?)</(?:strong|td|p)>`).exec(html);
  if (!found) throw new Error(`the explorer shows no figure ${name}`);
  return raisedPowers(
    found[1]!
      .replace(/<sup>([^<]*)<\/sup>/g, "^$1")
      .replace(/<[^>]+>/g, "")
      .trim(),
  );
}

// A learner who sets the explorer on the page and this command to the same numbers reads the same
// figures: the count of shards, 1 / C(n, k), each share (one decimal, then two figures, then a
// power of ten), the poisoned shard's workers by the explorer's names.
test("every figure reads as the shuffle-sharding explorer writes it", async () => {
  for (const [workers, shard, customers] of [
    [8, 2, 10_000],
    [100, 5, 100_000],
    [2048, 4, 1000],
  ] as const) {
    const state = { workers, shard, customers, groups: Math.floor(workers / shard), seed: 7, failover: true };
    const html = renderExplorer(explorerView(state));
    const { out } = await capture(["--workers", `${workers}`, "--shard", `${shard}`, "--customers", `${customers}`]);
    const [head, dealt] = out.split("\n");
    const where = `${workers} workers, shards of ${shard}`;
    expect(head, where).toContain(`: ${figure(html, "possible-shards")} possible shards`);
    expect(head, where).toContain(` = ${figure(html, "inverse")})`);
    expect(dealt, where).toMatch(new RegExp(`crashes workers ${figure(html, "poison-shard")}$`));
    const row = (label: string) => out.split("\n").find((line) => line.startsWith(label))!;
    expect(row("lose all"), where).toContain(`  ${figure(html, `exact-${shard}`)} (1 in `);
    expect(row("lose all"), where).toContain(`  ${figure(html, `sim-${shard}`).replace(/ \(.*\)$/, "")}  `);
    expect(row("lose none"), where).toMatch(new RegExp(` ${figure(html, "exact-0").replace(".", "\\.")}$`));
    expect(out, where).toContain(`groups: ${figure(html, "blast-fixed")} of customers lose service`);
  }
});

test("--help, and bad input is a usage error", async () => {
  const { code, out } = await capture(["--help"]);
  expect(code).toBe(0);
  expect(out).toMatch(/--workers N/);
  expect(() => command.run(["--shard", "9"])).toThrow(UsageError);
  expect(() => command.run(["--workers", "0"])).toThrow(/at least 1/);
  expect(() => command.run(["--customers", "1.5"])).toThrow(/whole number/);
  expect(() => command.run(["--frobnicate"])).toThrow(/^shuffle-shard takes only --workers, .* \(got --frobnicate\)$/);
});

test("runs that used to take minutes are refused up front, naming the limit and a way under it", () => {
  // Within the documented ranges before, and still running after 120 s and 60 s.
  expect(() => command.run(["--workers", "100000", "--shard", "50000", "--customers", "2"])).toThrow(
    /--shard must be at most 256, got 50000/,
  );
  expect(() => command.run(["--workers", "1000", "--shard", "500", "--customers", "10000000"])).toThrow(
    /--shard must be at most 256/,
  );
  expect(() => command.run(["--workers", "1000", "--shard", "200", "--customers", "10000000"])).toThrow(
    /10,000,000 customers with shards of 200 is 2,000,000,000 worker picks, over the limit of 50,000,000 a run: with shards of 200, use at most 250,000 customers/,
  );
  // 41 s and a 5,958-character number before.
  expect(() => command.run(["--workers", "100000", "--shard", "2000"])).toThrow(/--shard must be at most 256/);
});

test("the largest run within the limits answers in seconds, and prints its huge count readably", async () => {
  const started = performance.now();
  const { code, out } = await capture(["--workers", "100000", "--shard", "256", "--customers", "195312"]);
  expect(code).toBe(0);
  expect(performance.now() - started).toBeLessThan(10_000);
  expect(out).toMatch(/^100,000 workers, shards of 256: \d\.\d\d × 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+ \(\d+ digits\) possible shards/);
  // The fraction beside the exact share is as readable as the count, not 773 digits.
  expect(out).toMatch(/\(1 in \d\.\d\d × 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+ \(\d+ digits\)\)/);
  // Its exact share is about 10^-771 %, which a double holds as 0: it is not written "0%".
  expect(out).toMatch(/lose all 256 workers +\d+ +0% +1\.19 × 10⁻⁷⁷¹% \(1 in 8\.41 × 10⁷⁷²/);
  expect(out.split("\n")[0]!.length).toBeLessThan(200);
});

test("the cost limits are stated in --help", async () => {
  const { out } = await capture(["--help"]);
  expect(out).toMatch(/cost limits/);
  expect(out).toMatch(/at most 50,000,000 worker picks a run/);
  expect(out).toMatch(/--shard K\s+workers per customer, 1\.\.256 and at most N/);
});

test("one seed rule (digits only), and numbers in decimal only", () => {
  expect(() => command.run(["--seed", "-1"])).toThrow(/--seed must be a whole number from 0 to 4,294,967,295/);
  expect(() => command.run(["--seed", "1e3"])).toThrow(/written in digits only, got "1e3"/);
  expect(() => command.run(["--seed", "4294967296"])).toThrow(
    /--seed must be a whole number from 0 to 4,294,967,295, written in digits only, got "4294967296"/,
  );
  expect(() => command.run(["--workers", "0x10"])).toThrow(/--workers must be a number written in decimal, got "0x10"/);
  expect(() => command.run(["--workers", "Infinity"])).toThrow(/written in decimal/);
});

test("one of a thing is singular: 1 worker, 1 possible shard, 1 group, the other 1 customer", async () => {
  const { out } = await capture(["--workers", "1", "--shard", "1", "--customers", "2"]);
  expect(out).toMatch(/^1 worker, shards of 1: 1 possible shard /);
  expect(out).toMatch(/seed 7, 2 customers;/);
  expect(out).toMatch(/of the other 1 customer /);
  expect(out).toMatch(/lose their worker /);
  expect(out).toMatch(/fixed sharding into 1 group:/);
  // The poisoned shard names its workers; one is "worker", as the explorer's list is one name.
  expect(out).toMatch(/customer 0 is poisoned and crashes worker w0$/m);
  const two = await capture(["--workers", "8", "--shard", "2"]);
  expect(two.out).toMatch(/customer 0 is poisoned and crashes workers w\d, w\d$/m);
});

test("-h anywhere before -- is --help: the usage, exit 0", async () => {
  for (const argv of [["-h"], ["--workers", "8", "-h"], ["--seed", "-h"], ["--colour", "--help"]]) {
    const { code, out } = await capture(argv);
    expect(code, argv.join(" ")).toBe(0);
    expect(out, argv.join(" ")).toMatch(/^usage: npm run sim -- shuffle-shard /);
  }
});
