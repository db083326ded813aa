/** The worker table the on-call engineer opens (src/sim/diagnosis/workers.ts). */
import { defineSituation } from "../../src/grader/situation.ts";
import { type WorkerParams, workerIncident } from "../../src/sim/diagnosis/workers.ts";

export const situation = defineSituation((p: WorkerParams) => {
  const { rows } = workerIncident(p);
  return {
    title: "The worker fleet, last ten minutes",
    blocks: [
      {
        kind: "text",
        text: `${p.workers} workers serve ${p.customers} customers; each customer's requests go to a shuffle shard of ${p.shard} workers, dealt at random.`,
      },
      {
        kind: "table",
        caption: "Per worker",
        columns: [
          "worker",
          "CPU %",
          "requests failing %",
          "restarts",
          "last request in each crash log",
          "top customer (share of requests)",
        ],
        rows: rows.map((r) => [r.worker, r.cpu, r.errors, r.restarts, r.crashLogs || "–", r.topCustomer]),
      },
    ],
  };
});
