/**
 * Where a fault lands, and how many customers it reaches, in a cell-based design and in the
 * same system built as one shared deployment.
 */
import type { CellRouter, Customer } from "./router.ts";
import { percent } from "../../format/number.ts";
import { assertWholeNumber } from "../checks.ts";

export type Fault =
  /** A request that crashes whatever serves it; its customer's retries follow it. */
  | { kind: "poison"; customer: string }
  /** A bad release or config push, which in a cellular design reaches one cell first. */
  | { kind: "bad-deploy"; cell: number }
  /** A whole availability zone lost. Cells are zonal here: cell i lives in zone i mod zones. */
  | { kind: "lost-zone"; zone: number };

export interface Topology {
  cells: number;
  /** Availability zones; cell i lives in zone i mod zones. */
  zones: number;
  /**
   * Spare capacity of the shared (non-cellular) fleet as a fraction of peak: 0.5 means 1.5x
   * peak provisioned. It decides whether that fleet survives losing a zone.
   */
  sharedHeadroom?: number;
}

export interface BlastRadius {
  fault: Fault;
  affectedCells: number[];
  cells: number;
  /** affectedCells / cells. */
  cellShare: number;
  customersAffected: number;
  customers: number;
  /** Share of customers that lose service in the cellular design. */
  customerShare: number;
  /** Share of traffic (customer weights) that fails in the cellular design. */
  trafficShare: number;
  /** The same fault in one shared deployment of the whole system. */
  nonCellular: { customerShare: number; why: string };
}

/** The cells a fault lands in. */
export function cellsHit(fault: Fault, topology: Topology, router: CellRouter): number[] {
  switch (fault.kind) {
    case "poison": {
      const route = router.route(fault.customer);
      return route.ok ? [route.cell] : [];
    }
    case "bad-deploy":
      return [fault.cell];
    case "lost-zone": {
      const hit: number[] = [];
      for (let cell = fault.zone; cell < topology.cells; cell += topology.zones) hit.push(cell);
      return hit;
    }
  }
}

/** The same fault when every customer shares one deployment. */
export function nonCellularImpact(fault: Fault, topology: Topology): { customerShare: number; why: string } {
  switch (fault.kind) {
    case "poison":
      return { customerShare: 1, why: "the retried request crashes server after server of the one shared fleet" };
    case "bad-deploy":
      return { customerShare: 1, why: "the release goes to the one fleet every customer uses" };
    case "lost-zone": {
      const headroom = topology.sharedHeadroom ?? 0;
      const left = ((1 + headroom) * (topology.zones - 1)) / topology.zones;
      return left >= 1
        ? { customerShare: 0, why: "the surviving zones were provisioned to carry the whole load" }
        : {
            customerShare: 1,
            why: `the surviving zones hold ${percent(left)} of peak capacity, and every customer shares the overload`,
          };
    }
  }
}

export function blastRadius(
  customers: readonly Customer[],
  router: CellRouter,
  fault: Fault,
  topology: Topology,
): BlastRadius {
  assertWholeNumber("zones", topology.zones, 1);
  const affectedCells = cellsHit(fault, topology, router);
  const hit = new Set(affectedCells);
  let customersAffected = 0;
  let weightAffected = 0;
  let weightTotal = 0;
  for (const c of customers) {
    weightTotal += c.weight;
    const route = router.route(c.id);
    if (route.ok && hit.has(route.cell)) {
      customersAffected++;
      weightAffected += c.weight;
    }
  }
  return {
    fault,
    affectedCells,
    cells: topology.cells,
    cellShare: affectedCells.length / topology.cells,
    customersAffected,
    customers: customers.length,
    customerShare: customers.length ? customersAffected / customers.length : 0,
    trafficShare: weightTotal ? weightAffected / weightTotal : 0,
    nonCellular: nonCellularImpact(fault, topology),
  };
}
