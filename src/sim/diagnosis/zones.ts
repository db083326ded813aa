/**
 * A region's zones at the peak, for a diagnosis: `zones` zones of `perZone` instances, each
 * instance serving up to `perInstance` requests a second, `lost` zones gone. What is left, and
 * what it cannot serve until new instances arrive, is zoneLoss (src/sim/cells/static-stability.ts);
 * new instances are a control-plane action, and the control plane is impaired in every case here
 * (a zone outage slows it for everyone).
 */
import { headroomToSurvive, zoneLoss } from "../cells/static-stability.ts";
import { mulberry32, randomInt } from "../random.ts";

export interface ZoneParams {
  zones: number;
  lost: number;
  perZone: number;
  perInstance: number;
  /** Peak demand, requests per second. */
  peak: number;
  seed: number;
}

export const zoneCases = ["control-plane-only", "survives", "short"] as const;
export type ZoneCase = (typeof zoneCases)[number];

/** Capacity provisioned across all zones as a multiple of peak. */
export function provisioned({ zones, perZone, perInstance, peak }: ZoneParams): number {
  return (zones * perZone * perInstance) / peak;
}

export function zoneOutcome(params: ZoneParams) {
  return zoneLoss({ zones: params.zones, provisioned: provisioned(params), lost: params.lost });
}

/** What the table shows: no zone lost; one or more lost and the rest carry the peak; or they cannot. */
export function zoneCase(params: ZoneParams): ZoneCase {
  if (params.lost === 0) return "control-plane-only";
  return zoneOutcome(params).unserved === 0 ? "survives" : "short";
}

/** The capacity to provision, as a multiple of peak, so that losing one zone needs no launches. */
export const headroomForOneZone = (params: ZoneParams) => headroomToSurvive(params.zones, 1);

export interface ZoneRow {
  zone: string;
  healthy: number;
  served: number;
  /** CPU in percent: served over what the zone's healthy instances can serve. */
  cpu: number;
}

/** The zones' table: the survivors share the peak evenly, each up to what it can serve. */
export function zoneTable(params: ZoneParams): ZoneRow[] {
  const { zones, lost, perZone, perInstance, peak } = params;
  const rand = mulberry32(params.seed);
  const names = ["a", "b", "c", "d", "e", "f"];
  const down = new Set<number>();
  while (down.size < lost) down.add(randomInt(rand, zones));
  const share = peak / (zones - lost);
  return Array.from({ length: zones }, (_, z) => {
    const healthy = down.has(z) ? 0 : perZone;
    const capacity = healthy * perInstance;
    const served = Math.min(capacity, share);
    return {
      zone: `zone ${names[z]}`,
      healthy,
      served: Math.round(served),
      cpu: capacity === 0 ? 0 : Math.round((served / capacity) * 100),
    };
  });
}

/** The control plane's recent log lines: launches timing out or throttled. */
export function controlPlaneLog(params: ZoneParams): string[] {
  const rand = mulberry32(params.seed + 1);
  const lines: string[] = [];
  let second = 0;
  for (let i = 0; i < 4; i++) {
    second += 20 + randomInt(rand, 40);
    const at = `14:${String(2 + Math.floor(second / 60)).padStart(2, "0")}:${String(second % 60).padStart(2, "0")}`;
    lines.push(
      i % 2 === 0
        ? `${at} launch instance (autoscaling): timed out after 60 s`
        : `${at} launch instance (autoscaling): throttled, retry later`,
    );
  }
  return lines;
}
