import { expect, test } from "vitest";
import {
  blastRadiusShare,
  dailyFailureProbability,
  diskFleetOutlook,
  disks,
  fleet,
  ladder,
  tenantExample,
} from "./numbers.ts";

test("the fleet has 20,000 disks and loses about 400 a year at a 2% yearly rate", () => {
  expect(disks.total).toBe("20,000");
  expect(disks.perYear).toBe("400");
  expect(disks.afr).toBe("2%");
});

test("the daily rate compounds back to the yearly rate", () => {
  const p = dailyFailureProbability(fleet.annualFailureRate);
  expect(1 - (1 - p) ** 365).toBeCloseTo(fleet.annualFailureRate, 12);
});

test("about 1.1 disks die per day, close to the naive 400 / 365", () => {
  const { expectedPerDay } = diskFleetOutlook(fleet);
  expect(expectedPerDay).toBeCloseTo(400 / 365, 1);
  expect(disks.perDay).toBe("1.1");
});

test("a day without a disk failure is the exception: Poisson estimate e^-1.1 agrees", () => {
  const { expectedPerDay, quietDayProbability } = diskFleetOutlook(fleet);
  expect(quietDayProbability).toBeCloseTo(Math.exp(-expectedPerDay), 3);
  expect(disks.quietDays).toBe("33%");
  expect(Number(disks.quietDaysPerYear)).toBe(121);
});

test("blast radius shares for the ladder: 100%, 25%, 10% hit", () => {
  expect(ladder.map((s) => s.hit)).toEqual(["100%", "25%", "10%"]);
  expect(ladder[2]!.untouched).toBe("90%"); // AWS cell-based architecture whitepaper: with 10 cells, one cell's failure leaves 90% untouched
  expect(() => blastRadiusShare(0)).toThrow(RangeError);
});

test("tenant example: 500 of 2,000 tenants is a quarter", () => {
  expect(tenantExample.share).toBe("25%");
});
