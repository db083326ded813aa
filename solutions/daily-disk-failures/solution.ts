/** Expected disk failures per day, and the share of days with none, for a fleet of identical disks. */
type Random = () => number;

export interface Params {
  machines: number;
  disks: number;
  /** Yearly failure probability of one disk, in percent. */
  afr: number;
}

export function answers({ machines, disks, afr }: Params): Record<string, number> {
  const total = machines * disks;
  // The daily rate that compounds to the yearly one: (1 - perDay)^365 = 1 - afr.
  const perDay = 1 - (1 - afr / 100) ** (1 / 365);
  return {
    "per-day": total * perDay,
    "quiet-day": (1 - perDay) ** total,
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
