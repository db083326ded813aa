import { expect, test } from "vitest";
import { libraries, pools, queueing, raw, replay, sizing, trigger, z99 } from "./numbers.ts";

test("z99 is the standard normal's 99th percentile", () => {
  // Independent check: the normal CDF at z99 (Abramowitz-Stegun 7.1.26 erf approximation) is 0.99.
  const erf = (x: number) => {
    const t = 1 / (1 + 0.3275911 * x);
    const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    return 1 - poly * Math.exp(-x * x);
  };
  expect(0.5 * (1 + erf(z99 / Math.SQRT2))).toBeCloseTo(0.99, 6);
});

test("Little's law pool sizing from the case study's services", () => {
  const pricing = sizing.find((s) => s.dependency === "pricing")!;
  // 25 + 15 requests/s; p99 of a log-normal with median 60 ms, sigma 0.5: 60 * e^(0.5 * 2.326) = 192 ms.
  expect(pricing.rate).toBe(40);
  expect(pricing.p99Millis).toBe(192);
  expect(pricing.busy).toBe("7.7");
  expect(pricing.size).toBe(8);
  // Each pool is rate x p99, rounded up; together they fit in the old shared pool.
  for (const row of sizing) expect(row.size).toBe(Math.ceil((row.rate * row.p99Millis) / 1000 - 1e-9));
  expect(pools.sizedTotal).toBe(sizing.reduce((a, s) => a + s.size, 0));
  expect(pools.sizedTotal).toBeLessThanOrEqual(pools.shared);
  // The replay's bulkhead size agrees with the sizing for pricing.
  expect(pools.bulkhead).toBe(pools.pricingSize);
});

test("during the trigger pricing alone wants rate x latency connections", () => {
  expect(trigger.latencyMillis).toBe(2500);
  expect(trigger.pricingDemand).toBe(100); // 40/s x 2.5 s
  expect(trigger.demandOverPool).toBe(5); // 100 / 20
  expect(trigger.bulkheadThroughput).toBe("3.2"); // 8 / 2.5 s
  // A queue of 10 drains in 10 / (8 / 0.06 s) = 75 ms healthy, 10 / 3.2 = 3.1 s slow: past the 1 s client timeout.
  expect(queueing.healthyWaitMillis).toBe(75);
  expect(queueing.slowWaitSeconds).toBe("3.1");
  expect(Number(queueing.slowWaitSeconds)).toBeGreaterThan(queueing.clientTimeoutSeconds);
});

test("library defaults, as the libraries document them", () => {
  expect(libraries).toEqual({
    resilience4jSemaphoreConcurrent: 25,
    resilience4jThreadPoolQueue: 100,
    envoyMaxRequests: 1024,
  });
});

test("the replay: bulkheads keep unrelated services served, and do not save pricing's callers", () => {
  const rate = (summary: typeof raw.naive, name: string) => summary.services.find((s) => s.name === name)!.successRate;
  for (const name of ["search", "accounts"]) {
    expect(rate(raw.naive, name)).toBeLessThan(0.5);
    expect(rate(raw.bulkhead, name)).toBeGreaterThanOrEqual(0.999);
  }
  for (const name of ["checkout", "quotes"]) expect(rate(raw.bulkhead, name)).toBeLessThan(0.5);
  expect(replay.unrelated).toBe("search and accounts");
  expect(replay.unrelatedBulkheadWorst).toBe(
    `${(100 * Math.min(rate(raw.bulkhead, "search"), rate(raw.bulkhead, "accounts"))).toFixed(1)}%`,
  );
});
