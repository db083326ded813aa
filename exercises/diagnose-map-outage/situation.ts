/** The status page and the platform's failure-domain map (src/sim/diagnosis/map-outage.ts). */
import type { Params } from "../../src/grader/exercise-schema.ts";
import type { Situation } from "../../src/grader/situation.ts";
import { type MapOutageParams, outageMapText, statusPage } from "../../src/sim/diagnosis/map-outage.ts";

export function situation(params: Params): Situation {
  const rows = statusPage(params as unknown as MapOutageParams);
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
}
