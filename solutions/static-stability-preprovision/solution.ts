/** Expected answers for "Enough capacity to lose a zone": N/(N-1) x peak (src/sim/cells). */
import { grouped, rounded } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { preProvisionFactor } from "../../src/sim/cells/static-stability.ts";

export interface Params {
  zones: number;
  peak: number;
}

export function answers({ zones, peak }: Params): Record<string, number> {
  const factor = preProvisionFactor(zones);
  // Each zone runs peak / (N - 1); whole instances, so round up.
  return { "per-zone": Math.ceil((peak * factor) / zones - 1e-9), factor };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { zones, peak } = params;
  const { "per-zone": perZone, factor } = answers(params);
  const other = (n: number) => rounded(preProvisionFactor(n), 3);
  return {
    survivors: String(zones - 1),
    peakGrouped: grouped(peak),
    perZone: grouped(perZone!),
    total: grouped(zones * perZone!),
    factor: rounded(factor!, 3),
    oneMore: String(zones + 1),
    oneMoreFactor: other(zones + 1),
  };
}

/**
 * 3 to 5 zones (with two, losing one is losing all but one, and each zone runs the whole peak, the
 * mistake the exercise names); a peak that divides evenly by zones - 1 keeps the counts exact.
 */
export function variant(rand: Random): Params {
  for (;;) {
    const zones = 2 + Math.floor(rand() * 4);
    const peak = (zones - 1) * 60 * (1 + Math.floor(rand() * 20));
    if (zones >= 3) return { zones, peak };
  }
}
