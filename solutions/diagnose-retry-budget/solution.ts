/** Expected answers for "Are the retries making it worse?", from src/sim/diagnosis/budget.ts. */
import { type BudgetParams, budgetCase, budgetCut } from "../../src/sim/diagnosis/budget.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const actionFor = { "no-budget": "turn-on-budget", budget: "leave", blip: "leave" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as BudgetParams;
  const what = budgetCase(p);
  return { what, action: actionFor[what], cut: budgetCut(p) };
}

/** Another fleet: any of the three, 500 to 4,000 requests a second, 2 to 4 retries, 30% to 80% failing. */
export function variant(rand: Random): Record<string, number> {
  return {
    incident: randomInt(rand, 3),
    rate: 500 * (1 + randomInt(rand, 8)),
    retries: 2 + randomInt(rand, 3),
    failPct: 10 * (3 + randomInt(rand, 6)),
    ratioPct: [10, 20][randomInt(rand, 2)]!,
  };
}
