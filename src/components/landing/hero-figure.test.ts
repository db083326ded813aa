import { describe, expect, test } from "vitest";
import { parameterDefaults } from "../../sim/retry-storm/index.ts";
import { serverRuns } from "../../widgets/replay/server.ts";
import { defaultReplayState } from "../../widgets/replay/state.ts";
import { heroFigure, heroService } from "./hero-figure.ts";

describe("the landing page's figure", () => {
  const { naive, defended } = serverRuns(defaultReplayState);
  const figure = heroFigure(naive, defended);
  const followed = (run: typeof naive) => run.summary.services.find((s) => s.name === heroService)!;

  test("what its sentence says is what the model did", () => {
    // "search, which never calls pricing"
    expect(followed(naive).dependency).not.toBe("pricing");
    // "serves 0.3% of its requests during the incident; it does not recover by itself, and operators
    // step in at 11 minutes (a time the model is given)": the intervention is the scenario's input.
    expect(naive.summary.recoveredBy).toBe("intervention");
    expect(naive.summary.interventionSeconds).toBe(parameterDefaults.intervention);
    expect(followed(naive).incidentSuccessRate).toBeLessThan(0.01);
    // "With the six defences of Part II it serves 100%, and the system is whole again 2 s after pricing recovers."
    expect(defended.summary.defences).toHaveLength(6);
    expect(followed(defended).incidentSuccessRate).toBe(1);
    expect(defended.summary.recoveredBy).toBe("self");
    expect(figure.caption).toBe(
      "Pricing is slow for 4 seconds. Without defences the shared connection pool jams, and search, which never calls pricing, serves 0.3% of its requests during the incident; it does not recover by itself, and operators step in at 11 minutes (a time the model is given, not one it produces). With the six defences of Part II it serves 100%, and the system is whole again 2 seconds after pricing recovers.",
    );
  });

  test("the drawing has both curves, one point a second, and an accessible name", () => {
    const points = (cls: string) => figure.svg.match(new RegExp(`${cls}" d="([^"]+)"`))![1]!.split(" L").length;
    expect(points("hero-fig__line--naive")).toBe(naive.metrics.time.length);
    expect(points("hero-fig__line--defended")).toBe(defended.metrics.time.length);
    expect(figure.svg).toMatch(/role="img" aria-label="Share of search requests that succeed/);
  });

  test("the no-defences label ends before its curve climbs back off the floor, not across the climb", () => {
    const d = figure.svg.match(/hero-fig__line--naive" d="([^"]+)"/)![1]!;
    const points = [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
    const floor = Math.max(...points.map((p) => p.y));
    const down = points.findIndex((p) => p.y === floor);
    // The first point after the curve reached the floor that is off it (the recovery's first second).
    const climb = points.find((p, i) => i > down && p.y < floor - 1)!;
    const label = figure.svg.match(/hero-fig__label--naive" x="([\d.]+)"[^>]*text-anchor="end"/);
    expect(label, "the label is anchored at its end").not.toBeNull();
    expect(Number(label![1])).toBeLessThan(climb.x);
  });

  test("a second in which no search request arrived is a gap in the curve, not a point at 100% or 0", () => {
    const rates = [...naive.metrics.services.find((s) => s.name === heroService)!.successRate];
    rates[100] = null;
    const services = naive.metrics.services.map((s) => (s.name === heroService ? { ...s, successRate: rates } : s));
    const gapped = heroFigure({ ...naive, metrics: { ...naive.metrics, services } }, defended);
    const d = gapped.svg.match(/hero-fig__line--naive" d="([^"]+)"/)![1]!;
    // One point fewer, and the curve starts again after the gap.
    expect(d.match(/[ML]/g)).toHaveLength(naive.metrics.time.length - 1);
    expect(d.match(/M/g)).toHaveLength(2);
  });
});
