/**
 * Static stability: the data plane keeps working on its last known configuration while the
 * control plane is down. A router that routes from its cached mapping keeps serving every
 * placed customer; one that asks the control plane on each request fails with it. Either
 * way, new customers cannot be placed until the control plane returns.
 */
import { placeAll, uniformCustomers } from "./router.ts";

export type RouterMode = "cached-mapping" | "asks-control-plane";

export interface OutageScenario {
  /** Customers placed before the outage. */
  existing: number;
  /** New customers that sign up while the control plane is down. */
  arriving: number;
  cells: number;
  routerMode: RouterMode;
}

export interface PhaseOutcome {
  phase: "before" | "control-plane-down" | "recovered";
  controlPlaneUp: boolean;
  /** Existing customers whose requests were routed to their cell. */
  routed: number;
  /** Existing customers whose requests failed at the router. */
  failed: number;
  /** New customers placed in a cell in this phase. */
  placed: number;
  /** New customers turned away (asked to retry later) in this phase. */
  turnedAway: number;
  mapVersion: number | undefined;
}

export function controlPlaneOutage({ existing, arriving, cells, routerMode }: OutageScenario): PhaseOutcome[] {
  const customers = uniformCustomers(existing);
  const { controlPlane, router } = placeAll(customers, cells);

  const routeAll = () => {
    let routed = 0;
    for (const { id } of customers) {
      // The fragile router fetches the mapping on the request path, so it fails with the control plane.
      const usable = routerMode === "cached-mapping" || router.refresh(controlPlane);
      if (usable && router.route(id).ok) routed++;
    }
    return routed;
  };

  const phases: PhaseOutcome[] = [];
  const routedBefore = routeAll();
  phases.push({
    phase: "before",
    controlPlaneUp: true,
    routed: routedBefore,
    failed: existing - routedBefore,
    placed: 0,
    turnedAway: 0,
    mapVersion: router.cachedVersion,
  });

  controlPlane.up = false;
  const waiting: string[] = [];
  let placedDuring = 0;
  for (let i = 0; i < arriving; i++) {
    const id = `new${i}`;
    if (controlPlane.place(id).ok) placedDuring++;
    else waiting.push(id);
  }
  router.refresh(controlPlane); // fails quietly: the cached mapping stays
  const routedDown = routeAll();
  phases.push({
    phase: "control-plane-down",
    controlPlaneUp: false,
    routed: routedDown,
    failed: existing - routedDown,
    placed: placedDuring,
    turnedAway: waiting.length,
    mapVersion: router.cachedVersion,
  });

  controlPlane.up = true;
  let placedAfter = 0;
  for (const id of waiting) if (controlPlane.place(id).ok) placedAfter++;
  router.refresh(controlPlane);
  const routedAfter = routeAll();
  phases.push({
    phase: "recovered",
    controlPlaneUp: true,
    routed: routedAfter,
    failed: existing - routedAfter,
    placed: placedAfter,
    turnedAway: waiting.length - placedAfter,
    mapVersion: router.cachedVersion,
  });
  return phases;
}

/**
 * The fewest availability zones a design in this course has: with one zone there is no other
 * zone to carry the load when it is lost. The widgets and `npm run sim -- cells` use this bound.
 */
export const minZones = 2;

/**
 * Capacity to provision, as a multiple of peak, so that losing one of `zones` zones needs no
 * new launches (launching is a control-plane action): N / (N - 1).
 */
export function preProvisionFactor(zones: number): number {
  return headroomToSurvive(zones, 1);
}

function checkZones(zones: number): void {
  if (!Number.isInteger(zones) || zones < minZones)
    throw new RangeError(`static stability across zones needs at least ${minZones} zones, got ${zones}`);
}

function checkLost(zones: number, lost: number): void {
  if (!Number.isInteger(lost) || lost < 0 || lost >= zones)
    throw new RangeError(`zones lost must be a whole number from 0 to ${zones - 1} (of ${zones}), got ${lost}`);
}

/**
 * Capacity to provision, as a multiple of peak, so that losing `lost` of `zones` zones leaves
 * enough to carry the peak with no new launches: N / (N - lost).
 */
export function headroomToSurvive(zones: number, lost: number): number {
  checkZones(zones);
  checkLost(zones, lost);
  return zones / (zones - lost);
}

export interface ZoneLoss {
  zones: number;
  /** Capacity provisioned across all zones, spread evenly, as a multiple of peak (1.5 = 150%). */
  provisioned: number;
  /** Zones lost at the peak. */
  lost: number;
}

export interface ZoneLossOutcome {
  /** Capacity left in the surviving zones, as a share of peak demand. */
  capacityLeft: number;
  /** Share of peak demand the survivors cannot serve until new capacity arrives (0 when none). */
  unserved: number;
}

/**
 * What losing `lost` zones at the peak leaves: the survivors hold provisioned x (N - lost) / N of
 * peak. Static stability means that is at least 1, so nothing waits on the control plane to
 * launch more; below 1 the shortfall is refused (or every request slows) until it does.
 */
export function zoneLoss({ zones, provisioned, lost }: ZoneLoss): ZoneLossOutcome {
  checkZones(zones);
  checkLost(zones, lost);
  if (!(provisioned > 0) || !Number.isFinite(provisioned))
    throw new RangeError(`provisioned capacity must be a positive multiple of peak, got ${provisioned}`);
  const capacityLeft = (provisioned * (zones - lost)) / zones;
  return { capacityLeft, unserved: Math.max(0, 1 - capacityLeft) };
}
