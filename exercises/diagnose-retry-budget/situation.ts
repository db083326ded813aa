/** The client fleet's calls to pricing (src/sim/diagnosis/budget.ts). */
import { defineSituation } from "../../src/grader/situation.ts";
import { grouped, percentUpTo } from "../../src/format/number.ts";
import { type BudgetParams, budgetNow } from "../../src/sim/diagnosis/budget.ts";

export const situation = defineSituation((p: BudgetParams) => {
  const now = budgetNow(p);
  const round = (n: number) => grouped(Math.round(n));
  return {
    title: "Calls to pricing, the last ten minutes",
    blocks: [
      {
        kind: "text",
        text: `The clients allow ${p.retries} retries per request, with backoff and jitter. Their configuration has a field for a retry budget; nobody remembers whether it is on.`,
      },
      {
        kind: "table",
        caption: "Per second, steady over the last ten minutes",
        columns: ["measure", "value"],
        rows: [
          ["user requests", round(now.requests)],
          ["calls failing at pricing", percentUpTo(now.failing, 2)],
          ["retries sent", round(now.retries)],
          ["calls reaching pricing", round(now.calls)],
          ["retries per user request", grouped(now.retries / now.requests, 3)],
        ],
      },
    ],
  };
});
