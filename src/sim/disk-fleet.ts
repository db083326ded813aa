/**
 * A fleet of disks, each with the same yearly chance of failing, and the share of users one fault
 * reaches when users are split into equal compartments: the models behind the course's opening
 * ("Something is always broken" and the workshop's opening presenter view).
 */

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

/** How many disks the fleet has, how many fail in a year and in a day, and how likely a day without one is. */
export function diskFleetOutlook(fleet: DiskFleet) {
  const disks = fleet.machines * fleet.disksPerMachine;
  const perDay = dailyFailureProbability(fleet.annualFailureRate);
  const expectedPerYear = disks * fleet.annualFailureRate;
  const expectedPerDay = disks * perDay;
  const quietDayProbability = (1 - perDay) ** disks;
  return { disks, expectedPerYear, expectedPerDay, quietDayProbability };
}

/** Blast radius as a share: one fault in one of `compartments` equal slices hits 1/compartments of users. */
export function blastRadiusShare(compartments: number): number {
  if (!Number.isInteger(compartments) || compartments < 1)
    throw new RangeError(`compartments must be a whole number >= 1, got ${compartments}`);
  return 1 / compartments;
}
