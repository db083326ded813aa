/**
 * Every number "Something is always broken" shows, computed here so the prose never
 * carries a hand-typed figure. The fleet is a worked example with round, stated
 * assumptions (not a measured fleet): change an input and the prose follows.
 */

import { grouped, percent } from "../../../src/format/number.ts";

export interface DiskFleet {
  machines: number;
  disksPerMachine: number;
  /** Probability that one disk fails within a year. */
  annualFailureRate: number;
}

/** The chance that one disk fails on a given day, if its yearly risk is spread evenly over 365 days. */
export function dailyFailureProbability(annualFailureRate: number): number {
  if (!(annualFailureRate >= 0 && annualFailureRate < 1))
    throw new RangeError(`annual failure rate must be in [0, 1), got ${annualFailureRate}`);
  // Surviving 365 independent days must equal surviving the year: (1 - p_day)^365 = 1 - AFR.
  return 1 - (1 - annualFailureRate) ** (1 / 365);
}

export function diskFleetOutlook(fleet: DiskFleet) {
  const disks = fleet.machines * fleet.disksPerMachine;
  const perDay = dailyFailureProbability(fleet.annualFailureRate);
  const expectedPerYear = disks * fleet.annualFailureRate;
  const expectedPerDay = disks * perDay;
  const quietDayProbability = (1 - perDay) ** disks;
  return { disks, expectedPerYear, expectedPerDay, quietDayProbability };
}

/** Worked example: 5,000 machines with 4 disks each; a 2% yearly failure rate is an assumed round figure. */
export const fleet: DiskFleet = { machines: 5_000, disksPerMachine: 4, annualFailureRate: 0.02 };
const outlook = diskFleetOutlook(fleet);

export const disks = {
  machines: grouped(fleet.machines),
  perMachine: String(fleet.disksPerMachine),
  total: grouped(outlook.disks),
  afr: percent(fleet.annualFailureRate, 0),
  perYear: grouped(outlook.expectedPerYear),
  perDay: grouped(outlook.expectedPerDay, 1),
  quietDays: percent(outlook.quietDayProbability, 0),
  quietDaysPerYear: grouped(outlook.quietDayProbability * 365),
  raw: outlook,
};

/** Blast radius as a share: one fault in one of `compartments` equal slices hits 1/compartments of users. */
export function blastRadiusShare(compartments: number): number {
  if (!Number.isInteger(compartments) || compartments < 1)
    throw new RangeError(`compartments must be a whole number >= 1, got ${compartments}`);
  return 1 / compartments;
}

/** The ladder the chapter walks down: everything shared, 4 fixed shards, 10 cells. */
export const ladder = [
  { design: "One shared deployment", compartments: 1 },
  { design: "Four fixed shards", compartments: 4 },
  { design: "Ten cells", compartments: 10 },
].map((step) => ({
  ...step,
  hit: percent(blastRadiusShare(step.compartments), 0),
  untouched: percent(1 - blastRadiusShare(step.compartments), 0),
}));

/** Tenants in the worked blast-radius example. */
export const tenants = { total: 2_000, hit: 500 };
export const tenantExample = {
  total: grouped(tenants.total),
  hit: grouped(tenants.hit),
  share: percent(tenants.hit / tenants.total, 0),
};
