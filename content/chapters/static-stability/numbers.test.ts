import { expect, test } from "vitest";
import { outage, provisioning } from "./numbers.ts";
import { workedSolution } from "../../../tests/support/worked-solution.ts";

test("N/(N-1) x peak (AWS Builders' Library, static stability): 2 zones 2x, 3 zones 1.5x, 4 zones 1.33x", () => {
  expect(provisioning[0]).toEqual({ zones: 2, factor: "2×", perZone: "100%", extra: "100%" });
  expect(provisioning[1]).toEqual({ zones: 3, factor: "1.5×", perZone: "50%", extra: "50%" });
  expect(provisioning[2]).toEqual({ zones: 4, factor: "1.33×", perZone: "33.3%", extra: "33.3%" });
});

test("the table and the exercise's worked solution give the same multiple for four zones", async () => {
  const explanation = await workedSolution("static-stability-preprovision");
  expect(explanation).toContain(provisioning[2]!.factor.replace("×", ""));
});

test("control plane down: the cached router routes everyone, new customers wait", () => {
  expect(outage).toEqual({
    existing: "1,200",
    arriving: "40",
    cells: 6,
    cachedRouted: "1,200",
    cachedWaiting: "40",
    askingRouted: "0",
    placedAfter: "40",
  });
});
