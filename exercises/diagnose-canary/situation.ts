/** The rollout's per-cell error counts at the end of the canary's bake (src/sim/diagnosis/rollout.ts). */
import { defineSituation } from "../../src/grader/situation.ts";
import { grouped, percent } from "../../src/format/number.ts";
import { type RolloutParams, rolloutTable } from "../../src/sim/diagnosis/rollout.ts";

export const situation = defineSituation((p: RolloutParams) => {
  const { rows } = rolloutTable(p);
  return {
    title: `The rollout after the canary's ${p.bakeMinutes}-minute bake`,
    blocks: [
      {
        kind: "text",
        text: `${p.cells} cells share ${grouped(p.rate)} requests a second evenly. Cell 0, the canary, runs the new release; the others run the old one, whose error rate has been ${p.baselinePct}% for weeks. The alarm is set to fire on a healthy cell at most ${p.falseAlarmPct}% of the time.`,
      },
      {
        kind: "table",
        caption: "Per cell, during the bake",
        columns: ["cell", "release", "requests", "errors", "error rate"],
        rows: rows.map((r) => [
          `cell ${r.cell}`,
          r.release,
          grouped(r.requests),
          r.errors,
          percent(r.errors / r.requests, 2),
        ]),
      },
    ],
  };
});
