/**
 * The front end's dashboard (src/sim/diagnosis/dashboard.ts) as a situation: five panels over
 * twelve minutes and the numbers the on-call engineer reads off them.
 */
import { type DashboardParams, dashboard } from "../../sim/diagnosis/dashboard.ts";
import { grouped, percent } from "../../format/number.ts";
import type { Situation } from "../situation.ts";

export function dashboardSituation(params: DashboardParams): Situation {
  const minutes = dashboard(params);
  const x = { label: "minute", values: minutes.map((m) => m.minute) };
  const last = minutes.at(-1)!;
  return {
    title: `The front end's dashboard, minutes 0 to ${last.minute}`,
    blocks: [
      {
        kind: "text",
        text: `${grouped(params.workers)} workers in the pool; ${percent(params.dependencyShare, 0)} of requests call the recommendations service, the rest never do. Each request needs ${params.cpuMs} ms of the front end's own work.`,
      },
      {
        kind: "series",
        caption: "Requests arriving",
        unit: "per second",
        x,
        lines: [{ name: "arriving", values: minutes.map((m) => m.arrivals) }],
      },
      {
        kind: "series",
        caption: "Requests answered successfully",
        unit: "%",
        x,
        max: 100,
        lines: [{ name: "success", values: minutes.map((m) => m.success) }],
      },
      {
        kind: "series",
        caption: "Workers busy",
        unit: `of ${grouped(params.workers)}`,
        x,
        max: params.workers,
        lines: [{ name: "busy", values: minutes.map((m) => m.busy) }],
      },
      // The recommendations calls' latency and their failures: two panels, each in its own unit on
      // its own axis, as every other panel is (one axis read in both milliseconds and percent before).
      {
        kind: "series",
        caption: "Recommendations calls: median latency",
        unit: "ms",
        x,
        lines: [{ name: "median", values: minutes.map((m) => m.dependencyMs) }],
      },
      {
        kind: "series",
        caption: "Recommendations calls failing",
        unit: "%",
        x,
        max: 100,
        lines: [{ name: "failing", values: minutes.map((m) => m.dependencyErrors) }],
      },
      {
        kind: "table",
        caption: `The last minute (minute ${last.minute})`,
        columns: ["panel", "value"],
        rows: [
          ["arriving per second", grouped(last.arrivals)],
          ["answered successfully", `${last.success}%`],
          ["workers busy", `${grouped(last.busy)} of ${grouped(params.workers)}`],
          ["recommendations median latency", `${grouped(last.dependencyMs)} ms`],
          ["recommendations calls failing", `${last.dependencyErrors}%`],
        ],
      },
    ],
  };
}
