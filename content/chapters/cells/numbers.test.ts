import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { grouped } from "../../../src/format/number.ts";
import { blastRadius, type Fault } from "../../../src/sim/cells/blast.ts";
import { ControlPlane, emptyCellMap, placeAll, uniformCustomers } from "../../../src/sim/cells/router.ts";
import { canary, shardsLadder, ten, tenPopulations } from "./numbers.ts";

test("with 10 cells a cell failure leaves 90% untouched (AWS cell-based architecture whitepaper)", () => {
  expect(ten).toEqual({
    cells: 10,
    customers: "1,000",
    perCell: "100",
    hitShare: "10%",
    untouched: "90%",
    sharedShare: "100%",
  });
});

test("the worked example's cells are equal: every one holds the same number of customers", () => {
  expect(tenPopulations).toHaveLength(ten.cells);
  for (const population of tenPopulations) expect(grouped(population)).toBe(ten.perCell);
});

test("the playground's cells are zonal; a lost zone is the one fault whose shared answer depends on headroom, and 0.5 is enough to shrug it off", () => {
  const program = readFileSync(new URL("./cells.play.ts", import.meta.url), "utf8");
  const setting = (name: string) =>
    Number(program.match(new RegExp(`const ${name} = ([\\d_.]+);`))?.[1]?.replace(/_/g, ""));
  const cells = setting("cells");
  const zones = setting("zones");
  const customersCount = Number(program.match(/uniformCustomers\(([\d_]+)\)/)?.[1]?.replace(/_/g, ""));
  expect([cells, zones, customersCount].every(Number.isFinite)).toBe(true);
  // "the shared design is assumed to have no spare capacity" unless you change it.
  expect(setting("sharedHeadroom")).toBe(0);
  expect(program).toContain("(try 0.5)");
  const customers = uniformCustomers(customersCount);
  const { router } = placeAll(customers, cells);
  const shared = (fault: Fault, sharedHeadroom: number) =>
    blastRadius(customers, router, fault, { cells, zones, sharedHeadroom }).nonCellular.customerShare;
  const lostZone: Fault = { kind: "lost-zone", zone: 1 };
  // Zonal cells: losing a zone takes out exactly the cells that live in it (cell i in zone i % zones).
  const hit = blastRadius(customers, router, lostZone, { cells, zones }).affectedCells;
  expect(hit).toEqual(Array.from({ length: cells }, (_, i) => i).filter((i) => i % zones === 1));
  // No headroom: a lost zone overloads the whole shared fleet. `sharedHeadroom = 0.5`: it shrugs it off.
  expect(shared(lostZone, 0)).toBe(1);
  expect(shared(lostZone, 0.5)).toBe(0);
  // The other faults reach everyone in one shared deployment, whatever its headroom.
  for (const fault of [
    { kind: "poison", customer: "c42" },
    { kind: "bad-deploy", cell: 5 },
  ] satisfies Fault[])
    for (const headroom of [0, 0.5, 1]) expect(shared(fault, headroom), `${fault.kind} at ${headroom}`).toBe(1);
});

test("sharding by customer: blast radius 1/shards", () => {
  expect(shardsLadder.map((s) => s.share)).toEqual(["50%", "25%", "10%", "2%"]);
});

test("a canary that catches a bad release exposes one cell's customers", () => {
  expect(canary).toEqual({ exposed: "100", exposedShare: "10%", cellsReached: 1 });
});

test("the prose and the widget start from the same example: one number from one place", async () => {
  const { defaultCellsState } = await import("../../../src/widgets/cells/cells-model.ts");
  const { cellExample } = await import("../../../src/sim/cells/example.ts");
  expect({
    cells: defaultCellsState.cells,
    customers: defaultCellsState.customers,
    zones: defaultCellsState.zones,
  }).toEqual(cellExample);
  expect(ten.cells).toBe(cellExample.cells);
  expect(ten.customers).toBe(cellExample.customers.toLocaleString("en-US"));
});

test("the playground's opening comment states its own settings: customers, cells and zones", () => {
  const program = readFileSync(new URL("./cells.play.ts", import.meta.url), "utf8");
  const setting = (name: string) =>
    Number(program.match(new RegExp(`const ${name} = ([\\d_.]+);`))?.[1]?.replace(/_/g, ""));
  const customersCount = Number(program.match(/uniformCustomers\(([\d_]+)\)/)?.[1]?.replace(/_/g, ""));
  expect(program).toContain(
    `// A cell-based service with the course's own cell simulation. ${grouped(customersCount)} customers are placed in\n// ${setting("cells")} cells (each new customer goes to the emptiest cell); cell i lives in zone i % ${setting("zones")}.`,
  );
  // "each new customer goes to the emptiest cell": with cells 0 and 1 holding customers, the next goes to 2.
  const controlPlane = new ControlPlane(emptyCellMap(setting("cells")));
  controlPlane.assign("a", 0);
  controlPlane.assign("b", 1);
  expect(controlPlane.place("c")).toMatchObject({ ok: true, cell: 2 });
  controlPlane.assign("d", 2);
  controlPlane.assign("e", 2);
  expect(controlPlane.place("f")).toMatchObject({ ok: true, cell: 3 });
});
