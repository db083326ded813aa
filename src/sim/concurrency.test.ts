import { expect, test } from "vitest";
import { meanInFlight, poissonTail, sizeForTail } from "./concurrency.ts";
import { mulberry32 } from "./random.ts";

test("Little's law gives the mean", () => {
  expect(meanInFlight(40, 0.068)).toBeCloseTo(2.72, 12);
  expect(() => meanInFlight(-1, 1)).toThrow(RangeError);
});

test("the Poisson tail agrees with one minus the cumulative sum, and stays exact when tiny", () => {
  const pmf = (m: number, k: number) => {
    let p = Math.exp(-m);
    for (let i = 1; i <= k; i++) p *= m / i;
    return p;
  };
  for (const m of [0.5, 2.72, 10, 40]) {
    for (const n of [0, 1, 3, 8, 20]) {
      let cdf = 0;
      for (let k = 0; k <= n; k++) cdf += pmf(m, k);
      expect(poissonTail(m, n)).toBeCloseTo(1 - cdf, 12);
    }
  }
  expect(poissonTail(1, 0)).toBeCloseTo(1 - Math.exp(-1), 15);
  expect(poissonTail(2, 30)).toBeGreaterThan(0);
  expect(poissonTail(2, 30)).toBeLessThan(1e-20);
  expect(poissonTail(0, 3)).toBe(0);
});

test("sizeForTail is the smallest pool whose tail is within the target", () => {
  const n = sizeForTail(2.72, 1e-3);
  expect(n).toBe(9);
  expect(poissonTail(2.72, n)).toBeLessThanOrEqual(1e-3);
  expect(poissonTail(2.72, n - 1)).toBeGreaterThan(1e-3);
});

test("a seeded simulation of random arrivals with log-normal service times matches the Poisson in-flight count", () => {
  // 40 arrivals a second, each staying a log-normal time (median 60 ms, sigma 0.5), no limit;
  // count the requests in flight every 0.1 s for 2,000 s.
  const rand = mulberry32(3);
  const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const rate = 40;
  const ends: number[] = [];
  const counts: number[] = [];
  let t = 0;
  let nextSample = 1;
  while (nextSample < 2000) {
    t += -Math.log(1 - rand()) / rate;
    while (nextSample <= t) {
      let inFlight = 0;
      for (let i = ends.length - 1; i >= 0 && i >= ends.length - 200; i--) if (ends[i]! > nextSample) inFlight++;
      counts.push(inFlight);
      nextSample += 0.1;
    }
    ends.push(t + 0.06 * Math.exp(0.5 * normal()));
  }
  const mean = meanInFlight(rate, 0.06 * Math.exp(0.125)); // log-normal mean: median x e^(sigma^2 / 2)
  const share = (n: number) => counts.filter((c) => c > n).length / counts.length;
  expect(counts.reduce((a, b) => a + b, 0) / counts.length).toBeCloseTo(mean, 1);
  for (const n of [1, 2, 4, 6]) expect(Math.abs(share(n) - poissonTail(mean, n))).toBeLessThan(0.012);
});
