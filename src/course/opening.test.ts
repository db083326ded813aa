import { expect, test } from "vitest";
import { diskFleetOutlook } from "../sim/disk-fleet.ts";
import { inWords } from "../format/words.ts";
import { disks, fleet, ladder, tenantExample } from "./opening.ts";

test("the fleet has 20,000 disks and loses about 400 a year at a 2% yearly rate", () => {
  expect(disks.total).toBe("20,000");
  expect(disks.perYear).toBe("400");
  expect(disks.afr).toBe("2%");
});

test("about 1.1 disks die per day", () => {
  expect(disks.perDay).toBe("1.1");
  expect(disks.raw).toEqual(diskFleetOutlook(fleet));
});

test("a day without a disk failure is the exception: a third of days, 121 a year", () => {
  expect(disks.quietDays).toBe("33%");
  expect(Number(disks.quietDaysPerYear)).toBe(121);
});

test("blast radius shares for the ladder: 100%, 25%, 10% hit", () => {
  expect(ladder.map((s) => s.hit)).toEqual(["100%", "25%", "10%"]);
  expect(ladder[2]!.untouched).toBe("90%"); // AWS cell-based architecture whitepaper: with 10 cells, one cell's failure leaves 90% untouched
});

test("tenant example: 500 of 2,000 tenants is a quarter", () => {
  expect(tenantExample.share).toBe("25%");
});

test("each design on the ladder names its count of compartments in words", () => {
  for (const step of ladder) expect(step.design.toLowerCase().startsWith(inWords(step.compartments))).toBe(true);
});
