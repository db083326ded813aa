import { describe, expect, test } from "vitest";
import { breakerWindow, seenFailureRate } from "./breaker.ts";
import { budgetCut, budgetNow } from "./budget.ts";
import { diskSeries, expectedPerDay } from "./disks.ts";
import { failingShare, instanceTable } from "./kinds.ts";
import { queueRun, shedShare } from "./queue.ts";
import { cutOff, histogram } from "./timeouts.ts";

describe("the queue", () => {
  const service = { incident: 0, capacity: 1000, rate: 800, change: 150, timeoutS: 2, start: 30 };

  test("overload: 1,200 arriving, 1,000 served; the wait passes the 2 s time-out and answered-in-time falls to 0", () => {
    const run = queueRun(service);
    const last = run.at(-1)!;
    expect(last).toMatchObject({ arrivals: 1200, served: 1000, goodput: 0 });
    expect(last.waitS).toBeGreaterThan(service.timeoutS);
    expect(shedShare(service)).toBeCloseTo(1 / 6, 12);
  });

  test("a burst within the time-out drains and loses nothing; lost capacity with flat arrivals sheds 1 - 600/800", () => {
    const burst = queueRun({ ...service, incident: 1, change: 120 });
    expect(Math.max(...burst.map((s) => s.waitS))).toBeLessThanOrEqual(service.timeoutS);
    expect(burst.every((s) => s.goodput === s.served)).toBe(true);
    expect(burst.at(-1)!.queued).toBe(0);
    const lost = { ...service, incident: 2, change: 40 };
    expect(queueRun(lost).at(-1)!.arrivals).toBe(800);
    expect(shedShare(lost)).toBeCloseTo(0.25, 12);
  });
});

describe("the time-out", () => {
  const hour = { incident: 0, calls: 360000, timeoutMs: 200, proposedMs: 1600, hung: 0, seed: 6 };

  test("a time-out cuts off the calls in the rows at and above it, counted from the histogram", () => {
    const buckets = histogram(hour);
    const total = buckets.reduce((sum, b) => sum + b.count, 0);
    expect(total).toBe(355_080);
    expect(cutOff(hour, 1600)).toBe(684 / 355_080);
    expect(cutOff(hour, 200)).toBeGreaterThan(0.1);
    expect(() => cutOff(hour, 1000)).toThrow(/not a bucket edge/);
  });

  test("hung calls appear only when the dependency hangs", () => {
    expect(histogram(hour).at(-1)!.count).toBe(0);
    expect(histogram({ ...hour, incident: 1, timeoutMs: 30_000, hung: 100 }).at(-1)!.count).toBe(3600);
  });
});

describe("the disks", () => {
  const fleet = { incident: 1, batches: 3, perBatch: 20000, afrPct: 1.5, seed: 21 };

  test("the background: 60,000 disks at 1.5% a year fail 900/365 a day", () => {
    expect(expectedPerDay(fleet)).toBeCloseTo(900 / 365, 12);
  });

  test("a batch fault raises one batch after its start; the environment raises all for three days", () => {
    const batch = diskSeries(fleet);
    const sumFrom = (s: number[]) => s.slice(batch.start).reduce((a, b) => a + b, 0);
    const hot = batch.series[batch.batch!]!.perDay;
    for (const [i, s] of batch.series.entries())
      if (i !== batch.batch) expect(sumFrom(hot)).toBeGreaterThan(sumFrom(s.perDay));
    const environment = diskSeries({ ...fleet, incident: 2 });
    expect(environment.batch).toBeNull();
  });
});

describe("the retry budget", () => {
  const clients = { incident: 0, rate: 1000, retries: 3, failPct: 50, ratioPct: 10 };

  test("no budget: half failing and 3 retries send 875 retries a second; a 10% budget takes 775 off", () => {
    expect(budgetNow(clients).retries).toBeCloseTo(875, 9);
    expect(budgetCut(clients)).toBeCloseTo(775, 9);
  });

  test("a budget on caps retries at 10% of requests; a blip is under any budget", () => {
    expect(budgetNow({ ...clients, incident: 1 }).retries).toBe(100);
    expect(budgetCut({ ...clients, incident: 1 })).toBe(0);
    expect(budgetCut({ ...clients, incident: 2 })).toBe(0);
  });
});

describe("the breaker", () => {
  const breaker = { incident: 1, window: 20, thresholdPct: 50, seed: 3 };

  test.each([1, 2, 3, 4, 5])("each situation reads as it says (seed %i)", (seed) => {
    const down = breakerWindow({ ...breaker, incident: 0, seed });
    expect(down.state).toBe("open");
    expect(seenFailureRate({ ...breaker, incident: 0, seed })).toBeGreaterThanOrEqual(0.5);
    const hanging = breakerWindow({ ...breaker, seed });
    expect(hanging).toMatchObject({ state: "closed", failed: 0, timeout: false });
    expect(hanging.waiting).toBeGreaterThan(hanging.succeeded);
    expect(seenFailureRate({ ...breaker, seed })).toBe(0);
    const partial = { ...breaker, incident: 2, seed };
    expect(breakerWindow(partial).state).toBe("closed");
    expect(seenFailureRate(partial)).toBeGreaterThan(0);
    expect(seenFailureRate(partial)).toBeLessThan(0.5);
  });
});

describe("the failure's kind", () => {
  const fleet = { incident: 1, instances: 12, zones: 3, canaries: 2, seed: 4 };

  test("a bad deploy fails exactly the instances on the new version: 2 of 12", () => {
    const rows = instanceTable(fleet);
    for (const r of rows) expect(r.state !== "serving").toBe(r.version !== "v7");
    expect(failingShare(fleet)).toBe(2 / 12);
  });

  test("a crash is one instance, a zone loss one zone's instances, a poison request restarts naming one customer", () => {
    expect(failingShare({ ...fleet, incident: 0 })).toBe(1 / 12);
    const zone = instanceTable({ ...fleet, incident: 2 }).filter((r) => r.state !== "serving");
    expect(new Set(zone.map((r) => r.zone)).size).toBe(1);
    expect(zone).toHaveLength(4);
    const poison = instanceTable({ ...fleet, incident: 3 }).filter((r) => r.state !== "serving");
    expect(new Set(poison.map((r) => r.note)).size).toBe(1);
  });
});
