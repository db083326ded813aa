/**
 * How many cells? Smaller cells shrink the blast radius of a cell's failure, but each cell
 * carries a fixed overhead (its own minimum fleet, database, monitoring, deploy stage), and the
 * router in front of them all stays one shared dependency whatever the cell count.
 */
import { assertWholeNumber } from "../checks.ts";

export interface CellCosts {
  customers: number;
  /** Monthly cost every cell carries however few customers it holds (minimum fleet, database, tooling). */
  fixedPerCell: number;
  /** Monthly cost per customer, the same wherever the customer lives. */
  perCustomer: number;
}

export interface CellDesign {
  cells: number;
  /** Customers in the largest cell (customers spread as evenly as whole numbers allow). */
  largestCell: number;
  /** Share of customers one failed cell takes down: the largest cell's. */
  blastRadius: number;
  /** Monthly bill. */
  monthly: number;
  /** Share of the bill that is per-cell overhead. */
  overheadShare: number;
}

export function cellDesign(cells: number, costs: CellCosts): CellDesign {
  assertWholeNumber("cells", cells, 1);
  assertWholeNumber("customers", costs.customers, 1);
  if (cells > costs.customers)
    throw new RangeError(`${cells} cells for ${costs.customers} customers leaves cells empty`);
  if (!(costs.fixedPerCell >= 0) || !(costs.perCustomer >= 0)) throw new RangeError("costs must be numbers >= 0");
  const largestCell = Math.ceil(costs.customers / cells);
  const overhead = cells * costs.fixedPerCell;
  const monthly = overhead + costs.customers * costs.perCustomer;
  return {
    cells,
    largestCell,
    blastRadius: largestCell / costs.customers,
    monthly,
    overheadShare: monthly > 0 ? overhead / monthly : 0,
  };
}

/** The fewest cells for which one failed cell takes down at most `maxBlastRadius` of the customers. */
export function fewestCellsFor(maxBlastRadius: number, customers: number): number {
  if (!(maxBlastRadius > 0 && maxBlastRadius <= 1))
    throw new RangeError(`the blast-radius target must be a share in (0, 1], got ${maxBlastRadius}`);
  assertWholeNumber("customers", customers, 1);
  // ceil(customers / cells) <= target x customers  <=>  cells >= customers / floor(target x customers).
  const perCell = Math.floor(maxBlastRadius * customers + 1e-9);
  if (perCell < 1)
    throw new RangeError(`no cell count keeps one cell's share of ${customers} customers at ${maxBlastRadius}`);
  return Math.ceil(customers / perCell);
}

/** The most cells a monthly budget pays for (0 when even one is too dear). */
export function mostCellsWithin(budget: number, costs: CellCosts): number {
  const left = budget - costs.customers * costs.perCustomer;
  if (left < costs.fixedPerCell) return 0;
  if (costs.fixedPerCell === 0) return costs.customers;
  return Math.min(costs.customers, Math.floor(left / costs.fixedPerCell + 1e-9));
}

/**
 * Availability a customer sees through the router and its cell, both needed on every request:
 * the product. A router outage takes every cell's customers at once.
 */
export function pathAvailability(router: number, cell: number): number {
  for (const [name, a] of [
    ["router", router],
    ["cell", cell],
  ] as const) {
    if (!(a >= 0 && a <= 1)) throw new RangeError(`${name} availability must be a share from 0 to 1, got ${a}`);
  }
  return router * cell;
}

export interface TenantMove {
  /** The tenant's data, in gigabytes. */
  dataGB: number;
  /** Copy throughput between cells, gigabytes per hour, while the source keeps serving. */
  copyGBPerHour: number;
  /** Writes per second the tenant makes: during dual-write each is made twice. */
  writesPerSecond: number;
  /** How long writes are doubled while the copy catches up and is verified, in hours. */
  dualWriteHours: number;
}

/** What moving a tenant costs: hours of copying, and the extra writes of the dual-write phase. */
export function tenantMoveCost({ dataGB, copyGBPerHour, writesPerSecond, dualWriteHours }: TenantMove): {
  copyHours: number;
  extraWrites: number;
} {
  if (!(dataGB >= 0) || !(copyGBPerHour > 0) || !(writesPerSecond >= 0) || !(dualWriteHours >= 0))
    throw new RangeError("a move needs data >= 0, a copy rate > 0, writes >= 0 and a dual-write time >= 0");
  return { copyHours: dataGB / copyGBPerHour, extraWrites: writesPerSecond * dualWriteHours * 3600 };
}

/**
 * The share of one cell a tenant's data fills when `cells` equal cells hold `totalGB` between
 * them: the smaller the cells, the bigger a large tenant looks. At 1 or more it fits no cell of
 * that size (it needs bigger cells, or a cell of its own).
 */
export function tenantShareOfCell(tenantGB: number, totalGB: number, cells: number): number {
  assertWholeNumber("cells", cells, 1);
  if (!(tenantGB >= 0) || !(totalGB > 0) || tenantGB > totalGB)
    throw new RangeError("a tenant's data must be from 0 to the whole system's, and the system's more than 0");
  return (tenantGB * cells) / totalGB;
}
