import { describe, expect, test } from "vitest";
import { percent } from "../../format/number.ts";
import { blastRadius, type Fault, nonCellularImpact } from "./blast.ts";
import { rollout } from "./deploy.ts";
import { moveCustomer } from "./migration.ts";
import {
  type Assignments,
  CellRouter,
  type CellMap,
  ControlPlane,
  cellPopulations,
  emptyCellMap,
  placeAll,
  uniformCustomers,
} from "./router.ts";
import { controlPlaneOutage, preProvisionFactor } from "./static-stability.ts";
import { mulberry32, randomInt } from "../random.ts";

describe("router and control plane", () => {
  test("placement fills the least-populated cell, and bounded cells refuse when full", () => {
    const { controlPlane, router } = placeAll(uniformCustomers(10), 4, 3);
    expect(cellPopulations(controlPlane.publish()!)).toEqual([3, 3, 2, 2]);
    expect(router.route("c0")).toEqual({ ok: true, cell: 0, mapVersion: 10 });
    expect(router.route("c5")).toMatchObject({ ok: true, cell: 1 });
    controlPlane.place("c10");
    controlPlane.place("c11");
    expect(controlPlane.place("c12")).toEqual({ ok: false, reason: "all-cells-full" });
    controlPlane.addCell();
    expect(controlPlane.place("c12")).toMatchObject({ ok: true, cell: 4 });
  });

  test("the router answers from its cache only; unknown keys are refused, not guessed", () => {
    const router = new CellRouter();
    expect(router.route("c0")).toEqual({ ok: false, reason: "no-mapping" });
    const { router: warm } = placeAll(uniformCustomers(3), 3);
    expect(warm.route("nobody")).toEqual({ ok: false, reason: "unknown-customer" });
  });
});

describe("blast radius", () => {
  const zones = 3;
  test("for uniform keys it equals affected cells / cells, for every fault and cell count", () => {
    for (const cells of [1, 3, 6, 10, 12]) {
      const customers = uniformCustomers(cells * 50);
      const { router } = placeAll(customers, cells);
      const faults: Fault[] = [
        { kind: "poison", customer: "c7" },
        { kind: "bad-deploy", cell: cells - 1 },
        { kind: "lost-zone", zone: 1 % zones },
      ];
      for (const fault of faults) {
        const b = blastRadius(customers, router, fault, { cells, zones });
        expect(b.customerShare).toBe(b.affectedCells.length / cells);
        expect(b.customerShare).toBe(b.cellShare);
      }
    }
  });

  test("10 cells: one bad cell leaves 90% of customers untouched; the shared design loses everyone", () => {
    const customers = uniformCustomers(1000);
    const { router } = placeAll(customers, 10);
    const b = blastRadius(customers, router, { kind: "bad-deploy", cell: 3 }, { cells: 10, zones: 3 });
    expect(b.customersAffected).toBe(100);
    expect(1 - b.customerShare).toBe(0.9);
    expect(b.nonCellular.customerShare).toBe(1);
  });

  test("a poison request lands in its own customer's cell", () => {
    const customers = uniformCustomers(40);
    const { router } = placeAll(customers, 4);
    const b = blastRadius(customers, router, { kind: "poison", customer: "c6" }, { cells: 4, zones: 2 });
    expect(b.affectedCells).toEqual([2]);
    expect(b.customersAffected).toBe(10);
  });

  test("a lost zone takes its zonal cells; a shared fleet survives it only with N/(N-1) headroom", () => {
    const customers = uniformCustomers(90);
    const { router } = placeAll(customers, 9);
    const b = blastRadius(customers, router, { kind: "lost-zone", zone: 2 }, { cells: 9, zones: 3 });
    expect(b.affectedCells).toEqual([2, 5, 8]);
    expect(b.customerShare).toBeCloseTo(1 / 3, 12);
    expect(b.nonCellular.customerShare).toBe(1);
    const provisioned = blastRadius(
      customers,
      router,
      { kind: "lost-zone", zone: 2 },
      { cells: 9, zones: 3, sharedHeadroom: preProvisionFactor(3) - 1 },
    );
    expect(provisioned.nonCellular.customerShare).toBe(0);
  });

  test("traffic share follows customer weights: a large customer makes its cell heavier", () => {
    const customers = uniformCustomers(20).map((c) => (c.id === "c0" ? { ...c, weight: 81 } : c));
    const { router } = placeAll(customers, 4);
    const b = blastRadius(customers, router, { kind: "bad-deploy", cell: 0 }, { cells: 4, zones: 2 });
    expect(b.customerShare).toBe(0.25);
    expect(b.trafficShare).toBeCloseTo(85 / 100, 12);
  });
});

describe("cell-by-cell deploy", () => {
  const populations = new Array(10).fill(100);
  test("the canary catches a bad release: one cell's customers saw it, the rollout halts", () => {
    const out = rollout({ cellPopulations: populations, releaseBad: true, healthCheckCatches: true });
    expect(out.halted).toBe(true);
    expect(out.cellsReached).toBe(1);
    expect(out.customersExposed).toBe(100);
    expect(out.exposedShare).toBe(0.1);
    expect(out.steps.map((s) => s.action)).toEqual(["deploy", "health-check-failed", "halt-and-roll-back"]);
    expect(out.allAtOnceExposedShare).toBe(1);
  });

  test("a health check that misses (gray failure) lets a bad release reach every cell", () => {
    const out = rollout({ cellPopulations: populations, releaseBad: true, healthCheckCatches: false, waveSize: 3 });
    expect(out.halted).toBe(false);
    expect(out.steps.filter((s) => s.action === "deploy").map((s) => s.cells)).toEqual([
      [0],
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
    expect(out.exposedShare).toBe(1);
  });

  test("a canary that misses, caught by the next wave's alarms: canary plus one wave exposed", () => {
    const out = rollout({
      cellPopulations: populations,
      releaseBad: true,
      healthCheckCatches: true,
      detectedInWave: 1,
      waveSize: 4,
    });
    expect(out.cellsReached).toBe(5);
    expect(out.customersExposed).toBe(500);
    expect(out.halted).toBe(true);
  });

  test("a good release goes everywhere and exposes no one", () => {
    const out = rollout({ cellPopulations: [5, 10, 20], releaseBad: false, healthCheckCatches: true });
    expect(out).toMatchObject({ halted: false, cellsReached: 3, customersExposed: 0, exposedShare: 0 });
    expect(out.steps.at(-1)!.action).toBe("complete");
  });
});

describe("moving a customer between cells", () => {
  for (const strategy of ["dual-write", "freeze"] as const) {
    test(`${strategy}: the customer is always routed to a cell holding its current data`, () => {
      const { controlPlane, router } = placeAll(uniformCustomers(8), 4);
      const moved = moveCustomer(controlPlane, router, "c1", 3, strategy);
      if (!moved.ok) throw new Error(moved.reason);
      expect(moved.steps.map((s) => s.name)).toEqual([
        "copy",
        strategy === "dual-write" ? "dual-write" : "freeze-writes",
        "flip-mapping",
        "clean-up",
      ]);
      for (const step of moved.steps) {
        expect(step.upToDateIn).toContain(step.routedTo);
        for (const cell of step.writesTo) expect(step.dataIn).toContain(cell);
      }
      expect(router.route("c1")).toMatchObject({ ok: true, cell: 3 });
      expect(moved.steps.at(-1)!.dataIn).toEqual([3]);
    });
  }

  test("a move is a control-plane action: refused while it is down", () => {
    const { controlPlane, router } = placeAll(uniformCustomers(8), 4);
    controlPlane.up = false;
    expect(moveCustomer(controlPlane, router, "c1", 3, "freeze")).toEqual({ ok: false, reason: "control-plane-down" });
    expect(moveCustomer(controlPlane, router, "c1", 1, "freeze")).toEqual({ ok: false, reason: "same-cell" });
  });
});

describe("static stability", () => {
  test("a router on its cached mapping keeps routing; new customers wait for the control plane", () => {
    const [before, down, recovered] = controlPlaneOutage({
      existing: 200,
      arriving: 15,
      cells: 4,
      routerMode: "cached-mapping",
    });
    expect(before).toMatchObject({ routed: 200, failed: 0 });
    expect(down).toMatchObject({
      controlPlaneUp: false,
      routed: 200,
      failed: 0,
      placed: 0,
      turnedAway: 15,
      mapVersion: 200,
    });
    expect(recovered).toMatchObject({ routed: 200, placed: 15, turnedAway: 0, mapVersion: 215 });
  });

  test("a router that asks the control plane on every request fails with it", () => {
    const [, down] = controlPlaneOutage({ existing: 200, arriving: 15, cells: 4, routerMode: "asks-control-plane" });
    expect(down).toMatchObject({ routed: 0, failed: 200, turnedAway: 15 });
  });

  test("pre-provisioning for the loss of one zone: N/(N-1) x peak", () => {
    expect(preProvisionFactor(2)).toBe(2);
    expect(preProvisionFactor(3)).toBe(1.5);
    expect(() => preProvisionFactor(1)).toThrow(/2 zones/);
  });
});

test("an empty map needs at least one cell", () => {
  expect(() => emptyCellMap(0)).toThrow(/cells/);
  expect(new ControlPlane(emptyCellMap(2)).publish()!.version).toBe(0);
});

test("one shared deployment: a poison request and a bad release each reach every customer (the ladder's first rung)", () => {
  expect(nonCellularImpact({ kind: "poison", customer: "c0" }, { cells: 1, zones: 1 }).customerShare).toBe(1);
  expect(nonCellularImpact({ kind: "bad-deploy", cell: 0 }, { cells: 1, zones: 1 }).customerShare).toBe(1);
});

test("one shared deployment losing a zone says how much capacity is left with the widget's one decimal (83.3%, not 83%)", () => {
  // Six zones and no spare: five sixths of peak is left, the share the cells widget writes as 83.3%.
  const { customerShare, why } = nonCellularImpact({ kind: "lost-zone", zone: 0 }, { cells: 6, zones: 6 });
  expect(customerShare).toBe(1);
  expect(why).toBe(
    `the surviving zones hold ${percent(5 / 6)} of peak capacity, and every customer shares the overload`,
  );
  expect(why).toContain("83.3% of peak");
});

test("placing keeps the rule 'least-populated cell with room, lowest number on ties' through moves, new cells and full cells", () => {
  // The rule written as a scan over every cell, which the control plane replaced with an ordered
  // heap; both are driven by the same seeded mix of placements, moves and new cells.
  for (const seed of [1, 2, 3, 4, 5]) {
    const rand = mulberry32(seed);
    const capacity = 2 + randomInt(rand, 6);
    const controlPlane = new ControlPlane(emptyCellMap(1 + randomInt(rand, 5), capacity));
    const populations: number[] = cellPopulations(controlPlane.publish()!);
    const cellOf = new Map<string, number>();
    let placed = 0;
    let full = 0;
    for (let step = 0; step < 400; step++) {
      const roll = rand();
      if (roll < 0.05) {
        controlPlane.addCell();
        populations.push(0);
      } else if (roll < 0.3 && cellOf.size > 0) {
        const id = `c${randomInt(rand, cellOf.size)}`;
        const to = randomInt(rand, populations.length);
        controlPlane.assign(id, to);
        populations[cellOf.get(id)!]!--;
        populations[to]!++;
        cellOf.set(id, to);
      } else {
        let expected = -1;
        for (let cell = 0; cell < populations.length; cell++)
          if (populations[cell]! < capacity && (expected === -1 || populations[cell]! < populations[expected]!))
            expected = cell;
        const id = `c${cellOf.size}`;
        const got = controlPlane.place(id);
        if (expected === -1) {
          expect(got).toEqual({ ok: false, reason: "all-cells-full" });
          full++;
          continue;
        }
        expect(got.ok && got.cell, `seed ${seed}, step ${step}`).toBe(expected);
        populations[expected]!++;
        cellOf.set(id, expected);
        placed++;
      }
      expect(cellPopulations(controlPlane.publish()!)).toEqual(populations);
    }
    // Each seed exercises both answers.
    expect(placed).toBeGreaterThan(20);
    expect(full).toBeGreaterThan(0);
  }
});

test("a published mapping never changes afterwards, and reads as a plain Map of the same writes, in order", () => {
  // The control plane shares its map with the snapshots it publishes and lays later changes over
  // it; a plain Map written the same way is the rule. Publishing at random steps (and every step
  // for a stretch) drives the overlay past the size that merges it back, several times.
  const same = (got: Assignments, want: Map<string, number>, where: string) => {
    // As text: a few hundred snapshots of a thousand entries, compared three ways each.
    expect(JSON.stringify([...got]), where).toBe(JSON.stringify([...want]));
    expect(JSON.stringify([...got.keys()]), where).toBe(JSON.stringify([...want.keys()]));
    expect(JSON.stringify([...got.values()]), where).toBe(JSON.stringify([...want.values()]));
    expect(got.size, where).toBe(want.size);
    for (const id of ["c0", "c7", "c299", "c590", "nobody"]) {
      expect(got.get(id), `${where} ${id}`).toBe(want.get(id));
      expect(got.has(id), `${where} ${id}`).toBe(want.has(id));
    }
  };
  for (const seed of [1, 2, 3]) {
    const rand = mulberry32(seed);
    const controlPlane = new ControlPlane(emptyCellMap(8));
    const plain = new Map<string, number>();
    const taken: { map: CellMap; want: Map<string, number> }[] = [];
    for (let step = 0; step < 1_500; step++) {
      if (plain.size > 0 && rand() < 0.6) {
        const id = `c${randomInt(rand, plain.size)}`;
        const to = randomInt(rand, 8);
        controlPlane.assign(id, to);
        plain.set(id, to);
      } else {
        const id = `c${plain.size}`;
        const got = controlPlane.place(id);
        if (!got.ok) throw new Error(`seed ${seed}: ${got.reason}`);
        plain.set(id, got.cell);
      }
      if ((step > 1_000 && step < 1_200) || rand() < 0.02)
        taken.push({ map: controlPlane.publish()!, want: new Map(plain) });
    }
    expect(taken.length).toBeGreaterThan(200);
    for (const [i, { map, want }] of taken.entries()) same(map.assignments, want, `seed ${seed}, snapshot ${i}`);
    same(controlPlane.publish()!.assignments, plain, `seed ${seed}, last`);
  }
});
