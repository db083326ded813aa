/** Expected answers for "Diagnose the region at its peak", from src/sim/diagnosis/zones.ts. */
import { type Random, randomInt } from "../../src/sim/random.ts";
import { headroomForOneZone, type ZoneParams, zoneCase, zoneOutcome } from "../../src/sim/diagnosis/zones.ts";

const actionFor = { "control-plane-only": "keep-serving", survives: "keep-serving", short: "shed" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as ZoneParams;
  const what = zoneCase(p);
  return { what, action: actionFor[what], unserved: zoneOutcome(p).unserved, headroom: headroomForOneZone(p) };
}

/**
 * Another region, in one of the three situations: no zone lost (only the control plane is
 * impaired), one zone lost with the headroom to carry it, or one or two lost without it.
 */
export function variant(rand: Random): Record<string, number> {
  const kind = randomInt(rand, 3);
  const zones = 2 + randomInt(rand, 4);
  const lost = kind === 0 ? 0 : kind === 1 ? 1 : zones >= 4 ? 1 + randomInt(rand, 2) : 1;
  const perZone = 4 + randomInt(rand, 7);
  const perInstance = 50 * (1 + randomInt(rand, 4));
  const capacity = zones * perZone * perInstance;
  // The capacity as a multiple of the peak: enough for the loss (rounding the peak down), or
  // short of it (rounding up).
  const enough = zones / (zones - lost);
  const multiple = kind === 2 ? [0.85, 0.95][randomInt(rand, 2)]! * enough : [1, 1.1][randomInt(rand, 2)]! * enough;
  const peak = 10 * (kind === 2 ? Math.ceil(capacity / multiple / 10) : Math.floor(capacity / multiple / 10));
  return { zones, lost, perZone, perInstance, peak, seed: randomInt(rand, 100_000) };
}
