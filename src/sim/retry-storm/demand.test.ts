import { expect, test } from "vitest";
import { pricingDemand } from "./demand.ts";
import { defaultParameters } from "./scenario.ts";

test("pricing's connection demand while slow: 100 with no time-out, 40 for one 1 s try, 280 for the incident's loop", () => {
  const d = pricingDemand();
  expect(d.rate).toBe(40);
  expect(d.slowSeconds).toBe(2.5);
  expect(d.poolSize).toBe(20);
  expect(d.noTimeout).toEqual({ holdSeconds: 2.5, connections: 100 });
  expect(d.oneTry).toEqual({ holdSeconds: 1, connections: 40 });
  expect(d.naiveLoop.holdSeconds).toBeCloseTo(7, 12);
  expect(d.naiveLoop.connections).toBeCloseTo(280, 9);
});

test("a time-out longer than the slowdown never fires: every way of calling waits it out once", () => {
  const d = pricingDemand({ ...defaultParameters(), attemptTimeout: 3 });
  expect(d.oneTry.connections).toBe(100);
  expect(d.naiveLoop.connections).toBe(100);
});
