import { expect, test } from "vitest";
import { outage, provisioning } from "./numbers.ts";

test("FACTS.md: N/(N-1) x peak, 2 zones 2.0x, 3 zones 1.5x", () => {
  expect(provisioning[0]).toEqual({ zones: 2, factor: "2.0×", perZone: "100%", extra: "100%" });
  expect(provisioning[1]).toEqual({ zones: 3, factor: "1.5×", perZone: "50%", extra: "50%" });
  expect(provisioning[2]!.factor).toBe("1.3×");
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
