/** The service's queue, second by second (src/sim/diagnosis/queue.ts). */
import { defineSituation } from "../../src/grader/situation.ts";
import { grouped } from "../../src/format/number.ts";
import { type QueueParams, queueRun } from "../../src/sim/diagnosis/queue.ts";

export const situation = defineSituation((p: QueueParams) => {
  const run = queueRun(p);
  const x = { label: "second", values: run.map((s) => s.second) };
  return {
    title: "The service's dashboard, two minutes",
    blocks: [
      {
        kind: "text",
        text: `Requests wait in one first-in, first-out queue with no limit. Clients give up after ${p.timeoutS} s. Before the change the service completed up to ${grouped(p.capacity)} requests a second.`,
      },
      {
        kind: "series",
        caption: "Requests per second",
        unit: "per second",
        x,
        lines: [
          { name: "arriving", values: run.map((s) => Math.round(s.arrivals)) },
          { name: "served", values: run.map((s) => Math.round(s.served)) },
          { name: "answered in time", values: run.map((s) => Math.round(s.goodput)) },
        ],
      },
      {
        kind: "series",
        caption: "Wait in the queue",
        unit: "seconds",
        x,
        lines: [{ name: "wait", values: run.map((s) => Math.round(s.waitS * 10) / 10) }],
      },
    ],
  };
});
