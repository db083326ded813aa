/** Expected answers for "Diagnose the cells", from src/sim/diagnosis/cells.ts. */
import { affectedShare, type CellParams, cellCase } from "../../src/sim/diagnosis/cells.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const actionFor = { "bad-release": "rollback-cell", "hot-tenant": "limit-tenant", router: "fix-router" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as CellParams;
  const what = cellCase(p);
  return { what, action: actionFor[what], affected: affectedShare(p) };
}

/** Another service: any of the three faults, 4 to 12 cells of 100 to 500 customers on average. */
export function variant(rand: Random): Record<string, number> {
  return {
    incident: randomInt(rand, 3),
    cells: 4 + randomInt(rand, 9),
    perCell: 100 * (1 + randomInt(rand, 5)),
    seed: randomInt(rand, 100_000),
  };
}
