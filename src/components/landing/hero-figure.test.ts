import { describe, expect, test } from "vitest";
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
    // "serves 0.3% of its requests until someone intervenes": it does not recover by itself.
    expect(naive.summary.recoveredBy).toBe("intervention");
    expect(followed(naive).incidentSuccessRate).toBeLessThan(0.01);
    // "With the six defences of Part II it serves 100%, and the system is whole again 2 s after pricing recovers."
    expect(defended.summary.defences).toHaveLength(6);
    expect(followed(defended).incidentSuccessRate).toBe(1);
    expect(defended.summary.recoveredBy).toBe("self");
    expect(figure.caption).toBe(
      "Pricing is slow for 4 seconds. Without defences the shared connection pool jams, and search, which never calls pricing, serves 0.3% of its requests until someone intervenes 11 min 0 s later. With the six defences of Part II it serves 100%, and the system is whole again 2 s after pricing recovers.",
    );
  });

  test("the drawing has both curves, one point a second, and an accessible name", () => {
    const points = (cls: string) => figure.svg.match(new RegExp(`${cls}" d="([^"]+)"`))![1]!.split(" L").length;
    expect(points("hero-fig__line--naive")).toBe(naive.metrics.time.length);
    expect(points("hero-fig__line--defended")).toBe(defended.metrics.time.length);
    expect(figure.svg).toMatch(/role="img" aria-label="Share of search requests that succeed/);
  });
});
