import { describe, expect, test } from "vitest";
import { binomialTail } from "../canary.ts";
import { affectedShare, type CellParams, cellSituation } from "./cells.ts";
import { failingTraffic, outageImpact, outageResources, statusPage } from "./map-outage.ts";
import {
  policies,
  pricingLoad,
  type RetryParams,
  retryPeriod,
  slowdownStart,
  traceExcerpt,
  triesPerRequest,
} from "./retries.ts";
import { bakeMinutesToCatch, cellRequests, type RolloutParams, rolloutTable, rolloutThreshold } from "./rollout.ts";
import { shareLosingAll, type WorkerParams, workerIncident } from "./workers.ts";
import { headroomForOneZone, type ZoneParams, zoneCase, zoneOutcome, zoneTable } from "./zones.ts";

describe("the sharded fleet", () => {
  const fleet: WorkerParams = { incident: 0, workers: 8, shard: 2, customers: 40, seed: 5 };

  test("a poison request restarts exactly its customer's shard, and every crash log ends with that customer", () => {
    const { touched, culprit, rows } = workerIncident(fleet);
    expect(touched).toHaveLength(2);
    for (const [w, row] of rows.entries()) {
      expect(row.restarts > 0, row.worker).toBe(touched.includes(w));
      if (touched.includes(w)) expect(row.crashLogs).toBe(`${culprit} ×${row.restarts}`);
    }
  });

  test("a sick host is one worker whose crash logs name different customers", () => {
    const { touched, rows } = workerIncident({ ...fleet, incident: 1 });
    expect(touched).toHaveLength(1);
    expect(rows[touched[0]!]!.crashLogs.split(", ").length).toBeGreaterThan(1);
    expect(rows.filter((r) => r.restarts > 0)).toHaveLength(1);
  });

  test("a noisy neighbour pegs its shard's CPU and sends most of its requests, with no restarts", () => {
    const { touched, culprit, rows } = workerIncident({ ...fleet, incident: 2 });
    for (const w of touched) {
      expect(rows[w]!.cpu).toBe(100);
      expect(rows[w]!.topCustomer.startsWith(culprit!)).toBe(true);
    }
    expect(rows.every((r) => r.restarts === 0)).toBe(true);
  });

  test("the others who lose every worker: 1/C(8,2) = 1/28 for a shard's worth down, none for one worker", () => {
    expect(shareLosingAll(fleet)).toBeCloseTo(1 / 28, 15);
    expect(shareLosingAll({ ...fleet, incident: 2 })).toBeCloseTo(1 / 28, 15);
    expect(shareLosingAll({ ...fleet, incident: 1 })).toBe(0);
  });
});

describe("the region at its peak", () => {
  const region: ZoneParams = { zones: 3, lost: 1, perZone: 6, perInstance: 100, peak: 1500, seed: 4 };

  test("one zone of three lost with 1.2x the peak provisioned: 20% unserved, the survivors pinned at 100%", () => {
    expect(zoneOutcome(region).unserved).toBeCloseTo(0.2, 12);
    expect(zoneCase(region)).toBe("short");
    const rows = zoneTable(region);
    expect(rows.filter((r) => r.healthy === 0)).toHaveLength(1);
    expect(rows.filter((r) => r.healthy > 0).every((r) => r.cpu === 100 && r.served === 600)).toBe(true);
  });

  test("provisioned at N/(N-1) the same loss leaves nothing unserved; no zone lost is the control plane alone", () => {
    expect(headroomForOneZone(region)).toBe(1.5);
    expect(zoneCase({ ...region, perZone: 9 })).toBe("survives");
    expect(zoneCase({ ...region, lost: 0 })).toBe("control-plane-only");
    expect(zoneTable({ ...region, lost: 0 }).every((r) => r.served === 500)).toBe(true);
  });
});

describe("the canary's bake", () => {
  const rollout: RolloutParams = {
    incident: 0,
    rate: 400,
    cells: 8,
    bakeMinutes: 10,
    baselinePct: 0.5,
    falseAlarmPct: 1,
    regressedPct: 0.75,
    seed: 3,
  };

  test("30,000 requests at 0.5%: the threshold is 180, the first count a healthy cell reaches at most 1% of the time", () => {
    expect(cellRequests(rollout)).toBe(30_000);
    expect(rolloutThreshold(rollout)).toBe(180);
    expect(binomialTail(30_000, 0.005, 180)).toBeLessThanOrEqual(0.01);
    expect(binomialTail(30_000, 0.005, 179)).toBeGreaterThan(0.01);
  });

  test.each([1, 2, 3, 4, 5, 6])("each situation reads as it says (seed %i)", (seed) => {
    const regression = rolloutTable({ ...rollout, seed });
    expect(regression.rows[0]!.errors).toBeGreaterThanOrEqual(regression.threshold);
    expect(regression.rows.slice(1).every((r) => r.errors < regression.threshold)).toBe(true);
    const noise = rolloutTable({ ...rollout, seed, incident: 1 });
    expect(noise.rows.every((r) => r.errors < noise.threshold)).toBe(true);
    expect(noise.rows[0]!.errors).toBeGreaterThan(150);
    const other = rolloutTable({ ...rollout, seed, incident: 2 });
    expect(other.hotCell).not.toBeNull();
    for (const r of other.rows) expect(r.errors >= other.threshold).toBe(r.cell === other.hotCell);
  });

  test("catching 0.75% at 90% takes a 5-minute bake of the canary cell", () => {
    expect(bakeMinutesToCatch(rollout)).toBe(5);
  });
});

describe("the retry chain", () => {
  const chain: RetryParams = { incident: 0, layers: 3, attempts: 3, rate: 200, timeoutMs: 1000, seed: 2 };

  test("when every hop retries 3 times, pricing sees 3^3 = 27 tries per user request, 5,400 a second for 200", () => {
    expect(triesPerRequest(chain)).toBe(27);
    expect(pricingLoad(chain).at(-1)).toEqual({ second: 19, users: 200, pricing: 5400 });
    expect(policies(chain).every((l) => l.attempts === 3)).toBe(true);
  });

  test("orphaned work: only the gateway retries, and each hop waits longer than its caller", () => {
    const p = { ...chain, incident: 1 };
    expect(triesPerRequest(p)).toBe(3);
    const hops = policies(p);
    for (let i = 1; i < hops.length; i++) expect(hops[i]!.timeoutMs).toBeGreaterThan(hops[i - 1]!.timeoutMs);
    expect(traceExcerpt(p).join("\n")).toMatch(/caller gave up/);
  });

  test("no jitter: the retries land in waves, and over a period still average the gateway's attempts", () => {
    const p = { ...chain, incident: 2 };
    const load = pricingLoad(p).slice(slowdownStart(p));
    const period = retryPeriod(p);
    const first = load.slice(0, period).reduce((sum, l) => sum + l.pricing, 0);
    expect(first / period).toBe(200 * 3);
    expect(new Set(load.map((l) => l.pricing)).size).toBe(2);
    expect(hopsBackoff(p)).toBe("fixed 1 s, no jitter");
  });
});

const hopsBackoff = (p: RetryParams) => policies(p)[0]!.backoff;

describe("the cells", () => {
  const service: CellParams = { incident: 1, cells: 8, perCell: 250, seed: 9 };

  test("a hot tenant: one cell fails, on the same release as the rest; its customers over all", () => {
    const { rows, cell } = cellSituation(service);
    expect(cell).not.toBeNull();
    expect(new Set(rows.map((r) => r.release))).toEqual(new Set(["v41"]));
    expect(rows.filter((r) => r.failing >= 10).map((r) => r.cell)).toEqual([cell]);
    const total = rows.reduce((sum, r) => sum + r.customers, 0);
    expect(affectedShare(service)).toBe(rows[cell!]!.customers / total);
  });

  test("a bad release fails the one cell on it; the router fails every cell, 100% affected", () => {
    const release = cellSituation({ ...service, incident: 0 });
    expect(release.rows.filter((r) => r.release !== "v41").map((r) => r.cell)).toEqual([release.cell]);
    const router = cellSituation({ ...service, incident: 2 });
    expect(router.rows.every((r) => r.failing >= 10)).toBe(true);
    expect(affectedShare({ ...service, incident: 2 })).toBe(1);
  });
});

describe("the outage on the map", () => {
  test("each resource's status page fails exactly the services the map's analysis says", () => {
    for (let resource = 0; resource < outageResources.length; resource++) {
      const failing = new Set(outageImpact({ resource, seed: 1 }).failing.map((f) => f.name));
      for (const row of statusPage({ resource, seed: 1 })) expect(row.failing >= 40).toBe(failing.has(row.service));
    }
  });

  test("the gateway's worker pool fails storefront and checkout: 65% of user traffic", () => {
    expect(outageResources[1]).toBe("gateway-workers");
    expect(failingTraffic({ resource: 1, seed: 11 })).toBe(0.65);
    expect(failingTraffic({ resource: 0, seed: 11 })).toBe(1);
  });
});
