/** The breaker's last window of calls (src/sim/diagnosis/breaker.ts). */
import { defineSituation } from "../../src/grader/situation.ts";
import { type BreakerParams, breakerWindow } from "../../src/sim/diagnosis/breaker.ts";

export const situation = defineSituation((p: BreakerParams) => {
  const w = breakerWindow(p);
  return {
    title: "The breaker on checkout's calls to payments",
    blocks: [
      {
        kind: "text",
        text: `The breaker keeps the last ${p.window} calls and opens when ${p.thresholdPct}% or more of the completed ones failed. Checkout's on-call engineer sees checkout's workers ${w.waiting > 0 ? "all busy" : "mostly idle"} and its checkouts failing.`,
      },
      {
        kind: "table",
        caption: "The breaker's window and configuration",
        columns: ["measure", "value"],
        rows: [
          ["calls started", w.started],
          ["answered with success", w.succeeded],
          ["answered with an error", w.failed],
          ["still waiting for an answer", w.waiting],
          ["call timeout", w.timeout ? "2 s (a timeout counts as a failure)" : "none"],
          ["breaker state", w.state],
        ],
      },
    ],
  };
});
