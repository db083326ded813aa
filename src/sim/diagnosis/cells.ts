/**
 * A cell-based service's per-cell table, for a diagnosis: `cells` cells, customers placed
 * unevenly (as tenants arrive over time), a router in front of them all. Three situations:
 *   bad-release   the one cell on a new release fails: roll that cell back
 *   hot-tenant    one tenant in one cell sends most of that cell's traffic and it fails: limit or
 *                 move that tenant
 *   router        every cell fails at once, whatever its release: the shared router
 * The customers affected are the failing cells' customers. Pure and seeded.
 */
import { mulberry32, randomInt } from "../random.ts";

export const cellCases = ["bad-release", "hot-tenant", "router"] as const;
export type CellCase = (typeof cellCases)[number];

export interface CellParams {
  incident: number;
  cells: number;
  /** Customers per cell on average. */
  perCell: number;
  seed: number;
}

export function cellCase(p: CellParams): CellCase {
  const c = cellCases[p.incident];
  if (c === undefined) throw new RangeError(`incident must be 0 to ${cellCases.length - 1}`);
  return c;
}

export interface CellRow {
  cell: number;
  customers: number;
  release: string;
  /** The busiest tenant's share of the cell's requests, in percent. */
  topTenant: number;
  /** Requests failing, in percent. */
  failing: number;
}

export interface CellSituation {
  rows: CellRow[];
  /** The cell the trouble is in (bad-release, hot-tenant); null when every cell fails. */
  cell: number | null;
}

export function cellSituation(p: CellParams): CellSituation {
  const kind = cellCase(p);
  const rand = mulberry32(p.seed);
  const cell = kind === "router" ? null : randomInt(rand, p.cells);
  const rows: CellRow[] = [];
  for (let c = 0; c < p.cells; c++) {
    // Uneven placement: between 60% and 140% of the average, in whole customers.
    const customers = Math.round(p.perCell * (0.6 + rand() * 0.8));
    const hit = kind === "router" || c === cell;
    rows.push({
      cell: c,
      customers,
      release: kind === "bad-release" && c === cell ? "v42 (new)" : "v41",
      topTenant: kind === "hot-tenant" && c === cell ? 55 + randomInt(rand, 30) : 4 + randomInt(rand, 9),
      failing: hit ? 20 + randomInt(rand, 60) : (1 + randomInt(rand, 4)) / 10,
    });
  }
  return { rows, cell };
}

/** The share of all customers in the failing cells. */
export function affectedShare(p: CellParams): number {
  const { rows, cell } = cellSituation(p);
  const total = rows.reduce((sum, r) => sum + r.customers, 0);
  return cell === null ? 1 : rows[cell]!.customers / total;
}
