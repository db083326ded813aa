/** The region's zones at the peak (src/sim/diagnosis/zones.ts). */
import { defineSituation } from "../../src/grader/situation.ts";
import { grouped } from "../../src/format/number.ts";
import { controlPlaneLog, type ZoneParams, zoneTable } from "../../src/sim/diagnosis/zones.ts";

export const situation = defineSituation((p: ZoneParams) => {
  const rows = zoneTable(p);
  return {
    title: "The region at today's peak",
    blocks: [
      {
        kind: "text",
        text: `Demand is the usual peak, ${grouped(p.peak)} requests a second. Each zone runs ${p.perZone} instances, and an instance serves up to ${grouped(p.perInstance)} requests a second; traffic is spread evenly over the zones that answer.`,
      },
      {
        kind: "table",
        caption: "Per zone",
        columns: ["zone", "healthy instances", "requests served per second", "CPU %"],
        rows: rows.map((r) => [r.zone, r.healthy, grouped(r.served), r.cpu]),
        highlight: rows.flatMap((r, i) => (r.healthy === 0 || r.cpu >= 100 ? [i] : [])),
      },
      { kind: "log", caption: "Control plane, last few minutes", lines: controlPlaneLog(p) },
    ],
  };
});
