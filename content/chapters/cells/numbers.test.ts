import { expect, test } from "vitest";
import { canary, shardsLadder, ten } from "./numbers.ts";

test("with 10 cells a cell failure leaves 90% untouched (AWS cell-based architecture whitepaper)", () => {
  expect(ten).toEqual({
    cells: 10,
    customers: "5,000",
    perCell: "500",
    hitShare: "10%",
    untouched: "90%",
    sharedShare: "100%",
  });
});

test("sharding by customer: blast radius 1/shards", () => {
  expect(shardsLadder.map((s) => s.share)).toEqual(["50%", "25%", "10%", "2%"]);
});

test("a canary that catches a bad release exposes one cell's customers", () => {
  expect(canary).toEqual({ exposed: "500", exposedShare: "10%", cellsReached: 1 });
});
