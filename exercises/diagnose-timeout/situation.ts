/** The dependency's latency histogram and the callers' timeout (src/sim/diagnosis/timeouts.ts). */
import { defineSituation } from "../../src/grader/situation.ts";
import { grouped, percent } from "../../src/format/number.ts";
import { histogram, type TimeoutParams } from "../../src/sim/diagnosis/timeouts.ts";

export const situation = defineSituation((p: TimeoutParams) => {
  const buckets = histogram(p);
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  return {
    title: "The inventory service's latency, last hour",
    blocks: [
      {
        kind: "text",
        text: `Checkout calls inventory ${grouped(p.calls / 3600)} times a second, with a timeout of ${grouped(p.timeoutMs)} ms; each call holds one of checkout's workers until it is answered or times out. Checkout's errors are up.`,
      },
      {
        kind: "table",
        caption: `How long inventory took, as inventory measured it (${grouped(total)} calls)`,
        columns: ["latency", "calls", "share"],
        rows: buckets.map((b) => [b.label, grouped(b.count), percent(b.count / total, 2)]),
        highlight: buckets.flatMap((b, i) => (b.from >= p.timeoutMs && b.count > 0 ? [i] : [])),
      },
      {
        kind: "text",
        text: "Highlighted rows: calls that took at least as long as the timeout in use (they failed as timeouts).",
      },
    ],
  };
});
