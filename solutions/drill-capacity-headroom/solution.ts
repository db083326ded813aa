/** Expected answers for "Drill: headroom for a zone and for a ramp": N/(N-1) and ramp x lag. */
import { grouped, percentUpTo, rounded } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { rampHeadroom } from "../../src/sim/reliability/index.ts";

export interface Params {
  zones: number;
  peak: number;
  perInstance: number;
  ramp: number;
  lag: number;
}

export function answers({ zones, peak, perInstance, ramp, lag }: Params): Record<string, number> {
  const atPeak = Math.ceil(peak / perInstance);
  // Each zone must hold atPeak / (zones - 1) so the survivors carry the peak: N/(N-1) in whole instances.
  const perZone = Math.ceil(atPeak / (zones - 1));
  return { instances: perZone * zones, headroom: rampHeadroom(ramp, lag * 60) };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { zones, peak, perInstance, lag } = params;
  const a = answers(params);
  const atPeak = Math.ceil(peak / perInstance);
  const perZone = Math.ceil(atPeak / (zones - 1));
  return {
    peakGrouped: grouped(peak),
    atPeak: grouped(atPeak),
    survivors: String(zones - 1),
    perZone: grouped(perZone),
    instances: grouped(a.instances!),
    multiple: rounded(a.instances! / atPeak, 3),
    busiest: percentUpTo(atPeak / a.instances!, 0),
    lagSeconds: grouped(lag * 60),
    headroom: grouped(a.headroom!),
  };
}

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** Another fleet and ramp. */
export function variant(rand: Random): Params {
  const zones = 2 + Math.floor(rand() * 4);
  const perInstance = pick(rand, [100, 200, 250, 500]);
  return {
    zones,
    perInstance,
    peak: perInstance * (zones - 1) * (2 + Math.floor(rand() * 20)),
    ramp: 5 * (1 + Math.floor(rand() * 10)),
    lag: 2 + Math.floor(rand() * 7),
  };
}
