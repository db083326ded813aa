import { expect, test } from "vitest";
import { blastRadiusShare, dailyFailureProbability, diskFleetOutlook } from "./disk-fleet.ts";

const fleet = { machines: 5_000, disksPerMachine: 4, annualFailureRate: 0.02 };

test("the daily rate compounds back to the yearly rate", () => {
  for (const afr of [0, 0.02, 0.5, 0.99]) expect(1 - (1 - dailyFailureProbability(afr)) ** 365).toBeCloseTo(afr, 12);
  expect(() => dailyFailureProbability(1)).toThrow(RangeError);
  expect(() => dailyFailureProbability(-0.1)).toThrow(RangeError);
});

test("about 1.1 disks die per day in 20,000 at 2% a year, close to the naive 400 / 365", () => {
  const { disks, expectedPerYear, expectedPerDay } = diskFleetOutlook(fleet);
  expect(disks).toBe(20_000);
  expect(expectedPerYear).toBeCloseTo(400, 9);
  expect(expectedPerDay).toBeCloseTo(400 / 365, 1);
});

test("a day without a disk failure is the exception: the Poisson estimate e^-1.1 agrees", () => {
  const { expectedPerDay, quietDayProbability } = diskFleetOutlook(fleet);
  expect(quietDayProbability).toBeCloseTo(Math.exp(-expectedPerDay), 3);
});

test("one compartment in n holds 1/n of users; a compartment count must be a whole number >= 1", () => {
  expect([1, 4, 10].map(blastRadiusShare)).toEqual([1, 0.25, 0.1]);
  expect(() => blastRadiusShare(0)).toThrow(RangeError);
  expect(() => blastRadiusShare(2.5)).toThrow(RangeError);
});
