/** Numbers shown in the static-stability chapter, computed by src/sim/cells; checked by numbers.test.ts. */
import { controlPlaneOutage, preProvisionFactor } from "../../../src/sim/cells/static-stability.ts";

import { grouped, percentUpTo, times } from "../../../src/format/number.ts";

/** Capacity to run, as a multiple of peak, so losing one zone needs no launches: N/(N-1). */
export const provisioning = [2, 3, 4].map((zones) => ({
  zones,
  factor: times(preProvisionFactor(zones)),
  /** Each zone runs this share of peak. */
  perZone: percentUpTo(preProvisionFactor(zones) / zones),
  /** The spare capacity bought, as a share of peak. */
  extra: percentUpTo(preProvisionFactor(zones) - 1),
}));

const scenario = { existing: 1200, arriving: 40, cells: 6 } as const;
const cached = controlPlaneOutage({ ...scenario, routerMode: "cached-mapping" });
const asking = controlPlaneOutage({ ...scenario, routerMode: "asks-control-plane" });

/** The two routers' phases (before, control plane down, recovered), for the tests of the prose. */
export const outageRuns = { cached, asking };

export const outage = {
  existing: grouped(scenario.existing),
  arriving: grouped(scenario.arriving),
  cells: scenario.cells,
  cachedRouted: grouped(cached[1]!.routed),
  cachedWaiting: grouped(cached[1]!.turnedAway),
  askingRouted: grouped(asking[1]!.routed),
  placedAfter: grouped(cached[2]!.placed),
};
