/** The fleet's disk replacements, day by day (src/sim/diagnosis/disks.ts). */
import { defineSituation } from "../../src/grader/situation.ts";
import { grouped } from "../../src/format/number.ts";
import { type DiskParams, diskDays, diskSeries } from "../../src/sim/diagnosis/disks.ts";

export const situation = defineSituation((p: DiskParams) => {
  const { series } = diskSeries(p);
  const days = Array.from({ length: diskDays }, (_, d) => d + 1);
  return {
    title: `Disk replacements, the last ${diskDays} days`,
    blocks: [
      {
        kind: "text",
        text: `The fleet has ${p.batches} batches of ${grouped(p.perBatch)} disks (each batch bought together: one model, one firmware). Over years, these disks have failed at ${p.afrPct}% a year.`,
      },
      {
        kind: "series",
        caption: "Disks replaced per day",
        unit: "disks",
        x: { label: "day", values: days },
        lines: series.map((s) => ({ name: s.batch, values: s.perDay })),
      },
    ],
  };
});
