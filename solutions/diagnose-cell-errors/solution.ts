/** Expected answers for "Diagnose the cells", from src/sim/diagnosis/cells.ts. */
import { grouped, rounded } from "../../src/format/number.ts";
import { affectedShare, type CellParams, cellCase, cellSituation } from "../../src/sim/diagnosis/cells.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const actionFor = { "bad-release": "rollback-cell", "hot-tenant": "limit-tenant", router: "fix-router" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as CellParams;
  const what = cellCase(p);
  return { what, action: actionFor[what], affected: affectedShare(p) };
}

/** The worked solution's figures for this table (explanation.md shows them as {name}). */
export function worked(params: Record<string, number>): Record<string, string> {
  const p = params as unknown as CellParams;
  const what = cellCase(p);
  const { rows, cell } = cellSituation(p);
  const total = rows.reduce((sum, r) => sum + r.customers, 0);
  const share = affectedShare(p);
  const affected = `${rounded(share * 100, 4)}%`;
  if (what === "router")
    return {
      reading: `Every one of the ${grouped(p.cells)} cells fails at once, from ${grouped(Math.min(...rows.map((r) => r.failing)))}% to ${grouped(Math.max(...rows.map((r) => r.failing)))}% of its requests, on the old release everywhere and with no tenant above ${grouped(Math.max(...rows.map((r) => r.topTenant)))}% of its cell. In a cell design the cells share nothing but the router in front of them, the one thing on every request's path.`,
      diagnosis: "The router in front of every cell",
      action: "Restore the router: roll back its last change, serve from its cached cell map",
      actionWhy:
        "Nothing inside a cell is wrong, so rolling back a cell, limiting a tenant or adding cells changes nothing; failing every cell over moves all customers to fix one component. This is why the router must be the thinnest, most stable part of a cell design.",
      affected,
      affectedWorking: `Every cell fails, so every customer is affected: ${grouped(total)} of ${grouped(total)}, ${affected}.`,
    };
  const hit = rows[cell!]!;
  const others = rows.filter((r) => r.cell !== cell);
  const quiet = `the other ${grouped(others.length)} fail ${rounded(Math.max(...others.map((r) => r.failing)), 2)}% or less`;
  const working = `Cell ${grouped(hit.cell)} holds ${grouped(hit.customers)} of the ${grouped(total)} customers: ${grouped(hit.customers)} / ${grouped(total)} ≈ ${affected}. Not 1/${grouped(p.cells)} = ${rounded(100 / p.cells, 4)}%: customers are placed unevenly, so a cell's share is its own count over the total.`;
  if (what === "bad-release")
    return {
      reading: `One cell of ${grouped(p.cells)} fails (cell ${grouped(hit.cell)}, ${grouped(hit.failing)}% of its requests), and ${quiet}. Cell ${grouped(hit.cell)} is the only one on the new release, ${hit.release}; its busiest tenant sends ${grouped(hit.topTenant)}% of its requests, as ordinary as the other cells' ${grouped(Math.min(...others.map((r) => r.topTenant)))}% to ${grouped(Math.max(...others.map((r) => r.topTenant)))}%. Every cell failing at once would have pointed at the router.`,
      diagnosis: "The new release, in the one cell that runs it",
      action: "Roll that cell back to the old release and halt the rollout",
      actionWhy:
        "The cell boundary has already contained the release to one cell's customers; rolling it back ends it for them, and halting the rollout keeps it from the rest. Limiting a tenant or adding cells fixes nothing a release broke, and failing over moves everyone.",
      affected,
      affectedWorking: working,
    };
  return {
    reading: `One cell of ${grouped(p.cells)} fails (cell ${grouped(hit.cell)}, ${grouped(hit.failing)}% of its requests), and ${quiet}. All ${grouped(p.cells)} run the same release, ${hit.release}, so a release cannot be the difference; what sets cell ${grouped(hit.cell)} apart is that one tenant sends ${grouped(hit.topTenant)}% of its requests, against ${grouped(Math.min(...others.map((r) => r.topTenant)))}% to ${grouped(Math.max(...others.map((r) => r.topTenant)))}% elsewhere.`,
    diagnosis: "One tenant, whose traffic swamps its cell",
    action: "Rate-limit that tenant, then move it to a cell of its own",
    actionWhy:
      "The limit gives its neighbours in the cell their capacity back at once; a cell of its own keeps the next surge from reaching them. Rolling back changes nothing (there is no new release), and adding cells or failing over a region moves everyone to fix one tenant.",
    affected,
    affectedWorking: working,
  };
}

/**
 * Another service: any of the three faults, 4 to 12 cells of 100 to 500 customers on average. The
 * table is drawn again until the share affected is at least 2% away from 1 / cells, so that a
 * learner who takes the cells as equal reads a different share to the part's three figures.
 */
export function variant(rand: Random): Record<string, number> {
  const incident = randomInt(rand, 3);
  const cells = 4 + randomInt(rand, 9);
  const perCell = 100 * (1 + randomInt(rand, 5));
  for (;;) {
    const params = { incident, cells, perCell, seed: randomInt(rand, 100_000) };
    if (Math.abs(affectedShare(params as unknown as CellParams) * cells - 1) >= 0.02) return params;
  }
}
