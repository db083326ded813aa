import { expect, test } from "vitest";
import { defendedRun, exercise, littles, regions, setting, single, storm } from "./numbers.ts";

test("the setting and Little's law match FACTS.md's worked numbers", () => {
  // FACTS.md: 5 attempts with 1 s time-outs and sleeps of 200, 400, 600, 800 ms hold about 7 s.
  expect(setting.attempts).toBe("5");
  expect(exercise.sleeps).toBe("200, 400, 600, 800");
  expect(exercise.sleepCount).toBe("4");
  // The prose: "All 4 share one pool": every service of the model draws from the one pool.
  expect(setting.services).toBe(4);
  expect(littles.holdSeconds).toBe("7");
  expect(littles.holdSecondsValue).toBeCloseTo(7, 10);
  // 40 pricing requests a second x 7 s.
  expect(littles.demandDuringTrigger).toBe("280");
  expect(littles.demandTimesPool).toBe("14");
  // OSDI 2022: r retries bound the stable region to 1/(r+1) of capacity.
  expect(littles.stableShare).toBe("20%");
  // The platform sits in the vulnerable band: above capacity / 5, below capacity.
  const n = (s: string) => Number(s.replace(/,/g, ""));
  expect(n(setting.totalRate)).toBeGreaterThan(n(littles.stableBound));
  expect(n(setting.totalRate)).toBeLessThan(n(littles.capacity));
  expect(Number(littles.healthyBusy)).toBeCloseTo(5.2, 1);
});

test("the simulated storm tells the article's story", () => {
  expect(setting.triggerSeconds).toBe("4");
  // "Within about ninety seconds the pool was exhausted."
  expect(Number(storm.exhaustedSeconds)).toBeGreaterThan(4);
  expect(Number(storm.exhaustedSeconds)).toBeLessThanOrEqual(90);
  // The prose: exhausted "by requests waiting on a dependency that recovered more than a minute earlier".
  expect(Number(storm.exhaustedSeconds) - Number(setting.triggerSeconds)).toBeGreaterThan(60);
  // "Eleven minutes", two orders of magnitude longer than the trigger.
  expect(storm.outage).toMatch(/^1[01] min/);
  expect(Number(storm.timesTrigger)).toBeGreaterThanOrEqual(100);
  expect(storm.endlessRecovered).toBe(false);
  expect(parseFloat(storm.unrelatedSuccess)).toBeLessThan(20);
});

test("defences: all together recover within seconds; alone they differ as the prose says", () => {
  expect(Number(defendedRun.recoverySeconds)).toBeLessThanOrEqual(5);
  expect(parseFloat(defendedRun.unrelatedSuccess)).toBeGreaterThanOrEqual(99.9);
  const row = (d: string) => single.find((r) => r.defence === d)!;
  expect(row("bulkhead").recovery).toBe("only at the intervention");
  expect(parseFloat(row("bulkhead").unrelated)).toBe(100);
  expect(row("jitter").recovery).toBe("only at the intervention");
  for (const d of ["breaker", "budget", "timeout", "shed"]) expect(row(d).exhausted).toBe("never");
});

test("the regions diagram puts today's load in the vulnerable band and the storm past capacity", () => {
  expect(regions.stableX).toBeLessThan(regions.loadX);
  expect(regions.loadX).toBeLessThan(regions.capacityX);
  expect(regions.stormX).toBeGreaterThan(regions.capacityX);
  expect(regions.stormX).toBeLessThanOrEqual(600);
  expect(regions.stormOffScale).toBe(false);
});
