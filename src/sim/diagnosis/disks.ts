/**
 * A fleet's disk replacements, day by day, for a diagnosis: `batches` batches of `perBatch` disks
 * with an annual failure rate of `afrPct`%, so independent failures alone give
 * disks x AFR / 365 a day (Poisson, drawn from the seed). Three situations:
 *   independent   every batch fails at its expected rate: replace and carry on
 *   batch         one batch's failures jump from one day on (a firmware or manufacturing fault
 *                 shared by its disks): a correlated failure inside that batch
 *   environment   every batch's failures jump together for a few days (heat, power): a cause
 *                 outside the disks that all of them share
 */
import { mulberry32, randomInt, type Random } from "../random.ts";

export const diskCases = ["independent", "batch", "environment"] as const;
export type DiskCase = (typeof diskCases)[number];

export interface DiskParams {
  incident: number;
  batches: number;
  perBatch: number;
  /** Annual failure rate, in percent. */
  afrPct: number;
  seed: number;
}

export const diskDays = 14;

export function diskCase(p: DiskParams): DiskCase {
  const c = diskCases[p.incident];
  if (c === undefined) throw new RangeError(`incident must be 0 to ${diskCases.length - 1}`);
  return c;
}

/** Failures a day the whole fleet expects from independent failures alone: disks x AFR / 365. */
export function expectedPerDay(p: DiskParams): number {
  return (p.batches * p.perBatch * p.afrPct) / 100 / 365;
}

/** A Poisson draw (Knuth's method; the means here are small). */
function poisson(rand: Random, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let product = rand();
  while (product > limit) {
    k++;
    product *= rand();
  }
  return k;
}

export interface DiskSeries {
  batch: string;
  perDay: number[];
}

/** Failures per day for each batch, over `diskDays` days, with the situation's jump from `start`. */
export function diskSeries(p: DiskParams): { series: DiskSeries[]; start: number; batch: number | null } {
  const kind = diskCase(p);
  const rand = mulberry32(p.seed);
  const start = 7 + randomInt(rand, 4);
  const hot = kind === "batch" ? randomInt(rand, p.batches) : null;
  const perBatchMean = (p.perBatch * p.afrPct) / 100 / 365;
  const series = Array.from({ length: p.batches }, (_, b) => ({
    batch: `batch ${String.fromCharCode(65 + b)}`,
    perDay: Array.from({ length: diskDays }, (_, day) => {
      let mean = perBatchMean;
      if (kind === "batch" && b === hot && day >= start) mean *= 8;
      if (kind === "environment" && day >= start && day < start + 3) mean *= 6;
      return poisson(rand, mean);
    }),
  }));
  return { series, start, batch: hot };
}
