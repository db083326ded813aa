/** The call chain's configuration, pricing's load and a trace excerpt (src/sim/diagnosis/retries.ts). */
import { defineSituation } from "../../src/grader/situation.ts";
import { policies, pricingLoad, type RetryParams, traceExcerpt } from "../../src/sim/diagnosis/retries.ts";

export const situation = defineSituation((p: RetryParams) => {
  const load = pricingLoad(p);
  return {
    title: "Pricing has slowed past every timeout",
    blocks: [
      {
        kind: "table",
        caption: "Each hop's retry policy, from the services' configuration",
        columns: ["hop", "attempts", "timeout (ms)", "backoff"],
        rows: policies(p).map((l) => [`${l.caller} → ${l.callee}`, l.attempts, l.timeoutMs, l.backoff]),
      },
      {
        kind: "series",
        caption: "Calls per second",
        unit: "per second",
        x: { label: "second", values: load.map((l) => l.second) },
        lines: [
          { name: "user requests", values: load.map((l) => l.users) },
          { name: "tries reaching pricing", values: load.map((l) => l.pricing) },
        ],
      },
      { kind: "log", caption: "A trace excerpt, after the slowdown", lines: traceExcerpt(p) },
    ],
  };
});
