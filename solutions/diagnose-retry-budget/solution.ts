/** Expected answers for "Are the retries making it worse?", from src/sim/diagnosis/budget.ts. */
import { grouped, readableShare, rounded, times } from "../../src/format/number.ts";
import { expectedAttempts } from "../../src/sim/backoff.ts";
import { type BudgetParams, budgetCase, budgetCut, budgetNow } from "../../src/sim/diagnosis/budget.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const actionFor = { "no-budget": "turn-on-budget", budget: "leave", blip: "leave" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as BudgetParams;
  const what = budgetCase(p);
  return { what, action: actionFor[what], cut: budgetCut(p) };
}

const n = (value: number) => rounded(value, 4);

/** The worked solution's figures for these calls (explanation.md shows them as {name}). */
export function worked(params: Record<string, number>): Record<string, string> {
  const p = params as unknown as BudgetParams;
  const what = budgetCase(p);
  const now = budgetNow(p);
  const cut = budgetCut(p);
  const attempts = expectedAttempts(p.retries, now.failing);
  const uncapped = p.rate * (attempts - 1);
  const cap = (p.rate * p.ratioPct) / 100;
  const terms = Array.from({ length: p.retries + 1 }, (_, k) => n(now.failing ** k)).join(" + ");
  const tries = `each request makes ${terms} = ${n(attempts)} tries on average, so ${n(attempts - 1)} retries per request`;
  const budget = `A ${grouped(p.ratioPct)}% budget lets retries reach ${n(p.ratioPct / 100)} × ${grouped(p.rate)} = ${n(cap)} a second`;
  if (what === "no-budget")
    return {
      diagnosis: "No budget is on: every failure is retried, and retries pile load on pricing",
      reading: `${readableShare(now.failing)} of pricing's calls fail and the clients allow ${grouped(p.retries)} retries. Without a budget, ${tries}: ${n(uncapped)} retries a second on top of ${grouped(p.rate)} requests. That is what the table shows: pricing takes ${times(now.calls / p.rate)} the calls the users make, at the moment it is failing.`,
      action: "Turn the retry budget on",
      actionWhy:
        "More retries would add more load; retrying at once would add it sooner; leaving it keeps the extra load on pricing for as long as it fails.",
      cut: n(cut),
      cutWorking: `${budget}, so it takes ${n(now.retries)} − ${n(cap)} = ${n(cut)} calls a second off pricing: from ${n(now.calls)} calls a second to ${n(p.rate + cap)}.`,
    };
  if (what === "budget")
    return {
      diagnosis: "A budget is on and capping the retries; the failures are pricing's own",
      reading: `${readableShare(now.failing)} of pricing's calls fail and the clients allow ${grouped(p.retries)} retries. Uncapped, ${tries}: ${n(uncapped)} retries a second. The table shows ${n(now.retries)}, which is ${grouped(p.ratioPct)}% of the ${grouped(p.rate)} requests exactly: a budget is capping them.`,
      action: "Leave the retries as they are",
      actionWhy:
        "The failures need fixing at pricing. The budget already keeps the retries from piling on; more retries would only hit the cap, and retrying at once would spend the budget sooner.",
      cut: n(cut),
      cutWorking: `The retries already sit at the budget's cap of ${n(cap)} a second: the budget is doing its job, and there is ${n(cut)} more to take off.`,
    };
  return {
    diagnosis: "Few calls fail, and the retries they cost are small",
    reading: `Only ${readableShare(now.failing)} of pricing's calls fail. With ${grouped(p.retries)} retries allowed, ${tries}: ${n(now.retries)} retries a second, ${readableShare(now.retries / p.rate)} of the ${grouped(p.rate)} requests.`,
    action: "Leave the retries as they are",
    actionWhy:
      "Retries are doing what they are for: turning a blip into successes at a small cost. More retries or no backoff would add load for nothing.",
    cut: n(cut),
    cutWorking: `${budget}, and they are already under it: a budget takes ${n(cut)} calls a second off.`,
  };
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
