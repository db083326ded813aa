import { expect, test } from "vitest";
import { canary, shardsLadder, ten } from "./numbers.ts";

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
