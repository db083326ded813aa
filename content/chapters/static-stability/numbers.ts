/** Numbers shown in the static-stability chapter, computed by src/sim/cells; checked by numbers.test.ts. */
import { controlPlaneOutage, preProvisionFactor } from "../../../src/sim/cells/static-stability.ts";

const count = (n: number) => n.toLocaleString("en-US");
const times = (x: number) => `${x.toFixed(1)}×`;
const percent = (share: number) => `${Number((share * 100).toFixed(1))}%`;

/** Capacity to run, as a multiple of peak, so losing one zone needs no launches: N/(N-1). */
export const provisioning = [2, 3, 4].map((zones) => ({
  zones,
  factor: times(preProvisionFactor(zones)),
  /** Each zone runs this share of peak. */
  perZone: percent(preProvisionFactor(zones) / zones),
  /** The spare capacity bought, as a share of peak. */
  extra: percent(preProvisionFactor(zones) - 1),
}));

const scenario = { existing: 1200, arriving: 40, cells: 6 } as const;
const cached = controlPlaneOutage({ ...scenario, routerMode: "cached-mapping" });
const asking = controlPlaneOutage({ ...scenario, routerMode: "asks-control-plane" });

export const outage = {
  existing: count(scenario.existing),
  arriving: count(scenario.arriving),
  cells: scenario.cells,
  cachedRouted: count(cached[1]!.routed),
  cachedWaiting: count(cached[1]!.turnedAway),
  askingRouted: count(asking[1]!.routed),
  placedAfter: count(cached[2]!.placed),
};
