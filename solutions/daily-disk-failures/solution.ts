/** Expected disk failures per day, and the share of days with none, for a fleet of identical disks. */
import { grouped, readableShare, rounded } from "../../src/format/number.ts";

type Random = () => number;

export interface Params {
  machines: number;
  disks: number;
  /** Yearly failure probability of one disk, in percent. */
  afr: number;
}

/** One disk's chance of dying on a given day: the daily rate that compounds to the yearly one, (1 - p)^365 = 1 - afr. */
const dailyChance = (afr: number) => 1 - (1 - afr / 100) ** (1 / 365);

export function answers({ machines, disks, afr }: Params): Record<string, number> {
  const total = machines * disks;
  const p = dailyChance(afr);
  return {
    "per-day": total * p,
    "quiet-day": (1 - p) ** total,
  };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { machines, disks, afr } = params;
  const total = machines * disks;
  const p = dailyChance(afr);
  const { "per-day": perDay, "quiet-day": quiet } = answers(params);
  // The time between failures, in the unit that reads best.
  const gapDays = 1 / perDay!;
  const every = (value: number, unit: string) => (rounded(value) === "1" ? unit : `${rounded(value)} ${unit}s`);
  const gap = gapDays < 1 ? every(gapDays * 24, "hour") : every(gapDays, "day");
  return {
    totalDisks: grouped(total),
    dailyChance: rounded(p, 3),
    simpleChance: rounded(afr / 100 / 365, 3),
    perDay: rounded(perDay!),
    gap,
    poisson: readableShare(Math.exp(-perDay!)),
    quietDay: readableShare(quiet!),
    busyDay: readableShare(1 - quiet!),
  };
}

const pick = <T>(rand: Random, values: readonly T[]): T => values[Math.floor(rand() * values.length)]!;

export function variant(rand: Random): Params {
  return {
    machines: pick(rand, [500, 1000, 2000, 3000, 5000, 8000]),
    disks: pick(rand, [2, 4, 8, 12, 24]),
    afr: pick(rand, [0.5, 1, 1.5, 2, 3]),
  };
}
