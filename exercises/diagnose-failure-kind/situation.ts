/** The fleet's instances in the incident's first minutes (src/sim/diagnosis/kinds.ts). */
import { defineSituation } from "../../src/grader/situation.ts";
import { instanceTable, type KindParams } from "../../src/sim/diagnosis/kinds.ts";

export const situation = defineSituation((p: KindParams) => {
  const rows = instanceTable(p);
  return {
    title: "The fleet, the incident's first minutes",
    blocks: [
      {
        kind: "text",
        text: `${p.instances} instances behind one load balancer, spread evenly over ${p.zones} zones; requests are spread evenly over the instances that answer.`,
      },
      {
        kind: "table",
        caption: "Per instance",
        columns: ["instance", "zone", "version", "state", "note"],
        rows: rows.map((r) => [r.instance, r.zone, r.version, r.state, r.note || "–"]),
        highlight: rows.flatMap((r, i) => (r.state === "serving" ? [] : [i])),
      },
    ],
  };
});
