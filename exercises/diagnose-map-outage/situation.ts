/** The status page and the platform's failure-domain map (src/sim/diagnosis/map-outage.ts). */
import { defineSituation } from "../../src/grader/situation.ts";
import { type MapOutageParams, outageMapText, statusPage } from "../../src/sim/diagnosis/map-outage.ts";

export const situation = defineSituation((p: MapOutageParams) => {
  const rows = statusPage(p);
  return {
    title: "The status page, and the map",
    blocks: [
      {
        kind: "table",
        caption: "Requests failing, last five minutes",
        columns: ["service", "failing %"],
        rows: rows.map((r) => [r.service, r.failing]),
        highlight: rows.flatMap((r, i) => (r.failing >= 10 ? [i] : [])),
      },
      { kind: "map", caption: "The platform's failure-domain map", text: outageMapText },
    ],
  };
});
