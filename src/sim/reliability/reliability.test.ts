/** The reliability formulas against published figures and against the same arithmetic done another way. */
import { describe, expect, test } from "vitest";
import {
  allowedDowntimeSeconds,
  anySlow,
  backlogAfter,
  budgetSpent,
  burnRate,
  burnRateFor,
  canarySizes,
  canaryVerdict,
  chain,
  coldCacheMultiplier,
  detectionSeconds,
  drainSeconds,
  dnsFailoverSeconds,
  exhaustionSeconds,
  hedgeExtraLoad,
  hedgedSlow,
  majority,
  nines,
  originLoad,
  parallel,
  rampHeadroom,
  redundant,
  requestsToDetect,
  serial,
  stepExcessRequests,
  tolerableFailures,
  writesLost,
} from "./index.ts";

describe("availability", () => {
  test("series multiplies, parallel multiplies the unavailabilities", () => {
    expect(serial([0.999, 0.999, 0.999])).toBeCloseTo(0.997002999, 12);
    expect(chain(0.999, 3)).toBeCloseTo(serial([0.999, 0.999, 0.999]), 15);
    expect(parallel([0.99, 0.99])).toBeCloseTo(0.9999, 12);
    expect(redundant(0.9, 3)).toBeCloseTo(0.999, 12);
    expect(chain(0.999, 0)).toBe(1);
  });

  test("nines and minutes: 99.9% over 30 days allows 43.2 minutes", () => {
    expect(allowedDowntimeSeconds(0.999, 30) / 60).toBeCloseTo(43.2, 9);
    expect(allowedDowntimeSeconds(0.9999, 30) / 60).toBeCloseTo(4.32, 9);
    expect(allowedDowntimeSeconds(0.99999, 365) / 60).toBeCloseTo(5.256, 9);
    expect(nines(0.999)).toBeCloseTo(3, 9);
    expect(nines(0.9995)).toBeCloseTo(3.30103, 5);
  });

  test("burn rates match the SRE Workbook's table: 14.4 spends 2% of a 30-day budget in an hour", () => {
    expect(burnRateFor(0.02, 3600, 30)).toBeCloseTo(14.4, 9);
    expect(burnRateFor(0.05, 6 * 3600, 30)).toBeCloseTo(6, 9);
    expect(burnRateFor(0.1, 3 * 86_400, 30)).toBeCloseTo(1, 9);
    expect(budgetSpent(14.4, 3600, 30)).toBeCloseTo(0.02, 12);
    // At 14.4 a 30-day budget lasts 50 hours (the workbook says so).
    expect(exhaustionSeconds(14.4, 30) / 3600).toBeCloseTo(50, 9);
    expect(burnRate(0.01, 0.999)).toBeCloseTo(10, 9);
    expect(() => burnRate(0.1, 1)).toThrow(RangeError);
  });

  test("bad input is refused with the argument's name", () => {
    expect(() => serial([1.2])).toThrow(/availability 1/);
    expect(() => parallel([])).toThrow(RangeError);
    expect(() => chain(0.9, 1.5)).toThrow(/count/);
    expect(() => allowedDowntimeSeconds(0.999, 0)).toThrow(/days/);
  });
});

describe("failover", () => {
  test("replication lag is data lost, in writes", () => {
    expect(writesLost(2, 3000)).toBe(6000);
    expect(writesLost(0, 3000)).toBe(0);
  });

  test("DNS failover: detection, then a full TTL for a resolver that cached just before the switch", () => {
    expect(detectionSeconds({ intervalSeconds: 30, failuresToTrip: 3 })).toBe(90);
    expect(dnsFailoverSeconds({ intervalSeconds: 30, failuresToTrip: 3, ttlSeconds: 60 })).toBe(150);
    expect(dnsFailoverSeconds({ intervalSeconds: 10, failuresToTrip: 3, ttlSeconds: 300, extraSeconds: 60 })).toBe(390);
    expect(() => detectionSeconds({ intervalSeconds: 10, failuresToTrip: 0 })).toThrow(RangeError);
  });

  test("quorums: 3 members lose 1, 5 lose 2, 4 lose only 1", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(majority)).toEqual([1, 2, 2, 3, 3, 4, 4]);
    expect([1, 2, 3, 4, 5, 6, 7].map(tolerableFailures)).toEqual([0, 0, 1, 1, 2, 2, 3]);
  });
});

describe("tail latency", () => {
  test("Dean and Barroso's example: 1 slow call in 100, fan-out of 100, 63% of requests slow", () => {
    expect(anySlow(0.01, 100)).toBeCloseTo(0.634, 3);
    expect(anySlow(0.01, 1)).toBeCloseTo(0.01, 12);
  });

  test("a hedge is slow only when both copies are; a p95 hedge adds about 5% more requests", () => {
    expect(hedgedSlow(0.01)).toBeCloseTo(1e-4, 12);
    expect(anySlow(hedgedSlow(0.01), 100)).toBeCloseTo(1 - (1 - 1e-4) ** 100, 12);
    expect(hedgeExtraLoad(0.95)).toBeCloseTo(0.05, 12);
  });
});

describe("capacity", () => {
  test("headroom to ride a ramp is ramp x lag; a step sheds (peak - capacity) x lag", () => {
    expect(rampHeadroom(20, 240)).toBe(4800);
    expect(stepExcessRequests(10_000, 15_000, 180)).toBe(900_000);
    expect(stepExcessRequests(20_000, 15_000, 180)).toBe(0);
  });

  test("a backlog grows at the send rate and drains at the spare capacity", () => {
    expect(backlogAfter(2000, 1800)).toBe(3_600_000);
    expect(drainSeconds(3_600_000, 3000, 2000)).toBe(3600);
    expect(drainSeconds(10, 2000, 2000)).toBe(Number.POSITIVE_INFINITY);
    expect(drainSeconds(0, 2000, 2000)).toBe(0);
  });

  test("a cold cache multiplies the origin's load by 1 / (1 - hit ratio)", () => {
    expect(originLoad(20_000, 0.95)).toBeCloseTo(1000, 9);
    expect(coldCacheMultiplier(0.95)).toBeCloseTo(20, 9);
    expect(coldCacheMultiplier(0.99)).toBeCloseTo(100, 9);
    expect(() => coldCacheMultiplier(1)).toThrow(RangeError);
  });
});

describe("canary statistics", () => {
  // The test itself (threshold, binomial tail) is src/sim/canary.ts's, tested in canary.test.ts;
  // here, what this module adds: the verdict's fields and the sample size.
  test("a five-fold regression is caught almost surely; a 50% regression on a small canary mostly is not", () => {
    const big = canaryVerdict({ requests: 60_000, baseline: 0.001, regressed: 0.005, alpha: 0.01 });
    expect(big.detection).toBeGreaterThan(0.999999);
    expect(big.falseAlarm).toBeLessThanOrEqual(0.01);
    const small = canaryVerdict({ requests: 6_000, baseline: 0.001, regressed: 0.0015, alpha: 0.01 });
    expect(small.detection).toBeLessThan(0.2);
  });

  const detects = (requests: number, baseline = 0.001, regressed = 0.002) =>
    canaryVerdict({ requests, baseline, regressed, alpha: 0.01 }).detection >= 0.9;

  test("canary sizes: 18,596 requests are the fewest that catch a doubling 90% of the time, every count from 19,711 does, and some between do not", () => {
    const sizes = canarySizes(0.001, 0.002, 0.01, 0.9);
    expect(sizes).toEqual({ fewest: 18_596, from: 19_711, provenFrom: sizes.provenFrom });
    expect(requestsToDetect(0.001, 0.002, 0.01, 0.9)).toBe(sizes.from);
    // Every count the exact search decides, checked one by one with the verdict itself.
    const short: number[] = [];
    for (let n = 1; n <= sizes.provenFrom; n++) if (!detects(n)) short.push(n);
    expect(short.filter((n) => n >= sizes.fewest).length).toBeGreaterThan(0);
    expect(short.at(-1)).toBe(sizes.from - 1);
    expect(short.length).toBe(sizes.fewest - 1 + short.filter((n) => n > sizes.fewest).length);
    // The sawtooth: at 18,748 requests the threshold steps from 30 errors to 31 and detection falls back.
    expect(detects(18_596)).toBe(true);
    expect(detects(18_747)).toBe(true);
    expect(detects(18_748)).toBe(false);
    expect(canaryVerdict({ requests: 18_747, baseline: 0.001, regressed: 0.002, alpha: 0.01 }).threshold).toBe(30);
    expect(canaryVerdict({ requests: 18_748, baseline: 0.001, regressed: 0.002, alpha: 0.01 }).threshold).toBe(31);
    // Beyond it the bound decides; a sample out to ten times as far agrees.
    for (let n = sizes.provenFrom; n <= 10 * sizes.provenFrom; n += 997) expect(detects(n)).toBe(true);
  });

  test("canary sizes agree with a count-by-count search for other rates, a zero baseline among them", () => {
    for (const [baseline, regressed] of [
      [0.05, 0.1],
      [0.002, 0.006],
      [0, 0.002],
    ] as const) {
      const sizes = canarySizes(baseline, regressed, 0.01, 0.9);
      let fewest = 0;
      let lastShort = 0;
      for (let n = 1; n <= 2 * sizes.provenFrom; n++) {
        if (!detects(n, baseline, regressed)) lastShort = n;
        else if (fewest === 0) fewest = n;
      }
      expect(sizes.fewest).toBe(fewest);
      expect(sizes.from).toBe(lastShort + 1);
      expect(lastShort).toBeLessThan(sizes.provenFrom);
    }
    expect(() => canarySizes(0.001, 0.0010001, 0.01, 0.9, 1_000_000)).toThrow(/too small to see/);
  });

  test("canary sizes: close to the normal approximation, a little more", () => {
    const { fewest, from } = canarySizes(0.001, 0.002, 0.01, 0.9);
    // The normal-approximation sample size, (z_a sqrt(p0 q0) + z_b sqrt(p1 q1))^2 / (p1 - p0)^2, is
    // close; the exact test needs a little more (about 20 errors expected: the normal curve is too kind there).
    const za = 2.3263478740408408;
    const zb = 1.2815515655446004;
    const approx = (za * Math.sqrt(0.001 * 0.999) + zb * Math.sqrt(0.002 * 0.998)) ** 2 / 0.001 ** 2;
    expect(fewest).toBeGreaterThan(approx);
    expect((fewest - approx) / approx).toBeLessThan(0.1);
    expect((from - approx) / approx).toBeLessThan(0.16);
  });
});
