/**
 * The course's opening example, as the reader sees it: a disk fleet's year, the ladder from one
 * shared deployment to ten cells, and a tenant example. The first chapter ("Something is always
 * broken") and the workshop's opening presenter view (`/present/opening/`) both render these, so
 * the room's slides and the chapter always show the same figures. The fleet is a worked example
 * with round, stated assumptions (not a measured fleet): change an input and both follow.
 */
import { grouped, percent } from "../format/number.ts";
import { inWords } from "../format/words.ts";
import { blastRadiusShare, type DiskFleet, diskFleetOutlook } from "../sim/disk-fleet.ts";

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

/** A count in words at the start of a sentence: 4 -> "Four". */
const leadingWords = (n: number) => inWords(n).replace(/^./, (c) => c.toUpperCase());

/** The ladder the chapter walks down: everything shared, 4 fixed shards, 10 cells. */
export const ladder = [
  { design: () => "One shared deployment", compartments: 1 },
  { design: (n: number) => `${leadingWords(n)} fixed shards`, compartments: 4 },
  { design: (n: number) => `${leadingWords(n)} cells`, compartments: 10 },
].map((step) => ({
  design: step.design(step.compartments),
  compartments: step.compartments,
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
