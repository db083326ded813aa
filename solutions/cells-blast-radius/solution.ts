/** Expected answers for "One bad cell", computed by the cells simulation (src/sim/cells). */
import { grouped, readableShare } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { blastRadius } from "../../src/sim/cells/blast.ts";
import { rollout } from "../../src/sim/cells/deploy.ts";
import { cellPopulations, placeAll, uniformCustomers } from "../../src/sim/cells/router.ts";

export interface Params {
  cells: number;
  customers: number;
}

export function answers({ cells, customers }: Params): Record<string, number> {
  const everyone = uniformCustomers(customers);
  const { router, controlPlane } = placeAll(everyone, cells);
  const hit = blastRadius(everyone, router, { kind: "bad-deploy", cell: 0 }, { cells, zones: 1 });
  const deploy = rollout({
    cellPopulations: cellPopulations(controlPlane.publish()!),
    releaseBad: true,
    healthCheckCatches: true,
  });
  return { untouched: 1 - hit.customerShare, canary: deploy.customersExposed };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { untouched, canary } = answers(params);
  return {
    hitShare: readableShare(1 - untouched!),
    untouchedShare: readableShare(untouched!),
    customersGrouped: grouped(params.customers),
    canaryCustomers: grouped(canary!),
  };
}

/** Another service: 4 to 25 cells of 100 to 1,000 customers each (customers divisible by cells). */
export function variant(rand: Random): Params {
  const cells = 4 + Math.floor(rand() * 22);
  const perCell = 100 * (1 + Math.floor(rand() * 10));
  return { cells, customers: cells * perCell };
}
