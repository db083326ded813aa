import { describe, expect, test } from "vitest";
import { type DashboardParams, dashboard, defenceCost, fastErrorMs, incidentStart, steadyState } from "./dashboard.ts";

const shop: DashboardParams = {
  incident: 0,
  rate: 800,
  workers: 200,
  cpuMs: 20,
  dependencyShare: 0.4,
  dependencyMs: 150,
  factor: 8,
  bulkhead: 60,
  seed: 7,
};

describe("the front end's dashboard", () => {
  test("before any incident, Little's law: 800/s x (20 ms + 40% x 150 ms) = 64 workers busy, all served", () => {
    const s = steadyState(shop, false);
    expect(s.demand).toBeCloseTo(64, 9);
    expect(s.busy).toBeCloseTo(64, 9);
    expect(s.success).toBe(1);
  });

  test("a slow dependency fills the pool with arrivals unchanged: 400 workers wanted of 200, half served", () => {
    const s = steadyState(shop, true);
    expect(s.arrivals).toBe(800);
    expect(s.dependencyMs).toBe(1200);
    expect(s.demand).toBeCloseTo(400, 9);
    expect(s.busy).toBe(200);
    expect(s.success).toBeCloseTo(0.5, 12);
  });

  test("its bulkhead of 60 workers serves 60/1.22 s of the 320 recommendations requests a second: 33.85% fail fast", () => {
    expect(defenceCost(shop)).toBeCloseTo((320 - 60 / 1.22) / 800, 12);
  });

  test("overload: arrivals grow, the dependency's latency does not; shedding refuses 1 - capacity/arrivals", () => {
    const p = { ...shop, incident: 1, factor: 4 };
    const s = steadyState(p, true);
    expect(s.arrivals).toBe(3200);
    expect(s.dependencyMs).toBe(150);
    expect(s.busy).toBe(200);
    // Capacity: 200 workers / 0.08 s = 2,500 a second.
    expect(s.success).toBeCloseTo(2500 / 3200, 12);
    expect(defenceCost(p)).toBeCloseTo(1 - 2500 / 3200, 12);
  });

  test("a dependency failing fast frees workers; a fallback refuses nothing", () => {
    const p = { ...shop, incident: 2, factor: 60 };
    const s = steadyState(p, true);
    expect(s.dependencyMs).toBe(fastErrorMs);
    expect(s.busy).toBeLessThan(steadyState(p, false).busy);
    expect(s.success).toBeCloseTo(1 - 0.4 * 0.6, 12);
    expect(defenceCost(p)).toBe(0);
  });

  test("the dashboard shows the exact steady state after the incident's minute, and the seed moves that minute", () => {
    const minutes = dashboard(shop);
    const start = incidentStart(shop);
    expect(start).toBeGreaterThanOrEqual(3);
    expect(start).toBeLessThanOrEqual(5);
    for (const m of minutes.slice(start + 1)) expect(m).toMatchObject({ arrivals: 800, busy: 200, success: 50 });
    for (const m of minutes.slice(0, start)) expect(Math.abs(m.arrivals - 800)).toBeLessThanOrEqual(16);
    const starts = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => incidentStart({ ...shop, seed })));
    expect(starts.size).toBeGreaterThan(1);
  });

  test("an unknown incident is refused", () => {
    expect(() => steadyState({ ...shop, incident: 3 }, true)).toThrow(/incident must be 0 to 2/);
  });
});
