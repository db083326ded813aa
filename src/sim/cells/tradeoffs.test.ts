import { describe, expect, it } from "vitest";
import {
  cellDesign,
  fewestCellsFor,
  mostCellsWithin,
  pathAvailability,
  tenantMoveCost,
  tenantShareOfCell,
} from "./sizing.ts";
import { headroomToSurvive, preProvisionFactor, zoneLoss } from "./static-stability.ts";

describe("headroom against zones lost", () => {
  it("N / (N - lost) carries the peak after the loss, and one zone is N / (N - 1)", () => {
    expect(headroomToSurvive(3, 1)).toBe(1.5);
    expect(headroomToSurvive(3, 2)).toBe(3);
    expect(headroomToSurvive(4, 1)).toBeCloseTo(4 / 3, 15);
    expect(preProvisionFactor(4)).toBe(headroomToSurvive(4, 1));
    for (const zones of [2, 3, 4, 5, 6]) {
      for (let lost = 0; lost < zones; lost++) {
        const provisioned = headroomToSurvive(zones, lost);
        expect(zoneLoss({ zones, provisioned, lost }).unserved).toBeCloseTo(0, 12);
        expect(zoneLoss({ zones, provisioned: provisioned * 0.99, lost }).unserved).toBeGreaterThan(0);
      }
    }
  });

  it("without headroom, losing one of three zones leaves a third of the peak unserved", () => {
    const out = zoneLoss({ zones: 3, provisioned: 1, lost: 1 });
    expect(out.capacityLeft).toBeCloseTo(2 / 3, 15);
    expect(out.unserved).toBeCloseTo(1 / 3, 15);
  });

  it("headroom for one zone is not enough for two", () => {
    expect(zoneLoss({ zones: 3, provisioned: 1.5, lost: 1 }).unserved).toBe(0);
    expect(zoneLoss({ zones: 3, provisioned: 1.5, lost: 2 }).unserved).toBeCloseTo(0.5, 15);
  });

  it("refuses impossible designs", () => {
    expect(() => zoneLoss({ zones: 1, provisioned: 1, lost: 0 })).toThrow(/at least 2 zones/);
    expect(() => zoneLoss({ zones: 3, provisioned: 1, lost: 3 })).toThrow(/0 to 2/);
    expect(() => zoneLoss({ zones: 3, provisioned: 0, lost: 1 })).toThrow(/positive/);
  });
});

describe("cell size against blast radius and overhead", () => {
  const costs = { customers: 10_000, fixedPerCell: 2_000, perCustomer: 5 };

  it("more cells: a smaller blast radius and a bigger share of overhead", () => {
    const few = cellDesign(5, costs);
    const many = cellDesign(50, costs);
    expect(few.blastRadius).toBe(0.2);
    expect(many.blastRadius).toBe(0.02);
    expect(few.monthly).toBe(5 * 2000 + 10_000 * 5);
    expect(many.monthly).toBe(50 * 2000 + 10_000 * 5);
    expect(many.overheadShare).toBeGreaterThan(few.overheadShare);
  });

  it("uneven cells: the largest cell sets the blast radius", () => {
    expect(cellDesign(3, costs).largestCell).toBe(3334);
    expect(cellDesign(3, costs).blastRadius).toBeCloseTo(0.3334, 15);
  });

  it("finds the fewest cells for a target, and no fewer meets it", () => {
    for (const target of [0.5, 0.2, 0.05, 0.03, 0.011]) {
      const n = fewestCellsFor(target, costs.customers);
      expect(cellDesign(n, costs).blastRadius).toBeLessThanOrEqual(target);
      if (n > 1) expect(cellDesign(n - 1, costs).blastRadius).toBeGreaterThan(target);
    }
    expect(fewestCellsFor(0.03, 10_000)).toBe(34);
  });

  it("finds the most cells a budget pays for", () => {
    expect(mostCellsWithin(150_000, costs)).toBe(50);
    expect(mostCellsWithin(149_999, costs)).toBe(49);
    expect(mostCellsWithin(50_000, costs)).toBe(0);
  });

  it("the router is on every request: its availability multiplies every cell's", () => {
    expect(pathAvailability(0.999, 0.9995)).toBeCloseTo(0.9985005, 12);
    expect(() => pathAvailability(1.2, 1)).toThrow(/router/);
  });

  it("moving a tenant costs copy hours and doubled writes", () => {
    expect(tenantMoveCost({ dataGB: 800, copyGBPerHour: 200, writesPerSecond: 50, dualWriteHours: 2 })).toEqual({
      copyHours: 4,
      extraWrites: 360_000,
    });
  });

  it("a tenant fills more of each cell as the cells shrink, and fits none once it is a cell's worth of data", () => {
    expect(tenantShareOfCell(500, 20_000, 10)).toBe(0.25);
    expect(tenantShareOfCell(500, 20_000, 40)).toBe(1);
    expect(tenantShareOfCell(500, 20_000, 1)).toBe(0.025);
    expect(() => tenantShareOfCell(500, 20_000, 0)).toThrow(/cells/);
    expect(() => tenantShareOfCell(30_000, 20_000, 2)).toThrow(RangeError);
    expect(() => tenantShareOfCell(1, 0, 2)).toThrow(RangeError);
  });
});
