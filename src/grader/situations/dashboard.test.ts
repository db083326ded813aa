/**
 * The front end's dashboard as diagnose-full-pool shows it: every panel one unit on its own axis.
 * The recommendations calls' latency (ms) and their failures (%) were once two lines on one axis,
 * under one unit for both ("median ms, and % failing"), whose labels could be neither.
 */
import { expect, test } from "vitest";
import { dashboard, dashboardCases, type DashboardParams } from "../../sim/diagnosis/dashboard.ts";
import { grouped } from "../../format/number.ts";
import { defaultParams } from "../exercise-meta.ts";
import { readExerciseMeta } from "../load-exercises.ts";
import type { SituationBlock } from "../situation.ts";
import { dashboardSituation } from "./dashboard.ts";

type Series = Extract<SituationBlock, { kind: "series" }>;
const chapterParams = defaultParams(readExerciseMeta("diagnose-full-pool")) as unknown as DashboardParams;

test.each(dashboardCases.map((name, incident) => [name, incident] as const))(
  "%s: each panel draws one unit, the recommendations calls' latency and failures on axes of their own",
  (_, incident) => {
    const params = { ...chapterParams, incident };
    const minutes = dashboard(params);
    const situation = dashboardSituation(params);
    const charts = situation.blocks.filter((b): b is Series => b.kind === "series");
    expect(charts.map((c) => [c.caption, c.unit])).toEqual([
      ["Requests arriving", "per second"],
      ["Requests answered successfully", "%"],
      ["Workers busy", `of ${grouped(params.workers)}`],
      ["Recommendations calls: median latency", "ms"],
      ["Recommendations calls failing", "%"],
    ]);
    const chart = (caption: string) => charts.find((c) => c.caption === caption)!;
    const latency = chart("Recommendations calls: median latency");
    const failing = chart("Recommendations calls failing");
    expect(latency.lines).toEqual([{ name: "median", values: minutes.map((m) => m.dependencyMs) }]);
    expect(failing.lines).toEqual([{ name: "failing", values: minutes.map((m) => m.dependencyErrors) }]);
    // A share tops out at 100%, as the success panel's does; the latency's axis at its largest value.
    for (const share of charts.filter((c) => c.unit === "%")) expect(share.max, share.caption).toBe(100);
    expect(latency.max).toBeUndefined();
    // The last minute's table reads the same numbers as the two panels' last points.
    const table = situation.blocks.find((b) => b.kind === "table")!;
    const row = (name: string) => table.rows.find((r) => r[0] === name)?.[1];
    expect(row("recommendations median latency")).toBe(`${grouped(latency.lines[0]!.values.at(-1)!)} ms`);
    expect(row("recommendations calls failing")).toBe(`${failing.lines[0]!.values.at(-1)}%`);
  },
);
