/** Expected answers for "Diagnose the region at its peak", from src/sim/diagnosis/zones.ts. */
import { grouped, rounded } from "../../src/format/number.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";
import {
  headroomForOneZone,
  provisioned,
  type ZoneParams,
  zoneCase,
  zoneOutcome,
  zoneTable,
} from "../../src/sim/diagnosis/zones.ts";

const actionFor = { "control-plane-only": "keep-serving", survives: "keep-serving", short: "shed" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as ZoneParams;
  const what = zoneCase(p);
  return { what, action: actionFor[what], unserved: zoneOutcome(p).unserved, headroom: headroomForOneZone(p) };
}

const n = (value: number) => rounded(value, 4);

/** The worked solution's figures for this region (explanation.md shows them as {name}). */
export function worked(params: Record<string, number>): Record<string, string> {
  const p = params as unknown as ZoneParams;
  const what = zoneCase(p);
  const rows = zoneTable(p);
  const left = p.zones - p.lost;
  const capacity = left * p.perZone * p.perInstance;
  const total = p.zones * p.perZone * p.perInstance;
  const outcome = zoneOutcome(p);
  const unserved = `${rounded(outcome.unserved * 100, 4)}%`;
  const cpus = rows.filter((r) => r.healthy > 0).map((r) => r.cpu);
  const cpu =
    Math.min(...cpus) === Math.max(...cpus)
      ? `${grouped(cpus[0]!)}%`
      : `${grouped(Math.min(...cpus))}% to ${grouped(Math.max(...cpus))}%`;
  const survivors = `each runs ${grouped(p.perZone)} instances of ${grouped(p.perInstance)} requests a second, so ${left === 1 ? "the one left" : `the ${grouped(left)} left`} can serve ${grouped(left)} × ${grouped(p.perZone)} × ${grouped(p.perInstance)} = ${grouped(capacity)} requests a second against a peak of ${grouped(p.peak)}`;
  const lostZones = `${grouped(p.lost)} of the ${grouped(p.zones)} zones ${p.lost === 1 ? "has" : "have"} no healthy instance, and ${left === 1 ? "the other one runs" : `the other ${grouped(left)} run`} at ${cpu} CPU`;
  const headroom = headroomForOneZone(p);
  const needed = Math.ceil((p.peak * headroom) / p.zones / p.perInstance);
  const headroomWorking = `Losing one of ${grouped(p.zones)} zones leaves ${grouped(p.zones - 1)}/${grouped(p.zones)} of the capacity, so run ${grouped(p.zones)} / ${grouped(p.zones - 1)} = ${n(headroom)} times the peak: ${rounded(headroom * 100, 4)}%, or ${grouped(needed)} instances per zone${needed === p.perZone ? ", as now" : ` where ${grouped(p.perZone)} run now`}. Then losing a zone needs nothing from the control plane.`;
  const base = {
    headroom: n(headroom),
    headroomWorking,
    unserved,
  };
  if (what === "control-plane-only")
    return {
      ...base,
      reading: `Every one of the ${grouped(p.zones)} zones has its ${grouped(p.perZone)} healthy instances and runs at ${cpu} CPU, carrying its share of the ${grouped(p.peak)} peak. Only the control plane is failing: its launches time out or are throttled.`,
      diagnosis: "Only the control plane is impaired: every zone serves, and nothing needs launching",
      action: "Keep serving on what runs; no emergency change",
      actionWhy:
        "The data plane does not need the control plane to keep serving: launch replacements once it answers. Shedding would refuse requests that are being served; failing the region over would move everyone off a region that works.",
      unservedWorking: `Every zone serves and none is above its capacity: ${unserved} goes unserved.`,
    };
  if (what === "survives")
    return {
      ...base,
      reading: `${lostZones}: ${survivors}. That is enough, so the survivors carry the whole peak, and the control plane's failing launches do not matter yet.`,
      diagnosis: "A zone is lost, and the zones left carry the whole peak on what is already running",
      action: "Keep serving on what runs; no emergency change",
      actionWhy:
        "The design was statically stable for this loss: what already runs carries the peak without a launch. Replace the zone's instances once the control plane answers; shedding would refuse requests the survivors can serve.",
      unservedWorking: `The survivors can serve ${grouped(capacity)} a second, at least the ${grouped(p.peak)} peak: ${unserved} goes unserved.`,
    };
  const kept = `${grouped(left)}/${grouped(p.zones)}`;
  return {
    ...base,
    reading: `${lostZones}: ${survivors}. The control plane's log says no new instance is coming soon.`,
    diagnosis: "Zones are lost, and what is already running in the rest cannot carry the peak",
    action: "Shed the excess at the edge now (refuse it fast), and launch when the control plane answers",
    actionWhy: `Waiting for the autoscaler is waiting on the very thing that is failing; refusing the ${grouped(p.peak - capacity)} requests a second the survivors cannot serve keeps the ${grouped(capacity)} they can serve fast. Failing the whole region over moves every request to fix a shortfall of a few.`,
    unservedWorking: `The survivors serve ${grouped(capacity)} of the ${grouped(p.peak)} a second, so (${grouped(p.peak)} − ${grouped(capacity)}) / ${grouped(p.peak)} = ${unserved} of the peak goes unserved. The same from the capacity provisioned: ${grouped(total)} is ${n(provisioned(p))} times the peak, and ${kept} of the zones keep ${kept} of it, ${n(provisioned(p))} × ${kept} = ${n(outcome.capacityLeft)} of the peak. (Not the lost zones' share of requests: the survivors still serve all they can.)`,
  };
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
