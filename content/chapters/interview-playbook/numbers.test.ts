/** The playbook's figures against the published figures and against arithmetic done a second way. */
import { describe, expect, test } from "vitest";
import {
  amplification,
  bank,
  cells,
  expected,
  ladder,
  metastable,
  pool,
  shuffle,
  starvation,
  staticStability,
  worked,
} from "./numbers.ts";

describe("interview playbook numbers", () => {
  test("shuffle sharding matches the fact sheet", () => {
    expect(shuffle.eight.shards).toBe(28n);
    expect(shuffle.eight.all).toBeCloseTo(1 / 28, 12);
    expect(shuffle.eight.some).toBeCloseTo(12 / 28, 12);
    expect(shuffle.eight.none).toBeCloseTo(15 / 28, 12);
    expect(shuffle.sixteen.shards).toBe(1820n);
    expect(shuffle.hundred.shards).toBe(75_287_520n);
    expect(shuffle.route53.shards).toBe(730_862_190_080n);
    expect(bank["shuffle8.all"]).toBe("3.6%");
    expect(bank["shuffle8.some"]).toBe("42.9%");
    expect(bank["shuffle8.none"]).toBe("53.6%");
    expect(bank["shuffle16.all"]).toBe("0.055%");
    expect(bank["route53.shards"]).toBe("730,862,190,080");
  });

  test("cells: ten cells leave 90% untouched", () => {
    expect(cells.share).toBeCloseTo(0.1, 12);
    expect(bank["cells.untouched"]).toBe("90%");
  });

  test("the worked example adds up", () => {
    expect(worked.perCell * worked.cellCount).toBe(worked.tenants);
    expect(worked.globalTenantMinutes / worked.cellTenantMinutes).toBe(worked.cellCount);
    expect(bank["worked.share"]).toBe("12.5%");
  });

  test("retry amplification: 3 layers of 4 attempts is 64", () => {
    expect(amplification.total).toBe(64);
    // 1 + p + p^2 + p^3 summed by hand for p = 1/2.
    expect(expected.attempts).toBe(1 + 0.5 + 0.25 + 0.125);
  });

  test("metastability, static stability, pools, starvation", () => {
    expect(metastable.stableBelow).toBe(150);
    expect(staticStability.three).toBe(1.5);
    expect(staticStability.two).toBe(2);
    expect(pool.stormHoldSeconds).toBeCloseTo(7, 12); // 5 time-outs of 1 s + 0.2 + 0.4 + 0.6 + 0.8
    expect(pool.normalCapacity).toBeCloseTo(1000, 9);
    expect(starvation.demanded).toBeCloseTo(5000, 9);
    expect(starvation.threads).toBe(1000);
  });

  test("the ladder shrinks at every rung", () => {
    for (let i = 1; i < ladder.length; i++) expect(ladder[i]!.share).toBeLessThan(ladder[i - 1]!.share);
    expect(ladder[0]!.share).toBe(1);
    expect(ladder.map((r) => r.design)).toEqual([
      "One stack, three replicas",
      "4 fixed shards",
      "10 cells",
      "Shuffle shards of 2 from 8 workers",
      "Shuffle shards of 5 from 100 workers",
    ]);
  });

  test("every bank figure is a non-empty string", () => {
    for (const [name, value] of Object.entries(bank)) expect(value, name).toMatch(/\S/);
  });
});

test("the ladder's shares read the way people say them", async () => {
  const { ladder, prose } = await import("./numbers.ts");
  expect(ladder.map((rung) => rung.shareText)).toEqual(["100%", "25%", "10%", "3.6%", "1.33e-8"]);
  expect(prose.worked.ratio).toBe("8");
});

test("one cell's share agrees with the cells simulation placing real customers", async () => {
  const { blastRadius } = await import("../../../src/sim/cells/blast.ts");
  const { placeAll, uniformCustomers } = await import("../../../src/sim/cells/router.ts");
  for (const [count, customers, share] of [
    [worked.cellCount, worked.tenants, worked.share],
    [cells.count, 5_000, cells.share],
  ] as const) {
    const everyone = uniformCustomers(customers);
    const { router } = placeAll(everyone, count);
    const hit = blastRadius(everyone, router, { kind: "bad-deploy", cell: 0 }, { cells: count, zones: 1 });
    expect(hit.customerShare).toBeCloseTo(share, 12);
  }
});
