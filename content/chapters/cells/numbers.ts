/**
 * Numbers shown in the cells chapter, computed by src/sim/cells at build time and checked by
 * numbers.test.ts.
 */
import { blastRadius } from "../../../src/sim/cells/blast.ts";
import { rollout } from "../../../src/sim/cells/deploy.ts";
import { cellPopulations, placeAll, uniformCustomers } from "../../../src/sim/cells/router.ts";
import { cellExample } from "../../../src/sim/cells/example.ts";
import { grouped, percentUpTo } from "../../../src/format/number.ts";

// The course's worked example (the widget opens on it too): customers spread evenly, one cell's fault.
const tenCells = cellExample;
const customers = uniformCustomers(tenCells.customers);
const { router, controlPlane } = placeAll(customers, tenCells.cells);
const badCell = blastRadius(customers, router, { kind: "bad-deploy", cell: 0 }, tenCells);

/** Every cell's population in the worked example (the prose says the cells are equal). */
export const tenPopulations = cellPopulations(controlPlane.publish()!);

export const ten = {
  cells: tenCells.cells,
  customers: grouped(tenCells.customers),
  perCell: grouped(cellPopulations(controlPlane.publish()!)[0]!),
  hitShare: percentUpTo(badCell.customerShare),
  untouched: percentUpTo(1 - badCell.customerShare),
  sharedShare: percentUpTo(badCell.nonCellular.customerShare),
};

// Sharding by customer into fixed shards: the blast radius is 1/shards.
export const shardsLadder = [2, 4, 10, 50].map((shards) => ({ shards, share: percentUpTo(1 / shards) }));

// A canary-first rollout over the same ten cells, with a health check that catches the bad release.
const caught = rollout({
  cellPopulations: cellPopulations(controlPlane.publish()!),
  releaseBad: true,
  healthCheckCatches: true,
});
export const canary = {
  exposed: grouped(caught.customersExposed),
  exposedShare: percentUpTo(caught.exposedShare),
  cellsReached: caught.cellsReached,
};
