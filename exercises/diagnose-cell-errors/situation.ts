/** The cells' table (src/sim/diagnosis/cells.ts). */
import { defineSituation } from "../../src/grader/situation.ts";
import { grouped } from "../../src/format/number.ts";
import { type CellParams, cellSituation } from "../../src/sim/diagnosis/cells.ts";

export const situation = defineSituation((p: CellParams) => {
  const { rows } = cellSituation(p);
  const total = rows.reduce((sum, r) => sum + r.customers, 0);
  return {
    title: "The cells, last five minutes",
    blocks: [
      {
        kind: "text",
        text: `${p.cells} cells behind one router serve ${grouped(total)} customers; a customer lives in exactly one cell.`,
      },
      {
        kind: "table",
        caption: "Per cell",
        columns: ["cell", "customers", "release", "busiest tenant's share of requests %", "failing %"],
        rows: rows.map((r) => [`cell ${r.cell}`, r.customers, r.release, r.topTenant, r.failing]),
        highlight: rows.flatMap((r, i) => (r.failing >= 10 ? [i] : [])),
      },
    ],
  };
});
