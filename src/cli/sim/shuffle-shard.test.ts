import { spawnSync } from "node:child_process";
import { afterEach, expect, test, vi } from "vitest";
import { UsageError } from "../args.ts";
import command from "./shuffle-shard.ts";
import { capture as captureOutput } from "./capture.test-helper.ts";

const capture = (argv: string[]) => captureOutput(command, argv);

afterEach(() => vi.restoreAllMocks());

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
  expect(out).toMatch(/lose all 2 workers\s+361\s+3\.61%\s+3\.57% \(1\/28\)/);
  expect(out).toMatch(/lose some\s+4373/);
  expect(out).toMatch(/fixed sharding into 4 groups: 25\.00%/);
});

test("--help, and bad input is a usage error", async () => {
  const { code, out } = await capture(["--help"]);
  expect(code).toBe(0);
  expect(out).toMatch(/--workers N/);
  expect(() => command.run(["--shard", "9"])).toThrow(UsageError);
  expect(() => command.run(["--workers", "0"])).toThrow(/at least 1/);
  expect(() => command.run(["--customers", "1.5"])).toThrow(/whole number/);
  expect(() => command.run(["--frobnicate"])).toThrow(/unknown option/);
});

test("npm run sim exits 2 on bad input", { timeout: 30_000 }, () => {
  const run = spawnSync("npx", ["tsx", "src/cli/sim.ts", "shuffle-shard", "--workers", "x"], { encoding: "utf8" });
  expect(run.status).toBe(2);
  expect(run.stderr).toMatch(/--workers must be a number/);
});
